import HapsynthKit

/// `hapsynth lint <pattern-or-dir>...`: named rules over pattern libraries (docs/lint.md).
struct LintCommand: Command {
    static let name = "lint"
    static let abstract = "Check patterns, AHAP files and .haptic clips for known mistakes, by named rules."
    static let discussion = """
        Folders are searched as check searches them. Each finding names its rule (HS001...), its
        place (line, column, JSON path) and its severity; exit 1 when there is an error finding (or,
        with --strict, a warning) or no pattern at all.
        """
    static let positionals = [PositionalSpec(name: "pattern-or-dir", help: "Pattern files or folders, or system feedback calls (android:CONFIRM).", repeating: true)]
    static let format = Option<LintRun.Format>.choice("--format", help: "How to write the findings (default text).")
    static let output = Option("--output", "FILE", help: "Write them to FILE, atomically (default: standard output).", short: "-o")
    static let sarifRoot = Option("--sarif-root", "DIR", help: "With sarif: the folder paths are relative to (default: the current one).")
    static let config = Option("--config", "FILE", help: "Rules off or re-levelled, per glob (default: ./hapsynth-lint.json when there is one).")
    static let strict = Flag("--strict", help: "Fail on warnings too.")
    static let jobs = Option.count("--jobs", help: "Files linted at once (default: the number of cores; the output is the same).")
    static var options: [OptionSpec] {
        specs(DeviceOptions.platform.with(help: "The platforms whose rules apply (default both).", valueName: "ios|android|both"),
              DeviceOptions.androidDevice.with(help: "The Android device (default flagship-api36)."), DeviceOptions.profile, AudioOptions.root,
              format, output, sarifRoot, config, strict, jobs)
    }

    /// What to lint, on which platforms, by which config, and in which format.
    let request: LintRun.Request
    let output: String?
    let strict: Bool
    /// The config file and the files options name, which the output may not replace.
    let inputFiles: [String]

    init(_ arguments: ParsedArguments) throws(CLIError) {
        var request = LintRun.Request(inputs: arguments.positionals)
        let named = try arguments.value(Self.config)
        let (config, file, recorded) = try worded { try LintRun.config(at: named) }
        request.config = config
        inputFiles = PatternInput.optionFiles(arguments) + (file.map { [$0] } ?? [])
        // A device's own actuator, else the iPhone as the catalogue plays it (`LintTarget`'s).
        let chosen = try DeviceOptions.target(arguments, allowingBoth: true, recorded: recorded)
        request.target = LintTarget(platform: chosen.platform)
        if chosen.device != nil { request.target.profile = chosen.profile }
        (request.target.capabilities, request.target.audioRoots) = (chosen.capabilities, AudioOptions.roots(arguments))
        request.format = try arguments.value(Self.format) ?? .text
        output = try arguments.value(Self.output)
        request.sarifRoot = try arguments.value(Self.sarifRoot) ?? "."
        strict = arguments.has(Self.strict)
        request.jobs = try arguments.count(Self.jobs)
        self.request = request
    }

    func run(_ console: Console) throws(CLIError) -> ExitCode {
        let (report, text) = try worded(Self.name) { try request.run(toolVersion: RootCommand.version) }
        if let output {
            try PatternInput.guardOutputs([output], inputs: report.paths + inputFiles)
            try PatternInput.write(text, to: output, what: "lint report", settles: false)  // the verdict is the exit code
            if request.format != .text { console.note(report.summary) }
        } else {
            console.out(String(text.dropLast()))
        }
        return report.passes(strict: strict) ? .success : .failure
    }
}
