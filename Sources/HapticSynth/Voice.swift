import Foundation

/// One sounding native event: a continuous vibration or a transient click, on the frame axis
/// (SYNTH.md §1). A voice adds its samples into a mix buffer, frame by frame, and keeps its state
/// (phase, curve cursors) between blocks, so block boundaries never change a sample.
struct Voice {
    enum Shape {
        /// Phase-accumulating sine with ramps; `rampFrames` already shortened for short events.
        case continuous(rampFrames: Int64)
        /// Whole cycles of a sine over `endFrame − startFrame` frames.
        case transient(cycles: Int, amplitude: Double)
    }

    let shape: Shape
    /// First frame (absolute).
    let startFrame: Int64
    /// One past the last frame (absolute).
    let endFrame: Int64
    /// The AHAP envelope that shapes the voice, in place of the continuous ramps; nil: none.
    let envelope: Envelope?
    /// Fixed intensity and sharpness of the native event, in 0…1.
    let baseIntensity: Double
    let baseSharpness: Double
    /// Order among all voices of a mix, for a sum order that no block size can change.
    let order: Int

    /// Whether the voice is a transient click.
    var isTransient: Bool {
        if case .transient = shape { return true }
        return false
    }

    private var phase = 0.0
    private var intensityCursor = ControlTrack.Cursor()
    private var sharpnessCursor = ControlTrack.Cursor()

    init(
        shape: Shape, startFrame: Int64, endFrame: Int64, envelope: Envelope? = nil, baseIntensity: Double, baseSharpness: Double,
        order: Int
    ) {
        self.shape = shape
        self.startFrame = startFrame
        self.endFrame = endFrame
        self.envelope = envelope
        self.baseIntensity = baseIntensity
        self.baseSharpness = baseSharpness
        self.order = order
    }

    /// Adds the voice's samples for the frames `blockStart ..< blockStart + mix.count` that it covers.
    mutating func render(
        into mix: UnsafeMutableBufferPointer<Double>, blockStart: Int64, context: VoiceContext, scratch: UnsafeMutablePointer<Double>
    ) {
        let from = max(startFrame, blockStart), to = min(endFrame, blockStart + Int64(mix.count))
        guard from < to else { return }
        switch shape {
        case .continuous(let rampFrames):
            renderContinuous(into: mix, blockStart: blockStart, from: from, to: to, rampFrames: rampFrames, context: context,
                             phases: scratch, amplitudes: scratch + Self.chunkFrames)
        case .transient(let cycles, let amplitude):
            // Radians per frame: the click's whole cycles over its length.
            let radiansPerFrame = 2 * Double.pi * Double(cycles) / Double(endFrame - startFrame)
            for frame in from..<to {
                var sample = amplitude * FastSine.sin(radiansPerFrame * Double(frame - startFrame))
                if let envelope { sample *= envelope.gain(at: frame - startFrame, length: endFrame - startFrame) }
                mix[Int(frame - blockStart)] += sample
            }
        }
    }

    /// Frames computed per pass of the kernel: phases and amplitudes first (the phase recurrence is
    /// serial), then the sines and the sum in a loop the compiler vectorises.
    static let chunkFrames = 256

