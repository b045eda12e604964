import HapticCore

/// One token of a Kotlin file: what it is, where it starts (1-based line and column) and the
/// bytes it covers (so an expression is shown as written).
struct KotlinToken: Sendable {
    enum Kind: Equatable, Sendable {
        case identifier(String)
        /// A number as written (`80`, `0.9f`, `1_000L`, `0x1F`).
        case number(String)
        /// A string or character literal (its text is not needed).
        case string
        /// Punctuation and operators (`{`, `->`, `.`, `*`).
        case symbol(String)
        case newline
        case end
    }

    /// The kind with one text payload (16 bytes), which of identifier, number or symbol the text
    /// is kept in the top bits of `lineAndKind`; line, column and byte offsets in 32 bits each (a
    /// file holds at most 64 MiB, under 2^26 lines): two million tokens take 32 bytes each, not 56.
    private enum Stored { case text(String), string, newline, end }
    private let stored: Stored
    private let lineAndKind: UInt32
    private let column: Int32, startOffset: Int32, endOffset: Int32

    init(kind: Kind, position: SourcePosition, start: Int, end: Int) {
        let textKind: UInt32
        switch kind {
        case .identifier(let text): (stored, textKind) = (.text(text), 0)
        case .number(let text): (stored, textKind) = (.text(text), 1)
        case .symbol(let text): (stored, textKind) = (.text(text), 2)
        case .string: (stored, textKind) = (.string, 0)
        case .newline: (stored, textKind) = (.newline, 0)
        case .end: (stored, textKind) = (.end, 0)
        }
        lineAndKind = UInt32(clamping: position.line) & 0x3FFF_FFFF | textKind << 30
        (column, startOffset, endOffset) = (Int32(clamping: position.column), Int32(clamping: start), Int32(clamping: end))
    }

    var kind: Kind {
        switch stored {
        case .text(let text): return lineAndKind >> 30 == 0 ? .identifier(text) : (lineAndKind >> 30 == 1 ? .number(text) : .symbol(text))
        case .string: return .string
        case .newline: return .newline
        case .end: return .end
        }
    }

    var position: SourcePosition { SourcePosition(line: Int(lineAndKind & 0x3FFF_FFFF), column: Int(column)) }
    /// Byte offsets of the token in its file.
    var start: Int { Int(startOffset) }
    var end: Int { Int(endOffset) }

    var identifier: String? {
        if case .text(let name) = stored, lineAndKind >> 30 == 0 { return name }
        return nil
    }

    func isSymbol(_ text: String) -> Bool {
        if case .text(let symbol) = stored, lineAndKind >> 30 == 2 { return symbol == text }
        return false
    }
}

/// Splits a Kotlin file into tokens (docs/kotlin.md): identifiers (backticked ones too), numbers,
/// strings and characters (skipped whole, templates and raw strings included), operators, and
/// newlines (LF, CRLF or a lone CR), which may end statements; comments (nested block comments
/// too) are dropped, and a UTF-8 byte order mark before the first token. At most `maxTokens`
/// tokens and templates nested at most `maxTemplateDepth` deep, so a hostile file cannot make the
/// token list grow without bound or the stack overflow.
struct KotlinLexer {
    /// More tokens than any pattern file needs (a 4 MB file of one-letter tokens has two million).
    static let maxTokens = 2_000_000
    /// The longest name read: what the JVM's class files hold (a `CONSTANT_Utf8` of 65,535 bytes).
    static let maxNameBytes = 65_535
    /// The longest number literal read, in characters: far more than a `Double` has digits for.
    static let maxNumberCharacters = 1_024
    /// String templates inside string templates, as deep as the parser nests brackets.
    static let maxTemplateDepth = 64

