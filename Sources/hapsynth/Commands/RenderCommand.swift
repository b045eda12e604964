import HapsynthKit

/// `hapsynth render <pattern> <out>`: plays the pattern through the executor on the emulated device
/// into a sound file, written atomically (docs/files-and-limits.md, docs/command-line.md).
struct RenderCommand: Command {
    static let name = "render"
    static let abstract = "Render what the actuator would do to a WAV, FLAC or OGG file."
    static let discussion = """
        The file is written beside the target under a temporary name and renamed into place only
        when complete. Prints one summary line (on stderr when a sound goes to standard output, '-');
        warnings go to stderr.
        """
    static let positionals = [
        PositionalSpec(name: "pattern", help: "A pattern.json, AHAP, .haptic or Kotlin (.kt) file."),
        PositionalSpec(name: "out", help: "The sound file to write (.wav, .flac or .ogg)."),
    ]
    static var options: [OptionSpec] {
        [
            PatternInput.patternSpec,
            OptionSpec(name: "--format", valueName: "wav|flac|ogg", help: "Container (default: from the extension)."),
            OptionSpec(name: "--encoding", valueName: "float|pcm16|pcm24", help: "Sample encoding (default: per format)."),
        ] + ProfileOptions.specs + [
            OptionSpec(name: "--allow-long", valueName: nil, help: "Allow renders longer than 24 hours."),
            OptionSpec(name: "--platform", valueName: "ios|android|both", help: "Render as an iPhone (default), an Android phone, or both (stereo: left iOS, right Android)."),
            OptionSpec(name: "--android-device", valueName: "NAME|FILE", help: "With --platform android or both: the Android device (default flagship-api36)."),
            DeviceProfileOption.spec,
            OptionSpec(name: "--audio", valueName: "FILE", help: "Also write an AHAP file's audio events as a stereo track."),
            OptionSpec(name: "--mix", valueName: nil, help: "Write <out> as stereo: the haptic render plus each channel of the audio track."),
            OptionSpec(name: "--no-audio", valueName: nil, help: "Leave an AHAP file's audio events out (no note about them)."),
            AudioOptions.rootSpec,
            AudioOptions.offsetSpec,
            OptionSpec(name: "--sync-report", valueName: "FILE", help: "Write each transient's offset to the nearest sound as JSON."),
            OptionSpec(name: "--sync-threshold-ms", valueName: "MS", help: "Flag offsets beyond this, 0-100 (default 24)."),
            OptionSpec(name: "--threads", valueName: "N", help: "Threads: 2 writes while rendering, 3+ also splits the voices (default: the cores; same samples)."),
            OptionSpec(name: "--quiet", valueName: nil, help: "Hide warnings.", short: "-q"),
            OptionSpec(name: "--strict", valueName: nil, help: "Exit 65 when there is any warning."),
        ]
    }

    let patternPath: String
    /// `--pattern`: the Kotlin file's pattern.
    let patternName: String?
    let outputPath: String
    let container: SoundFileContainer
    let encoding: SampleEncoding
    let profile: ActuatorProfile
    let allowLong, quiet, strict: Bool
    /// Threads the render may use: 1; 2 (writing on its own thread); 3 or more (the mixer's lanes
    /// too). The output is the same for any count.
    let threads: Int
    /// iOS, Android, or both (a stereo file: left iOS, right Android).
    let platform: Platform
    /// No haptics on a device profile without them.
    let capabilities: DeviceCapabilities
    /// Where the audio track goes (`--audio`), whether it is mixed into `<out>`, and whether audio
    /// events are left out.
    let audioPath: String?
    let mix, noAudio: Bool
    /// Where the audio–haptic sync report goes, and its threshold in ms.
    let syncReport: String?
    let syncThresholdMs: Double
    let audioOptions: AudioTrackOptions
    /// The files its options name (a profile, device files), which no output may replace.
    let inputFiles: [String]

