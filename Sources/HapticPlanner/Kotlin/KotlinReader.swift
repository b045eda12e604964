import HapticCore

/// One pattern declared in a Kotlin file: its name (`tap`, `AppHaptics.tap`), where it is
/// declared, and the pattern or why it cannot be read.
public struct KotlinPattern: Sendable {
    public let name: String
    public let position: SourcePosition
    public let result: Result<Pattern, KotlinPatternError>
}

/// A Kotlin pattern that cannot be read: the file, line and column of the expression refused,
/// what it is, and why (known only when the app runs, rejected by Jindong, or not read).
public struct KotlinPatternError: Error, Sendable, Hashable, CustomStringConvertible {
    public let file: String
    public let position: SourcePosition
    /// The declaration it belongs to (nil: the file itself cannot be read).
    public let pattern: String?
    public let message: String
    public let kind: KotlinRefusalKind

    public init(file: String, position: SourcePosition, pattern: String?, message: String, kind: KotlinRefusalKind = .invalid) {
        (self.file, self.position, self.pattern, self.message, self.kind) = (file, position, pattern, message, kind)
    }

    /// Correct code that hapsynth cannot check (known only when the app runs, or a form not
    /// read): not an error in CI (docs/kotlin.md, "In CI").
    public var isUncheckable: Bool { pattern != nil && kind != .invalid }

    public var description: String { "\(file):\(position): " + (pattern.map { "\($0): " } ?? "") + message }
}

/// Reads Jindong's patterns where they are written (docs/kotlin.md): the declarations of a `.kt`
/// file whose value is a pattern, built as Jindong's builder builds them, everything known only
/// at run time refused with its place. A small tokenizer and parser, not a Kotlin compiler: what
/// is not a pattern is passed over by its structure.
public enum KotlinReader {
    /// Jindong's names, any of which marks a Kotlin file as one that may hold patterns.
    static let jindongNames = ["buildHapticPattern", "HapticPattern", "HapticIntensity", "Jindong", "JindongScope"]

    /// Whether `bytes` are Kotlin source that names Jindong: not JSON (which starts with `{` or
    /// `[`), with a line that starts as Kotlin does (`package`, `import`, `val`, `fun`, an
    /// annotation, a class or object), and naming one of Jindong's types or builders.
    public static func looksLikeKotlin(_ bytes: [UInt8]) -> Bool {
        guard let first = bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }), first != UInt8(ascii: "{"), first != UInt8(ascii: "[") else {
            return false
        }
        return startsAKotlinLine(bytes) && jindongNames.contains { contains(bytes, $0) }
    }

    /// Whether some line begins (after blanks) with a word only Kotlin source begins a line with.
    static func startsAKotlinLine(_ bytes: [UInt8]) -> Bool {
        let words = ["package ", "import ", "val ", "var ", "fun ", "object ", "class ", "private ", "internal ", "public ", "enum ",
                     "const ", "data ", "interface ", "sealed ", "abstract ", "open "].map { Array($0.utf8) }
        var lineStart = true
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A || byte == 0x0D {
                lineStart = true
            } else if lineStart, byte != 0x20, byte != 0x09 {
                if words.contains(where: { bytes[index...].starts(with: $0) }) { return true }
                // An annotation: `@` and a letter (`@Composable`).
                if byte == UInt8(ascii: "@"), index + 1 < bytes.count, KotlinLexer.isLetter(bytes[index + 1]), bytes[index + 1] < 0x80 { return true }
                lineStart = false
            }
            index += 1
        }
        return false
    }

    static func contains(_ bytes: [UInt8], _ word: String) -> Bool {
        let needle = Array(word.utf8)
        guard bytes.count >= needle.count else { return false }
        for start in 0...(bytes.count - needle.count) where bytes[start] == needle[0] {
            if bytes[start..<(start + needle.count)].elementsEqual(needle) { return true }
        }
        return false
    }

    /// The patterns of the Kotlin file `file` (its bytes), in the file's order; `neighbours` are
    /// the other `.kt` files a pattern may include from (their bytes, by name), read only for that.
    /// - Throws: `KotlinPatternError` when the file itself cannot be tokenized.
    public static func read(bytes: [UInt8], file: String, neighbours: [(file: String, bytes: [UInt8])] = []) throws(KotlinPatternError) -> [KotlinPattern] {
        let declared = try KotlinDeclared(bytes: bytes, file: file, neighbours: { neighbours })
        return declared.names.map { KotlinPattern(name: $0.name, position: $0.position, result: declared.pattern($0.name)) }
    }

    /// The names of the file's patterns, in its order, without building them; without any, the
    /// Jindong names it uses where no pattern can be named.
    package static func patternNames(bytes: [UInt8], file: String,
                                     neighbours: @escaping () -> [(file: String, bytes: [UInt8])]) throws(KotlinPatternError) -> (names: [String], seen: [String]) {
        let declared = try KotlinDeclared(bytes: bytes, file: file, neighbours: neighbours)
        return (declared.names.map(\.name), declared.seen)
    }

    /// Forgets the Kotlin files parsed last (their declarations are kept for the next read of the
    /// same bytes).
    package static func forgetParsedFiles() { KotlinDeclared.forgetParsed() }

    static func declarations(_ bytes: [UInt8], file: String) throws(KotlinPatternError) -> [KotlinDeclaration] {
        var lexer = KotlinLexer(bytes)
        let tokens: [KotlinToken]
        do {
            tokens = try lexer.tokens()
        } catch {
            throw KotlinPatternError(file: file, position: error.position, pattern: nil, message: error.message, kind: .invalid)
        }
        var parser = KotlinParser(tokens, source: KotlinSource(file: file, bytes: bytes))
        return parser.declarations()
    }
}
