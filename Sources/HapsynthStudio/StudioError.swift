/// Why the studio cannot start, or refuses what a page or an agent asked.
public enum StudioError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The address cannot be listened on (in use, not this machine's), with the system's reason.
    case cannotListen(host: String, port: UInt16, reason: String)
    /// A folder or file given to the studio that does not exist.
    case missingFolder(String)
    /// A path that is not inside the folders given (or names no pattern file).
    case outsideFolders(String)
    /// No such file in the folders.
    case notFound(String)
    /// The file changed on disk since the page loaded it: it is not saved over.
    case changedOnDisk(String)
    /// A value the call takes is missing or wrong: its name and why.
    case badArgument(String, String)
    /// The call failed (the pattern does not load, a render cannot be written): the library's
    /// words, and the line and column in the file when the words begin with them.
    case failed(message: String, line: Int?, column: Int?)

    public var description: String {
        switch self {
        case let .cannotListen(host, port, reason): return "cannot listen on \(host):\(port): \(reason)"
        case .missingFolder(let path): return "\(path): no such file or folder"
        case .outsideFolders(let path): return "\(path): not a pattern file inside the folders the studio was given"
        case .notFound(let path): return "\(path): no such file in the studio's folders"
        case .changedOnDisk(let path): return "\(path) changed on disk since it was loaded; reload it (your edits are kept in the page) before saving"
        case let .badArgument(name, why): return "\(name): \(why)"
        case .failed(let message, _, _): return message
        }
    }

    /// The HTTP status that says it.
    public var status: Int {
        switch self {
        case .cannotListen, .failed: return 422
        case .missingFolder, .notFound: return 404
        case .outsideFolders: return 403
        case .changedOnDisk: return 409
        case .badArgument: return 400
        }
    }

    /// A failure in the library's words; the line and column are read off a message that begins
    /// `FILE:LINE:COLUMN: ` (as the loader's do).
    static func failure(_ message: String, file: String) -> StudioError {
        guard message.hasPrefix(file + ":") else { return .failed(message: message, line: nil, column: nil) }
        let rest = message.dropFirst(file.count + 1).split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        guard rest.count == 3, let line = Int(rest[0]), let column = Int(rest[1]) else { return .failed(message: message, line: nil, column: nil) }
        return .failed(message: message, line: line, column: column)
    }
}
