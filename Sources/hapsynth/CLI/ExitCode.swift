/// The exit codes of docs/command-line.md, in one table.
enum ExitCode: Int32, Sendable {
    /// Success.
    case success = 0
    /// A comparison or check failed.
    case failure = 1
    /// The command line was wrong.
    case usage = 64
    /// The input data is invalid.
    case dataError = 65
    /// An input file was not found.
    case noInput = 66
    /// Haptics or the audio device is unavailable.
    case unavailable = 69
    /// An output cannot be created.
    case cannotCreate = 73
    /// An I/O error.
    case ioError = 74
    /// Interrupted by Ctrl-C.
    case interrupted = 130
}
