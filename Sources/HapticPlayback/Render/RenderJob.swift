import AudioCore
import Glibc
import HapticPlanner
import HapticSynth

/// What one output of a render job receives, frame by frame (docs/files-and-limits.md, "One render").
public enum RenderMix: String, Sendable, Hashable {
    /// Mono: the haptics (iOS's render; Android's when only Android plays).
    case haptics
    /// Stereo: iOS's render left, Android's right (both platforms, timed from the request).
    case pair
    /// Stereo: an AHAP file's audio track.
    case audio
    /// Stereo: the iOS haptics plus each channel of the audio track, clamped into −1…1.
    case mix
    /// Mono: the mean of the audio track's channels (what the sync report listens to).
    case audioMean

    /// Channels per frame.
    public var channelCount: Int { self == .haptics || self == .audioMean ? 1 : 2 }
}

/// An output of a render job and what it receives.
public struct RenderSink {
    public let mix: RenderMix
    public let output: any AudioOutput
    /// The most frames it takes (a picture's window, the seconds of a clip); nil: all.
    public let maxFrames: Int64?

    public init(_ mix: RenderMix, _ output: any AudioOutput, maxFrames: Int64? = nil) {
        self.mix = mix
        self.output = output
        self.maxFrames = maxFrames
    }
}

/// One render (docs/files-and-limits.md, "One render"): every signal a frame source — the iOS
/// engine (its executor, voices, mixer and resonator), the Android effect player, an AHAP file's
/// streaming audio track — composed for each sink (mono, a stereo pair, a mix), under one length
/// guard over every source it plays, a block at a time. Memory holds a block, whatever the
/// length. `run` renders as fast as the sinks take blocks (files, pictures, meters); `step`
/// renders one block at a time for a device that paces it.
public final class RenderJob {
    /// The frames the job renders: the longest source it plays (or `maxFrames`), guarded.
    public let frameCount: Int64
    public let sampleRate: Int
    /// Frames rendered so far.
    public private(set) var position: Int64 = 0
    /// The iOS session, when iOS plays.
    public var handle: HapticHandle? { device?.playback?.handle }
    /// What was planned.
    public let plan: PlatformPlan

    private let sinks: [RenderSink]
    /// The emulated device: the iOS haptics and the audio track's sounds.
    private let device: DeviceLane?
    private var android: AndroidEffectPlayer?
    /// The audio track (played on the device), when it plays.
    private let audio: AudioTrack?
    private var haptic: [Float] = [], right: [Float] = [], audioLeft: [Float] = [], audioRight: [Float] = []
    /// Each sink's composition, peak and clamped samples.
    private var composers: [SinkComposer]
    private var released = false
    /// Whether the iOS haptics render (on the device).
    private let hasIOS: Bool
    /// Each sink's frames, and how many its sources have (before `maxFrames` cut them).
    private let sinkFrames: [Int64]
    public let fullFrames: [Int64]
    private let backgrounds: [BackgroundOutput]

    /// The frames a render into `mixes` would have, under the guard every render passes: more
    /// than 24 hours is refused unless `allowLong`, more than hapsynth can represent in any case.
    /// Every source the mixes count is guarded (the haptics of an audio track's sink too: the
    /// track is as long as the haptics at least).
    public static func checkedLength(
        _ plan: PlatformPlan, audio: AudioTrack?, profile: ActuatorProfile, mixes: Set<RenderMix>, allowLong: Bool
    ) throws(RenderLengthError) -> Int64 {
        try Lanes(plan, audio: audio, profile: profile, mixes: mixes, allowLong: allowLong).total(mixes)
    }

    /// The sources the mixes need: which are rendered, and each one's guarded length.
    private struct Lanes {
        /// Whether the iOS engine, the Android effect and the audio track render.
        let ios: Bool, android: Bool, audio: Bool
        /// Each source's frames (0 when it does not count).
        let iosFrames: Int64, androidFrames: Int64, audioFrames: Int64

