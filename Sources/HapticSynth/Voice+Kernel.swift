import FoundationEssentials
import Glibc

/// The synthesis kernel: how a voice computes its samples fast and still within 1e-6 of the
/// formulas (docs/synthesis.md "Exactness").
///
/// A continuous voice is computed a chunk of frames at a time, in passes: the amplitudes and the
/// phase steps piece by piece (over each piece the controls are linear in the frame, so nothing is
/// searched or divided per frame), the ramps from a table, then the serial phase recurrence
/// φ += step in double precision, then the sines and the sum in a loop the compiler vectorises.
/// Every value is a function of the absolute frame and of the piece in force there, never of
/// where a block or chunk began, so block sizes and thread counts cannot change a sample.
extension Voice {
    mutating func renderContinuous(
        into output: UnsafeMutablePointer<Double>, from: Int64, to: Int64, rampFrames: Int64, context: VoiceContext,
        scratch: KernelScratch
    ) {
        let amplitudes = scratch.amplitudes, steps = scratch.steps, phases = scratch.phases
        var frame = from
        var phase = self.phase
        while frame < to {
            let count = Int(min(to - frame, Int64(KernelScratch.chunkFrames)))
            prepareChunk(from: frame, count: count, rampFrames: rampFrames, context: context, amplitudes: amplitudes, steps: steps,
                         scratch: scratch)
            for k in 0..<count {
                phases[k] = phase
                phase += steps[k]
            }
            FastSine.addSines(into: output + Int(frame - from), amplitudes: amplitudes, phases: phases, count: count)
            frame += Int64(count)
        }
        self.phase = phase
    }

    /// The amplitudes (ramps or envelope applied) and phase steps of `count` frames from `frame`.
    mutating func prepareChunk(
        from frame: Int64, count: Int, rampFrames: Int64, context: VoiceContext, amplitudes: UnsafeMutablePointer<Double>,
        steps: UnsafeMutablePointer<Double>, scratch: KernelScratch
    ) {
        fillAmplitudes(amplitudes, from: frame, count: count, context: context, scratch: scratch)
        fillSteps(steps, from: frame, count: count, context: context, scratch: scratch)
        context.equaliser?.apply(amplitudes, steps: steps, count: count, sampleRate: context.profile.sampleRate)
        shape(amplitudes, from: frame, count: count, rampFrames: rampFrames, scratch: scratch)
    }

    /// Two continuous voices next to each other in a lane's sum order, rendered over the same windows of frames with their
    /// phase recurrences in one loop: the recurrence is a chain of dependent additions, and two
    /// independent chains run in the time of one. Each frame still gets the first voice's sample
    /// before the second's, so the sum is the same as rendering one voice after the other.
    static func renderPair(
        _ first: UnsafeMutablePointer<Voice>, _ firstContext: VoiceContext, _ second: UnsafeMutablePointer<Voice>,
        _ secondContext: VoiceContext, into mix: UnsafeMutableBufferPointer<Double>, blockStart: Int64, scratch: KernelScratch
    ) {
        guard case .continuous(let firstRamp) = first.pointee.shape, case .continuous(let secondRamp) = second.pointee.shape else {
            return
        }
        let blockEnd = blockStart + Int64(mix.count)
        let firstFrom = max(first.pointee.startFrame, blockStart), firstTo = min(first.pointee.endFrame, blockEnd)
        let secondFrom = max(second.pointee.startFrame, blockStart), secondTo = min(second.pointee.endFrame, blockEnd)
        let output = mix.baseAddress!
        var window = min(firstFrom, secondFrom)
        let end = max(firstTo, secondTo)
        var firstPhase = first.pointee.phase, secondPhase = second.pointee.phase
        while window < end {
            let windowEnd = min(window + Int64(KernelScratch.chunkFrames), end)
            let a = max(window, firstFrom), aCount = Int(max(0, min(windowEnd, firstTo) - a))
            let b = max(window, secondFrom), bCount = Int(max(0, min(windowEnd, secondTo) - b))
            if aCount > 0 {
                first.pointee.prepareChunk(from: a, count: aCount, rampFrames: firstRamp, context: firstContext,
                                           amplitudes: scratch.amplitudes, steps: scratch.steps, scratch: scratch)
            }
            if bCount > 0 {
                second.pointee.prepareChunk(from: b, count: bCount, rampFrames: secondRamp, context: secondContext,
                                            amplitudes: scratch.secondAmplitudes, steps: scratch.secondSteps, scratch: scratch)
            }
            let steps = scratch.steps, phases = scratch.phases
            let secondSteps = scratch.secondSteps, secondPhases = scratch.secondPhases
            let both = min(aCount, bCount)
            for k in 0..<both {
                phases[k] = firstPhase
                firstPhase += steps[k]
                secondPhases[k] = secondPhase
                secondPhase += secondSteps[k]
            }
            for k in both..<aCount {
                phases[k] = firstPhase
                firstPhase += steps[k]
            }
            for k in both..<bCount {
                secondPhases[k] = secondPhase
                secondPhase += secondSteps[k]
            }
            if aCount > 0 {
                FastSine.addSines(into: output + Int(a - blockStart), amplitudes: scratch.amplitudes, phases: phases, count: aCount)
            }
            if bCount > 0 {
                FastSine.addSines(into: output + Int(b - blockStart), amplitudes: scratch.secondAmplitudes, phases: secondPhases,
                                  count: bCount)
            }
            window = windowEnd
        }
        first.pointee.phase = firstPhase
        second.pointee.phase = secondPhase
    }

