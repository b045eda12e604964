#if canImport(Glibc)
import Glibc
#endif
/// A pattern read from a pattern.json file (docs/pattern-format.md), with the file's free text and the
/// warnings met on the way.
public struct PatternDocument: Sendable {
    public let pattern: Pattern
    /// The top-level `name`, shown by `hapsynth plan`.
    public let name: String?
    /// The top-level `description`, shown by `hapsynth plan`.
    public let description: String?
    /// Accepted oddities such as clamped intensities, in the order met.
    public let warnings: [PatternWarning]
    /// The real path of every file read, once each: the root first, then includes in the order
    /// first read.
    public let files: [String]
    /// A 64-bit FNV-1a hash of the content of every file read, in the order read: what a trigger
    /// keyed on "the file and its includes" compares.
    public let contentKey: UInt64
    /// Where a source file declares it, for a pattern read from code (nil for pattern.json).
    public var declaredAt: SourcePosition? = nil

    /// A document read by another reader (one of source code, in a module above this one).
    package init(pattern: Pattern, name: String?, description: String?, warnings: [PatternWarning], files: [String], contentKey: UInt64,
                 declaredAt: SourcePosition? = nil) {
        (self.pattern, self.name, self.description, self.warnings, self.files, self.contentKey, self.declaredAt) =
            (pattern, name, description, warnings, files, contentKey, declaredAt)
    }
}

/// Reads pattern.json files with hapsynth's own JSON parser, so that every error names the file,
/// the line and column, and the JSON path of the offending value.
public enum PatternReader {
    /// Tells which other format a parsed document is, if any (a loader that knows AHAP passes one).
    package typealias Recognizer = @Sendable (JSONNode) -> OtherFormat?

    /// Reads the pattern file at `path` and every file it includes.
    /// - Throws: `PatternFileError`; `isMissingInput` tells a missing file apart from bad content.
    public static func read(contentsOf path: String) throws(PatternFileError) -> PatternDocument {
        let bytes = try InputFile.read(path, display: path)
        return try read(bytes: bytes, root: nil, path: path)
    }

    /// Reads a pattern file whose bytes were already read (and perhaps parsed, to tell its
    /// format), resolving includes relative to `path`; `otherFormat` recognises documents of other
    /// formats, so that one given as the file or included as a clip is named as what it is.
    package static func read(
        bytes: [UInt8], root: JSONNode?, path: String, otherFormat: @escaping Recognizer = { _ in nil }
    ) throws(PatternFileError) -> PatternDocument {
        let session = ReadSession(otherFormat: otherFormat)
        if let real = InputFile.realPath(path) { session.files.append(real) }
        let decoder = PatternDecoder(
            file: path, directory: PatternDecoder.directory(of: path),
            chain: [(real: InputFile.realPath(path) ?? path, display: path)], session: session)
        return try decoder.decodeDocument(bytes, root: root)
    }

    /// Parses JSON bytes, with errors placed in `file`.
    package static func parse(_ bytes: [UInt8], file: String) throws(PatternFileError) -> JSONNode {
        do {
            return try JSONParser.parse(bytes)
        } catch {
            throw PatternFileError(file: file, position: error.position, path: error.path, reason: .json(error.reason))
        }
    }

    /// Reads a pattern from JSON text; `file` names it in errors and relative includes are
    /// resolved against `directory`.
    public static func read(json bytes: [UInt8], file: String = "<input>", directory: String = ".") throws(PatternFileError) -> PatternDocument {
        let decoder = PatternDecoder(
            file: file, directory: directory, chain: [(real: file, display: file)], session: ReadSession(otherFormat: { _ in nil }))
        return try decoder.decodeDocument(bytes)
    }
}

/// A format that is not pattern.json, recognised by a loader that knows it (the AHAP import), so
/// that the reader can say what a file is when it is handed one: `this is an AHAP file (a top-level
/// "Pattern" array), one Core Haptics pattern rather than a pattern.json`.
public struct OtherFormat: Hashable, Sendable {
    /// With its article: `an AHAP file`.
    public let name: String
    /// What gives it away: `a top-level "Pattern" array`.
    public let sign: String
    /// What such a document is: `one Core Haptics pattern`.
    public let nature: String

