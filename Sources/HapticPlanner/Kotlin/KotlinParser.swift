import HapticCore

/// Reads the declarations of a Kotlin file (docs/kotlin.md): top-level `val`, `var` and `fun`, and
/// those of `object`, `class`, `companion object` and `enum class` bodies, named as Kotlin code
/// refers to them. Everything else is passed over by its structure (brackets, strings, comments,
/// where an expression goes on at the next line), so no Kotlin that compiles makes the file
/// unreadable; a value it does not read becomes an `unsupported` expression of its declaration.
struct KotlinParser {
    let tokens: [KotlinToken]
    let source: KotlinSource
    var index = 0
    /// Nesting of lambdas, blocks, parentheses and bodies, bounded so a hostile file cannot exhaust the stack.
    var depth = 0
    static let maxDepth = 64
    /// Most operators and member steps in one expression (its arguments and blocks count their
    /// own): with the nesting bound, the recursion stays within 64 × 100 levels.
    static let maxChain = 100
    var chain = 0
    /// Whether a newline ends an expression here (not inside parentheses or brackets).
    var newlinesEnd = true

    /// Why an expression could not be read: what and where.
    struct Failure: Error {
        let message: String
        let position: SourcePosition
        var kind: KotlinRefusalKind = .notRead
        /// One of the reader's bounds (nesting, operations), not a form it does not read.
        var isLimit = false
    }

    init(_ tokens: [KotlinToken], source: KotlinSource) {
        self.tokens = tokens
        self.source = source
    }

    var current: KotlinToken { tokens[index] }
    func peek(_ ahead: Int) -> KotlinToken { tokens[min(index + ahead, tokens.count - 1)] }
    mutating func advance() { if current.kind != .end { index += 1 } }
    mutating func skipNewlines() { while current.kind == .newline { advance() } }

    /// The span from token `first` to the last token read.
    func span(from first: Int) -> KotlinSpan {
        let last = tokens[max(first, min(index - 1, tokens.count - 1))]
        return KotlinSpan(position: tokens[first].position, start: tokens[first].start, end: max(last.end, tokens[first].end))
    }

    private static let modifiers: Set<String> = ["private", "public", "internal", "protected", "const", "inline", "override", "open", "abstract",
                                                 "final", "suspend", "expect", "actual", "external", "lateinit", "tailrec", "operator", "infix",
                                                 "data", "sealed", "inner", "value", "annotation", "noinline", "crossinline", "vararg", "reified"]

    /// Every declaration of the file, in its order.
    mutating func declarations() -> [KotlinDeclaration] {
        var found: [KotlinDeclaration] = []
        members(container: nil, into: &found, inside: false)
        return found
    }

    /// `@Name`, `@Name(…)`, `@file:Name`, `@a.b.Name`: whether one was `Composable`.
    mutating func annotations() -> Bool {
        var composable = false
        while current.isSymbol("@") {
            advance()
            var name = current.identifier ?? ""
            advance()
            if current.isSymbol(":") { advance(); name = current.identifier ?? ""; advance() }
            while current.isSymbol("."), let part = peek(1).identifier { advance(); advance(); name = part }
            if current.isSymbol("(") { skipBalanced() }
            composable = composable || name == "Composable"
            skipNewlines()
        }
        return composable
    }

