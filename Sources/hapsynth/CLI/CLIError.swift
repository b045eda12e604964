import HapsynthKit
import HapsynthStudio

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

/// `body`'s value; a library error it throws, as the command line words it (`command`: the
/// command whose usage a usage error shows).
func worded<T>(_ command: String? = nil, _ body: () throws -> T) throws(CLIError) -> T {
    do {
        return try body()
    } catch {
        throw CLIError(library: error, command: command)
    }
}

extension CLIError {
    /// A library error in the command line's words and exit codes (one it does not know: 65).
    init(library error: any Error, command: String?) {
        switch error {
        case let error as CLIError: self = error
        case let error as LoadError: self = CLIError(error, command: command)
        case let error as OutputError: self = CLIError(error)
        case let error as CheckError: self = CLIError(error)
        case let error as FromAudioBatchError: self = CLIError(error)
        case let error as DeviceRunError: self = CLIError(error, command: command ?? DevicesCommand.name)
        case let error as DeviceChoiceError: self = CLIError(error, command: command ?? "")
        case let error as ProfileChoiceError: self = CLIError(error, command: command ?? "")
        case let error as LintRunError: self = error.isMissing ? .missingInput(error.description) : .invalidInput(error.description)
        case let error as StudioError:
            if case .cannotListen = error { self = .unavailable(error.description) } else { self = error.status == 404 ? .missingInput(error.description) : .invalidInput(error.description) }
        default: self = .invalidInput("\(error)")
        }
    }
}