    public init(name: String, sign: String, nature: String) {
        self.name = name
        self.sign = sign
        self.nature = nature
    }
}

/// What one read shares across the files it includes.
final class ReadSession {
    /// Names a document of another format.
    let otherFormat: PatternReader.Recognizer
    var warnings: [PatternWarning] = []
    var files: [String] = []
    /// Included patterns already decoded, by real path and nesting depth: each file is read once,
    /// however often it is included.
    var included: [String: Pattern] = [:]
    /// Bytes of included files read so far, against `PatternLimits.maxInputBytes`.
    var includedBytes = 0
    /// Events processed by transforms so far, against `PatternLimits.maxTransformWork`.
    var transformWork = 0
    private var key = ContentKey()

    init(otherFormat: @escaping PatternReader.Recognizer) { self.otherFormat = otherFormat }

    var contentKey: UInt64 { key.value }

    func absorb(_ bytes: [UInt8]) { key.absorb(bytes) }
}

/// A 64-bit FNV-1a hash over the bytes of several files, each followed by a 0xFF separator: the
/// key of "the file and its includes, as loaded".
package struct ContentKey: Hashable, Sendable {
    package private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    package init() {}

    package mutating func absorb(_ bytes: [UInt8]) {
        var hash = value
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        hash ^= 0xFF
        value = hash &* 0x100_0000_01b3
    }
}

