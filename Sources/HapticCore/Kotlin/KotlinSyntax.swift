/// The expressions of the static subset hapsynth reads (docs/kotlin.md), each with its place.
indirect enum KotlinExpression: Sendable {
    /// A number as written.
    case number(String, SourcePosition)
    case name(String, SourcePosition)
    /// `base.name`.
    case member(KotlinExpression, String, SourcePosition)
    /// `callee(arguments) { lambda }`.
    case call(KotlinExpression, [KotlinArgument], KotlinLambda?, SourcePosition)
    /// `+ - * /`.
    case binary(String, KotlinExpression, KotlinExpression, SourcePosition)
    case negated(KotlinExpression, SourcePosition)
    /// Something outside the subset, described as the refusal will say it (`a string`, `if`).
    case unsupported(String, SourcePosition)

    var position: SourcePosition {
        switch self {
        case .number(_, let p), .name(_, let p), .member(_, _, let p), .call(_, _, _, let p), .binary(_, _, _, let p), .negated(_, let p),
             .unsupported(_, let p):
            return p
        }
    }

    /// How a refusal shows it: `computeDelay()`, `HapticIntensity.STRONG`.
    var shown: String {
        switch self {
        case .number(let text, _): return text
        case .name(let name, _): return name
        case .member(let base, let name, _): return base.shown + "." + name
        case .call(let callee, let arguments, let lambda, _):
            return callee.shown + "(" + arguments.map { ($0.label.map { "\($0) = " } ?? "") + $0.value.shown }.joined(separator: ", ") + ")"
                + (lambda == nil ? "" : " { … }")
        case .binary(let op, let lhs, let rhs, _): return lhs.shown + " " + op + " " + rhs.shown
        case .negated(let value, _): return "-" + value.shown
        case .unsupported(let what, _): return what
        }
    }
}

struct KotlinArgument: Sendable {
    let label: String?
    let value: KotlinExpression
}

/// `{ a, b -> statements }`.
struct KotlinLambda: Sendable {
    let parameters: [String]
    let statements: [KotlinStatement]
    let position: SourcePosition
}

enum KotlinStatement: Sendable {
    case expression(KotlinExpression)
    /// `val name = value` inside a block.
    case value(String, KotlinExpression, SourcePosition)
    /// A statement outside the subset (`var`, `for`, `if`, `return` inside a builder…).
    case unsupported(String, SourcePosition)
}

/// A top-level declaration that may be a pattern or a value a pattern uses.
struct KotlinDeclaration: Sendable {
    enum Kind: Sendable {
        /// `val` / `const val`: its value.
        case value(KotlinExpression)
        /// `fun NAME() = …` or `{ return … }`: its value.
        case function(KotlinExpression)
        /// `@Composable fun NAME() { … }`: its body.
        case composable(KotlinLambda)
        /// Known only at run time: a `var`, a function with parameters (what it is), with its
        /// value when it has one (to tell whether it would be a pattern).
        case dynamic(String, KotlinExpression?)
    }

    let name: String
    let kind: Kind
    let position: SourcePosition
    /// The other `.kt` file it is declared in (nil: the file read).
    var neighbour: String? = nil

    /// The declaration as one of the file `file` beside the one read.
    func `in`(_ file: String) -> KotlinDeclaration {
        var copy = self
        copy.neighbour = file
        return copy
    }
}

/// Reads the top-level declarations of a token list; everything it does not read (package,
/// imports, classes, objects, functions of other forms) is skipped whole.
struct KotlinParser {
    private let tokens: [KotlinToken]
    private var index = 0
    /// Nesting of lambdas and parentheses, bounded so a hostile file cannot exhaust the stack.
    private var depth = 0
    static let maxDepth = 64
    /// Most operators and member steps in one expression (its arguments and blocks count their
    /// own): each nests the tree one level deeper, which evaluating it recurses through, so with
    /// the nesting bound the recursion stays within 64 × 100 levels.
    static let maxChain = 100
    private var chain = 0

    struct Failure: Error {
        let message: String
        let position: SourcePosition
    }

    init(_ tokens: [KotlinToken]) { self.tokens = tokens }

    private var current: KotlinToken { tokens[index] }
    private func peek(_ ahead: Int) -> KotlinToken { tokens[min(index + ahead, tokens.count - 1)] }
    private mutating func advance() { if current.kind != .end { index += 1 } }

