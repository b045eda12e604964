/// One pattern declared in a Kotlin file: its name, where it is declared, and the pattern or why
/// it cannot be read.
public struct KotlinPattern: Sendable {
    public let name: String
    public let position: SourcePosition
    public let result: Result<Pattern, KotlinPatternError>
}

/// A Kotlin pattern that cannot be read: the file, line and column of the first expression known
/// only at run time (or wrong), and what it is (`not a literal: computeDelay()`).
public struct KotlinPatternError: Error, Sendable, Hashable, CustomStringConvertible {
    public let file: String
    public let position: SourcePosition
    /// The declaration it belongs to (nil: the file itself cannot be read).
    public let pattern: String?
    public let message: String

    public init(file: String, position: SourcePosition, pattern: String?, message: String) {
        (self.file, self.position, self.pattern, self.message) = (file, position, pattern, message)
    }

    public var description: String { "\(file):\(position): " + (pattern.map { "\($0): " } ?? "") + message }
}

/// Reads Jindong's patterns where they are written (docs/kotlin.md): the top-level declarations of
/// a `.kt` file whose value is a pattern, built as Jindong's builder builds them, everything known
/// only at run time refused with its place. A small tokenizer and parser of a static subset, not a
/// Kotlin compiler.
public enum KotlinReader {
    /// Whether `bytes` are Kotlin source with a pattern in it: not JSON (which starts with `{` or
    /// `[`), and naming Jindong's builder, its pattern or intensity types, or a composable.
    public static func looksLikeKotlin(_ bytes: [UInt8]) -> Bool {
        guard let first = bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }), first != UInt8(ascii: "{"), first != UInt8(ascii: "[") else {
            return false
        }
        return ["buildHapticPattern", "@Composable", "HapticPattern", "HapticIntensity"].contains { contains(bytes, $0) }
    }

    private static func contains(_ bytes: [UInt8], _ word: String) -> Bool {
        let needle = Array(word.utf8)
        guard bytes.count >= needle.count else { return false }
        for start in 0...(bytes.count - needle.count) where bytes[start] == needle[0] {
            if Array(bytes[start..<(start + needle.count)]) == needle { return true }
        }
        return false
    }

    /// The patterns of the Kotlin file `file` (its bytes), in the file's order; `neighbours` are
    /// the other `.kt` files a pattern may include from (their bytes, by name), read only for that.
    /// - Throws: `KotlinPatternError` when the file itself cannot be tokenized or parsed.
    public static func read(bytes: [UInt8], file: String, neighbours: [(file: String, bytes: [UInt8])] = []) throws(KotlinPatternError) -> [KotlinPattern] {
        let own = try declarations(bytes, file: file)
        var all: [String: KotlinDeclaration] = [:]
        for neighbour in neighbours {
            guard let found = try? declarations(neighbour.bytes, file: neighbour.file).map({ $0.in(neighbour.file) }) else { continue }
            for declaration in found where all[declaration.name] == nil { all[declaration.name] = declaration }
        }
        for declaration in own { all[declaration.name] = declaration }
        let evaluator = KotlinEvaluator(declarations: all)
        var patterns: [KotlinPattern] = []
        for declaration in own where isPattern(declaration, among: all, seen: []) {
            let result = evaluator.value(of: declaration.name)
            switch result {
            case .success(.pattern(let pattern)):
                patterns.append(KotlinPattern(name: declaration.name, position: declaration.position, result: .success(pattern)))
            case .success(let other):
                patterns.append(KotlinPattern(name: declaration.name, position: declaration.position, result: .failure(
                    KotlinPatternError(file: file, position: declaration.position, pattern: declaration.name, message: "not a pattern: \(other.kindName)"))))
            case .failure(let refusal):
                patterns.append(KotlinPattern(name: declaration.name, position: declaration.position, result: .failure(
                    KotlinPatternError(file: file, position: refusal.position, pattern: declaration.name, message: refusal.message))))
            }
        }
        return patterns
    }

    private static func declarations(_ bytes: [UInt8], file: String) throws(KotlinPatternError) -> [KotlinDeclaration] {
        var lexer = KotlinLexer(bytes)
        let tokens: [KotlinToken]
        do {
            tokens = try lexer.tokens()
        } catch {
            throw KotlinPatternError(file: file, position: error.position, pattern: nil, message: error.message)
        }
        var parser = KotlinParser(tokens)
        do {
            return try parser.declarations()
        } catch {
            throw KotlinPatternError(file: file, position: error.position, pattern: nil, message: error.message)
        }
    }

    /// Whether a declaration's value is a pattern: a builder, a composable, a transform of a
    /// pattern, or a name of one.
    private static func isPattern(_ declaration: KotlinDeclaration, among all: [String: KotlinDeclaration], seen: Set<String>) -> Bool {
        func makesPattern(_ expression: KotlinExpression) -> Bool {
            switch expression {
            case .call(.name("buildHapticPattern", _), _, _, _): return true
            case .call(.member(let base, let name, _), _, _, _):
                return ["then", "repeated", "reversed", "scaleIntensity", "timeStretch"].contains(name) && makesPattern(base)
            case .name(let name, _):
                guard !seen.contains(name), let other = all[name] else { return false }
                return isPattern(other, among: all, seen: seen.union([declaration.name]))
            default: return false
            }
        }
        switch declaration.kind {
        case .composable(let body):
            // Only a body that is one `Jindong(…) { … }` call: a screen's other composables are not patterns.
            guard body.statements.count == 1, case .expression(.call(.name("Jindong", _), _, _?, _)) = body.statements[0] else { return false }
            return true
        case .value(let expression), .function(let expression): return makesPattern(expression)
        case .dynamic(_, let expression): return expression.map(makesPattern) ?? false
        }
    }
}
