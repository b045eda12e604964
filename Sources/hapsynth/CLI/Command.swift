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

    /// The words of the command's usage: `hapsynth`, its name, its arguments, then its options
    /// (optional ones in brackets, required ones bare).
    static var synopsisWords: [String] {
        var words = ["hapsynth", name]
        words += positionals.map { ($0.optional ? "[" : "") + "<\($0.name)>" + ($0.repeating ? " ..." : "") + ($0.optional ? "]" : "") }
        words += options.map { $0.isRequired ? $0.name + $0.placeholder : "[\($0.name)\($0.placeholder)]" }
        return words
    }

    /// The usage lines after `lead` (`USAGE: ` in help, `Usage: ` after an error), wrapped to
    /// `width`; continuation lines align under the first argument.
    static func usage(lead: String, width: Int) -> [String] {
        HelpText.wrap(synopsisWords, lead: lead, indent: lead.count + "hapsynth \(name) ".count, width: width)
    }

    /// The command's `--help` text, wrapped to `width`.
    static func help(width: Int) -> String {
        var lines = HelpText.wrap(abstract.split(separator: " ").map(String.init), lead: "OVERVIEW: ", indent: 10, width: width)
        lines += [""] + usage(lead: "USAGE: ", width: width)
        if !discussion.isEmpty {
            lines.append("")
            for paragraph in discussion.split(separator: "\n\n", omittingEmptySubsequences: true) {
                let words = paragraph.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
                lines += HelpText.wrap(words, lead: "", indent: 0, width: width)
            }
        }
        if !positionals.isEmpty {
            lines += ["", "ARGUMENTS:"]
            for positional in positionals { lines += HelpText.row("<\(positional.name)>", positional.help, width: width) }
        }
        lines += ["", "OPTIONS:"]
        for option in options {
            let label = (option.short.map { $0 + ", " } ?? "") + option.name + option.placeholder
            lines += HelpText.row(label, option.help + (option.isRequired ? " (required)" : ""), width: width)
        }
        lines += HelpText.row("-h, --help", "Show help information.", width: width)
        return lines.joined(separator: "\n")
    }
}
