import HapsynthKit

/// An error that ends a command, with the exit code it maps to. Its text is written once, here or
/// in the wrapped library error.
enum CLIError: Error {
    /// A wrong command line; `command` names the subcommand whose usage to show.
    case usage(String, command: String?)
    /// Input that cannot be used (exit 65).
    case invalidInput(String)
    /// An input file that does not exist (exit 66).
    case missingInput(String)
    /// Haptics or the audio device is unavailable (exit 69).
    case unavailable(String)
    /// An output that cannot be created (exit 73).
    case cannotCreate(String)
    /// Reading or writing failed midway (exit 74).
    case ioError(String)
    /// Ctrl-C or SIGTERM (exit 130).
    case interrupted

    var exitCode: ExitCode {
        switch self {
        case .usage: return .usage
        case .invalidInput: return .dataError
        case .missingInput: return .noInput
        case .unavailable: return .unavailable
        case .cannotCreate: return .cannotCreate
        case .ioError: return .ioError
        case .interrupted: return .interrupted
        }
    }

    var message: String {
        switch self {
        case .usage(let text, _), .invalidInput(let text), .missingInput(let text), .unavailable(let text),
             .cannotCreate(let text), .ioError(let text):
            return text
        case .interrupted: return "interrupted"
        }
    }
}
