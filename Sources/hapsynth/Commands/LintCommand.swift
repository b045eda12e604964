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
            OptionSpec(name: "--format", valueName: "text|json", help: "How to print the findings (default text)."),
            OptionSpec(name: "--strict", valueName: nil, help: "Fail on warnings too."),
        ]
    }

    let inputs: [String]
    let platform: Platform
    let asJSON: Bool
    let strict: Bool

    init(_ arguments: ParsedArguments) throws(CLIError) {
        inputs = arguments.positionals
        platform = try AndroidOptions.platform(arguments, command: Self.name, allowingBoth: true,
                                               recorded: arguments.value("--platform") == nil ? .both(.flagship) : .ios)
        switch arguments.value("--format") ?? "text" {
        case "text": asJSON = false
        case "json": asJSON = true
        case let other: throw .usage("--format takes text or json, got '\(other)'", command: Self.name)
        }
        strict = arguments.has("--strict")
    }

    func run(_ console: Console) throws(CLIError) -> ExitCode {
        let report: LintReport
        do {
            report = try LintReport.run(inputs, platform: platform)
        } catch {
            throw CLIError(error)
        }
        if asJSON {
            console.out(report.json.pretty())
        } else {
            for skipped in report.skipped { console.out("\(skipped.path): skipped: \(skipped.why)") }
            report.findings.map(\.line).forEach(console.out)
            console.out(report.summary + (report.files == 0 ? " (no patterns found in \(inputs.joined(separator: ", ")))" : ""))
        }
        return report.passes(strict: strict) ? .success : .failure
    }
}
