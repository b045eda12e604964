import AudioCore
import AudioIO
import HapticCore
import HapticPlanner
import HapticPlayback
import HapticSynth

/// What `hapsynth plan` shows of a loaded file (docs/plan-output.md, docs/audio.md): the plan for
/// a platform, an AHAP file's audio events with their files as found, and whether its sounds land
/// with its taps; as the JSON document or as text. Nothing is rendered to list the audio: the
/// sounds' headers are read, and the sync is measured a block at a time as far as the last
/// transient needs (at most `AudioHapticSync.boundSeconds`).
public struct PlanReport {
    public let loaded: LoadedPattern
    /// What was planned.
    public let plan: PlatformPlan
    /// Each audio event's source (an AHAP file with audio events, on an iPhone).
    public let audioSources: [AudioTrack.Source]?
    /// Its sounds against its transients.
    public let sync: AudioHapticSync?
    /// Warnings about the sounds (missing, refused, unreadable).
    public let audioWarnings: [AudioTrackWarning]

    /// Plans `loaded` for `platform`; an iPhone's audio events are looked for as `audio` says
    /// (libsndfile's reader unless another is given).
    /// - Throws: `RenderLengthError` when the audio track is refused by the length guard.
    public init(_ loaded: LoadedPattern, platform: Platform, audio: AudioTrackOptions = AudioTrackOptions()) throws {
        self.loaded = loaded
        plan = loaded.plan(for: platform)
        guard case .ios(let ios) = plan, let events = loaded.audio else {
            audioSources = nil
            sync = nil
            audioWarnings = []
            return
        }
        let track = AudioTrack(events, profile: ActuatorProfile(), options: audio.readingFiles)
        audioSources = track.sources
        audioWarnings = track.warnings
        sync = try AudioHapticSync.measure(ios, track: track, profile: ActuatorProfile(), boundSeconds: AudioHapticSync.boundSeconds)
    }

    /// The plan document (docs/plan-output.md), as pretty-printed JSON.
    public var jsonDocument: String { json.pretty() }

    /// The plan document: the plan's keys, then `audio` and `sync` (with audio events), then
    /// `warnings` (every reader warning in full).
    package var json: JSONOutput {
        let warnings: JSONOutput = .array(loaded.warnings.map { .string($0.description) })
        let document: JSONOutput
        switch plan {
        case .android(let android): document = android.json
        case .ios(let ios), .both(let ios, _): document = ios.json
        }
        guard case .object(let members) = document else { return document }
        var audio: [(String, JSONOutput)] = []
        if let audioSources, let sync { audio = [("audio", .array(audioSources.map(Self.json))), ("sync", sync.json)] }
        return .object(members + audio + [("warnings", warnings)])
    }

    /// The plan as a table, then the audio events and the sync's flagged transients.
    public var text: String {
        if case .android(let android) = plan { return android.text }
        var text = loaded.plan.text(title: [loaded.name ?? loaded.path, loaded.description].compactMap { $0 }.joined(separator: " — "))
        if let audioSources, let sync {
            text += "\n\n" + (["audio: \(NumberText.count(audioSources.count, "event")) (volume, pitch, brightness, pan and ramps are "
                + "hapsynth's model; Apple publishes none)"] + audioSources.map { "  " + Self.line($0) } + sync.text).joined(separator: "\n")
        }
        return text
    }

    /// `AudioCustom at 300 ms for 400 ms, looped: sounds/chirp.wav -> Samples/sounds/chirp.wav, 44100 Hz, 1 channel, 5292 frames`.
    static func line(_ source: AudioTrack.Source) -> String {
        let event = source.event
        var text = "\(event.kind.rawValue) at \(Microseconds.millisecondsText(event.startUs)) ms"
        if event.durationUs > 0 { text += " for \(Microseconds.millisecondsText(event.durationUs)) ms" }
        if event.loops { text += ", looped" }
        guard event.kind == .custom else { return text + ": hapsynth's tone" }
        text += ": \(AudioTrackWarning.escaped(event.waveformPath ?? ""))"
        if let problem = source.problem { return text + " (\(problem))" }
        return text + " -> \(source.path ?? ""), \(source.sampleRate ?? 0) Hz, \(NumberText.count(source.channelCount ?? 0, "channel")), "
            + "\(source.frameCount ?? 0) frames"
    }

    static func json(_ source: AudioTrack.Source) -> JSONOutput {
        let event = source.event
        func optional<T>(_ value: T?, _ make: (T) -> JSONOutput) -> JSONOutput { value.map(make) ?? .null }
        return .object([
            ("type", .string(event.kind.rawValue)), ("entry", .string("\(event.entry)")), ("timeMs", .double(Double(event.startUs) / 1000)),
            ("durationMs", .double(Double(event.durationUs) / 1000)), ("waveformPath", optional(event.waveformPath) { .string($0) }),
            ("resolvedPath", optional(source.path) { .string($0) }), ("rate", optional(source.sampleRate) { .integer(Int64($0)) }),
            ("channels", optional(source.channelCount) { .integer(Int64($0)) }), ("frames", optional(source.frameCount) { .integer($0) }),
            ("problem", optional(source.problem) { .string($0) }),
        ])
    }
}