    private mutating func skipNewlines() { while current.kind == .newline { advance() } }

    private static let modifiers: Set<String> = ["private", "public", "internal", "protected", "const", "inline", "override", "open", "abstract",
                                                 "final", "suspend", "expect", "actual", "external", "lateinit", "tailrec", "operator", "infix"]

    /// Every top-level declaration, in the file's order.
    mutating func declarations() throws(Failure) -> [KotlinDeclaration] {
        var found: [KotlinDeclaration] = []
        while true {
            skipNewlines()
            if current.kind == .end { return found }
            var composable = false
            // Annotations and modifiers.
            while true {
                if current.isSymbol("@") {
                    advance()
                    var name = current.identifier ?? ""
                    advance()
                    if current.isSymbol(":") { advance(); name = current.identifier ?? ""; advance() }  // @file:JvmName
                    while current.isSymbol("."), let part = peek(1).identifier { advance(); advance(); name = part }
                    if current.isSymbol("(") { skipBalanced() }
                    composable = composable || name == "Composable"
                    skipNewlines()
                } else if let word = current.identifier, Self.modifiers.contains(word) {
                    advance()
                } else {
                    break
                }
            }
            switch current.identifier {
            case "package", "import":
                skipLine()
            case "val", "var":
                if let declaration = try value() { found.append(declaration) }
            case "fun":
                if let declaration = try function(composable: composable) { found.append(declaration) }
            default:
                skipDeclaration()
            }
        }
    }

    /// To the end of the line.
    private mutating func skipLine() {
        while current.kind != .newline, current.kind != .end { advance() }
    }

    /// From an opening bracket to its match.
    private mutating func skipBalanced() {
        var level = 0
        repeat {
            if current.isSymbol("(") || current.isSymbol("{") || current.isSymbol("[") { level += 1 }
            if current.isSymbol(")") || current.isSymbol("}") || current.isSymbol("]") { level -= 1 }
            advance()
        } while level > 0 && current.kind != .end
    }

    /// A declaration hapsynth does not read: to the end of its line, its brackets balanced.
    private mutating func skipDeclaration() {
        while current.kind != .newline, current.kind != .end {
            if current.isSymbol("(") || current.isSymbol("{") || current.isSymbol("[") { skipBalanced() } else { advance() }
        }
    }

    /// A type after `:`, up to `=`, `{` or the line's end (generics balanced).
    private mutating func skipType() {
        var angle = 0
        while current.kind != .end, current.kind != .newline {
            if angle == 0, current.isSymbol("=") || current.isSymbol("{") { return }
            if current.isSymbol("<") { angle += 1 }
            if current.isSymbol(">") { angle -= 1 }
            if current.isSymbol("(") { skipBalanced(); continue }
            advance()
        }
    }

    private mutating func value() throws(Failure) -> KotlinDeclaration? {
        let isVariable = current.identifier == "var"
        advance()
        guard let name = current.identifier else {
            skipDeclaration()
            return nil
        }
        let position = current.position
        advance()
        if current.isSymbol(":") {
            advance()
            skipType()
        }
        guard current.isSymbol("=") else {
            skipDeclaration()  // a delegated or abstract property
            return isVariable ? KotlinDeclaration(name: name, kind: .dynamic("a var", nil), position: position) : nil
        }
        advance()
        let value = try expression()
        if isVariable { return KotlinDeclaration(name: name, kind: .dynamic("a var", value), position: position) }
        return KotlinDeclaration(name: name, kind: .value(value), position: position)
    }

    private mutating func function(composable: Bool) throws(Failure) -> KotlinDeclaration? {
        advance()
        if current.isSymbol("<") { skipType() }  // type parameters
        guard let name = current.identifier, peek(1).isSymbol("(") else {
            skipDeclaration()  // an extension function (Receiver.name) or an odd form
            return nil
        }
        let position = current.position
        advance()
        let hasParameters = !peek(1).isSymbol(")")
        skipBalanced()
        if current.isSymbol(":") {
            advance()
            skipType()
        }
        skipNewlines()
        if hasParameters {
            var value: KotlinExpression?
            if current.isSymbol("=") {
                advance()
                value = try expression()
            } else if current.isSymbol("{") {
                skipBalanced()
            }
            return KotlinDeclaration(name: name, kind: .dynamic("a function with parameters", value), position: position)
        }
        if current.isSymbol("=") {
            advance()
            return KotlinDeclaration(name: name, kind: .function(try expression()), position: position)
        }
        guard current.isSymbol("{") else {
            skipDeclaration()
            return nil
        }
        let body = try lambda()
        if composable { return KotlinDeclaration(name: name, kind: .composable(body), position: position) }
        // `{ return value }` is the value; any other body is known only when it runs.
        if body.statements.count == 1, case .expression(.call(.name("return", _), let arguments, nil, _)) = body.statements[0], arguments.count == 1 {
            return KotlinDeclaration(name: name, kind: .function(arguments[0].value), position: position)
        }
        return nil
    }