/// Decodes one file's JSON into the pattern model. Includes get a decoder of their own.
package struct PatternDecoder {
    /// The file as errors name it.
    let file: String
    /// The folder that relative includes are resolved against.
    let directory: String
    /// The include chain from the root to this file.
    let chain: [(real: String, display: String)]
    let session: ReadSession

    func decodeDocument(_ bytes: [UInt8], root parsed: JSONNode? = nil) throws(PatternFileError) -> PatternDocument {
        session.absorb(bytes)
        let root: JSONNode
        if let parsed { root = parsed } else { root = try parse(bytes) }
        if let format = session.otherFormat(root) { throw fail(.otherFormat(format, nil), root, .root) }
        let (pattern, name, description) = try decodePattern(root, .root, depth: 1)
        return PatternDocument(
            pattern: pattern, name: name, description: description, warnings: session.warnings, files: session.files,
            contentKey: session.contentKey)
    }

    func parse(_ bytes: [UInt8]) throws(PatternFileError) -> JSONNode {
        try PatternReader.parse(bytes, file: file)
    }

    // MARK: Errors and warnings

    func fail(_ reason: PatternFileError.Reason, _ node: JSONNode, _ path: JSONPath) -> PatternFileError {
        PatternFileError(file: file, position: node.position, path: path, reason: reason)
    }

    /// Runs a model operation, placing any `PatternError` at `node` and `path`.
    func located<T>(_ node: JSONNode, _ path: @autoclosure () -> JSONPath, _ body: () throws(PatternError) -> T) throws(PatternFileError) -> T {
        do {
            return try body()
        } catch {
            throw fail(.pattern(error), node, path())
        }
    }

    func warn(_ message: String, kind: String, code: ReadCode, _ node: JSONNode, _ path: JSONPath) {
        session.warnings.append(PatternWarning(file: file, position: node.position, path: path, message: message, kind: kind, code: code))
    }

    // MARK: Patterns

    static let patternKeys = ["version", "name", "description", "events", "timeline", "durationMs"]

    /// A pattern object; its timeline is the list at nesting `depth`.
    func decodePattern(_ node: JSONNode, _ path: JSONPath, depth: Int) throws(PatternFileError) -> (Pattern, String?, String?) {
        let object = try ObjectReader(node, path, allowed: PatternDecoder.patternKeys, decoder: self)
        if let version = object["version"] {
            let number = try self.number(version, path.appending("version"), expected: "the number 1")
            guard number.double == 1 else { throw fail(.unsupportedVersion(number.text), version, path.appending("version")) }
        }
        let name = try object["name"].map { node throws(PatternFileError) in try string(node, path.appending("name")) }
        let description = try object["description"].map { node throws(PatternFileError) in
            try string(node, path.appending("description"))
        }
        var pattern: Pattern
        switch (object["events"], object["timeline"]) {
        case (nil, nil): throw fail(.needsEventsOrTimeline, node, path)
        case (.some, .some): throw fail(.eventsAndTimeline, node, path)
        case (let events?, nil): pattern = try decodeEvents(events, path.appending("events"))
        case (nil, let timeline?): pattern = try decodeTimeline(timeline, path.appending("timeline"), depth: depth)
        }
        if let duration = object["durationMs"] {
            let durationPath = path.appending("durationMs")
            let durationMs = try milliseconds(duration, durationPath, field: "durationMs")
            let events = pattern.events
            pattern = try located(duration, durationPath) { () throws(PatternError) in
                try Pattern(events: events, durationMs: durationMs)
            }
        }
        return (pattern, name, description)
    }

    /// A clip's or `then`'s pattern: an inline object, or a path to include.
    func decodeClipPattern(_ node: JSONNode, _ path: JSONPath, depth: Int) throws(PatternFileError) -> Pattern {
        switch node.value {
        case .object: return try decodePattern(node, path, depth: depth).0
        case .string(let written): return try include(written, node, path, depth: depth)
        default: throw fail(.wrongType(expected: "a pattern object or a file path", got: node.kindDescription), node, path)
        }
    }

    // MARK: Includes

    /// Reads an included pattern file; its timeline is at nesting `depth` like an inline pattern's.
    func include(_ written: String, _ node: JSONNode, _ path: JSONPath, depth: Int) throws(PatternFileError) -> Pattern {
        let display = written.hasPrefix("/") ? written : PatternDecoder.join(directory, written)
        guard let real = InputFile.realPath(display) else {
            let code = errno
            guard code == ENOENT || code == ENOTDIR || written.isEmpty else {
                throw fail(.includeUnreadable(written, String(cString: strerror(code))), node, path)
            }
            throw fail(.includeNotFound(written), node, path)
        }
        if let first = chain.firstIndex(where: { $0.real == real }) {
            throw fail(.includeCycle(chain[first...].map(\.display) + [display]), node, path)
        }
        guard chain.count <= PatternLimits.maxIncludeChain else {
            throw fail(.includeChainTooLong(chain.count), node, path)
        }
        let site = "\(file):\(node.position)"
        let cacheKey = "\(depth) \(real)"
        if let cached = session.included[cacheKey] { return cached }
        do throws(PatternFileError) {
            let bytes: [UInt8]
            do {
                bytes = try InputFile.read(real, display: display)
            } catch {
                // Named at the clip that includes it, with its JSON path.
                if case .unreadable(let why) = error.reason { throw fail(.includeUnreadable(written, why), node, path) }
                throw fail(.includeUnreadable(written, error.message), node, path)
            }
            session.includedBytes += bytes.count
            guard session.includedBytes <= PatternLimits.maxInputBytes else {
                throw fail(.includesTooLarge(bytes: session.includedBytes), node, path)
            }
            if !session.files.contains(real) { session.files.append(real) }
            session.absorb(bytes)
            let included = PatternDecoder(
                file: display, directory: PatternDecoder.directory(of: display),
                chain: chain + [(real: real, display: display)], session: session)
            let root = try included.parse(bytes)
            if let format = session.otherFormat(root) { throw fail(.otherFormat(format, written), node, path) }
            let pattern = try included.decodePattern(root, .root, depth: depth).0
            session.included[cacheKey] = pattern
            return pattern
        } catch {
            var located = error
            if located.file != file { located.includedFrom.append(site) }
            throw located
        }
    }

    /// The folder part of a path (`""` for a bare file name).
    package static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// `relative` inside `directory` (`""` and `.` mean the current folder).
    package static func join(_ directory: String, _ relative: String) -> String {
        if directory.isEmpty || directory == "." { return relative }
        return directory.hasSuffix("/") ? directory + relative : directory + "/" + relative
    }
}
