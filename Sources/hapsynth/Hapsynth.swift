#if canImport(Glibc)
import Glibc
#endif
import HapticCore

/// The root command: picks a subcommand, or answers `--help` and `--version`. Every usage error
/// and every exit code is reported here, in one place.
enum Hapsynth {
    static let version = "0.1.0"

    /// The subcommands, in the order help lists them.
    static var commands: [any Command.Type] { [RenderCommand.self, PlayCommand.self, PlanCommand.self, PlotCommand.self, CompareCommand.self, CheckCommand.self] }

    static var help: String {
        """
        OVERVIEW: Play haptic patterns the way Core Haptics plays them on an iPhone, and hear them.

        USAGE: hapsynth <command> <arguments> [options]

        COMMANDS:
        \(commands.map { HelpTable.row($0.name, $0.abstract) }.joined(separator: "\n"))

        OPTIONS:
        \(HelpTable.row("--help", "Show this help."))
        \(HelpTable.row("--version", "Show the version."))

        See 'hapsynth <command> --help' for a command's arguments and options.
        """
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
            console.error(error.message)
            if case .usage(_, let command) = error {
                let synopsis = command.flatMap { name in commands.first { $0.name == name }?.synopsis }
                console.note("Usage: \(synopsis ?? "hapsynth <command> <arguments> [options]")")
                console.note("See 'hapsynth \(command.map { "\($0) " } ?? "")--help'.")
            }
            if case .interrupted = error { return Interruption.exitStatus }
            return error.exitCode.rawValue
        }
    }

    // Note: Swift 6.3's SILGen crashes on a key path to a static member of `any Command.Type`
    // (`commands.map(\.name)`); use closures there.
    private static func run(_ arguments: [String], console: Console) throws(CLIError) -> ExitCode {
        guard let first = arguments.first else { throw .usage("no command given", command: nil) }
        switch first {
        case "--help", "-h", "help":
            console.out(help)
            return .success
        case "--version":
            console.out("hapsynth \(version)")
            return .success
        default:
            break
        }
        guard let command = commands.first(where: { $0.name == first }) else {
            let hint = KeySuggestion.closest(to: first, among: commands.map { $0.name }).map { " — did you mean '\($0)'?" } ?? ""
            let what = first.hasPrefix("-") ? "unknown option '\(first)'" : "unknown command '\(first)'"
            throw .usage(what + hint, command: nil)
        }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            console.out(command.help)
            return .success
        }
        return try command.execute(try ParsedArguments(rest, command: command), console: console)
    }
}
