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
        /// Renders longer than 24 hours are allowed.
        public var allowLong = false
        /// The audio events are left out on purpose (no note about them).
        public var audioLeftOut = false
        /// Threads the render may use: 1; 2 (writing on its own thread); 3 or more (the mixer's
        /// lanes too). The output is the same for any count.
        public var threads = 1

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

extension PatternRender {
    /// What a render says besides its files, in the order it arises, for the caller to word.
    public enum Notice {
        /// A warning about the plan or the render: transients finer than the rate can place, clamping.
        case render(RenderWarning)
        /// A sound that cannot play as the file asks.
        case audio(AudioTrackWarning)
        /// The request asks for the audio of a file that has no audio events: nothing is written of it.
        case noAudioEvents
        /// The file's audio events, which this render leaves out (it did not ask for them).
        case audioNotRendered(count: Int)

        /// Whether it is a warning (`--strict` fails on it), not a note.
        public var isWarning: Bool {
            switch self {
            case .render, .audio: return true
            case .noAudioEvents, .audioNotRendered: return false
            }
        }
    }

    /// A render of a loaded file as a request asks, prepared (`hapsynth render`): its plan and
    /// audio track, its outputs refused when one would replace an input, its length guarded, and
    /// what it says before it renders; nothing is written yet.
    public struct Prepared {
        public let plan: PlatformPlan
        public let track: AudioTrack?
        /// The render's frames (the longest of its files).
        public let frameCount: Int64
        /// What is known before the render, in order: coarse transients, then each sound that
        /// cannot play, or the notes about audio events left out.
        public let notices: [Notice]
        private let profile: ActuatorProfile
        private let request: Request

        /// - Parameters:
        ///   - inputs: files besides the pattern's that no output may replace (a profile, device files).
        /// - Throws: `.output` for an output that would replace an input, `.length` for a render
        ///   the length guard refuses.
        public init(_ loaded: LoadedPattern, platform: Platform, profile: ActuatorProfile, request: Request, inputs: [String]) throws(FileRenderError) {
            (self.profile, self.request) = (profile, request)
            plan = loaded.plan(for: platform)
            let track = PatternRender.track(loaded, platform: platform, profile: profile, request: request)
            self.track = track
            let outputs = [request.output] + (track != nil ? [request.audioOutput, request.syncReport].compactMap { $0 } : [])
            do {
                try OutputGuard.refuse(outputs, inputs: loaded.files + (track?.sources.compactMap(\.path) ?? []) + inputs)
            } catch {
                throw .output(error)
            }
            do {
                frameCount = try PatternRender.checkedLength(plan, track: track, profile: profile, request: request, allowLong: request.allowLong)
            } catch {
                throw .length(error)
            }
            var notices: [Notice] = []
            if let ios = plan.ios, let coarse = TransientResolution.warning(in: ios, profile: profile) { notices.append(.render(coarse)) }  // under both too
            if let track {
                notices += track.warnings.map(Notice.audio)
            } else if !request.audioLeftOut {
                if loaded.audio == nil, request.wantsAudio {
                    notices.append(.noAudioEvents)
                } else if let audio = loaded.audio {
                    notices.append(.audioNotRendered(count: audio.events.count))
                }
            }
            self.notices = notices
        }

        /// Renders into the files, put in place together; returns what was written and what the
        /// render said: sounds that failed as they played (NaN samples silenced), then clamping.
        /// - Parameter shouldContinue: asked between blocks with the frames rendered; false stops
        ///   the render (`.output(.stopped)`).
        public func render(shouldContinue: (Int64) -> Bool = { _ in true }) throws(FileRenderError) -> (Result, [Notice]) {
            let opening = track?.warnings.count ?? 0
            let result = try PatternRender.render(plan, track: track, profile: profile, request: request, allowLong: request.allowLong, threads: request.threads,
                                                  shouldContinue: shouldContinue)
            let later = (track?.warnings.dropFirst(opening) ?? []).map(Notice.audio) + result.summary.warnings(profile: profile).map(Notice.render)
            return (result, later)
        }

        /// A line for each file written: the audio track's (when written), then the haptics' or the mix's
        /// (`tap.wav: 0.821 s, 39406 frames at 48000 Hz, 1 player, peak …`).
        public func summaryLines(_ result: Result) -> [String] {
            var lines: [String] = []
            let rate = profile.sampleRate
            if let track, let audioPath = request.audioOutput, let frames = result.audioFrames {
                lines.append("\(audioPath): \(NumberText.length(frames: frames, rate: rate)), stereo, \(track.summary)")
            }
            if let track, request.mix, let ios = plan.ios {
                lines.append("\(request.output): \(NumberText.length(frames: result.summary.frameCount, rate: rate)), stereo mix of "
                    + "\(NumberText.count(ios.players.count, "player")) and \(NumberText.count(track.eventCount, "audio event")), "
                    + "\(result.mixClamped) clamped samples; \(track.summary)")
            } else {
                lines.append(result.summary.line(path: request.output))
            }
            return lines
        }
    }
}