    /// A transient click: whole cycles over the voice's length, shaped by its envelope if any; with
    /// a `brake`, frames k with k·H ≥ N·(H − 1) (the last of H = 2·cycles half-cycles over N frames)
    /// are driven at −brake.
    func renderTransient(
        into output: UnsafeMutablePointer<Double>, from: Int64, to: Int64, cycles: Int, amplitude: Double, brake: Double?,
        scratch: KernelScratch
    ) {
        let length = endFrame - startFrame
        let radiansPerFrame = 2 * Double.pi * Double(cycles) / Double(length)
        let iota = scratch.iota, amplitudes = scratch.amplitudes, phases = scratch.phases
        var frame = from
        while frame < to {
            let count = Int(min(to - frame, Int64(KernelScratch.chunkFrames)))
            let index = Double(frame - startFrame)
            for k in 0..<count { phases[k] = radiansPerFrame * (index + iota[k]) }
            amplitudes.update(repeating: amplitude, count: count)
            if let brake {
                let halfCycles = Int64(2 * cycles)
                for k in 0..<count where (frame - startFrame + Int64(k)) * halfCycles >= length * (halfCycles - 1) { amplitudes[k] = -brake }
            }
            if let envelope {
                for k in 0..<count { amplitudes[k] *= envelope.gain(at: frame - startFrame + Int64(k), length: length) }
            }
            FastSine.addSines(into: output + Int(frame - from), amplitudes: amplitudes, phases: phases, count: count)
            frame += Int64(count)
        }
    }

    /// continuousGain × I^exponent for `count` frames from `from`, I = clamp(base × control, 0, 1):
    /// the intensities piece by piece, then the gain and exponent in one pass. Under an equaliser
    /// the gain is left out (the equaliser maps I^exponent to a level).
    private mutating func fillAmplitudes(
        _ amplitudes: UnsafeMutablePointer<Double>, from: Int64, count: Int, context: VoiceContext, scratch: KernelScratch
    ) {
        let gain = context.equaliser == nil ? context.profile.continuousGain : 1, base = baseIntensity
        Self.forEachPiece(from: from, count: count, piece: &intensityPiece, cursor: &intensityCursor, track: context.intensity,
                          neutral: 1, context: context) { offset, run, piece in
            let target = amplitudes + offset
            if piece.slope == 0 {
                target.update(repeating: Voice.intensity(base, control: piece.value), count: run)
            } else {
                let time = context.linearTime(from: from + Int64(offset), scratch: scratch)
                for k in 0..<run {
                    let control = piece.value + (time.at(k) - piece.originMs) * piece.slope
                    target[k] = min(max(base * control, 0), 1)
                }
            }
        }
        let exponent = context.profile.intensityExponent
        if exponent == 1 {
            for k in 0..<count { amplitudes[k] *= gain }
        } else {
            for k in 0..<count { amplitudes[k] = gain * pow(amplitudes[k], exponent) }
        }
    }