    /// The declarations up to the end of the file, or (`inside`) to the `}` that closes a body.
    private mutating func members(container: String?, into found: inout [KotlinDeclaration], inside: Bool) {
        while true {
            while current.kind == .newline || current.isSymbol(";") { advance() }
            if current.kind == .end { return }
            if current.isSymbol("}") {
                advance()
                if inside { return }
                continue
            }
            var composable = false, isEnum = false, isCompanion = false
            while true {
                if current.isSymbol("@") {
                    composable = annotations() || composable
                } else if let word = current.identifier, Self.modifiers.contains(word) || word == "enum" || word == "companion" {
                    isEnum = isEnum || word == "enum"
                    isCompanion = isCompanion || word == "companion"
                    advance()
                    skipNewlines()
                } else {
                    break
                }
            }
            switch current.identifier {
            case "package", "import":
                while current.kind != .newline, current.kind != .end { advance() }
            case "val", "var":
                if let declaration = property(container: container) { found.append(declaration) }
            case "fun" where peek(1).identifier == "interface":
                advance()
                body(named: container, kind: "interface", isEnum: false, isCompanion: false, into: &found)
            case "fun":
                if let declaration = function(container: container, composable: composable) { found.append(declaration) }
            case "object", "class", "interface":
                body(named: container, kind: current.identifier!, isEnum: isEnum, isCompanion: isCompanion, into: &found)
            case "init":
                advance()
                skipNewlines()
                if current.isSymbol("{") { skipBalanced() }
            default:
                let before = index
                skipStatement()
                if index == before { advance() }
            }
        }
    }

    /// `object NAME …`, `companion object …`, `class NAME …`, `enum class NAME …`: its header
    /// passed over, its body's declarations read under its name (a companion's under its class's).
    private mutating func body(named outer: String?, kind: String, isEnum: Bool, isCompanion: Bool, into found: inout [KotlinDeclaration]) {
        advance()
        var name: String?
        if let word = current.identifier, !["by", "where"].contains(word) {
            name = word
            advance()
        }
        let container: String?
        if isCompanion {
            container = outer
        } else if let name {
            container = outer.map { "\($0).\(name)" } ?? name
        } else {
            container = nil  // an anonymous object expression at top level cannot be named
        }
        guard skipHeader(), let container else {
            if current.isSymbol("{") { skipBalanced() }
            return
        }
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maxDepth else {
            skipBalanced()
            return
        }
        advance()
        if isEnum, !enumEntries(container: container, into: &found) { return }
        members(container: container, into: &found, inside: true)
    }

    /// An enum's entries, up to the `;` that ends them (then its members follow) or the `}`
    /// (false: the body is done).
    private mutating func enumEntries(container: String, into found: inout [KotlinDeclaration]) -> Bool {
        while true {
            while current.kind == .newline || current.isSymbol(",") { advance() }
            _ = annotations()
            if current.isSymbol(";") {
                advance()
                return true
            }
            if current.isSymbol("}") {
                advance()
                return false
            }
            guard let entry = current.identifier else {
                if current.kind == .end { return false }
                skipStatement(stopAtComma: true)
                continue
            }
            let position = current.position
            advance()
            var arguments: [KotlinArgument] = []
            if current.isSymbol("(") { arguments = guardedArguments() }
            if current.isSymbol("{") { skipBalanced() }  // an entry's own class body
            found.append(KotlinDeclaration(name: "\(container).\(entry)", container: container, kind: .enumEntry(arguments, nil), position: position,
                                           declaredType: nil, source: source))
        }
    }

    /// A `val` or `var`; nil for one that is not read (destructuring, an extension, no value).
    private mutating func property(container: String?) -> KotlinDeclaration? {
        let isVariable = current.identifier == "var"
        advance()
        if current.isSymbol("<") { skipAngles() }
        guard let name = current.identifier, !peek(1).isSymbol(".") else {
            skipStatement()
            return nil
        }
        let position = current.position
        advance()
        var type: String?
        if current.isSymbol(":") {
            advance()
            type = skipType()
        }
        let qualified = container.map { "\($0).\(name)" } ?? name
        func made(_ value: KotlinExpression?) -> KotlinDeclaration? {
            let kind: KotlinDeclaration.Kind
            if isVariable {
                kind = .variable(value)
            } else if let value {
                kind = .value(value)
            } else {
                return nil
            }
            return KotlinDeclaration(name: qualified, container: container, kind: kind, position: position, declaredType: type, source: source)
        }
        continueAtNextLine(if: ["=", "by"], words: ["by", "get"])
        if current.isSymbol("=") || current.identifier == "by" {
            advance()
            skipNewlines()
            return made(guardedExpression())
        }
        if current.identifier == "get", peek(1).isSymbol("("), peek(2).isSymbol(")") {
            advance(); advance(); advance()
            if current.isSymbol(":") { advance(); _ = skipType() }
            if current.isSymbol("=") {
                advance()
                skipNewlines()
                return made(guardedExpression())
            }
        }
        skipStatement()
        return isVariable ? made(nil) : nil
    }

