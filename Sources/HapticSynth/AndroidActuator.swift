import AudioCore
import Glibc
import HapticPlanner

/// hapsynth's emulated Android actuator (docs/android.md): a linear resonant actuator driven by
/// the one effect the Android planner chose. These are emulation choices, not measurements:
/// - a **waveform** plays a sine at the resonant frequency, its amplitude gain × amplitude / 255,
///   reached through a first-order response (the actuator's inertia; 0 ms = ideal steps);
/// - an **envelope** plays intensity and sharpness interpolated linearly between its points,
///   sharpness mapping to frequency over the band like the iOS synthesizer, through the same inertia;
/// - a **primitive** is a burst of its duration at its own frequency (CLICK at resonance, TICK at the
///   top of the band, LOW_TICK at the bottom), a raised-cosine window, scaled by its scale;
/// - Android starts an effect at once (no lead): time s ms plays at frame round-half-up(s × rate / 1000);
/// - the phase is continuous across segments.
public struct AndroidActuator: Hashable, Sendable {
    public var sampleRate: Int
    /// The actuator's resonant frequency, in Hz.
    public var resonanceHz: Double
    /// The time constant of the response to an amplitude step, in milliseconds.
    public var inertiaMs: Double
    /// Peak output at amplitude 255 (or intensity 1).
    public var gain: Double
    /// The frequency band that envelope sharpness and the primitives use, in Hz.
    public var minFrequencyHz: Double
    public var maxFrequencyHz: Double
    /// Under `resonator`, the mass's Q (its f0 is `resonanceHz`); nil renders the drive.
    public var resonatorQ: Double?
    /// Under `resonator`, whether primitives are braked taps at f0.
    public var tapBraking: Bool
    /// The acceleration of a full-scale sample, in g (the envelopes' perceptual mapping).
    public var fullScaleG: Double
    /// Under `resonator`, the device's frequency → output acceleration map (nil: fullScaleG·|H(f)|).
    public var foamG: OutputAccelerationMap?

    /// The default profile's actuator (the defaults live in `ActuatorProfile`).
    public init() { self.init(profile: ActuatorProfile()) }

    /// The frame of Android time `ms` (no lead), saturating like every frame count.
    public func frame(atMs ms: Int64) -> Int64 { FrameTiming.frame(atMs: ms, rate: sampleRate) }

    /// The actuator a profile describes (its `android…` fields and its rate).
    public init(profile: ActuatorProfile) {
        sampleRate = profile.sampleRate
        resonanceHz = profile.android.resonanceHz
        inertiaMs = profile.android.inertiaMs
        gain = profile.android.gain
        minFrequencyHz = profile.android.minFrequencyHz
        maxFrequencyHz = profile.android.maxFrequencyHz
        resonatorQ = profile.actuator == .resonator ? profile.resonatorQ : nil
        tapBraking = profile.tapBraking
        fullScaleG = profile.fullScaleG
        foamG = profile.foamG
    }

    /// Under `resonator`, the actuator's steady output at full drive.
    var response: ActuatorResponse? {
        resonatorQ.map { ActuatorResponse(f0Hz: resonanceHz, q: $0, fullScaleG: fullScaleG, foam: foamG) }
    }

    /// Under `resonator`, what a drive at `hz` is scaled by before the mass so that steady states
    /// follow the map (1 without one, and under `drive`).
    func driveScale(atHz hz: Double) -> Double { response?.driveScale(atHz: hz) ?? 1 }

    /// Under `resonator`, the drive for intensity `intensity` at `hz` (Android 16's
    /// `BasicToPwleSegmentAdapter`): the acceleration the actuator can give there, gain·FOAM(f)
    /// (FOAM(f) = the device's map, else fullScaleG·|H(f)|), and the drive that reaches I of the
    /// largest sensation level in the band: gain·min(1, 10^((I·SLmax + T(f))/20) / (gain·FOAM(f))),
    /// 0 at I = 0, scaled by `driveScale` before the mass.
    func perceptualDrive(intensity: Double, hz: Double, largestSensationDb: Double) -> Double {
        guard intensity > 0, let q = resonatorQ else { return 0 }
        // The map is looked up once per frame: for what the actuator gives and for the scale.
        let mapped = foamG?.g(atHz: hz)
        let available = mapped.map { gain * $0 } ?? gain * fullScaleG * Resonator.gain(atHz: hz, f0Hz: resonanceHz, q: q)
        guard available > 0 else { return 0 }
        let drive = gain * min(1, pow(10, (intensity * largestSensationDb + VibrotactileThreshold.db(atHz: hz)) / 20) / available)
        guard let mapped, let response else { return drive }
        return drive * response.driveScale(atHz: hz, foamG: mapped)
    }

