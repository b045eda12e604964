/// A pattern file that could not be read: the file, the line and column, the JSON path of the
/// offending value, and what was wrong (docs/pattern-format.md).
///
/// Its text reads `celebration.json:3:15: <what was wrong> at $.timeline[1].delay`; an error in an
/// included file adds `(included from main.json:4:20)`.
public struct PatternFileError: Error, Sendable, CustomStringConvertible {
    /// What was wrong; the text of each is written once, in `message`.
    public enum Reason: Equatable, Sendable {
        /// A rule of the pattern model (docs/pattern-format.md).
        case pattern(PatternError)
        /// Malformed JSON.
        case json(JSONError.Reason)
        /// A key, transform or name that is not known; `suggestion` is the closest known one.
        case unknownName(kind: String, name: String, suggestion: String?, known: [String])
        /// A required key is absent.
        case missingKey(String)
        /// A value of the wrong JSON type; both sides read like `a number`.
        case wrongType(expected: String, got: String)
        /// `version` other than 1.
        case unsupportedVersion(String)
        /// A pattern with neither `events` nor `timeline`.
        case needsEventsOrTimeline
        /// A pattern with both `events` and `timeline`.
        case eventsAndTimeline
        /// A timeline element or transform object without exactly one key.
        case oneKeyExpected(what: String, count: Int)
        /// The file does not exist.
        case fileNotFound
        /// The file exists but cannot be read (a folder, no permission, an I/O error).
        case unreadable(String)
        /// The file is larger than `PatternLimits.maxInputBytes`.
        case fileTooLarge(bytes: Int)
        /// An included file that does not exist; holds the path as written.
        case includeNotFound(String)
        /// An included file that exists but cannot be read (a folder, a device, a loop of links,
        /// too large): the path as written and why.
        case includeUnreadable(String, String)
        /// A file that appears in its own include chain; the chain as display names.
        case includeCycle([String])
        /// An include that would make the chain longer than `PatternLimits.maxIncludeChain`.
        case includeChainTooLong(Int)
        /// The includes of one pattern read more bytes in all than `PatternLimits.maxInputBytes`.
        case includesTooLarge(bytes: Int)
        /// Transforms would process more events in all than `PatternLimits.maxTransformWork`.
        case transformWorkTooLarge(events: Int)
        /// A document of another format (an AHAP file) where a pattern.json is needed: the
        /// format, and nil for the root or the path as written for a clip or `then`.
        case otherFormat(OtherFormat, String?)
        /// A sound file (WAV, FLAC, Ogg, MP3, AIFF) given where a haptic file is needed: its kind.
        case soundFile(String)
        /// Text in UTF-16 (it starts with a UTF-16 byte order mark): haptic files are UTF-8.
        case utf16Text
    }

    /// The file as the user named it (an included file: joined to the including file's folder).
    public let file: String
    /// Where the offending value starts, when the error is inside the file's text.
    public let position: SourcePosition?
    /// The JSON path of the offending value, when the error is inside the file's text.
    public let path: JSONPath?
    public let reason: Reason
    /// The include sites from the innermost outwards (`main.json:4:20`).
    public internal(set) var includedFrom: [String] = []

    public init(file: String, position: SourcePosition?, path: JSONPath?, reason: Reason) {
        self.file = file
        self.position = position
        self.path = path
        self.reason = reason
    }

    /// A name from the input as messages show it: in full up to 64 characters, else its start and
    /// its length (a 10 MB key is not echoed back); a control character written `\u{HEX}`, so
    /// none reaches a terminal.
    package static func shown(_ name: String) -> String {
        guard name.count > 64 else { return escapingControls(name) }
        return escapingControls(String(name.prefix(48))) + "… (\(name.count) characters)"
    }

    /// `text` with each control or format character (and line or paragraph separator) written
    /// `\u{HEX}`; other characters as they are.
    package static func escapingControls(_ text: String) -> String {
        func isControl(_ scalar: Unicode.Scalar) -> Bool {
            let category = scalar.properties.generalCategory
            return category == .control || category == .format || category == .lineSeparator || category == .paragraphSeparator
        }
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        return text.unicodeScalars.map { isControl($0) ? "\\u{\(String($0.value, radix: 16))}" : String($0) }.joined()
    }

    /// Whether the named input file itself is missing (exit 66 rather than 65).
    public var isMissingInput: Bool { reason == .fileNotFound && includedFrom.isEmpty }