    /// 2π f / rate for `count` frames from `from`, f = the frequency of clamp(base + control, 0, 1).
    private mutating func fillSteps(
        _ steps: UnsafeMutablePointer<Double>, from: Int64, count: Int, context: VoiceContext, scratch: KernelScratch
    ) {
        let profile = context.profile
        let rate = Double(profile.sampleRate)
        let base = baseSharpness
        Self.forEachPiece(from: from, count: count, piece: &sharpnessPiece, cursor: &sharpnessCursor, track: context.sharpness,
                          neutral: 0, context: context) { offset, run, piece in
            let target = steps + offset
            if piece.slope == 0 {
                let step = 2 * Double.pi * profile.frequencyHz(sharpness: Voice.sharpness(base, control: piece.value)) / rate
                target.update(repeating: step, count: run)
            } else {
                let radiansPerHz = 2 * Double.pi / rate
                let minimumHz = profile.minFrequencyHz, spanHz = profile.maxFrequencyHz - profile.minFrequencyHz
                let time = context.linearTime(from: from + Int64(offset), scratch: scratch)
                for k in 0..<run {
                    let control = piece.value + (time.at(k) - piece.originMs) * piece.slope
                    target[k] = radiansPerHz * (minimumHz + min(max(base + control, 0), 1) * spanHz)
                }
            }
        }
    }

    /// Calls `body(offset, run, piece)` for each run of the `count` frames from `from` over which
    /// one piece of `track` is in force, looking the next piece up when a frame reaches it.
    @inline(__always)
    private static func forEachPiece(
        from: Int64, count: Int, piece: inout FramePiece, cursor: inout ControlTrack.Cursor, track: ControlTrack, neutral: Double,
        context: VoiceContext, _ body: (_ offset: Int, _ run: Int, _ piece: FramePiece) -> Void
    ) {
        var done = 0
        while done < count {
            let frame = from + Int64(done)
            if frame >= piece.untilFrame { piece = context.piece(of: track, at: frame, cursor: &cursor, neutral: neutral) }
            let run = Int(min(Int64(count - done), piece.untilFrame - frame))
            body(done, run, piece)
            done += run
        }
    }

    /// Multiplies `count` amplitudes from `from` by the raised-cosine ramps or the envelope.
    private func shape(
        _ amplitudes: UnsafeMutablePointer<Double>, from: Int64, count: Int, rampFrames: Int64, scratch: KernelScratch
    ) {
        let length = shapeLength
        let first = from - startFrame
        if releaseFrames > 0 {
            // A pause's release: the mirrored ramp over the last frames before the end.
            for k in 0..<count where endFrame - 1 - (from + Int64(k)) < releaseFrames {
                amplitudes[k] *= Voice.ramp(endFrame - 1 - (from + Int64(k)), releaseFrames)
            }
        }
        if let envelope {
            for k in 0..<count { amplitudes[k] *= envelope.gain(at: first + Int64(k), length: length) }
            return
        }
        guard rampFrames > 0 else { return }
        // The attack: frames j = 0 ..< R get w(j); the release: frame length − 1 − j gets w(j).
        let attackEnd = Int(max(0, min(rampFrames - first, Int64(count))))
        let releaseBegin = Int(min(max(length - rampFrames - first, 0), Int64(count)))
        guard attackEnd > 0 || releaseBegin < count else { return }
        if let table = scratch.rampTable(frames: rampFrames) {
            table.withUnsafeBufferPointer { w in
                for k in 0..<attackEnd { amplitudes[k] *= w[Int(first) + k] }
                for k in releaseBegin..<count { amplitudes[k] *= w[Int(length - 1 - first) - k] }
            }
        } else {
            for k in 0..<attackEnd { amplitudes[k] *= Voice.ramp(first + Int64(k), rampFrames) }
            for k in releaseBegin..<count { amplitudes[k] *= Voice.ramp(length - 1 - first - Int64(k), rampFrames) }
        }
    }
}

/// A control piece placed on the frame axis: in force for frames before `untilFrame`.
struct FramePiece {
    var originMs: Double
    var value: Double
    var slope: Double
    var untilFrame: Int64

    /// No piece yet: the first frame looks one up.
    static let none = FramePiece(originMs: 0, value: 0, slope: 0, untilFrame: .min)
}

