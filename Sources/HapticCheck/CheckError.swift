import AudioIO

/// A check that cannot go on: the whole run stops (a pattern that cannot be loaded or rendered is
/// an outcome, `invalid`, not an error).
public enum CheckError: Error, Sendable, CustomStringConvertible {
    /// A pattern or folder named to check does not exist.
    case inputNotFound(String)
    /// The suite's `hapsynth-check.json` cannot be used; the message has its place.
    case invalidConfig(String)
    /// A golden, the suite's config, an artifact or a report cannot be created.
    case cannotWrite(String)
    /// Writing a golden or an artifact failed midway.
    case writeFailed(String)
    /// The caller stopped the check (Ctrl-C).
    case interrupted
    /// The goldens folder holds another platform's goldens (one folder, one platform).
    case platformMismatch(goldens: String, recorded: String, asked: String)
    /// Pruning was asked of a suite named by files: which goldens the suite owns cannot be known.
    case cannotPrune(file: String)
    /// A report cannot be made, would replace an input, or failed as it was written.
    case output(OutputError)

    public var description: String {
        switch self {
        case .inputNotFound(let path): return "\(path): file not found"
        case .invalidConfig(let text), .cannotWrite(let text), .writeFailed(let text): return text
        case .interrupted: return "interrupted"
        case let .platformMismatch(goldens, recorded, asked):
            return "\(FilePaths.join(goldens, CheckSuiteConfig.fileName)) says \(goldens) holds \(recorded) goldens; check \(asked) "
                + "against a goldens folder of its own (or re-record every golden of this one)"
        case .cannotPrune(let file):
            return "cannot prune a suite named by files (\(file)): only a folder says which goldens its patterns own"
        case .output(let error): return "\(error)"
        }
    }
}