    /// What was wrong, with the path, without the file and position.
    public var message: String {
        let at = path.map { " at \($0)" } ?? ""
        switch reason {
        case .pattern(let error): return "\(error)\(at)"
        case .json(let reason): return "\(reason)\(at)"
        case let .unknownName(kind, name, suggestion, known):
            let name = Self.shown(name)
            if let suggestion { return "unknown \(kind) \"\(name)\"\(at) — did you mean \"\(suggestion)\"?" }
            let list = known.map { "\"\($0)\"" }.joined(separator: ", ")
            return "unknown \(kind) \"\(name)\"\(at) — expected one of \(list)"
        case .missingKey(let key): return "missing required key \"\(key)\"\(at)"
        case let .wrongType(expected, got): return "expected \(expected), got \(got)\(at)"
        case .unsupportedVersion(let text): return "version must be 1 (got \(text))\(at)"
        case .needsEventsOrTimeline: return "a pattern needs \"events\" or \"timeline\"\(at)"
        case .eventsAndTimeline: return "a pattern has either \"events\" or \"timeline\", not both\(at)"
        case let .oneKeyExpected(what, count): return "\(what) must be an object with exactly one key (got \(count))\(at)"
        case .fileNotFound: return "file not found"
        case .unreadable(let why): return "cannot read the file: \(why)"
        case .fileTooLarge(let bytes):
            return "file is \(bytes) bytes, over the limit of \(PatternLimits.maxInputBytes) bytes (64 MiB)"
        case .includeNotFound(let written): return "included file \"\(Self.shown(written))\" not found\(at)"
        case let .includeUnreadable(written, why): return "included file \"\(Self.shown(written))\" cannot be read: \(why)\(at)"
        case .includeCycle(let chain): return "include cycle \(chain.joined(separator: " → "))\(at)"
        case .includeChainTooLong(let count):
            return "include chain of \(count) includes exceeds limit \(PatternLimits.maxIncludeChain)\(at)"
        case .includesTooLarge(let bytes):
            return "the included files hold \(bytes) bytes in all, over the limit of \(PatternLimits.maxInputBytes)\(at)"
        case .transformWorkTooLarge(let events):
            return "the transforms would process \(events) events in all, over the limit of \(PatternLimits.maxTransformWork)\(at)"
        case .otherFormat(let format, nil):
            return "this is \(format.name) (\(format.sign)), \(format.nature) rather than a pattern.json"
        case .otherFormat(let format, let written?):
            return "\"\(written)\" is \(format.name), \(format.nature) rather than a pattern.json; it cannot be a clip or a then\(at)"
        case .soundFile(let kind):
            return "this is a \(kind) sound file, not a haptic file (pattern.json, AHAP or .haptic); an AHAP file plays sounds through its AudioCustom events"
        case .utf16Text:
            return "this is UTF-16 text (it starts with a UTF-16 byte order mark); hapsynth reads haptic files as UTF-8: save it as UTF-8"
        }
    }

    /// The kind of sound file `bytes` begin as, if they are one (by their first bytes).
    /// Whether `bytes` start with a UTF-16 byte order mark (FF FE or FE FF) and a character of
    /// text, as a pattern.json saved as "Unicode" does (an MP3 frame header can begin FF FE too).
    public static func isUTF16(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 4 else { return false }
        return (bytes[0] == 0xFF && bytes[1] == 0xFE && bytes[3] == 0) || (bytes[0] == 0xFE && bytes[1] == 0xFF && bytes[2] == 0)
    }

    public static func soundKind(of bytes: [UInt8]) -> String? {
        func starts(_ text: String, at offset: Int = 0) -> Bool {
            let magic = Array(text.utf8)
            return bytes.count >= offset + magic.count && Array(bytes[offset..<(offset + magic.count)]) == magic
        }
        if starts("RIFF"), starts("WAVE", at: 8) { return "WAV" }
        if starts("RF64") { return "WAV (RF64)" }
        if starts("fLaC") { return "FLAC" }
        if starts("OggS") { return "Ogg" }
        if starts("FORM"), starts("AIFF", at: 8) || starts("AIFC", at: 8) { return "AIFF" }
        if isUTF16(bytes) { return nil }
        if starts("ID3") || (bytes.count >= 2 && bytes[0] == 0xFF && bytes[1] & 0xE0 == 0xE0) { return "MP3" }
        return nil
    }

    public var description: String {
        let place = position.map { "\(file):\($0)" } ?? file
        let chain = includedFrom.isEmpty ? "" : " (included from \(includedFrom.joined(separator: ", from ")))"
        return "\(place): \(message)\(chain)"
    }
}

/// Something accepted but worth telling the user (a clamped intensity), with its place.
public struct PatternWarning: Hashable, Sendable, CustomStringConvertible {
    public let file: String
    public let position: SourcePosition
    public let path: JSONPath
    /// What happened (`intensity 1.5 clamped to 1.0`).
    public let message: String
    /// What warnings of this kind say together (`intensities clamped into 0…1`), for `WarningGroup`.
    public let kind: String
    /// What it is, for programs.
    public let code: ReadCode

    public var description: String { "\(file):\(position): \(message) at \(path)" }
    /// Where it happened, as a grouped warning line lists it.
    public var place: String { "\(file):\(position) at \(path)" }
}
