import Synchronization

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
            if bytes[start..<(start + needle.count)].elementsEqual(needle) { return true }
        }
        return false
    }

    /// The patterns of the Kotlin file `file` (its bytes), in the file's order; `neighbours` are
    /// the other `.kt` files a pattern may include from (their bytes, by name), read only for that.
    /// - Throws: `KotlinPatternError` when the file itself cannot be tokenized or parsed.
    public static func read(bytes: [UInt8], file: String, neighbours: [(file: String, bytes: [UInt8])] = []) throws(KotlinPatternError) -> [KotlinPattern] {
        let declared = try KotlinDeclared(bytes: bytes, file: file, neighbours: { neighbours })
        return declared.names.map { KotlinPattern(name: $0.name, position: $0.position, result: declared.pattern($0.name)) }
    }

    /// The names of the file's patterns, in its order, without building them.
    package static func patternNames(bytes: [UInt8], file: String,
                                     neighbours: @escaping () -> [(file: String, bytes: [UInt8])]) throws(KotlinPatternError) -> [String] {
        try KotlinDeclared(bytes: bytes, file: file, neighbours: neighbours).names.map(\.name)
    }

    static func declarations(_ bytes: [UInt8], file: String) throws(KotlinPatternError) -> [KotlinDeclaration] {
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
    static func isPattern(_ declaration: KotlinDeclaration, among all: KotlinScope, seen: Set<String>) -> Bool {
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

/// The declarations a file's patterns may use: its own, then — only for a name it does not
/// declare — those of its neighbours (the `.kt` files beside it or given with it), read then and
/// once, noting the files a name was found in.
final class KotlinScope {
    private let own: [String: KotlinDeclaration]
    private var readNeighbours: (() -> [(file: String, bytes: [UInt8])])?
    private var neighbours: [String: KotlinDeclaration] = [:]
    private var neighbourBytes: [String: [UInt8]] = [:]
    /// The neighbours a name was found in, in the order first used, with their bytes.
    private(set) var used: [(file: String, bytes: [UInt8])] = []

    init(own: [KotlinDeclaration], neighbours: @escaping () -> [(file: String, bytes: [UInt8])]) {
        self.own = Dictionary(own.map { ($0.name, $0) }, uniquingKeysWith: { _, last in last })
        readNeighbours = neighbours
    }

    subscript(name: String) -> KotlinDeclaration? {
        if let declaration = own[name] { return declaration }
        if let read = readNeighbours {
            readNeighbours = nil
            for neighbour in read() {
                guard let found = try? KotlinDeclared.parsed(neighbour.bytes, file: neighbour.file) else { continue }
                neighbourBytes[neighbour.file] = neighbour.bytes
                for declaration in found where neighbours[declaration.name] == nil { neighbours[declaration.name] = declaration.in(neighbour.file) }
            }
        }
        guard let declaration = neighbours[name], let file = declaration.neighbour else { return nil }
        if !used.contains(where: { $0.file == file }) { used.append((file, neighbourBytes[file] ?? [])) }
        return declaration
    }
}

/// A Kotlin file's declarations, parsed: the names of its patterns, and each pattern built only
/// when it is asked for (with what it uses), so choosing one of 2,000 builds one.
struct KotlinDeclared {
    let file: String
    /// The file's patterns, in its order.
    let names: [(name: String, position: SourcePosition)]
    /// What its patterns may use, and which neighbours they did.
    let scope: KotlinScope
    private let evaluator: KotlinEvaluator
    private let positions: [String: SourcePosition]

    /// - Parameter neighbours: the other `.kt` files a pattern may include from, read only when a
    ///   name is not the file's own.
    init(bytes: [UInt8], file: String, neighbours: @escaping () -> [(file: String, bytes: [UInt8])]) throws(KotlinPatternError) {
        let own = try Self.parsed(bytes, file: file)
        let scope = KotlinScope(own: own, neighbours: neighbours)
        self.file = file
        self.scope = scope
        evaluator = KotlinEvaluator(scope: scope)
        names = own.filter { KotlinReader.isPattern($0, among: scope, seen: []) }.map { ($0.name, $0.position) }
        positions = Dictionary(names.map { ($0.name, $0.position) }, uniquingKeysWith: { first, _ in first })
    }

    /// The files parsed last, by name with their bytes: a check of a file's 2,000 patterns (or of
    /// a folder whose files include from one another) parses each file once, not once a pattern.
    /// At most 16 files and 64 MiB of them are kept.
    private static let recent = Mutex<[(file: String, bytes: [UInt8], declarations: [KotlinDeclaration])]>([])
    private static let recentCount = 16

    /// A file's declarations, parsed once for the same name and bytes.
    static func parsed(_ bytes: [UInt8], file: String) throws(KotlinPatternError) -> [KotlinDeclaration] {
        if let known = recent.withLock({ list in list.first { $0.file == file && $0.bytes == bytes }?.declarations }) { return known }
        let declarations = try KotlinReader.declarations(bytes, file: file)
        recent.withLock { list in
            list.insert((file, bytes, declarations), at: 0)
            while list.count > recentCount || list.reduce(0, { $0 + $1.bytes.count }) > PatternLimits.maxInputBytes { list.removeLast() }
        }
        return declarations
    }

    /// The pattern `name` (one of `names`), or why it cannot be read.
    func pattern(_ name: String) -> Result<Pattern, KotlinPatternError> {
        let position = positions[name] ?? SourcePosition(line: 1, column: 1)
        switch evaluator.value(of: name) {
        case .success(.pattern(let pattern)): return .success(pattern)
        case .success(let other):
            return .failure(KotlinPatternError(file: file, position: position, pattern: name, message: "not a pattern: \(other.kindName)"))
        case .failure(let refusal):
            return .failure(KotlinPatternError(file: file, position: refusal.position, pattern: name, message: refusal.message))
        }
    }
}