    // MARK: - Expressions

    private mutating func nested<T>(_ body: (inout KotlinParser) throws(Failure) -> T) throws(Failure) -> T {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maxDepth else { throw Failure(message: "nested more than \(Self.maxDepth) deep", position: current.position) }
        return try body(&self)
    }

    /// One more operator or step in the expression being read.
    private mutating func grow() throws(Failure) {
        chain += 1
        guard chain <= Self.maxChain else { throw Failure(message: "an expression of more than \(Self.maxChain) operations", position: current.position) }
    }

    mutating func expression() throws(Failure) -> KotlinExpression {
        let outer = chain
        chain = 0
        defer { chain = outer }
        var lhs = try term()
        while current.isSymbol("+") || current.isSymbol("-") {
            try grow()
            let op = current
            advance()
            skipNewlines()
            lhs = .binary(op.kind == .symbol("+") ? "+" : "-", lhs, try term(), op.position)
        }
        return lhs
    }

    private mutating func term() throws(Failure) -> KotlinExpression {
        var lhs = try unary()
        while current.isSymbol("*") || current.isSymbol("/") || current.isSymbol("%") {
            try grow()
            let op = current
            advance()
            skipNewlines()
            guard case .symbol(let text) = op.kind else { break }
            lhs = .binary(text, lhs, try unary(), op.position)
        }
        return lhs
    }

    private mutating func unary() throws(Failure) -> KotlinExpression {
        if current.isSymbol("-") {
            let position = current.position
            advance()
            try grow()
            return .negated(try unary(), position)
        }
        if current.isSymbol("+") { advance() }
        return try postfix()
    }

    private mutating func postfix() throws(Failure) -> KotlinExpression {
        var value = try primary()
        while true {
            try grow()
            // A chain may go on at the next line's leading `.`.
            var ahead = 0
            while peek(ahead).kind == .newline { ahead += 1 }
            if peek(ahead).isSymbol(".") || peek(ahead).isSymbol("?.") {
                for _ in 0..<ahead { advance() }
                let dot = current
                advance()
                skipNewlines()
                guard let name = current.identifier else { throw Failure(message: "expected a name after \(dot.isSymbol(".") ? "." : "?.")", position: current.position) }
                value = .member(value, name, current.position)
                advance()
            } else if current.isSymbol("(") {
                let position = value.position
                let arguments = try nested { (parser: inout KotlinParser) throws(Failure) in try parser.arguments() }
                let trailing = current.isSymbol("{") ? try lambda() : nil
                value = .call(value, arguments, trailing, position)
            } else if current.isSymbol("{"), case .name = value {
                value = .call(value, [], try lambda(), value.position)
            } else if current.isSymbol("{"), case .member = value {
                value = .call(value, [], try lambda(), value.position)
            } else if current.isSymbol("!!") {
                advance()
            } else {
                return value
            }
        }
    }

    private mutating func primary() throws(Failure) -> KotlinExpression {
        let token = current
        switch token.kind {
        case .number(let text):
            advance()
            return .number(text, token.position)
        case .identifier(let name):
            advance()
            switch name {
            case "if", "when", "for", "while", "do", "try", "object", "null", "true", "false", "this":
                skipDeclarationRest()
                return .unsupported(Self.construct(name), token.position)
            case "return":
                return .call(.name("return", token.position), [KotlinArgument(label: nil, value: try expression())], nil, token.position)
            default:
                return .name(name, token.position)
            }
        case .string:
            advance()
            return .unsupported("a string", token.position)
        case .symbol("("):
            return try nested { (parser: inout KotlinParser) throws(Failure) in
                parser.advance()
                parser.skipNewlines()
                let inner = try parser.expression()
                parser.skipNewlines()
                guard parser.current.isSymbol(")") else { throw Failure(message: "expected )", position: parser.current.position) }
                parser.advance()
                return inner
            }
        case .symbol("{"):
            let body = try lambda()
            return .unsupported("a lambda", body.position)
        default:
            throw Failure(message: "expected a value, found \(Self.describe(token))", position: token.position)
        }
    }

