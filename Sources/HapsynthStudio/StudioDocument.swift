import HapsynthKit
import HapticCore

/// A pattern file's text as the page edits it, and its saving: a save names the version it was
/// made from and is refused when the file changed on disk since (its version is the content key
/// of its bytes); it writes the page's text as it is, atomically, over the real file (a link stays a
/// link); a file whose lines end in CRLF keeps them (a browser's editor hands back LF).
public enum StudioDocument {
    /// A file's text and version.
    public struct Loaded: Sendable, Equatable {
        public let text: String
        /// The content key of the file's bytes, in hex.
        public let version: String
        /// False for a file that is not UTF-8 text: shown, never saved over.
        public let editable: Bool
    }

    /// Reads the file at `realPath` (at most the loader's input limit).
    public static func load(_ realPath: String, shown: String) throws(StudioError) -> Loaded {
        let bytes = try read(realPath, shown: shown)
        let valid = String(validating: bytes, as: UTF8.self)
        return Loaded(text: valid ?? String(decoding: bytes, as: UTF8.self), version: version(of: bytes), editable: valid != nil)
    }

    /// Saves `text` over the file if it is still at `version`; returns the new version.
    /// - Throws: `StudioError.changedOnDisk` when the file is not at `version` any more.
    public static func save(_ text: String, over realPath: String, shown: String, version expected: String) throws(StudioError) -> String {
        let current = try read(realPath, shown: shown)
        guard version(of: current) == expected else { throw .changedOnDisk(shown) }
        guard String(validating: current, as: UTF8.self) != nil else { throw .badArgument(shown, "the file is not UTF-8 text; the studio does not save over it") }
        let saved = restoringLineEnds(text, like: current)
        do {
            try TextOutput.write(saved, to: realPath, what: "pattern")
        } catch {
            throw .failed(message: "\(error)", line: nil, column: nil)
        }
        return version(of: Array(saved.utf8))
    }

    /// `text` with CRLF line ends when the file had them and `text` has none.
    static func restoringLineEnds(_ text: String, like current: [UInt8]) -> String {
        let hadCRLF = zip(current, current.dropFirst()).contains { $0 == 13 && $1 == 10 }
        guard hadCRLF, !text.utf8.contains(13) else { return text }
        return text.replacingAll("\n", with: "\r\n")
    }

    /// The file's content key (HapticCore's `ContentKey`, FNV-1a over the bytes), as 16 hex digits.
    public static func version(of bytes: [UInt8]) -> String {
        var key = ContentKey()
        key.absorb(bytes)
        let digits = String(key.value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    private static func read(_ realPath: String, shown: String) throws(StudioError) -> [UInt8] {
        do {
            return try InputFile.read(realPath, display: shown)
        } catch {
            if error.isMissingInput { throw .notFound(shown) }
            throw .failed(message: error.description, line: nil, column: nil)
        }
    }
}
