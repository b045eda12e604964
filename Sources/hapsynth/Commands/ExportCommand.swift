import HapsynthKit

/// `hapsynth export <in> --to android-json|android-kotlin`: a pattern, AHAP file or `.haptic`
/// clip as the arrays Android code plays (docs/export.md).
struct ExportCommand: Command {
    static let name = "export"
    static let abstract = "Export a pattern, AHAP file or .haptic clip as Android waveform arrays (JSON or Kotlin)."
    static let discussion = """
        A .haptic clip is sampled as Meta's Android renderer samples it (--sample-rate, --gain); a
        pattern or an AHAP file is the waveform the Android planner makes for --android-device. The
        output is written atomically, or to standard output with -o - (the default).
        """
    static let positionals = [PositionalSpec(name: "input", help: "A pattern.json, AHAP or .haptic file.")]
    static var options: [OptionSpec] {
        [
            OptionSpec(name: "--to", valueName: "android-json|android-kotlin", help: "What to write.", isRequired: true),
            OptionSpec(name: "--output", valueName: "FILE", help: "Where to write it (default '-', standard output).", short: "-o"),
            OptionSpec(name: "--android-device", valueName: "NAME|FILE", help: "For a pattern or AHAP file: the device (default phone-api26)."),
            OptionSpec(name: "--sample-rate", valueName: "HZ", help: "For a .haptic clip: samples per second, 1-1000 (default 100)."),
            OptionSpec(name: "--gain", valueName: "X", help: "For a .haptic clip: the amplitude's gain, 0-1 (default 1)."),
            OptionSpec(name: "--name", valueName: "NAME", help: "With android-kotlin: the property's name (default: from the input's file name)."),
            OptionSpec(name: "--quiet", valueName: nil, help: "Hide warnings.", short: "-q"),
        ]
    }

    let inputPath: String
    let kotlin: Bool
    let outputPath: String
    let device: AndroidDevice
    let sampleRateHz: Float
    let gain: Float
    let name: String?
    let quiet: Bool

    init(_ arguments: ParsedArguments) throws(CLIError) {
        inputPath = arguments.positionals[0]
        switch arguments.value("--to") {
        case "android-json": kotlin = false
        case "android-kotlin": kotlin = true
        case let other: throw .usage("--to takes android-json or android-kotlin, got '\(other ?? "")'", command: Self.name)
        }
        outputPath = arguments.value("--output") ?? "-"
        device = try AndroidOptions.platform(arguments, command: Self.name, recorded: .android(.amplitudePhone)).androidDevice ?? .amplitudePhone
        func number(_ option: String, _ range: ClosedRange<Double>, _ fallback: Float) throws(CLIError) -> Float {
            guard let text = arguments.value(option) else { return fallback }
            guard let value = DecimalNumber.parse(text), range.contains(value) else {
                throw .usage("\(option) needs a number from \(NumberText.significant(range.lowerBound)) to \(NumberText.significant(range.upperBound)), got '\(text)'", command: Self.name)
            }
            return Float(value)
        }
        sampleRateHz = try number("--sample-rate", 1...1000, HapticClip.defaultAndroidSampleRateHz)
        gain = try number("--gain", 0...1, 1)
        name = arguments.value("--name")
        quiet = arguments.has("--quiet")
    }

    func run(_ console: Console) throws(CLIError) -> ExitCode {
        let loaded = try PatternInput.load(inputPath, console: console, quiet: quiet)
        try PatternInput.refuseOverwritingInputs(outputPath, inputs: loaded.files)
        let export: AndroidArrays.Export
        do {
            export = try AndroidArrays.export(loaded, device: device, sampleRateHz: sampleRateHz, gain: gain)
        } catch {
            throw .invalidInput("\(inputPath): \(error)")
        }
        if !quiet { export.warnings.forEach(console.warning) }
        let variable = name ?? AndroidArrays.variableName(FilePaths.deletingExtension(FilePaths.lastComponent(inputPath)))
        let text = kotlin ? AndroidArrays.kotlin(export.waveform, name: variable) : AndroidArrays.json(export.waveform)
        try Interruption.deferred { () throws(CLIError) in
            do throws(OutputError) {
                try TextOutput.write(text, to: outputPath, what: kotlin ? "Kotlin" : "JSON")
            } catch {
                throw CLIError(error)
            }
            Interruption.settle()
        }
        return .success
    }
}