    /// After a construct outside the subset: the rest of it, brackets balanced, to the line's end.
    private mutating func skipDeclarationRest() {
        while current.kind != .newline, current.kind != .end, !current.isSymbol(")"), !current.isSymbol("}"), !current.isSymbol(",") {
            if current.isSymbol("(") || current.isSymbol("{") || current.isSymbol("[") { skipBalanced() } else { advance() }
        }
    }

    /// A keyword outside the subset as a refusal names it: `an if`, `a for`, `null`.
    static func construct(_ keyword: String) -> String {
        if ["null", "true", "false", "this"].contains(keyword) { return keyword }
        return (["if", "object"].contains(keyword) ? "an " : "a ") + keyword
    }

    static func describe(_ token: KotlinToken) -> String {
        switch token.kind {
        case .identifier(let name): return name
        case .number(let text): return text
        case .string: return "a string"
        case .symbol(let text): return text
        case .newline: return "the end of the line"
        case .end: return "the end of the file"
        }
    }

    /// `( [label =] value, … )`, a trailing comma allowed.
    private mutating func arguments() throws(Failure) -> [KotlinArgument] {
        advance()
        var found: [KotlinArgument] = []
        while true {
            skipNewlines()
            if current.isSymbol(")") {
                advance()
                return found
            }
            var label: String?
            if let name = current.identifier, peek(1).isSymbol("=") {
                label = name
                advance()
                advance()
                skipNewlines()
            }
            found.append(KotlinArgument(label: label, value: try expression()))
            skipNewlines()
            if current.isSymbol(",") {
                advance()
            } else if !current.isSymbol(")") {
                throw Failure(message: "expected , or ) in the arguments, found \(Self.describe(current))", position: current.position)
            }
        }
    }

    /// `{ [params ->] statements }`, statements split by newlines and `;`.
    mutating func lambda() throws(Failure) -> KotlinLambda {
        try nested { (parser: inout KotlinParser) throws(Failure) in
            let position = parser.current.position
            parser.advance()
            parser.skipNewlines()
            var parameters: [String] = [], names: [String] = [], scan = 0
            while let name = parser.peek(scan).identifier {
                names.append(name)
                if parser.peek(scan + 1).isSymbol("->") {
                    for _ in 0..<(scan + 2) { parser.advance() }
                    parameters = names
                    break
                }
                guard parser.peek(scan + 1).isSymbol(",") else { break }
                scan += 2
            }
            var statements: [KotlinStatement] = []
            while true {
                while parser.current.kind == .newline || parser.current.isSymbol(";") { parser.advance() }
                if parser.current.isSymbol("}") {
                    parser.advance()
                    return KotlinLambda(parameters: parameters, statements: statements, position: position)
                }
                guard parser.current.kind != .end else { throw Failure(message: "a { that does not close", position: position) }
                statements.append(try parser.statement())
            }
        }
    }

    private mutating func statement() throws(Failure) -> KotlinStatement {
        let token = current
        switch token.identifier {
        case "val":
            advance()
            guard let name = current.identifier else { throw Failure(message: "expected a name after val", position: current.position) }
            let position = current.position
            advance()
            if current.isSymbol(":") { advance(); skipType() }
            guard current.isSymbol("=") else { throw Failure(message: "expected = after val \(name)", position: current.position) }
            advance()
            skipNewlines()
            return .value(name, try expression(), position)
        case "var", "for", "while", "do", "if", "when", "try", "return", "throw":
            skipStatement()
            return .unsupported(Self.construct(token.identifier!), token.position)
        default:
            let value = try expression()
            if current.isSymbol("=") || current.isSymbol("+=") || current.isSymbol("-=") {
                skipStatement()
                return .unsupported("an assignment", token.position)
            }
            return .expression(value)
        }
    }

    /// A statement outside the subset: to its line's end, brackets balanced.
    private mutating func skipStatement() {
        while current.kind != .newline, current.kind != .end, !current.isSymbol(";"), !current.isSymbol("}") {
            if current.isSymbol("(") || current.isSymbol("{") || current.isSymbol("[") { skipBalanced() } else { advance() }
        }
    }
}