        init(_ plan: PlatformPlan, audio track: AudioTrack?, profile: ActuatorProfile, mixes: Set<RenderMix>, allowLong: Bool) throws(RenderLengthError) {
            let hapticsIsIOS = plan.ios != nil
            let hapticMixes: Set<RenderMix> = [.haptics, .mix]
            ios = hapticsIsIOS && !mixes.isDisjoint(with: [.haptics, .pair, .mix])
            android = plan.android != nil && (mixes.contains(.pair) || (!hapticsIsIOS && !mixes.isDisjoint(with: hapticMixes)))
            audio = track != nil && !mixes.isDisjoint(with: [.audio, .mix, .audioMean])
            let countsHaptics = !mixes.isDisjoint(with: [.haptics, .mix, .audio])
            let rate = profile.sampleRate
            iosFrames = try plan.ios.map { ios throws(RenderLengthError) in
                hapticsIsIOS && (countsHaptics || mixes.contains(.pair)) ? try RenderLength.checked(ios, profile: profile, allowLong: allowLong) : 0
            } ?? 0
            // The Android player's own length: the session, and the resonator's tail under `resonator`.
            androidFrames = try plan.android.map { android throws(RenderLengthError) in
                guard mixes.contains(.pair) || (!hapticsIsIOS && countsHaptics) else { return 0 }
                _ = try RenderLength.checked(android, rate: rate, allowLong: allowLong)
                let frames = AndroidEffectPlayer(plan: android, actuator: AndroidActuator(profile: profile)).frameCount
                return try RenderLength.checked(frames: frames, rate: rate, allowLong: allowLong)
            } ?? 0
            audioFrames = try track.map { track throws(RenderLengthError) in
                !mixes.isDisjoint(with: [.audio, .mix, .audioMean]) ? try RenderLength.checked(frames: track.frameCount, rate: rate, allowLong: allowLong) : 0
            } ?? 0
        }

        /// The haptics' frames (iOS's, or Android's when only Android plays).
        var hapticFrames: Int64 { iosFrames > 0 ? iosFrames : androidFrames }

        /// A sink's frames: its sources' longest (an audio track at least as long as the haptics).
        func frames(_ mix: RenderMix) -> Int64 {
            switch mix {
            case .haptics: return hapticFrames
            case .pair: return max(iosFrames, androidFrames)
            case .audio, .mix: return max(hapticFrames, audioFrames)
            case .audioMean: return audioFrames
            }
        }

        func total(_ mixes: Set<RenderMix>) -> Int64 { mixes.map(frames).max() ?? 0 }
    }

    /// Prepares a render of `plan` (and `audio`) into `sinks` once the length guard has passed;
    /// the iOS session starts at once.
    /// - Parameters:
    ///   - maxFrames: render at most this many frames (the first seconds, to listen to).
    ///   - threads: 2 or more let the mixer render its second lane on a thread of its own (the
    ///     samples are the same).
    /// - Throws: `RenderLengthError` before any work; the executor's start error.
    public init(
        _ plan: PlatformPlan, audio: AudioTrack? = nil, profile: ActuatorProfile, sinks: [RenderSink], allowLong: Bool = false,
        maxFrames: Int64? = nil, threads: Int = 1
    ) throws {
        let mixes = Set(sinks.map(\.mix))
        let lanes = try Lanes(plan, audio: audio, profile: profile, mixes: mixes, allowLong: allowLong)
        self.plan = plan
        let cut = { (frames: Int64) in maxFrames.map { min($0, frames) } ?? frames }
        fullFrames = sinks.map { lanes.frames($0.mix) }
        sinkFrames = sinks.map { cut(min(lanes.frames($0.mix), $0.maxFrames ?? .max)) }
        frameCount = sinkFrames.max() ?? 0
        sampleRate = profile.sampleRate
        // With threads, each sink is written on a thread of its own while the next block renders.
        backgrounds = threads > 1 ? sinks.map { BackgroundOutput($0.output) } : []
        self.sinks = threads > 1 ? zip(sinks, backgrounds).map { RenderSink($0.mix, $1, maxFrames: $0.maxFrames) } : sinks
        self.audio = lanes.audio ? audio : nil
        android = lanes.android ? plan.android.map { AndroidEffectPlayer(plan: $0, actuator: AndroidActuator(profile: profile)) } : nil
        let ios = lanes.ios ? plan.ios : nil
        device = ios != nil || self.audio != nil
            ? try DeviceLane(ios, track: self.audio, profile: profile, allowLong: allowLong, threads: threads) : nil
        hasIOS = ios != nil
        composers = Array(repeating: SinkComposer(), count: sinks.count)
    }

    deinit { release() }

