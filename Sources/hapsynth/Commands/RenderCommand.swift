import HapsynthKit

/// `hapsynth render <pattern> <out>`: plays the pattern through the executor on the audio engine
/// into a sound file, written atomically (docs/files-and-limits.md, docs/command-line.md).
struct RenderCommand: Command {
    static let name = "render"
    static let abstract = "Render what the actuator would do to a WAV, FLAC or OGG file."
    static let discussion = """
        The file is written beside the target under a temporary name and renamed into place only
        when complete. Prints one summary line; warnings go to stderr.
        """
    static let positionals = [
        PositionalSpec(name: "pattern", help: "A pattern.json, AHAP or .haptic file."),
        PositionalSpec(name: "out", help: "The sound file to write (.wav, .flac or .ogg)."),
    ]
    static var options: [OptionSpec] {
        [
            OptionSpec(name: "--format", valueName: "wav|flac|ogg", help: "Container (default: from the extension)."),
            OptionSpec(name: "--encoding", valueName: "float|pcm16|pcm24", help: "Sample encoding (default: per format)."),
        ] + ProfileOptions.specs + [
            OptionSpec(name: "--allow-long", valueName: nil, help: "Allow renders longer than 24 hours."),
            OptionSpec(name: "--platform", valueName: "ios|android|both", help: "Render as an iPhone (default), an Android phone, or both (stereo: left iOS, right Android)."),
            OptionSpec(name: "--android-device", valueName: "NAME|FILE", help: "With --platform android or both: the Android device (default flagship-api36)."),
            DeviceProfileOption.spec,
            OptionSpec(name: "--threads", valueName: "N", help: "Threads: 2 writes while rendering, 3+ also splits the voices (default: the cores; same samples)."),
            OptionSpec(name: "--quiet", valueName: nil, help: "Hide warnings.", short: "-q"),
            OptionSpec(name: "--strict", valueName: nil, help: "Exit 65 when there is any warning."),
        ]
    }

    let patternPath: String
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

    init(_ arguments: ParsedArguments) throws(CLIError) {
        patternPath = arguments.positionals[0]
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
    }

    func run(_ console: Console) throws(CLIError) -> ExitCode {
        let loaded = try PatternInput.load(patternPath, console: console, capabilities: capabilities, quiet: quiet, strict: strict)
        try PatternInput.refuseOverwritingInputs(outputPath, inputs: loaded.files)
        let plan = loaded.plan(for: platform)
        let frames: Int64
        do {
            frames = try FileRender.checkedLength(plan, profile: profile, allowLong: allowLong)
        } catch {
            throw CLIError(.length(error), pattern: patternPath)
        }
        if case .ios(let playback) = plan, let coarse = TransientResolution.warning(in: playback, profile: profile) {
            try PatternInput.warn(Wording.text(coarse), console: console, quiet: quiet, strict: strict)
        }
        let summary = try Interruption.deferred { () throws(CLIError) in try render(plan, frames: frames, console: console) }
        // Clamping is reported for iOS renders (an Android effect is scaled by its device's gain).
        for warning in plan.android == nil ? summary.warnings(profile: profile) : [] {
            try PatternInput.warn(Wording.text(warning), console: console, quiet: quiet, strict: strict)
        }
        console.out(summary.line(path: outputPath))
        return .success
    }

    /// Renders into a temporary file and moves it into place, with a progress bar on a terminal
    /// (for iOS renders). A signal after the file was committed no longer stops anything: the
    /// command exits 0 (exit 130 means the target is untouched).
    private func render(_ plan: PlatformPlan, frames: Int64, console: Console) throws(CLIError) -> FileRender.Summary {
        let progress = ProgressBar(total: { plan.android == nil ? frames : 0 }, console: console, enabled: plan.android == nil)
        defer { progress.clear() }
        do {
            let summary = try FileRender.render(
                plan, profile: profile, to: outputPath, container: container, encoding: encoding, allowLong: allowLong, threads: threads
            ) { frames in
                progress.update(frames)
                return !Interruption.isRaised
            }
            Interruption.settle()
            return summary
        } catch {
            throw CLIError(error, pattern: patternPath)
        }
    }
}