    private let bytes: [UInt8]
    private var offset = 0
    private var line = 1
    private var lineStart = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3; lineStart = 3 }
    }

    /// A lexing failure: what and where.
    struct Failure: Error {
        let message: String
        let position: SourcePosition
    }

    private var position: SourcePosition { SourcePosition(line: line, column: offset - lineStart + 1) }

    private func byte(_ ahead: Int = 0) -> UInt8? { offset + ahead < bytes.count ? bytes[offset + ahead] : nil }

    /// Advances over the bytes that pass `test`.
    private mutating func skip(while test: (UInt8) -> Bool) {
        while let current = byte(), test(current) { advance() }
    }

    /// One byte on; a line ends at LF, and at a CR not followed by LF.
    private mutating func advance() {
        let current = bytes[offset]
        offset += 1
        if current == UInt8(ascii: "\n") || (current == UInt8(ascii: "\r") && byte() != UInt8(ascii: "\n")) {
            line += 1
            lineStart = offset
        }
    }

    static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || byte == UInt8(ascii: "_") || byte >= 0x80
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// Every token, ending with `.end`.
    mutating func tokens() throws(Failure) -> [KotlinToken] {
        // Counted first, so the list is made once at its size (no doubling of two million tokens).
        var counter = self
        var count = 0
        while try counter.next().kind != .end, count < Self.maxTokens { count += 1 }
        var tokens: [KotlinToken] = []
        tokens.reserveCapacity(count + 1)
        // The brackets open, innermost last: Kotlin that compiles closes each with its own kind,
        // so a file that does not is refused at the bracket, before any parsing (in one pass).
        var open: [(symbol: String, position: SourcePosition)] = []
        while true {
            guard tokens.count < Self.maxTokens else { throw Failure(message: "more than \(Self.maxTokens) tokens", position: position) }
            let token = try next()
            if case .symbol(let text) = token.kind, let closing = Self.closing[text] ?? Self.opening[text].map({ _ in "" }) {
                if closing.isEmpty {
                    guard let last = open.popLast() else { throw Failure(message: "a \(text) that closes nothing", position: token.position) }
                    guard Self.closing[last.symbol] == text else {
                        throw Failure(message: "a \(text) where the \(last.symbol) opened at \(last.position) needs a \(Self.closing[last.symbol]!)", position: token.position)
                    }
                } else {
                    open.append((text, token.position))
                }
            }
            tokens.append(token)
            if token.kind == .end {
                if let first = open.first { throw Failure(message: "a \(first.symbol) that is never closed (\(open.count) open at the end of the file)", position: first.position) }
                return tokens
            }
        }
    }

    /// The closing bracket of each opening one, and the other way round.
    private static let closing = ["(": ")", "[": "]", "{": "}"]
    private static let opening = [")": "(", "]": "[", "}": "{"]

    private mutating func next() throws(Failure) -> KotlinToken {
        while let current = byte() {
            let start = position, first = offset
            func token(_ kind: KotlinToken.Kind) -> KotlinToken { KotlinToken(kind: kind, position: start, start: first, end: offset) }
            switch current {
            case UInt8(ascii: "\n"):
                advance()
                return token(.newline)
            case UInt8(ascii: "\r") where byte(1) != UInt8(ascii: "\n"):  // a lone CR ends a line; CRLF ends at its LF
                advance()
                return token(.newline)
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), 0x0C:
                advance()
            case UInt8(ascii: "/") where byte(1) == UInt8(ascii: "/"):
                skip { $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\r") }
            case UInt8(ascii: "/") where byte(1) == UInt8(ascii: "*"):
                try skipBlockComment(from: start)
            case UInt8(ascii: "\""):
                try skipString(from: start, depth: 0)
                return token(.string)
            case UInt8(ascii: "'"):
                try skipCharacter(from: start)
                return token(.string)
            case UInt8(ascii: "`"):
                advance()
                let nameStart = offset
                skip { $0 != UInt8(ascii: "`") && $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\r") }
                guard byte() == UInt8(ascii: "`") else { throw Failure(message: "a backticked name that does not end", position: start) }
                guard offset - nameStart <= Self.maxNameBytes else {
                    throw Failure(message: "a name of \(offset - nameStart) bytes, over the \(Self.maxNameBytes) a JVM name holds", position: start)
                }
                let name = String(decoding: bytes[nameStart..<offset], as: UTF8.self)
                advance()
                // Kotlin's grammar takes any characters but a backtick and a line break (the JVM
                // refuses some, Kotlin/Native fewer); a control character is kept escaped, so none
                // reaches a terminal, and a golden's name is made safe where it is made.
                guard !name.isEmpty else { throw Failure(message: "an empty backticked name", position: start) }
                return token(.identifier(Self.escapingControls(name)))
            default:
                if Self.isLetter(current) {
                    skip { Self.isLetter($0) || Self.isDigit($0) }
                    guard offset - first <= Self.maxNameBytes else {
                        throw Failure(message: "a name of \(offset - first) bytes, over the \(Self.maxNameBytes) a JVM name holds", position: start)
                    }
                    let name = String(decoding: bytes[first..<offset], as: UTF8.self)
                    // ASCII letters and digits print; only a name with other characters is looked at.
                    guard bytes[first..<offset].allSatisfy({ $0 < 0x80 }) || Self.isPrintable(name) else {
                        throw Failure(message: "a name with a control character", position: start)
                    }
                    return token(.identifier(name))
                }
                if Self.isDigit(current) || (current == UInt8(ascii: ".") && byte(1).map(Self.isDigit) == true) {
                    let text = try number(from: start)
                    return token(.number(text))
                }
                let text = symbol()
                return token(.symbol(text))
            }
        }
        return KotlinToken(kind: .end, position: position, start: offset, end: offset)
    }

    /// `name` as messages show and `--pattern` takes it (`a\u{1}b`).
    package static func escapingControls(_ name: String) -> String { PatternFileError.escapingControls(name) }

    /// Whether a name has no control or format characters (which would reach a terminal).
    static func isPrintable(_ name: String) -> Bool {
        !name.unicodeScalars.contains { scalar in
            let category = scalar.properties.generalCategory
            return category == .control || category == .format || category == .lineSeparator || category == .paragraphSeparator
        }
    }

    /// A number: digits with `_`, a fraction only when a digit follows the point (so `80.ms` is
    /// `80` then `.`), an exponent, a suffix (`f`, `F`, `L`, `u`); `0x`/`0b` forms whole.
    private mutating func number(from start: SourcePosition) throws(Failure) -> String {
        let first = offset
        if byte() == UInt8(ascii: "0"), let base = byte(1), base == UInt8(ascii: "x") || base == UInt8(ascii: "X") || base == UInt8(ascii: "b") || base == UInt8(ascii: "B") {
            advance(); advance()
            skip { Self.isLetter($0) || Self.isDigit($0) }
            guard offset - first <= Self.maxNumberCharacters else {
                throw Failure(message: "a number of \(offset - first) characters, over the \(Self.maxNumberCharacters) hapsynth reads", position: start)
            }
            return String(decoding: bytes[first..<offset], as: UTF8.self)
        }
        func digits() { skip { Self.isDigit($0) || $0 == UInt8(ascii: "_") } }
        digits()
        if byte() == UInt8(ascii: "."), byte(1).map(Self.isDigit) == true {
            advance()
            digits()
        }
        if let e = byte(), e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            let sign = byte(1) == UInt8(ascii: "+") || byte(1) == UInt8(ascii: "-") ? 1 : 0
            if byte(1 + sign).map(Self.isDigit) == true {
                for _ in 0...sign { advance() }
                digits()
            }
        }
        while let suffix = byte(), [UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "L"), UInt8(ascii: "u"), UInt8(ascii: "U")].contains(suffix) { advance() }
        guard offset - first <= Self.maxNumberCharacters else {
            throw Failure(message: "a number of \(offset - first) characters, over the \(Self.maxNumberCharacters) hapsynth reads", position: start)
        }
        return String(decoding: bytes[first..<offset], as: UTF8.self)
    }

    /// Operators of two and three characters, longest first, with their bytes.
    private static let longSymbols = ["..<", "===", "!==", "?.", "?:", "->", "::", "..", "==", "!=", "<=", ">=", "&&", "||", "+=", "-=", "*=", "/=", "%=",
                                      "++", "--", "!!"].map { ($0, Array($0.utf8)) }

    private mutating func symbol() -> String {
        for (candidate, utf8) in Self.longSymbols where utf8[0] == bytes[offset] {
            if offset + utf8.count <= bytes.count, bytes[offset..<(offset + utf8.count)].elementsEqual(utf8) {
                for _ in utf8 { advance() }
                return candidate
            }
        }
        let text = String(decoding: [bytes[offset]], as: UTF8.self)
        advance()
        return text
    }

    private mutating func skipBlockComment(from start: SourcePosition) throws(Failure) {
        advance(); advance()
        var depth = 1
        while depth > 0 {
            guard let current = byte() else { throw Failure(message: "a comment that does not end", position: start) }
            if current == UInt8(ascii: "/"), byte(1) == UInt8(ascii: "*") {
                depth += 1
                advance()
            } else if current == UInt8(ascii: "*"), byte(1) == UInt8(ascii: "/") {
                depth -= 1
                advance()
            }
            advance()
        }
    }

    /// A string, raw (`"""…"""`) or escaped, with its `${…}` templates (nested at most
    /// `maxTemplateDepth` deep).
    private mutating func skipString(from start: SourcePosition, depth: Int) throws(Failure) {
        guard depth < Self.maxTemplateDepth else { throw Failure(message: "string templates nested more than \(Self.maxTemplateDepth) deep", position: start) }
        let raw = byte(1) == UInt8(ascii: "\"") && byte(2) == UInt8(ascii: "\"")
        for _ in 0..<(raw ? 3 : 1) { advance() }
        while true {
            guard let current = byte() else { throw Failure(message: "a string that does not end", position: start) }
            if raw {
                if current == UInt8(ascii: "\""), byte(1) == UInt8(ascii: "\""), byte(2) == UInt8(ascii: "\"") {
                    while byte() == UInt8(ascii: "\"") { advance() }
                    return
                }
            } else if current == UInt8(ascii: "\\") {
                advance()
            } else if current == UInt8(ascii: "\"") {
                advance()
                return
            } else if current == UInt8(ascii: "\n") || current == UInt8(ascii: "\r") {
                throw Failure(message: "a string that does not end on its line", position: start)
            }
            if current == UInt8(ascii: "$"), byte(1) == UInt8(ascii: "{") {
                advance()
                try skipTemplate(from: start, depth: depth + 1)
                continue
            }
            if byte() != nil { advance() }
        }
    }

    /// `{ … }` inside a string, braces and nested strings balanced.
    private mutating func skipTemplate(from start: SourcePosition, depth: Int) throws(Failure) {
        var braces = 0
        while let current = byte() {
            if current == UInt8(ascii: "{") { braces += 1 }
            if current == UInt8(ascii: "}") {
                braces -= 1
                if braces == 0 {
                    advance()
                    return
                }
            }
            if current == UInt8(ascii: "\"") {
                try skipString(from: position, depth: depth)
                continue
            }
            advance()
        }
        throw Failure(message: "a string template that does not end", position: start)
    }

    private mutating func skipCharacter(from start: SourcePosition) throws(Failure) {
        advance()
        while let current = byte(), current != UInt8(ascii: "'") {
            guard current != UInt8(ascii: "\n") else { break }
            if current == UInt8(ascii: "\\") { advance() }
            if byte() != nil { advance() }
        }
        guard byte() == UInt8(ascii: "'") else { throw Failure(message: "a character literal that does not end", position: start) }
        advance()
    }
}
