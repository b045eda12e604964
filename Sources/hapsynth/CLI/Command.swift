/// A subcommand of `hapsynth`, in the shape of swift-argument-parser: a description for help,
/// validation of its arguments in `init`, and `run` separate from it.
protocol Command {
    /// The word that selects the command: `plan`.
    static var name: String { get }
    /// One line for the root help.
    static var abstract: String { get }
    /// A paragraph for the command's own help (may be empty).
    static var discussion: String { get }
    static var positionals: [PositionalSpec] { get }
    static var options: [OptionSpec] { get }

    /// Validates parsed arguments; throws a usage error for values that cannot work.
    init(_ arguments: ParsedArguments) throws(CLIError)

    /// Does the work and says how the process exits.
    func run(_ console: Console) throws(CLIError) -> ExitCode
}

extension Command {
    static var discussion: String { "" }

    /// Validates and runs the command.
    static func execute(_ arguments: ParsedArguments, console: Console) throws(CLIError) -> ExitCode {
        try Self(arguments).run(console)
    }

    /// `hapsynth plan <pattern> [--json] [--no-haptics]`.
    static var synopsis: String {
        var words = ["hapsynth", name]
        words += positionals.map { "<\($0.name)>" + ($0.repeating ? "..." : "") }
        words += options.map { "[\($0.name)\($0.placeholder)]" }
        return words.joined(separator: " ")
    }

    /// The command's `--help` text.
    static var help: String {
        var lines = ["OVERVIEW: \(abstract)", "", "USAGE: \(synopsis)"]
        if !discussion.isEmpty { lines += ["", discussion] }
        if !positionals.isEmpty {
            lines += ["", "ARGUMENTS:"]
            lines += positionals.map { HelpTable.row("<\($0.name)>", $0.help) }
        }
        lines += ["", "OPTIONS:"]
        lines += options.map { HelpTable.row($0.name + $0.placeholder, $0.help) }
        lines.append(HelpTable.row("--help", "Show this help."))
        return lines.joined(separator: "\n")
    }
}

/// Two-column help rows.
enum HelpTable {
    static func row(_ left: String, _ right: String) -> String {
        let width = 24
        let padded = left.count < width ? left + String(repeating: " ", count: width - left.count) : left + "  "
        return "  " + padded + right
    }
}
