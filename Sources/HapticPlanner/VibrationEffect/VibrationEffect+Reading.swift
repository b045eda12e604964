import HapticCore

/// Why a `VibrationEffect` text cannot be read: where (line and column, from 1) and what.
public struct VibrationEffectTextError: Error, Hashable, Sendable, CustomStringConvertible {
    public let file: String
    public let line: Int
    public let column: Int
    public let message: String

    public var description: String { "\(file):\(line):\(column): \(message)" }

    public init(file: String, line: Int, column: Int, message: String) {
        (self.file, self.line, self.column, self.message) = (file, line, column, message)
    }
}

extension VibrationEffect {
    /// The most segments, timings or primitives one effect may hold (hapsynth's bound; Android
    /// sets none, but an effect this long is a log gone wrong).
    public static let maxItems = 10_000
    /// The deepest nesting read (a `Prebaked`'s fallback effect is one level).
    public static let maxDepth = 4

    /// Every effect a text holds, one a line: each line's first `OneShot{`, `Waveform{`,
    /// `Prebaked{` or `Composed{` and what follows it, so a test log's lines
    /// (`D/Haptics: vibrate Composed{…}`) read as they are; lines without one are passed over.
    /// - Returns: each effect with its line (from 1).
    public static func effects(in text: String, file: String) throws(VibrationEffectTextError) -> [(line: Int, effect: VibrationEffect)] {
        try effects(in: Array(text.utf8), file: file)
    }

    /// The effects of a file's bytes (UTF-8), as `effects(in:file:)` reads a text; the lines are
    /// read in place, never copied.
    public static func effects(in bytes: [UInt8], file: String) throws(VibrationEffectTextError) -> [(line: Int, effect: VibrationEffect)] {
        var found: [(line: Int, effect: VibrationEffect)] = []
        var lineStart = 0, lineNumber = 1
        while lineStart <= bytes.count {
            let lineEnd = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            let line = bytes[lineStart..<lineEnd]
            if let start = firstEffectStart(line) {
                var reader = EffectTextReader(bytes: line, position: start, file: file, line: lineNumber)
                found.append((lineNumber, try reader.effect()))
            }
            (lineStart, lineNumber) = (lineEnd + 1, lineNumber + 1)
        }
        return found
    }

    /// Where the first effect class name followed by `{` starts in a line (an index of `line`).
    static func firstEffectStart(_ line: ArraySlice<UInt8>) -> Int? {
        let names = ["OneShot{", "Waveform{", "Prebaked{", "Composed{"].map { Array($0.utf8) }
        guard line.count >= 8 else { return nil }
        for start in line.indices {
            for name in names where line.endIndex - start >= name.count && line[start..<start + name.count].elementsEqual(name) {
                // A name inside a longer word (`MyComposed{`) is not one.
                if start > line.startIndex, line[start - 1].isLetterOrDigit { continue }
                return start
            }
        }
        return nil
    }
}

private extension UInt8 {
    var isLetterOrDigit: Bool { (self >= 0x30 && self <= 0x39) || (self | 0x20 >= 0x61 && self | 0x20 <= 0x7A) || self == 0x5F }
}

/// Reads one effect from a line's bytes, saying where it stops.
struct EffectTextReader {
    /// The line, in place in the file's bytes (its indices are the file's).
    let bytes: ArraySlice<UInt8>
    var position: Int
    let file: String
    let line: Int
    var depth = 0

    func fail(_ message: String, at: Int? = nil) -> VibrationEffectTextError {
        VibrationEffectTextError(file: file, line: line, column: (at ?? position) - bytes.startIndex + 1, message: message)
    }

    /// A class name and its fields: `Name{key=value, …}`.
    mutating func object() throws(VibrationEffectTextError) -> (name: String, at: Int, fields: [(key: String, value: Value, at: Int)]) {
        let at = position
        let name = try word()
        guard !name.isEmpty else { throw fail("expected a class name such as Composed or Step") }
        try expect("{", after: name)
        depth += 1
        guard depth <= VibrationEffect.maxDepth else { throw fail("effects nested more than \(VibrationEffect.maxDepth) deep") }
        defer { depth -= 1 }
        var fields: [(key: String, value: Value, at: Int)] = []
        if peek == UInt8(ascii: "}") { position += 1; return (name, at, fields) }
        while true {
            let keyAt = position
            let key = try word()
            guard !key.isEmpty else { throw fail("expected a field name in \(name){…}") }
            try expect("=", after: key)
            fields.append((key, try value(), keyAt))
            if peek == UInt8(ascii: "}") { position += 1; return (name, at, fields) }
            try expect(",", after: "the value of \(key)")
            skipSpaces()
        }
    }

    /// A field's value: an object, a list, or a word up to the next `,`, `}` or `]`.
    indirect enum Value {
        case text(String)
        case list([(Value, Int)])
        case object(name: String, fields: [(key: String, value: Value, at: Int)])
    }

    mutating func value() throws(VibrationEffectTextError) -> Value {
        if peek == UInt8(ascii: "[") {
            position += 1
            var items: [(Value, Int)] = []
            if peek == UInt8(ascii: "]") { position += 1; return .list(items) }
            while true {
                let at = position
                items.append((try value(), at))
                guard items.count <= VibrationEffect.maxItems else { throw fail("more than \(VibrationEffect.maxItems) items in one list (hapsynth's limit)", at: at) }
                if peek == UInt8(ascii: "]") { position += 1; return .list(items) }
                try expect(",", after: "a list item")
                skipSpaces()
            }
        }
        let start = position
        let text = try word(extra: [UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "+")])
        if peek == UInt8(ascii: "{") {
            position = start
            let object = try object()
            return .object(name: object.name, fields: object.fields)
        }
        guard !text.isEmpty else { throw fail(position >= bytes.endIndex ? "the text ends in the middle of an effect" : "expected a value") }
        return .text(text)
    }

    var peek: UInt8? { position < bytes.endIndex ? bytes[position] : nil }

    mutating func skipSpaces() { while peek == UInt8(ascii: " ") { position += 1 } }

    /// The longest name or number read, in characters: nothing Android prints is longer.
    static let longestWord = 64

    /// A name or number at the position; one longer than `longestWord` is refused, never copied.
    mutating func word(extra: [UInt8] = []) throws(VibrationEffectTextError) -> String {
        let start = position
        while let byte = peek, byte.isLetterOrDigit || extra.contains(byte) { position += 1 }
        guard position - start <= Self.longestWord else {
            throw fail("a name or number of \(position - start) characters (at most \(Self.longestWord))", at: start)
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    mutating func expect(_ character: Character, after what: String) throws(VibrationEffectTextError) {
        guard let byte = peek else { throw fail("the text ends in the middle of an effect (expected '\(character)' after \(what))") }
        guard byte == character.asciiValue! else {
            throw fail("expected '\(character)' after \(what), got '\(Character(Unicode.Scalar(byte)))'")
        }
        position += 1
    }
}