    init(_ arguments: ParsedArguments) throws(CLIError) {
        patternPath = arguments.positionals[0]
        patternName = arguments.value("--pattern")
        outputPath = arguments.positionals[1]
        if let name = arguments.value("--format") {
            guard let container = SoundFileContainer(rawValue: name) else {
                throw .usage("--format must be wav, flac or ogg, got '\(name)'", command: Self.name)
            }
            self.container = container
        } else if let container = SoundFileContainer(pathExtension: outputPath) {
            self.container = container
        } else {
            throw .usage("cannot tell the format of '\(outputPath)' from its extension; use --format", command: Self.name)
        }
        if let name = arguments.value("--encoding") {
            guard let encoding = SampleEncoding(rawValue: name), encoding != .vorbis else {
                throw .usage("--encoding must be float, pcm16 or pcm24, got '\(name)'", command: Self.name)
            }
            self.encoding = encoding
        } else {
            encoding = container.defaultEncoding
        }
        (profile, platform, capabilities) = try DeviceProfileOption.choose(arguments, command: Self.name, allowingBoth: true)
        guard SoundFileWriter.accepts(container, encoding, format: AudioFormat(sampleRate: profile.sampleRate)) else {
            throw .usage("\(container.rawValue) files cannot hold \(encoding.rawValue) samples at \(profile.sampleRate) Hz",
                         command: Self.name)
        }
        allowLong = arguments.has("--allow-long")
        threads = try arguments.count("--threads", maximum: 256, command: Self.name)
        quiet = arguments.has("--quiet")
        strict = arguments.has("--strict")
        audioPath = arguments.value("--audio")
        syncReport = arguments.value("--sync-report")
        if let text = arguments.value("--sync-threshold-ms") {
            guard let value = DecimalNumber.parse(text), (0...100).contains(value) else {
                throw .usage("--sync-threshold-ms needs a number in 0-100, got '\(text)'", command: Self.name)
            }
            syncThresholdMs = value
        } else {
            syncThresholdMs = 24
        }
        mix = arguments.has("--mix")
        noAudio = arguments.has("--no-audio")
        if noAudio, let clash = ["--audio", "--mix", "--sync-report"].first(where: { arguments.has($0) || arguments.value($0) != nil }) {
            throw .usage("--no-audio and \(clash) contradict each other", command: Self.name)
        }
        if mix || audioPath != nil || syncReport != nil, platform != .ios {
            throw .usage("audio events play on an iPhone; leave out --platform \(platform.name) with --audio, --mix or --sync-report", command: Self.name)
        }
        audioOptions = try AudioOptions.track(arguments, patternPath: patternPath, command: Self.name)
        inputFiles = PatternInput.optionFiles(arguments)
    }

    func run(_ console: Console) throws(CLIError) -> ExitCode {
        let loaded = try PatternInput.load(patternPath, console: console, capabilities: capabilities, quiet: quiet, strict: strict, pattern: patternName, command: Self.name)
        var request = PatternRender.Request(output: outputPath, container: container, encoding: encoding)
        if !noAudio {
            request.audioOutput = audioPath
            request.mix = mix
            request.syncThresholdMs = syncReport.map { _ in syncThresholdMs }
            request.syncReport = syncReport
            request.audio = audioOptions
        }
        let prepared: PatternRender.Prepared
        do {
            prepared = try PatternRender.Prepared(loaded, platform: platform, profile: profile, request: request, allowLong: allowLong,
                                                  audioLeftOut: noAudio, inputs: inputFiles)
        } catch .output(let error) {
            throw CLIError(error)
        } catch {
            throw CLIError(error, pattern: patternPath)
        }
        try tell(prepared.notices, console: console)
        let (result, notices) = try Interruption.deferred { () throws(CLIError) in
            let result = try render(prepared, console: console)
            Interruption.settle()
            return result
        }
        try tell(notices, console: console)
        let plan = prepared.plan, track = prepared.track
        if let sync = result.sync, !quiet { sync.text.forEach { console.note("hapsynth: \($0)") } }
        // A sound written to standard output keeps it to itself: the summary goes to stderr.
        let toStandardOutput = outputPath == "-" || audioPath == "-"
        func summary(_ line: String) { toStandardOutput ? console.note(line) : console.out(line) }
        if let track, let audioPath, let frames = result.audioFrames {
            summary("\(audioPath): \(NumberText.length(frames: frames, rate: profile.sampleRate)), stereo, \(track.summary)")
        }
        if let track, mix, let ios = plan.ios {
            summary("\(outputPath): \(NumberText.length(frames: result.summary.frameCount, rate: profile.sampleRate)), stereo mix of "
                + "\(NumberText.count(ios.players.count, "player")) and \(NumberText.count(track.eventCount, "audio event")), "
                + "\(result.mixClamped) clamped samples; \(track.summary)")
        } else {
            summary(result.summary.line(path: outputPath))
        }
        return .success
    }

    /// Says what the render says: warnings (which `--strict` makes errors), notes (unless `--quiet`).
    private func tell(_ notices: [PatternRender.Notice], console: Console) throws(CLIError) {
        for notice in notices {
            switch notice {
            case .render(let warning): try PatternInput.warn(Wording.text(warning), console: console, quiet: quiet, strict: strict)
            case .audio(let warning): try PatternInput.warn(Wording.text(warning), console: console, quiet: quiet, strict: strict)
            case .noAudioEvents where !quiet:
                console.note("hapsynth: note: \(patternPath) has no audio events; --audio, --mix and --sync-report write nothing")
            case .audioNotRendered(let count) where !quiet:
                console.note("hapsynth: note: \(NumberText.count(count, "audio event")) not rendered: --audio FILE writes their track, --mix mixes it in")
            case .noAudioEvents, .audioNotRendered: break
            }
        }
    }

    /// Renders into temporary files and moves them into place, with a progress bar on a terminal
    /// (for iOS renders). A signal after the files were committed no longer stops anything: the
    /// command exits 0 (exit 130 means the targets are untouched).
    private func render(_ prepared: PatternRender.Prepared, console: Console) throws(CLIError) -> (PatternRender.Result, [PatternRender.Notice]) {
        let progress = ProgressBar(total: { prepared.frameCount }, console: console, enabled: prepared.plan.android == nil)
        defer { progress.clear() }
        do {
            return try prepared.render(threads: threads) { frames in
                progress.update(frames)
                return !Interruption.isRaised
            }
        } catch {
            throw CLIError(error, pattern: patternPath)
        }
    }
}
