#if canImport(Glibc)
import Glibc
#endif
import HapsynthKit

/// The root command: picks a subcommand, or answers `--help` and `--version`. Every usage error
/// and every exit code is reported here, in one place.
enum RootCommand {
    static let version = "0.1.0"

    /// The subcommands, in the order help lists them.
    static var commands: [any Command.Type] { [RenderCommand.self, PlayCommand.self, PlanCommand.self, PlotCommand.self, CompareCommand.self, CheckCommand.self, ExportCommand.self, FromAudioCommand.self, LintCommand.self, DevicesCommand.self, FeedbackCommand.self, StudioCommand.self] }

    /// The commands and their options, as completion scripts take them.
    static var outlines: [CommandOutline] {
        commands.map { command in
            CommandOutline(name: command.name, abstract: command.abstract, options: command.options.map {
                CommandOutline.Option(name: $0.name, short: $0.short, valueName: $0.valueName, choices: $0.choices, help: $0.help)
            })
        }
    }

    /// The root help, wrapped to `width`.
    static func help(width: Int) -> String {
        var lines = HelpText.wrap("Play haptic patterns the way Core Haptics plays them on an iPhone, and hear them."
            .split(separator: " ").map(String.init), lead: "OVERVIEW: ", indent: 10, width: width)
        lines += ["", "USAGE: hapsynth <subcommand>", "", "OPTIONS:"]
        lines += HelpText.row("--version", "Show the version.", width: width)
        lines += HelpText.row("-h, --help", "Show help information.", width: width)
        lines += HelpText.row("--generate-completion-script bash|zsh|fish", "Print a shell completion script.", width: width)
        lines += HelpText.row("--generate-manual", "Print the hapsynth(1) man page (roff).", width: width)
        lines += ["", "SUBCOMMANDS:"]
        for command in commands { lines += HelpText.row(command.name, command.abstract, width: width) }
        lines += HelpText.row("help", "Show help for a subcommand.", width: width)
        lines += ["", "  See 'hapsynth help <subcommand>' for detailed help."]
        return lines.joined(separator: "\n")
    }

    /// Runs the command line and returns the process's exit status.
    static func main(_ arguments: [String], console: Console = Console()) -> Int32 {
        do {
            let status = try run(arguments, console: console)
            let stdoutError = Console.stdoutError.load(ordering: .sequentiallyConsistent)
            guard stdoutError == 0 else {
                console.error("cannot write to standard output: \(String(cString: strerror(stdoutError)))")
                return ExitCode.ioError.rawValue
            }
            return status.rawValue
        } catch {
            // Ctrl-C is how a user ends a playback or a watch: a quiet exit, not an error.
            if case .interrupted = error { return Interruption.process.exitStatus }
            console.error(error.message)
            if case .usage(_, let command) = error {
                let width = HelpText.width
                let usage = command.flatMap { name in commands.first { $0.name == name }?.usage(lead: "Usage: ", width: width) }
                for line in usage ?? ["Usage: hapsynth <subcommand>"] { console.note(line) }
                console.note("  See 'hapsynth help\(command.map { " \($0)" } ?? "")' for more information.")
            }
            return error.exitCode.rawValue
        }
    }

    /// `unknown command 'plna' — did you mean 'plan'?` (or `unknown option` for a word with dashes).
    private static func unknownCommand(_ word: String) -> CLIError {
        let hint = KeySuggestion.closest(to: word, among: commands.map { $0.name }).map { " — did you mean '\($0)'?" } ?? ""
        let what = word.hasPrefix("-") ? "unknown option '\(word)'" : "unknown command '\(word)'"
        return .usage(what + hint, command: nil)
    }

    // Note: Swift 6.3's SILGen crashes on a key path to a static member of `any Command.Type`
    // (`commands.map(\.name)`); use closures there.
    private static func run(_ arguments: [String], console: Console) throws(CLIError) -> ExitCode {
        guard let first = arguments.first else {
            // Alone, the overview: what hapsynth does and its commands.
            console.out(help(width: HelpText.width))
            return .success
        }
        switch first {
        case "--help", "-h":
            console.out(help(width: HelpText.width))
            return .success
        case "help":
            guard let name = arguments.dropFirst().first, name != "help" else {
                console.out(help(width: HelpText.width))
                return .success
            }
            guard let command = commands.first(where: { $0.name == name }) else { throw unknownCommand(name) }
            console.out(command.help(width: HelpText.width))
            return .success
        case "--version":
            console.out("hapsynth \(version)")
            return .success
        case "--generate-completion-script":
            guard let shell = arguments.dropFirst().first, let script = ShellCompletion.script(for: shell, commands: outlines) else {
                throw .usage("--generate-completion-script takes \(ShellCompletion.shells.joined(separator: ", ")), got '"
                    + (arguments.dropFirst().first ?? "") + "'", command: nil)
            }
            console.out(String(script.dropLast()))
            return .success
        case "--generate-manual":
            console.out(String(ManPage.roff().dropLast()))
            return .success
        default:
            break
        }
        guard let command = commands.first(where: { $0.name == first }) else { throw unknownCommand(first) }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            console.out(command.help(width: HelpText.width))
            return .success
        }
        return try command.execute(try ParsedArguments(rest, command: command), console: console)
    }
}