    private mutating func renderContinuous(
        into mix: UnsafeMutableBufferPointer<Double>, blockStart: Int64, from: Int64, to: Int64, rampFrames: Int64,
        context: VoiceContext, phases: UnsafeMutablePointer<Double>, amplitudes: UnsafeMutablePointer<Double>
    ) {
        let profile = context.profile
        let rate = Double(profile.sampleRate)
        let msPerFrame = 1000 / rate
        let radiansPerHz = 2 * Double.pi / rate
        let gain = profile.continuousGain
        let exponent = profile.intensityExponent
        let length = endFrame - startFrame
        let intensityTrack = context.intensity, sharpnessTrack = context.sharpness
        // Constant parts are computed once.
        var amplitude = intensityTrack.isEmpty ? gain * Voice.shaped(Voice.intensity(baseIntensity, control: 1), exponent) : 0
        var step = sharpnessTrack.isEmpty
            ? 2 * Double.pi * profile.frequencyHz(sharpness: Voice.sharpness(baseSharpness, control: 0)) / rate : 0
        let varies = !intensityTrack.isEmpty || !sharpnessTrack.isEmpty
        do {
            var frame = from
            var phase = self.phase
            // The controls as linear pieces: value at `startMs`, slope, valid until `untilMs`.
            var intensityPiece = (startMs: 0.0, value: 1.0, slope: 0.0, untilMs: -Double.infinity)
            var sharpnessPiece = (startMs: 0.0, value: 0.0, slope: 0.0, untilMs: -Double.infinity)
            while frame < to {
                let count = Int(min(to - frame, Int64(Self.chunkFrames)))
                // Pass 1: the serial phase recurrence, the controls and the ramps or envelope.
                for k in 0..<count {
                    let current = frame + Int64(k)
                    if varies {
                        let timeMs = Double(current - context.originFrame) * msPerFrame - Double(context.leadMs)
                        if !intensityTrack.isEmpty {
                            if timeMs >= intensityPiece.untilMs {
                                let piece = intensityTrack.piece(atMs: timeMs, cursor: &intensityCursor)
                                intensityPiece = (timeMs, piece.value, piece.slope, piece.untilMs)
                            }
                            let control = intensityPiece.value + (timeMs - intensityPiece.startMs) * intensityPiece.slope
                            amplitude = gain * Voice.shaped(Voice.intensity(baseIntensity, control: control), exponent)
                        }
                        if !sharpnessTrack.isEmpty {
                            if timeMs >= sharpnessPiece.untilMs {
                                let piece = sharpnessTrack.piece(atMs: timeMs, cursor: &sharpnessCursor)
                                sharpnessPiece = (timeMs, piece.value, piece.slope, piece.untilMs)
                            }
                            let control = sharpnessPiece.value + (timeMs - sharpnessPiece.startMs) * sharpnessPiece.slope
                            step = radiansPerHz * profile.frequencyHz(sharpness: Voice.sharpness(baseSharpness, control: control))
                        }
                    }
                    let index = current - startFrame
                    var shaped = amplitude
                    if let envelope {
                        shaped *= envelope.gain(at: index, length: length)
                    } else if index < rampFrames {
                        shaped *= Voice.ramp(index, rampFrames)
                    } else if index >= length - rampFrames {
                        shaped *= Voice.ramp(length - 1 - index, rampFrames)
                    }
                    phases[k] = phase
                    amplitudes[k] = shaped
                    phase += step
                }
                // Pass 2: sines and the sum, vectorised.
                let base = mix.baseAddress! + Int(frame - blockStart)
                for k in 0..<count {
                    base[k] += amplitudes[k] * FastSine.sin(phases[k])
                }
                frame += Int64(count)
            }
            self.phase = phase
        }
    }

    /// The effective intensity of a continuous voice: its base × the intensity control, clamped
    /// into 0…1 (what the synthesizer plays, and what `plot` draws).
    @inline(__always)
    static func intensity(_ base: Double, control: Double) -> Double { min(max(base * control, 0), 1) }

    /// The effective sharpness of a continuous voice: its base + the sharpness control, clamped.
    @inline(__always)
    static func sharpness(_ base: Double, control: Double) -> Double { min(max(base + control, 0), 1) }

    /// intensity^exponent, exact for the default exponent 1.
    static func shaped(_ intensity: Double, _ exponent: Double) -> Double {
        exponent == 1 ? intensity : pow(intensity, exponent)
    }

    /// The raised-cosine ramp ½ − ½ cos(π j / R).
    static func ramp(_ j: Int64, _ rampFrames: Int64) -> Double {
        0.5 - 0.5 * cos(Double.pi * Double(j) / Double(rampFrames))
    }
}

/// What the voices of one player share: the profile, the player's control tracks and its time
/// origin (the frame at which playback was requested, and the lead after it).
struct VoiceContext {
    let profile: ActuatorProfile
    let intensity: ControlTrack
    let sharpness: ControlTrack
    let originFrame: Int64
    let leadMs: Int64
}