    /// Moves past the newlines before a `symbol` or `word` that goes on with the declaration.
    private mutating func continueAtNextLine(if symbols: [String], words: [String]) {
        var ahead = 0
        while peek(ahead).kind == .newline { ahead += 1 }
        guard ahead > 0 else { return }
        let next = peek(ahead)
        if symbols.contains(where: { next.isSymbol($0) }) || next.identifier.map(words.contains) == true {
            for _ in 0..<ahead { advance() }
        }
    }

    /// A `fun`: a function, a composable or a `JindongScope` fragment; nil for other extension
    /// functions and bodiless ones.
    private mutating func function(container: String?, composable: Bool) -> KotlinDeclaration? {
        advance()
        if current.isSymbol("<") { skipAngles() }
        guard var name = current.identifier else {
            skipStatement()
            return nil
        }
        var receiver: String?
        var position = current.position
        advance()
        if current.isSymbol("<") { skipAngles() }
        while current.isSymbol(".") || current.isSymbol("?."), let next = peek(1).identifier {
            receiver = name
            name = next
            advance()
            position = current.position
            advance()
        }
        guard current.isSymbol("(") else {
            skipStatement()
            return nil
        }
        let parameters = self.parameters()
        var type: String?
        if current.isSymbol(":") {
            advance()
            type = skipType()
        }
        continueAtNextLine(if: ["=", "{"], words: ["where"])
        if current.identifier == "where" { skipStatement(stopAtBrace: true) }
        let body: KotlinDeclaration.Body
        if current.isSymbol("=") {
            advance()
            skipNewlines()
            body = .expression(guardedExpression())
        } else if current.isSymbol("{") {
            body = .block(guardedBlock())
        } else {
            skipStatement()
            return nil
        }
        let qualified = container.map { "\($0).\(name)" } ?? name
        let kind: KotlinDeclaration.Kind
        switch (body, receiver) {
        case (.block(let block), "JindongScope") where composable: kind = .fragment(parameters, block)
        case (.block(let block), nil) where composable: kind = .composable(parameters, block)
        case (_, nil): kind = .function(parameters, body)
        default: return nil
        }
        return KotlinDeclaration(name: qualified, container: container, kind: kind, position: position, declaredType: type, source: source)
    }

    /// `(name: Type = default, …)`: each parameter's name and default value.
    private mutating func parameters() -> [KotlinParameter] {
        let outer = newlinesEnd
        newlinesEnd = false
        defer { newlinesEnd = outer }
        advance()
        var found: [KotlinParameter] = []
        while true {
            skipNewlines()
            _ = annotations()
            while let word = current.identifier, Self.modifiers.contains(word) || word == "val" || word == "var", peek(1).identifier != nil { advance() }
            if current.isSymbol(")") || current.kind == .end {
                advance()
                return found
            }
            guard let name = current.identifier else {
                skipArgument()
                if current.isSymbol(",") { advance() }
                continue
            }
            advance()
            if current.isSymbol(":") {
                advance()
                _ = skipType()
            }
            skipNewlines()
            var value: KotlinExpression?
            if current.isSymbol("=") {
                advance()
                skipNewlines()
                value = guardedArgument()
            }
            found.append(KotlinParameter(name: name, defaultValue: value))
            skipNewlines()
            if current.isSymbol(",") {
                advance()
            } else if !current.isSymbol(")") {
                skipArgument()
            }
        }
    }
}
