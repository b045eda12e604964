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
    static let positionals = [PositionalSpec(name: "pattern-or-dir", help: "Pattern files or folders.", repeating: true)]
    static var options: [OptionSpec] {
        [
            OptionSpec(name: "--platform", valueName: "ios|android|both", help: "The platforms whose rules apply (default both)."),
            OptionSpec(name: "--android-device", valueName: "NAME|FILE", help: "The Android device (default flagship-api36)."),
            DeviceProfileOption.spec,
            AudioOptions.rootSpec,
            OptionSpec(name: "--format", valueName: "text|json|junit|sarif", help: "How to write the findings (default text)."),
            OptionSpec(name: "--output", valueName: "FILE", help: "Write them to FILE, atomically (default: standard output).", short: "-o"),
            OptionSpec(name: "--sarif-root", valueName: "DIR", help: "With sarif: the folder paths are relative to (default: the current one)."),
            OptionSpec(name: "--config", valueName: "FILE", help: "Rules off or re-levelled, per glob (default: ./hapsynth-lint.json when there is one)."),
            OptionSpec(name: "--strict", valueName: nil, help: "Fail on warnings too."),
            OptionSpec(name: "--jobs", valueName: "N", help: "Files linted at once (default: the number of cores; the output is the same)."),
        ]
    }

    /// How the findings are written.
    enum Format: String { case text, json, junit, sarif }

    let inputs: [String]
    /// The platforms, the iPhone's actuator and capabilities, and where sounds are looked for.
    let target: LintTarget
    let format: Format
    let output: String?
    let sarifRoot: String
    let strict: Bool
    let jobs: Int
    let config: LintConfig
    /// The config file and the files options name, which the output may not replace.
    let inputFiles: [String]

    init(_ arguments: ParsedArguments) throws(CLIError) {
        inputs = arguments.positionals
        let path = arguments.value("--config") ?? (FilePaths.isFolder(LintConfig.fileName) == false ? LintConfig.fileName : nil)
        inputFiles = PatternInput.optionFiles(arguments) + (path.map { [$0] } ?? [])
        do {
            config = try path.map { path throws(SettingsFileError) in try LintConfig.read(contentsOf: path) } ?? LintConfig()
        } catch {
            throw error.isMissing ? .missingInput(error.description) : .invalidInput(error.description)
        }
        // Flags beat the file, which beats the defaults (both platforms, flagship-api36).
        var recorded = Platform.both(.flagship)
        if let name = config.androidDevice {
            do {
                recorded = .both(try AndroidDevice.resolve(name))
            } catch {
                throw .invalidInput("\(path ?? LintConfig.fileName): androidDevice: \(error)")
            }
        }
        if config.platform == "ios" { recorded = .ios }
        if config.platform == "android", let device = recorded.androidDevice { recorded = .android(device) }
        let device = try DeviceProfileOption.device(arguments, command: Self.name)
        var target: LintTarget
        if let device {
            target = LintTarget(platform: device.platform)
        } else {
            target = LintTarget(platform: try AndroidOptions.platform(arguments, command: Self.name, allowingBoth: true, recorded: recorded))
        }
        if device != nil { target.profile = try DeviceProfileOption.profile(device, over: ActuatorProfile(), command: Self.name) }
        target.capabilities = device?.capabilities ?? .iPhone
        target.audioRoots = AudioOptions.roots(arguments)
        self.target = target
        guard let format = Format(rawValue: arguments.value("--format") ?? "text") else {
            throw .usage("--format takes text, json, junit or sarif, got '\(arguments.value("--format") ?? "")'", command: Self.name)
        }
        self.format = format
        output = arguments.value("--output")
        sarifRoot = arguments.value("--sarif-root") ?? "."
        strict = arguments.has("--strict")
        jobs = try arguments.count("--jobs", maximum: 256, command: Self.name)
    }

    func run(_ console: Console) throws(CLIError) -> ExitCode {
        let report: LintReport
        do {
            report = try LintReport.run(inputs, target: target, jobs: jobs).applying(config)
        } catch {
            throw CLIError(error)
        }
        let text: String
        switch format {
        case .json: text = report.json.pretty() + "\n"
        case .sarif: text = report.sarif(toolVersion: RootCommand.version, root: sarifRoot).pretty() + "\n"
        case .junit: text = report.junit
        case .text:
            let lines = report.skipped.map { "\($0.path): skipped: \($0.why)" } + report.findings.map(\.line)
                + [report.summary + (report.files == 0 ? " (no patterns found in \(inputs.joined(separator: ", ")))" : "")]
            text = lines.joined(separator: "\n") + "\n"
        }
        if let output {
            try PatternInput.guardOutputs([output], inputs: report.paths + inputFiles)
            try PatternInput.write(text, to: output, what: "lint report", settles: false)  // the verdict is the exit code
            if format != .text { console.note(report.summary) }
        } else {
            console.out(String(text.dropLast()))
        }
        return report.passes(strict: strict) ? .success : .failure
    }
}