    /// The largest sensation level the actuator reaches in its band at full drive, in dB: with a
    /// map, that of its strongest point in the band (as Android 16 takes it); else the maximum of
    /// gain·fullScaleG·|H(f)|, searched every 0.1 Hz from the band's bottom to its top.
    func largestSensationDb() -> Double {
        guard let q = resonatorQ else { return 0 }
        if let foamG, let level = foamG.largestSensationDb(in: minFrequencyHz...maxFrequencyHz, gain: gain) { return level }
        let steps = max(1, Int(((maxFrequencyHz - minFrequencyHz) * 10).rounded(.up)))
        return (0...steps).map { step -> Double in
            let hz = minFrequencyHz + (maxFrequencyHz - minFrequencyHz) * Double(step) / Double(steps)
            return 20 * log10(gain * fullScaleG * Resonator.gain(atHz: hz, f0Hz: resonanceHz, q: q)) - VibrotactileThreshold.db(atHz: hz)
        }.max() ?? 0
    }

    /// Renders the plan's effect to mono samples: the plan's session length (the longer of the
    /// pattern and the effect). For long effects, drive an `AndroidEffectPlayer` block by block.
    public func render(_ plan: AndroidPlan) -> [Float] {
        var player = AndroidEffectPlayer(plan: plan, actuator: self)
        var samples = [Float](repeating: 0, count: Int(player.frameCount))
        samples.withUnsafeMutableBufferPointer { player.render(into: $0) }
        return samples
    }
}

/// Plays one Android plan on the emulated actuator, a block at a time: its state (amplitude,
/// phase, where it is in the effect) carries over, so block sizes never change a sample.
public struct AndroidEffectPlayer {
    public let actuator: AndroidActuator
    /// The session's length in frames.
    public let frameCount: Int64
    /// The next frame to render.
    public private(set) var position: Int64 = 0

    /// A stretch of frames [from, to) with a target amplitude and frequency at each end (linear
    /// between); a burst is a windowed primitive that bypasses the inertia.
    private struct Piece {
        var from: Int64, to: Int64
        var startLevel: Double, endLevel: Double
        var startHz: Double, endHz: Double
        var isBurst = false
        /// Under `resonator`, an envelope piece whose levels are intensities, mapped to a drive
        /// frame by frame (`AndroidActuator.perceptualDrive`).
        var isPerceptual = false
        /// A braked tap (under `resonator` with tap braking): H half-cycles, its overdrive and brake.
        var tap: (halfCycles: Int, overdrive: Double, brake: Double)?
    }

    private let pieces: [Piece]
    private var pieceIndex = 0
    private var amplitude = 0.0
    private var phase = 0.0
    /// One block's amplitudes, phases (radians) and sines, reused from block to block.
    private var amplitudes: [Double] = []
    private var phases: [Double] = []
    private var sums: [Double] = []
    /// Under `resonator`, the actuator's mass.
    private var resonator: Resonator?
    /// Under `resonator`, the largest sensation level of the band, in dB.
    private let largestSensationDb: Double

