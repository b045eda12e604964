import AudioCore
import AudioIO
import HapticCheck
import HapticCore
import HapticPlanner
import HapticPlayback
import RenderFiles
import HapticSynth

/// A loaded file rendered to sound files in one pass (`hapsynth render`, docs/audio.md): the
/// haptics (or both platforms' pair) to one file, and an AHAP file's audio track written beside
/// it, mixed into it, and measured against its taps, all from one render job whose files appear
/// only when every one is complete.
public enum PatternRender {
    /// What to write.
    public struct Request {
        /// The haptics' file (the mix, with `mix`).
        public var output: String
        public var container: SoundFileContainer
        public var encoding: SampleEncoding
        /// Where the audio track goes as a stereo file of its own (WAV, FLAC or OGG by its extension).
        public var audioOutput: String?
        /// Whether `output` is the stereo mix of the haptics and the audio track.
        public var mix = false
        /// Measure the sounds against the taps (the sync report), flagging offsets beyond this, in ms.
        public var syncThresholdMs: Double?
        /// Where the sync report goes as JSON, put in place with the sound files (when measured).
        public var syncReport: String?
        /// Where sounds are found (libsndfile's reader unless another is given).
        public var audio = AudioTrackOptions()

        public init(output: String, container: SoundFileContainer, encoding: SampleEncoding) {
            self.output = output
            self.container = container
            self.encoding = encoding
        }

        /// Whether the audio track plays at all.
        var wantsAudio: Bool { audioOutput != nil || mix || syncThresholdMs != nil }
    }

    /// What was written.
    public struct Result {
        /// The haptics' (or the mix's) file.
        public let summary: FileRender.Summary
        /// The audio track, when it played: its peak, clipping and warnings.
        public let audio: AudioTrack?
        /// Frames of the audio track's file, when written.
        public let audioFrames: Int64?
        /// Samples the mix clamped.
        public let mixClamped: Int
        /// The sounds against the taps, when measured.
        public let sync: AudioHapticSync?
    }

    /// The audio track `request` plays of `loaded` (an AHAP file with audio events, on an iPhone).
    public static func track(_ loaded: LoadedPattern, platform: Platform, profile: ActuatorProfile, request: Request) -> AudioTrack? {
        guard request.wantsAudio, platform == .ios, let audio = loaded.audio else { return nil }
        return AudioTrack(audio, profile: profile, options: request.audio.readingFiles)
    }

    /// The frames of the render, under the one length guard (the audio track counted when it plays).
    public static func checkedLength(
        _ plan: PlatformPlan, track: AudioTrack?, profile: ActuatorProfile, request: Request, allowLong: Bool
    ) throws(RenderLengthError) -> Int64 {
        try RenderJob.checkedLength(plan, audio: track, profile: profile, mixes: Set(targets(plan, track: track, request: request).map(\.mix)),
                                    allowLong: allowLong)
    }

    /// Renders `plan` (and `track`) as `request` asks.
    public static func render(
        _ plan: PlatformPlan, track: AudioTrack?, profile: ActuatorProfile, request: Request, allowLong: Bool = false, threads: Int = 1,
        shouldContinue: (Int64) -> Bool = { _ in true }
    ) throws(FileRenderError) -> Result {
        let targets = targets(plan, track: track, request: request)
        let onsets = OnsetOutput(AudioHapticSync.audioOnsets, sampleRate: profile.sampleRate)
        let meters = track != nil && request.syncThresholdMs != nil ? [RenderSink(.audioMean, onsets)] : []
        // The sync report's file is made before the render and put in place with the sounds.
        let report: ReservedText?
        do {
            report = try request.syncReport.flatMap { path throws(OutputError) in meters.isEmpty ? nil : try ReservedText(path: path, what: "sync report") }
        } catch {
            throw .output(error)
        }
        var sync: AudioHapticSync?
        let summary = try FileRender.render(plan, audio: track, profile: profile, targets: targets, meters: meters, texts: report.map { [$0] } ?? [],
                                            allowLong: allowLong, threads: threads, shouldContinue: shouldContinue) { _ throws(OutputError) in
            guard let threshold = request.syncThresholdMs, let ios = plan.ios, !meters.isEmpty else { return }
            try? onsets.finish()
            let measured = AudioHapticSync(plan: ios, audioOnsetFrames: onsets.onsets, sampleRate: profile.sampleRate, thresholdMs: threshold,
                                           silentSoundsMs: track.map(AudioHapticSync.silentSoundsMs) ?? [])
            sync = measured
            try report?.write(measured.json.pretty() + "\n")
        }
        let audioIndex = targets.firstIndex { $0.mix == .audio }
        return Result(summary: summary, audio: track, audioFrames: audioIndex.map { summary.job.framesWritten[$0] },
                      mixClamped: targets.first?.mix == .mix ? summary.job.clampedSamples[0] : 0, sync: sync)
    }

    /// The files: the haptics (or the mix) first, then the audio track.
    private static func targets(_ plan: PlatformPlan, track: AudioTrack?, request: Request) -> [FileRender.Target] {
        var targets = [FileRender.Target(path: request.output, container: request.container, encoding: request.encoding,
                                         mix: request.mix && track != nil ? .mix : FileRender.mix(of: plan))]
        if track != nil, let audioOutput = request.audioOutput {
            let container = SoundFileContainer(pathExtension: audioOutput) ?? .wav
            targets.append(FileRender.Target(path: audioOutput, container: container, encoding: container == .wav ? .float : container.defaultEncoding,
                                             mix: .audio))
        }
        return targets
    }
}