/// Pattern time as a linear function of the frame, evaluated the same way everywhere:
/// (frame − origin) × ms per frame − lead.
struct LinearTime {
    let firstOffset: Double
    let msPerFrame: Double
    let leadMs: Double
    let iota: UnsafePointer<Double>

    /// The time of frame first + k, in pattern milliseconds.
    @inline(__always)
    func at(_ k: Int) -> Double { (firstOffset + iota[k]) * msPerFrame - leadMs }
}

extension VoiceContext {
    /// Pattern time of `frame` in milliseconds: frame n sits at n × 1000 / rate − lead after the origin.
    func timeMs(of frame: Int64) -> Double {
        Double(frame - originFrame) * (1000 / Double(profile.sampleRate)) - Double(leadMs)
    }

    func linearTime(from frame: Int64, scratch: KernelScratch) -> LinearTime {
        LinearTime(firstOffset: Double(frame - originFrame), msPerFrame: 1000 / Double(profile.sampleRate),
                   leadMs: Double(leadMs), iota: scratch.iota)
    }

    /// The piece of `track` in force at `frame`, with the first frame at which another applies.
    /// An empty track is its neutral value forever.
    func piece(of track: ControlTrack, at frame: Int64, cursor: inout ControlTrack.Cursor, neutral: Double) -> FramePiece {
        guard !track.isEmpty else { return FramePiece(originMs: 0, value: neutral, slope: 0, untilFrame: .max) }
        let piece = track.piece(atMs: timeMs(of: frame), cursor: &cursor)
        return FramePiece(originMs: piece.originMs, value: piece.value, slope: piece.slope,
                          untilFrame: max(firstFrame(atOrAfterMs: piece.untilMs), frame + 1))
    }

    /// The first frame whose pattern time is at least `timeMs` (`Int64.max` when none is).
    func firstFrame(atOrAfterMs timeMs: Double) -> Int64 {
        let estimate = ((timeMs + Double(leadMs)) * Double(profile.sampleRate) / 1000).rounded(.up)
        guard estimate.isFinite, abs(estimate) < 1e15 else { return estimate < 0 ? .min : .max }
        var frame = originFrame &+ Int64(estimate)
        while self.timeMs(of: frame - 1) >= timeMs { frame -= 1 }
        while self.timeMs(of: frame) < timeMs { frame += 1 }
        return frame
    }
}

/// The kernel's working memory for one thread: a chunk of amplitudes, steps and phases, the
/// numbers 0, 1, 2, … (so frame offsets convert in vector registers) and the profile's ramp.
final class KernelScratch: @unchecked Sendable {
    /// Frames computed per pass.
    static let chunkFrames = 256

    let amplitudes = UnsafeMutablePointer<Double>.allocate(capacity: chunkFrames)
    let steps = UnsafeMutablePointer<Double>.allocate(capacity: chunkFrames)
    let phases = UnsafeMutablePointer<Double>.allocate(capacity: chunkFrames)
    /// The second voice's chunk, when two are rendered together.
    let secondAmplitudes = UnsafeMutablePointer<Double>.allocate(capacity: chunkFrames)
    let secondSteps = UnsafeMutablePointer<Double>.allocate(capacity: chunkFrames)
    let secondPhases = UnsafeMutablePointer<Double>.allocate(capacity: chunkFrames)
    let iota: UnsafeMutablePointer<Double>
    /// w(j) = ½ − ½ cos(π j / R) for the profile's ramp of R frames.
    private let ramp: [Double]

    init(profile: ActuatorProfile) {
        iota = UnsafeMutablePointer<Double>.allocate(capacity: Self.chunkFrames)
        for k in 0..<Self.chunkFrames { iota[k] = Double(k) }
        let frames = Int64((profile.rampMs * Double(profile.sampleRate) / 1000).rounded(.toNearestOrAwayFromZero))
        ramp = frames > 0 && frames <= 1 << 20 ? (0..<frames).map { Voice.ramp($0, frames) } : []
    }

    deinit {
        for pointer in [amplitudes, steps, phases, secondAmplitudes, secondSteps, secondPhases, iota] { pointer.deallocate() }
    }

    /// The table of a ramp of `frames` frames, when it is the profile's (short voices have shorter ones).
    func rampTable(frames: Int64) -> [Double]? {
        ramp.count == frames ? ramp : nil
    }
}
