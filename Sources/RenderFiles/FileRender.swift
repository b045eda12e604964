import AudioCore
import AudioIO
import HapticCore
import HapticPlanner
import HapticPlayback
import HapticSynth

/// The one file renderer (docs/files-and-limits.md): a render job whose sinks are sound files that
/// appear only when every one of them is complete. iOS renders through the executor on the audio
/// engine (mono); Android plays its effect on the emulated actuator (mono); both is a stereo
/// file, iOS left and Android right, both timed from the moment playback is requested (so iOS's
/// 10 ms lead shows); an AHAP file's audio track is a stereo file of its own, or mixed with the
/// haptics. `render`, `check` and `Hapsynth.render(_:to:)` use it.
public enum FileRender {
    /// A sound file a render writes, and what it receives.
    public struct Target: Sendable {
        public let path: String
        public let container: SoundFileContainer
        public let encoding: SampleEncoding
        public let mix: RenderMix

        public init(path: String, container: SoundFileContainer, encoding: SampleEncoding, mix: RenderMix) {
            self.path = path
            self.container = container
            self.encoding = encoding
            self.mix = mix
        }
    }

    /// What a file render wrote (of its first target).
    public struct Summary {
        public let frameCount: Int64
        public let sampleRate: Int
        /// The largest |sample| written, over every channel.
        public let peak: Float
        /// The iOS render's own summary (players, clamping), when iOS plays.
        public let ios: RenderSummary?
        /// The Android effect, when Android plays.
        public let android: AndroidPlan?
        /// The whole job: every target's frames and peaks, the audio track, the mix's clamping.
        public let job: RenderJobSummary

        /// What is worth telling about the render: clamping in the iOS render.
        public func warnings(profile: ActuatorProfile) -> [RenderWarning] {
            guard let ios, ios.clampedSampleCount > 0, let plan = iosPlan else { return [] }
            return [.clamped(count: ios.clampedSampleCount, mixPeak: ios.mixPeak,
                             overlappingClicks: TransientOverlap.count(in: plan, profile: profile))]
        }

        fileprivate var iosPlan: PlaybackPlan?

        /// `out.wav: 0.550 s, 26400 frames at 48000 Hz, 2 players, peak 0.8000 (-1.9 dBFS), 0 clamped samples`;
        /// for Android: `out.wav: 0.541 s, 25968 frames at 48000 Hz, android androidWaveform on phone-api26, peak 0.6399 (-3.9 dBFS)`;
        /// for both, `left ios, right ` before it and the iOS render's clamped samples after it.
        public func line(path: String) -> String {
            let length = NumberText.length(frames: frameCount, rate: sampleRate)
            if let android = android {
                return "\(path): \(length), \(ios != nil ? "left ios, right " : "")android \(android.backend.rawValue) on "
                    + "\(android.device.name), peak \(NumberText.peak(peak))"
                    + (ios.map { ", \(NumberText.count($0.clampedSampleCount, "clamped sample")) on the left" } ?? "")
            }
            let ios = ios!
            return "\(path): \(length), \(NumberText.count(ios.playerCount, "player")), peak \(NumberText.peak(ios.peak)), "
                + "\(NumberText.count(ios.clampedSampleCount, "clamped sample"))"
        }
    }

    /// The frame count of `plan`'s render into one file, under the guard every render passes
    /// (every platform's plan is checked, so a refused render never opens its target).
    public static func checkedLength(_ plan: PlatformPlan, profile: ActuatorProfile, allowLong: Bool) throws(RenderLengthError) -> Int64 {
        try RenderJob.checkedLength(plan, audio: nil, profile: profile, mixes: [mix(of: plan)], allowLong: allowLong)
    }

    /// What one file of `plan` holds: the haptics, or both platforms' as a stereo pair.
    public static func mix(of plan: PlatformPlan) -> RenderMix {
        if case .both = plan { return .pair }
        return .haptics
    }

    /// Renders `plan` into the file at `path` (atomically, or through to a stream).
    /// - Parameters:
    ///   - threads: 2 or more write the file on a thread of its own; 3 or more also split the
    ///     iOS mixer's voices (the samples are the same for any count).
    ///   - durable: flush the file to the disk around its rename (false: a scratch render).
    ///   - shouldContinue: asked between blocks with the frames written; false stops the render,
    ///     which leaves no file (`FileRenderError.output(.stopped)`).
    public static func render(
        _ plan: PlatformPlan, profile: ActuatorProfile, to path: String, container: SoundFileContainer, encoding: SampleEncoding,
        allowLong: Bool = false, threads: Int = 1, durable: Bool = true, shouldContinue: (Int64) -> Bool = { _ in true }
    ) throws(FileRenderError) -> Summary {
        try render(plan, profile: profile, targets: [Target(path: path, container: container, encoding: encoding, mix: mix(of: plan))],
                   allowLong: allowLong, threads: threads, durable: durable, shouldContinue: shouldContinue)
    }

    /// Renders `plan` (and `audio`) into every target in one pass, feeding `meters` (outputs such
    /// as the sync report's onset detector) beside them; `finishing` then writes `texts` (reserved
    /// by the caller), and the files appear only when all are complete. The summary speaks of the
    /// first target.
    /// - Throws: `FileRenderError`: the length guard's refusal before any file is opened, or an
    ///   output's failure (every target then as it was).
    public static func render(
        _ plan: PlatformPlan, audio: AudioTrack? = nil, profile: ActuatorProfile, targets: [Target], meters: [RenderSink] = [],
        texts: [ReservedText] = [], allowLong: Bool = false, threads: Int = 1, durable: Bool = true,
        shouldContinue: (Int64) -> Bool = { _ in true }, finishing: (RenderJobSummary) throws(OutputError) -> Void = { _ in }
    ) throws(FileRenderError) -> Summary {
        let mixes = Set(targets.map(\.mix) + meters.map(\.mix))
        do {
            _ = try RenderJob.checkedLength(plan, audio: audio, profile: profile, mixes: mixes, allowLong: allowLong)
        } catch {
            throw .length(error)
        }
        let files = targets.map { target in
            SoundFileTarget.Target(path: target.path, format: AudioFormat(sampleRate: profile.sampleRate, channelCount: target.mix.channelCount),
                                   container: target.container, encoding: target.encoding)
        }
        let job: RenderJobSummary
        do {
            job = try SoundFileTarget.write(files, texts: texts, durable: durable) { writers in
                let sinks = zip(targets, writers).map { RenderSink($0.mix, $1) } + meters
                let summary = try RenderJob(plan, audio: audio, profile: profile, sinks: sinks, allowLong: allowLong, threads: threads)
                    .run(shouldContinue: shouldContinue)
                try finishing(summary)
                return summary
            }
        } catch {
            throw .output(error)
        }
        return Summary(frameCount: job.framesWritten.first ?? 0, sampleRate: profile.sampleRate, peak: job.peaks.first ?? 0, ios: job.ios,
                       android: job.android, job: job, iosPlan: plan.ios)
    }
}

/// A file render that did not complete; the target is as it was.
public enum FileRenderError: Error, Sendable, CustomStringConvertible {
    /// Refused before any work by the render-length guard.
    case length(RenderLengthError)
    /// The output could not be written (or the render was stopped: `.output(.stopped)`).
    case output(OutputError)

    public var description: String {
        switch self {
        case .length(let error): return "\(error)"
        case .output(let error): return "\(error)"
        }
    }
}