    public init(plan: AndroidPlan, actuator: AndroidActuator) {
        self.actuator = actuator
        let sounding = plan.backend != .silent && plan.backend != .unsupported
        resonator = actuator.resonatorQ.map { Resonator(f0Hz: actuator.resonanceHz, q: $0, sampleRate: actuator.sampleRate) }
        largestSensationDb = actuator.largestSensationDb()
        let tail = sounding ? actuator.resonatorQ.map { Resonator.tailFrames(f0Hz: actuator.resonanceHz, q: $0, sampleRate: actuator.sampleRate) } ?? 0 : 0
        frameCount = FrameTiming.adding(actuator.frame(atMs: plan.sessionDurationMs), tail)
        var pieces: [Piece] = []
        let gain = actuator.gain
        func hz(_ sharpness: Float) -> Double {
            actuator.minFrequencyHz + min(max(Double(sharpness), 0), 1) * (actuator.maxFrequencyHz - actuator.minFrequencyHz)
        }
        switch plan.backend {
        case .androidWaveform:
            for segment in plan.waveform?.segments ?? [] {
                let target = gain * Double(segment.amplitude) / 255 * actuator.driveScale(atHz: actuator.resonanceHz)
                pieces.append(Piece(from: actuator.frame(atMs: segment.startMs), to: actuator.frame(atMs: segment.startMs + segment.durationMs),
                                    startLevel: target, endLevel: target, startHz: actuator.resonanceHz, endHz: actuator.resonanceHz))
            }
        case .androidEnvelope:
            for (start, end) in zip(plan.envelope, plan.envelope.dropFirst()) {
                let mapped = actuator.resonatorQ != nil
                pieces.append(Piece(from: actuator.frame(atMs: start.timeMs), to: actuator.frame(atMs: end.timeMs),
                                    startLevel: (mapped ? 1 : gain) * Double(start.intensity), endLevel: (mapped ? 1 : gain) * Double(end.intensity),
                                    startHz: hz(start.sharpness), endHz: hz(end.sharpness), isPerceptual: mapped))
            }
        case .androidPrimitives:
            for (step, onsetMs, durationMs) in plan.primitiveOnsets {
                let frequency = step.primitive == .click ? actuator.resonanceHz
                    : (step.primitive == .tick ? actuator.maxFrequencyHz : actuator.minFrequencyHz)
                pieces.append(Self.tap(of: Double(step.scale), onsetMs: onsetMs, durationMs: durationMs, atHz: frequency, actuator: actuator))
            }
        case .androidEffect:
            for burst in plan.effectBursts {
                pieces.append(Self.tap(of: burst.level, onsetMs: burst.onsetMs, durationMs: burst.durationMs, atHz: actuator.resonanceHz, actuator: actuator))
            }
        case .silent, .unsupported:
            break
        }
        self.pieces = pieces.filter { $0.to > $0.from }
    }

    /// A primitive or a firmware effect's stretch at `scale` (0…1): a braked tap at f0 under
    /// `resonator` with tap braking, else a burst of its duration at `hz`.
    private static func tap(of scale: Double, onsetMs: Int64, durationMs: Int64, atHz hz: Double, actuator: AndroidActuator) -> Piece {
        if actuator.resonatorQ != nil, actuator.tapBraking {
            return brakedTap(of: Float(scale), onsetMs: onsetMs, durationMs: durationMs, actuator: actuator)
        }
        let level = actuator.gain * scale * actuator.driveScale(atHz: hz)
        return Piece(from: actuator.frame(atMs: onsetMs), to: actuator.frame(atMs: onsetMs + durationMs), startLevel: level, endLevel: level,
                     startHz: hz, endHz: hz, isBurst: true)
    }

    /// A primitive of `durationMs` as a braked tap at f0 (docs/devices.md): H = max(2,
    /// round-half-up(2·f0·d/1000)) half-cycles over round-half-up(H·rate/(2·f0)) frames, target
    /// peak gain × scale × FOAM(f0)/fullScaleG. Firmware waveforms are not public: assumed.
    private static func brakedTap(of scale: Float, onsetMs: Int64, durationMs: Int64, actuator: AndroidActuator) -> Piece {
        let f0 = actuator.resonanceHz, rate = Double(actuator.sampleRate)
        let halfCycles = max(2, Int((2 * f0 * Double(durationMs) / 1000).rounded(.toNearestOrAwayFromZero)))
        let frames = Int64((Double(halfCycles) * rate / (2 * f0)).rounded(.toNearestOrAwayFromZero))
        let tap = BrakedTap(peak: actuator.gain * Double(scale) * actuator.driveScale(atHz: f0), halfCycles: halfCycles, q: actuator.resonatorQ ?? 10)
        let from = actuator.frame(atMs: onsetMs)
        return Piece(from: from, to: FrameTiming.adding(from, frames), startLevel: tap.overdrive, endLevel: tap.overdrive,
                     startHz: f0, endHz: f0, isBurst: true, tap: (halfCycles, tap.overdrive, tap.brake))
    }

    /// Renders the next `output.count` frames (zeros past the session's end): amplitudes and
    /// phases frame by frame (the inertia and the phase are recurrences), then the sines in one
    /// vector pass of the synthesizer's kernel.
    public mutating func render(into output: UnsafeMutableBufferPointer<Float>) {
        var start = 0
        while start < output.count {
            let count = min(Self.blockFrames, output.count - start)
            renderBlock(into: UnsafeMutableBufferPointer(rebasing: output[start..<(start + count)]))
            start += count
        }
    }

