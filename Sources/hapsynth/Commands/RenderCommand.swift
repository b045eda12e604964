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
        PositionalSpec(name: "pattern", help: "A pattern.json, AHAP, .haptic, Kotlin (.kt) or VibrationEffect (.vibration) file, or a system feedback call (uikit:impact.light; docs/feedback.md)."),
        PositionalSpec(name: "out", help: "The sound file to write (.wav, .flac or .ogg)."),
    ]
    static let format = Option<SoundFileContainer>.choice("--format", help: "Container (default: from the extension).", rule: "must be wav, flac or ogg")
    static let encoding = Option<SampleEncoding>(OptionSpec(name: "--encoding", valueName: "float|pcm16|pcm24", help: "Sample encoding (default: per format)."),
                                                 rule: "must be float, pcm16 or pcm24") { SampleEncoding(rawValue: $0).flatMap { $0 == .vorbis ? nil : $0 } }
    static let allowLong = Flag("--allow-long", help: "Allow renders longer than 24 hours.")
    static let audio = Option("--audio", "FILE", help: "Also write an AHAP file's audio events as a stereo track.")
    static let mix = Flag("--mix", help: "Write <out> as stereo: the haptic render plus each channel of the audio track.")
    static let noAudio = Flag("--no-audio", help: "Leave an AHAP file's audio events out (no note about them).")
    static let syncReport = Option("--sync-report", "FILE", help: "Write each transient's offset to the nearest sound as JSON.")
    static let syncThresholdMs = Option.number("--sync-threshold-ms", "MS", help: "Flag offsets beyond this, 0-100 (default 24).", in: 0...100)
    static let threads = Option.count("--threads", help: "Threads: 2 writes while rendering, 3+ also splits the voices (default: the cores; same samples).")
    static let quiet = Flag("--quiet", help: "Hide warnings.", short: "-q")
    static let strict = Flag("--strict", help: "Exit 65 when there is any warning.")
    static var options: [OptionSpec] {
        specs(PatternInput.pattern, format, encoding) + ProfileOptions.specs + specs(
            allowLong, DeviceOptions.platform.with(help: "Render as an iPhone (default), an Android phone, or both (stereo: left iOS, right Android).",
                                                          valueName: "ios|android|both"),
            DeviceOptions.androidDevice.with(help: "With --platform android or both: the Android device (default flagship-api36)."),
            DeviceOptions.profile, audio, mix, noAudio, AudioOptions.root, AudioOptions.offset, syncReport, syncThresholdMs, threads, quiet, strict)
    }

    let input: PatternInput
    /// The files to write, and the audio track's.
    let request: PatternRender.Request
    /// The actuator, the platform and the capabilities the pattern plays with.
    let target: DeviceChoice.Target
    let quiet, strict: Bool

    init(_ arguments: ParsedArguments) throws(CLIError) {
        input = try PatternInput(arguments)
        let outputPath = arguments.positionals[1]
        guard let container = try arguments.value(Self.format) ?? SoundFileContainer(pathExtension: outputPath) else {
            throw .usage("cannot tell the format of '\(outputPath)' from its extension; use --format", command: Self.name)
        }
        let encoding = try arguments.value(Self.encoding) ?? container.defaultEncoding
        target = try DeviceOptions.target(arguments, allowingBoth: true)
        guard SoundFileWriter.accepts(container, encoding, format: AudioFormat(sampleRate: target.profile.sampleRate)) else {
            throw .usage("\(container.rawValue) files cannot hold \(encoding.rawValue) samples at \(target.profile.sampleRate) Hz", command: Self.name)
        }
        (quiet, strict) = (arguments.has(Self.quiet), arguments.has(Self.strict))
        var request = PatternRender.Request(output: outputPath, container: container, encoding: encoding)
        (request.allowLong, request.threads, request.audioLeftOut) = (arguments.has(Self.allowLong), try arguments.count(Self.threads), arguments.has(Self.noAudio))
        let noAudio = request.audioLeftOut
        let syncThresholdMs = try arguments.value(Self.syncThresholdMs) ?? 24
        if noAudio, let clash = [Self.audio.name, Self.mix.name, Self.syncReport.name].first(where: { arguments.has($0) || arguments.value($0) != nil }) {
            throw .usage("--no-audio and \(clash) contradict each other", command: Self.name)
        }
        let audio = try AudioOptions.track(arguments, patternPath: input.path)
        if !noAudio {
            (request.audioOutput, request.mix, request.syncReport) = (try arguments.value(Self.audio), arguments.has(Self.mix), try arguments.value(Self.syncReport))
            request.syncThresholdMs = request.syncReport.map { _ in syncThresholdMs }
            request.audio = audio
        }
        if request.mix || request.audioOutput != nil || request.syncReport != nil, target.platform != .ios {
            throw .usage("audio events play on an iPhone; leave out --platform \(target.platform.name) with --audio, --mix or --sync-report", command: Self.name)
        }
        self.request = request
    }

    func run(_ console: Console) throws(CLIError) -> ExitCode {
        let loaded = try input.load(console: console, capabilities: target.capabilities, quiet: quiet, strict: strict)
        let prepared: PatternRender.Prepared
        do {
            prepared = try PatternRender.Prepared(loaded, platform: target.platform, profile: target.profile, request: request, inputs: input.optionFiles)
        } catch .output(let error) {
            throw CLIError(error)
        } catch {
            throw CLIError(error, pattern: input.path)
        }
        try tell(prepared.notices, console: console)
        let (result, notices) = try Interruption.process.deferred { () throws(CLIError) in
            let result = try render(prepared, console: console)
            Interruption.process.settle()
            return result
        }
        try tell(notices, console: console)
        if let sync = result.sync, !quiet { sync.text.forEach { console.note("hapsynth: \($0)") } }
        // A sound written to standard output keeps it to itself: the summary goes to stderr.
        let toStandardOutput = request.output == "-" || request.audioOutput == "-"
        prepared.summaryLines(result).forEach { toStandardOutput ? console.note($0) : console.out($0) }
        return .success
    }

    /// Says what the render says: warnings (which `--strict` makes errors), notes (unless `--quiet`).
    private func tell(_ notices: [PatternRender.Notice], console: Console) throws(CLIError) {
        for notice in notices {
            switch notice {
            case .render(let warning): try PatternInput.warn(Wording.text(warning), console: console, quiet: quiet, strict: strict)
            case .audio(let warning): try PatternInput.warn(Wording.text(warning), console: console, quiet: quiet, strict: strict)
            case .noAudioEvents where !quiet:
                console.note("hapsynth: note: \(input.path) has no audio events; --audio, --mix and --sync-report write nothing")
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
            return try prepared.render { frames in
                progress.update(frames)
                return !Interruption.process.isRaised
            }
        } catch {
            throw CLIError(error, pattern: input.path)
        }
    }
}
