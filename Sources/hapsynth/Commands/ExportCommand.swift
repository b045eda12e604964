import HapsynthKit

/// `hapsynth export <in> --to haptic|ahap|json|android-json|android-kotlin`: a pattern, AHAP file,
/// `.haptic` clip or Kotlin pattern as a clip for Haptics Studio, an AHAP file, pattern.json, or
/// the arrays Android code plays (docs/command-line.md, docs/haptic.md, docs/kotlin.md).
struct ExportCommand: Command {
    static let name = "export"
    static let abstract = "Export a pattern, AHAP file or .haptic clip as a .haptic clip or as Android waveform arrays."
    static let discussion = """
        haptic: a clip for Haptics Studio and Meta's SDKs. ahap: the Core Haptics pattern as one
        file (a clip's emphasis transients join its continuous player, their intensities divided by
        the intensity control at their onset), or with --split one file per player in the folder
        -o names. json: a pattern (a Kotlin file's, for one) as the pattern.json that reads back
        as it. android-json, android-kotlin: the arrays
        of VibrationEffect.createWaveform; a .haptic clip is sampled as Meta's Android renderer
        samples it (--sample-rate, --gain), a pattern or an AHAP file is the waveform the Android
        planner makes for --android-device. vibration-effect: what VibrationEffect.toString() prints
        at --android-device's API level for the effect the executor builds there. The output is written atomically, or to standard output
        with -o - (the default).
        """
    static let positionals = [PositionalSpec(name: "input", help: "A pattern.json, AHAP, .haptic, Kotlin (.kt) or VibrationEffect (.vibration) file.")]
    static let to = Option<PatternExport.Target>.choice("--to", "FORMAT", help: "What to write: haptic, ahap, json, android-json, android-kotlin or vibration-effect.", isRequired: true)
    static let output = Option("--output", "FILE", help: "Where to write it (default '-', standard output).", short: "-o")
    static let sampleRate = Option.number("--sample-rate", "HZ", help: "For a .haptic clip: samples per second, 1-1000 (default 100).", in: 1...1000)
    static let gain = Option.number("--gain", "X", help: "For a .haptic clip: the amplitude's gain, 0-1 (default 1).", in: 0...1)
    static let kotlinName = Option("--name", "NAME", help: "With android-kotlin: the property's name (default: from the input's file name).")
    static let split = Flag("--split", help: "With ahap: one file per player, in the folder -o names (as plan --ahap-dir).")
    static let force = Flag("--force", help: "With --split: write into a folder that holds other files (they are kept).")
    static let quiet = Flag("--quiet", help: "Hide warnings.", short: "-q")
    static var options: [OptionSpec] {
        specs(to, PatternInput.pattern, output, DeviceOptions.androidDevice.with(help: "For a pattern or AHAP file: the device (default phone-api26)."),
              sampleRate, gain, kotlinName, split, force, quiet)
    }

    let input: PatternInput
    let target: PatternExport.Target
    let outputPath: String
    /// The device, rate, gain and name of Android's arrays.
    let android: PatternExport.AndroidOptions
    let quiet: Bool
    /// `--split`: one AHAP file per player in the folder `outputPath`; `--force` beside other files.
    let split: Bool
    let force: Bool

    init(_ arguments: ParsedArguments) throws(CLIError) {
        input = try PatternInput(arguments)
        guard let target = try arguments.value(Self.to) else {
            throw .usage("missing --to: say what to write (haptic, ahap, json, android-json, android-kotlin or vibration-effect)", command: Self.name)
        }
        self.target = target
        outputPath = try arguments.value(Self.output) ?? "-"
        var android = PatternExport.AndroidOptions()
        android.device = try DeviceOptions.chosen(arguments, recorded: .android(.amplitudePhone)).platform.androidDevice ?? .amplitudePhone
        android.sampleRateHz = try arguments.value(Self.sampleRate).map(Float.init) ?? HapticClip.defaultAndroidSampleRateHz
        android.gain = try arguments.value(Self.gain).map(Float.init) ?? 1
        android.name = try arguments.value(Self.kotlinName)
        if let name = android.name, !AndroidArrays.isKotlinName(name) {
            throw .usage("--name must be a Kotlin name (ASCII letters, digits and _, not starting with a digit, not a keyword), got '\(PatternFileError.shown(name))'",
                         command: Self.name)
        }
        self.android = android
        (quiet, split, force) = (arguments.has(Self.quiet), arguments.has(Self.split), arguments.has(Self.force))
        if split, target != .ahap { throw .usage("--split goes with --to ahap", command: Self.name) }
        if force, !split { throw .usage("--force goes with --split", command: Self.name) }
        if split, outputPath == "-" { throw .usage("--split writes a folder of files: name it with -o DIR", command: Self.name) }
    }

    func run(_ console: Console) throws(CLIError) -> ExitCode {
        let loaded = try input.load(console: console, quiet: quiet)
        if split {
            let written = try PlanCommand.writeAHAPFolder(loaded.plan, to: outputPath, force: force, inputs: input.inputs(of: loaded))
            if !quiet { written.warnings.forEach(console.warning) }
            console.note(written.summary)
            return .success
        }
        try input.guardOutputs([outputPath], loaded: loaded)
        let output: PatternExport.Output
        do throws(PatternExportError) {
            output = try PatternExport.text(loaded, as: target, fileName: FilePaths.lastComponent(input.path),
                                            outputName: outputPath == "-" ? nil : FilePaths.lastComponent(outputPath), android: android)
        } catch {
            switch error {
            case .severalPlayers(let count):
                throw .invalidInput("\(input.path): its Core Haptics plan has \(count) players that one AHAP file cannot "
                    + "hold together (more than one has controls of its own, or another's controls would reshape a continuous event); "
                    + "write one file per player with --split -o DIR")
            case .notAPattern:
                throw .invalidInput("\(input.path): --to json writes a pattern (pattern.json or Kotlin); an AHAP file or .haptic clip is not one")
            case .cannotExport(let reason):
                throw .invalidInput("\(input.path): \(reason)")
            }
        }
        if !quiet { output.warnings.forEach(console.warning) }
        try PatternInput.write(output.text, to: outputPath, what: target.what)
        return .success
    }
}