    /// Frames computed per vector pass.
    private static let blockFrames = 1_024

    private mutating func renderBlock(into output: UnsafeMutableBufferPointer<Float>) {
        let count = output.count
        if amplitudes.count < count {
            amplitudes = [Double](repeating: 0, count: count)
            phases = amplitudes
            sums = amplitudes
        }
        let rate = Double(actuator.sampleRate)
        // Under `resonator` the mass is the inertia: the drive steps at once.
        let follow = actuator.inertiaMs > 0 && resonator == nil ? 1 - exp(-1000 / (actuator.inertiaMs * rate)) : 1
        let largestSensationDb = self.largestSensationDb
        let restingStep = 2 * Double.pi * actuator.resonanceHz / rate
        var amplitude = self.amplitude, phase = self.phase, pieceIndex = self.pieceIndex
        let position = self.position
        amplitudes.withUnsafeMutableBufferPointer { amplitudes in
            phases.withUnsafeMutableBufferPointer { phases in
                pieces.withUnsafeBufferPointer { pieces in
                    var offset = 0
                    while offset < count {
                        let frame = position + Int64(offset)
                        while pieceIndex < pieces.count, pieces[pieceIndex].to <= frame { pieceIndex += 1 }
                        guard pieceIndex < pieces.count, pieces[pieceIndex].from <= frame else {
                            // Between pieces (or after the last): the actuator settles towards rest.
                            let next = pieceIndex < pieces.count ? Int(min(pieces[pieceIndex].from - position, Int64(count))) : count
                            for index in offset..<next {
                                amplitude -= amplitude * follow
                                amplitudes[index] = amplitude
                                phases[index] = phase
                                phase += restingStep
                            }
                            offset = next
                            continue
                        }
                        let piece = pieces[pieceIndex]
                        let end = Int(min(piece.to - position, Int64(count)))
                        let length = Double(piece.to - piece.from)
                        for index in offset..<end {
                            let elapsed = position + Int64(index) - piece.from
                            let fraction = Double(elapsed) / length
                            var target = piece.startLevel + (piece.endLevel - piece.startLevel) * fraction
                            let frequency = piece.startHz + (piece.endHz - piece.startHz) * fraction
                            if piece.isPerceptual {
                                target = actuator.perceptualDrive(intensity: target, hz: frequency, largestSensationDb: largestSensationDb)
                            }
                            if let tap = piece.tap {
                                // H half-cycles from phase 0; the last one in anti-phase at the brake.
                                amplitude = 0
                                let braking = Int64(elapsed) * Int64(tap.halfCycles) >= Int64(length) * Int64(tap.halfCycles - 1)
                                amplitudes[index] = braking ? -tap.brake : tap.overdrive
                                phases[index] = Double.pi * Double(tap.halfCycles) * Double(elapsed) / length
                            } else if piece.isBurst {
                                // Each burst starts at phase 0 under a raised-cosine window, past the inertia.
                                amplitude = 0
                                amplitudes[index] = target * (0.5 - 0.5 * cos(2 * Double.pi * fraction))
                                phases[index] = 2 * Double.pi * frequency * Double(elapsed) / rate
                            } else {
                                amplitude += (target - amplitude) * follow
                                amplitudes[index] = amplitude
                                phases[index] = phase
                            }
                            phase += 2 * Double.pi * frequency / rate
                        }
                        offset = end
                    }
                }
            }
        }
        self.amplitude = amplitude
        self.phase = phase
        self.pieceIndex = pieceIndex
        amplitudes.withUnsafeBufferPointer { amplitudes in
            phases.withUnsafeBufferPointer { phases in
                sums.withUnsafeMutableBufferPointer { sums in
                    sums.baseAddress!.update(repeating: 0, count: count)
                    FastSine.addSines(into: sums.baseAddress!, amplitudes: amplitudes.baseAddress!, phases: phases.baseAddress!, count: count)
                }
            }
        }
        if resonator != nil {
            sums.withUnsafeMutableBufferPointer { resonator!.process($0.baseAddress!, count: count) }
        }
        sums.withUnsafeBufferPointer { sums in
            for index in 0..<count { output[index] = Float(sums[index]) }
        }
        self.position += Int64(count)
    }
}
