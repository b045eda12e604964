import FoundationEssentials
import Glibc

/// One sounding native event: a continuous vibration or a transient click, on the frame axis
/// (docs/synthesis.md). A voice adds its samples into a mix buffer, frame by frame, and keeps its state
/// (phase, curve cursors) between blocks, so block boundaries never change a sample.
struct Voice {
    enum Shape {
        /// Phase-accumulating sine with ramps; `rampFrames` already shortened for short events.
        case continuous(rampFrames: Int64)
        /// Whole cycles of a sine over `endFrame − startFrame` frames; `brake`, under the resonator
        /// with tap braking, makes it a braked tap (docs/devices.md): the sine at `amplitude` (the
        /// overdrive) until its last half-cycle, which is driven in anti-phase at `brake`.
        case transient(cycles: Int, amplitude: Double, brake: Double?)
    }

    var shape: Shape
    /// First frame (absolute).
    let startFrame: Int64
    /// One past the last frame (absolute): earlier than the shape's end when a pause released it.
    var endFrame: Int64
    /// The frames the ramps or the envelope shape (the voice's length before any release).
    var shapeLength: Int64
    /// The AHAP envelope that shapes the voice, in place of the continuous ramps; nil: none.
    var envelope: Envelope?
    /// A release over the last frames before `endFrame`, imposed when its player paused (0: none).
    var releaseFrames: Int64 = 0
    /// Fixed intensity and sharpness of the native event, in 0…1.
    let baseIntensity: Double
    let baseSharpness: Double
    /// Order among all voices of a mix, for a sum order that no block size can change.
    let order: Int
    /// The index in its player's plan of the event it plays, and of the last part it joins (the
    /// same, unless parts of a split event join).
    var event = 0
    var lastEvent = 0

    /// Whether the voice is a transient click.
    var isTransient: Bool {
        if case .transient = shape { return true }
        return false
    }

    /// The continuous voice's phase at the next frame to render, in radians (never wrapped).
    var phase = 0.0
    /// The control pieces in force and where the voice is in each track.
    var intensityPiece = FramePiece.none
    var sharpnessPiece = FramePiece.none
    var intensityCursor = ControlTrack.Cursor()
    var sharpnessCursor = ControlTrack.Cursor()

    init(
        shape: Shape, startFrame: Int64, endFrame: Int64, envelope: Envelope? = nil, baseIntensity: Double, baseSharpness: Double,
        order: Int
    ) {
        self.shape = shape
        self.startFrame = startFrame
        self.endFrame = endFrame
        shapeLength = endFrame - startFrame
        self.envelope = envelope
        self.baseIntensity = baseIntensity
        self.baseSharpness = baseSharpness
        self.order = order
    }

    /// Adds the voice's samples for the frames `blockStart ..< blockStart + mix.count` that it covers.
    mutating func render(
        into mix: UnsafeMutableBufferPointer<Double>, blockStart: Int64, context: VoiceContext, scratch: KernelScratch
    ) {
        let from = max(startFrame, blockStart), to = min(endFrame, blockStart + Int64(mix.count))
        guard from < to else { return }
        let output = mix.baseAddress! + Int(from - blockStart)
        switch shape {
        case .continuous(let rampFrames):
            renderContinuous(into: output, from: from, to: to, rampFrames: rampFrames, context: context, scratch: scratch)
        case .transient(let cycles, let amplitude, let brake):
            renderTransient(into: output, from: from, to: to, cycles: cycles, amplitude: amplitude, brake: brake, scratch: scratch)
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
    /// The player's intensity and sharpness controls: its curves, and what is sent as it plays.
    var intensity: ControlTrack
    var sharpness: ControlTrack
    let originFrame: Int64
    let leadMs: Int64
    /// Under `resonator`, how continuous voices are equalised (their motion, not a drive).
    let equaliser: ContinuousEqualiser?

    init(profile: ActuatorProfile, intensity: ControlTrack, sharpness: ControlTrack, originFrame: Int64, leadMs: Int64) {
        self.profile = profile
        self.intensity = intensity
        self.sharpness = sharpness
        self.originFrame = originFrame
        self.leadMs = leadMs
        equaliser = ContinuousEqualiser(profile: profile)
    }
}