    /// Renders every frame into the sinks (not finished: their owner finishes them).
    /// - Parameter shouldContinue: asked between blocks with the frames rendered; false stops the
    ///   render (`RenderStopped`).
    /// - Throws: a sink's error, the iOS session's failure, or `RenderStopped`.
    @discardableResult
    public func run(blockFrames: Int = 4096, shouldContinue: (Int64) -> Bool = { _ in true }) throws -> RenderJobSummary {
        defer { release() }
        while position < frameCount {
            guard shouldContinue(position) else { throw RenderStopped() }
            try step(maxFrames: blockFrames)
        }
        if let failure = handle?.failure { throw failure }
        for background in backgrounds { try background.flush() }
        return summary
    }

    /// Renders and writes the next block of up to `maxFrames` frames; returns whether frames remain.
    /// A sink's error fails the iOS session's running players with it, then is thrown.
    @discardableResult
    public func step(maxFrames: Int, fadeOut: Bool = false) throws -> Bool {
        let count = Int(min(Int64(max(1, maxFrames)), frameCount - position))
        guard count > 0 else { return false }
        renderSources(count)
        do {
            for (index, sink) in sinks.enumerated() where position < sinkFrames[index] {
                try write(Int(min(Int64(count), sinkFrames[index] - position)), to: sink, index: index, fadeOut: fadeOut)
            }
        } catch {
            device?.fail(with: error)
            throw error
        }
        position += Int64(count)
        return position < frameCount
    }

    /// What has been rendered so far.
    public var summary: RenderJobSummary {
        let ios = hasIOS ? device?.summary(plan: plan) : nil
        // An iOS haptics sink's peak is the engine's (a faded last block is measured here too).
        let peaks = zip(sinks, composers).map { sink, composer in sink.mix == .haptics ? max(composer.peak, ios?.peak ?? composer.peak) : composer.peak }
        return RenderJobSummary(frameCount: position, sampleRate: sampleRate, ios: ios, android: plan.android,
                                audio: audio, framesWritten: sinkFrames.map { min($0, position) }, peaks: peaks, clampedSamples: composers.map(\.clamped))
    }

    /// Cancels the iOS session (when `cancelling`) and releases its executor; nothing more renders.
    public func release(cancelling: Bool = false) {
        guard !released else { return }
        released = true
        device?.playback?.release(cancelling: cancelling)
    }

    /// Renders `count` frames of every source the sinks need.
    private func renderSources(_ count: Int) {
        func sized(_ buffer: inout [Float]) { if buffer.count < count { buffer = [Float](repeating: 0, count: count) } }
        if let device {
            sized(&haptic)
            if audio != nil { sized(&audioLeft); sized(&audioRight) }
            haptic.withUnsafeMutableBufferPointer { haptic in
                audioLeft.withUnsafeMutableBufferPointer { left in
                    audioRight.withUnsafeMutableBufferPointer { right in
                        device.render(into: UnsafeMutableBufferPointer(rebasing: haptic[0..<count]),
                                      audio: audio == nil ? nil : (UnsafeMutableBufferPointer(rebasing: left[0..<count]), UnsafeMutableBufferPointer(rebasing: right[0..<count])))
                    }
                }
            }
        }
        if android != nil {
            sized(&right)
            right.withUnsafeMutableBufferPointer { android!.render(into: UnsafeMutableBufferPointer(rebasing: $0[0..<count])) }
            if !hasIOS {
                sized(&haptic)
                for index in 0..<count { haptic[index] = right[index] }
            }
        }
    }

    /// Writes one sink's block (its peak and the samples its mix clamped kept by its composer);
    /// faded to silence by a raised cosine when `fadeOut` (a stop that must not click).
    private func write(_ count: Int, to sink: RenderSink, index: Int, fadeOut: Bool) throws {
        let sources = SinkSources(haptic: haptic, right: right, audioLeft: audioLeft, audioRight: audioRight, hasIOS: hasIOS)
        // The engine keeps the peak of an iOS haptics sink written as it is.
        try composers[index].write(count, sink.mix, sources, to: sink.output, fadeOut: fadeOut, measuresPlainHaptics: !hasIOS)
    }
}

/// What a render job rendered.
public struct RenderJobSummary {
    /// Frames rendered.
    public let frameCount: Int64
    public let sampleRate: Int
    /// The iOS render's own summary (players, clamping), when iOS played.
    public let ios: RenderSummary?
    /// The Android effect, when Android was planned.
    public let android: AndroidPlan?
    /// The audio track, when it played (its peak, clipped samples and warnings).
    public let audio: AudioTrack?
    /// Each sink's frames written, its largest |sample| and the samples its mix clamped, in the
    /// sinks' order.
    public let framesWritten: [Int64]
    public let peaks: [Float]
    public let clampedSamples: [Int]
}
