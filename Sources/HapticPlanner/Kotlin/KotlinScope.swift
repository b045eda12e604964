import HapticCore
import Synchronization

/// The declarations a file's patterns may use: its own, then — only for a name it does not
/// declare — those of its neighbours (the `.kt` files beside it or given with it), read then and
/// once, noting the files a name was found in.
final class KotlinScope {
    private let ownDeclarations: [String: KotlinDeclaration]

    /// A file's declarations, in its order and by name (the first of a name), made once per file
    /// read and shared by the scopes of all its patterns.
    final class ParsedFile: Sendable {
        let declarations: [KotlinDeclaration]
        let byName: [String: KotlinDeclaration]

        init(_ declarations: [KotlinDeclaration]) {
            self.declarations = declarations
            byName = Dictionary(declarations.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        }
    }
    private var readNeighbours: (() -> [(file: String, bytes: [UInt8])])?
    private var neighbours: [String: KotlinDeclaration] = [:]
    private var neighbourBytes: [String: [UInt8]] = [:]
    /// The neighbours a name was found in, in the order first used, with their bytes.
    private(set) var used: [(file: String, bytes: [UInt8])] = []

    init(own: ParsedFile, neighbours: @escaping () -> [(file: String, bytes: [UInt8])]) {
        ownDeclarations = own.byName
        readNeighbours = neighbours
    }

    /// The file's own declaration `name`.
    func own(_ name: String) -> KotlinDeclaration? { ownDeclarations[name] }

    subscript(name: String) -> KotlinDeclaration? {
        if let declaration = ownDeclarations[name] { return declaration }
        if let read = readNeighbours {
            readNeighbours = nil
            for neighbour in read() {
                guard let found = try? KotlinDeclared.parsed(neighbour.bytes, file: neighbour.file) else { continue }
                neighbourBytes[neighbour.file] = neighbour.bytes
                for declaration in found.declarations where neighbours[declaration.name] == nil { neighbours[declaration.name] = declaration.in(neighbour.file) }
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
    /// Jindong's names the file uses, when it declares no pattern (to say what was seen).
    let seen: [String]
    private let evaluator: KotlinEvaluator
    private let positions: [String: SourcePosition]
    /// A pattern of a composable with several Jindong calls: its declaration and which call.
    private let variants: [String: (declaration: String, index: Int)]

    /// - Parameter neighbours: the other `.kt` files a pattern may include from, read only when a
    ///   name is not the file's own.
    init(bytes: [UInt8], file: String, neighbours: @escaping () -> [(file: String, bytes: [UInt8])]) throws(KotlinPatternError) {
        let own = try Self.parsed(bytes, file: file)
        let scope = KotlinScope(own: own, neighbours: neighbours)
        self.file = file
        self.scope = scope
        let evaluator = KotlinEvaluator(scope: scope, source: KotlinSource(file: file, bytes: bytes))
        self.evaluator = evaluator
        let finder = KotlinPatternFinder(lookup: { evaluator.declaration($0, in: $1) })
        // A composable with several Jindong calls gives a pattern for each: NAME.1, NAME.2, ….
        var found: [(name: String, position: SourcePosition)] = [], variants: [String: (String, Int)] = [:]
        for declaration in own.declarations {
            // A composable is a pattern by its Jindong calls, found once here.
            guard case .composable(_, let body) = declaration.kind else {
                if finder.isPattern(declaration) { found.append((declaration.name, declaration.position)) }
                continue
            }
            let calls = KotlinPatternFinder.jindongCalls(in: body)
            guard calls.count > 1 else {
                if calls.count == 1 { found.append((declaration.name, declaration.position)) }
                continue
            }
            for (index, call) in calls.enumerated() {
                found.append(("\(declaration.name).\(index + 1)", call.position))
                variants["\(declaration.name).\(index + 1)"] = (declaration.name, index)
            }
        }
        names = found
        self.variants = variants
        positions = Dictionary(found.map { ($0.0, $0.1) }, uniquingKeysWith: { first, _ in first })
        seen = found.isEmpty ? KotlinReader.jindongNames.filter { KotlinReader.contains(bytes, $0) } : []
    }

    /// The files parsed last, by name with their bytes: a check of a file's 2,000 patterns (or of
    /// a folder whose files include from one another) parses each file once, not once a pattern.
    /// At most 16 files and 64 MiB of them are kept.
    private static let recent = Mutex<[(file: String, bytes: [UInt8], parsed: KotlinScope.ParsedFile)]>([])
    private static let recentCount = 16

    /// Empties the files parsed last. For the fuzz target: LeakSanitizer does not follow the
    /// pointers Swift stores with an enum's case in their spare bits, so what the cache keeps
    /// would be reported as leaked after each input.
    package static func forgetParsed() {
        recent.withLock { $0.removeAll() }
    }

    /// A file's declarations, parsed once for the same name and bytes.
    static func parsed(_ bytes: [UInt8], file: String) throws(KotlinPatternError) -> KotlinScope.ParsedFile {
        if let known = recent.withLock({ list in list.first { $0.file == file && $0.bytes == bytes }?.parsed }) { return known }
        let declarations = KotlinScope.ParsedFile(try KotlinReader.declarations(bytes, file: file))
        recent.withLock { list in
            list.insert((file, bytes, declarations), at: 0)
            while list.count > recentCount || list.reduce(0, { $0 + $1.bytes.count }) > PatternLimits.maxInputBytes { list.removeLast() }
        }
        return declarations
    }

    /// The pattern `name` (one of `names`), or why it cannot be read.
    func pattern(_ name: String) -> Result<Pattern, KotlinPatternError> {
        let position = positions[name] ?? SourcePosition(line: 1, column: 1)
        evaluator.work = 0
        let variant = variants[name]
        guard let declaration = scope.own(variant?.declaration ?? name) else {
            return .failure(KotlinPatternError(file: file, position: position, pattern: name, message: "no declaration \(name)", kind: .invalid))
        }
        switch evaluator.value(of: declaration, variant: variant?.index) {
        case .success(.pattern(let pattern)): return .success(pattern)
        case .success(let other):
            return .failure(KotlinPatternError(file: file, position: position, pattern: name, message: "not a pattern: \(other.kindName)", kind: .invalid))
        case .failure(let refusal):
            return .failure(KotlinPatternError(file: file, position: refusal.position, pattern: name, message: refusal.message, kind: refusal.kind))
        }
    }
}
