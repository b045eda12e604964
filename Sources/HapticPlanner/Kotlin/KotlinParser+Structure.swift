import HapticCore

/// Passing Kotlin over by its structure: brackets balanced, newlines ending a statement unless the
/// expression goes on at the next line, and the guards that turn what is not read into an
/// `unsupported` value of its own statement instead of a failure of the file.
extension KotlinParser {
    /// Tokens that cannot end an expression: a line ending in one goes on at the next.
    private static let continuingEnd: Set<String> = ["=", "+", "-", "*", "/", "%", "&&", "||", "?:", ".", "?.", ",", "->", "==", "!=", "<=", ">=",
                                                     "..", "..<", "(", "[", "!", "::", "+=", "-=", "*=", "/=", "%=", "===", "!=="]
    /// Tokens that go on with the line before when they start a line.
    private static let continuingStart: Set<String> = [".", "?.", "?:", "&&", "||", "{", "=", ":", "->"]
    private static let continuingWords: Set<String> = ["else", "catch", "finally", "where", "by"]

    /// From an opening bracket to just past its match (iterative: any depth).
    mutating func skipBalanced() {
        var level = 0
        repeat {
            if current.isSymbol("(") || current.isSymbol("{") || current.isSymbol("[") { level += 1 }
            if current.isSymbol(")") || current.isSymbol("}") || current.isSymbol("]") { level -= 1 }
            advance()
        } while level > 0 && current.kind != .end
    }

    /// `<…>` type parameters or arguments, nested angles balanced.
    mutating func skipAngles() {
        var level = 0
        repeat {
            if current.isSymbol("<") { level += 1 }
            if current.isSymbol(">") { level -= 1 }
            if current.isSymbol("(") { skipBalanced(); continue }
            advance()
        } while level > 0 && current.kind != .end && !current.isSymbol("{") && !current.isSymbol("=")
    }

    /// A type after `:`, up to what follows it (`=`, `{`, `by`, `,`, `)`, the line's end): its
    /// first name (`HapticPattern`).
    mutating func skipType() -> String? {
        skipNewlines()
        var first: String?
        while current.kind != .end, current.kind != .newline {
            if current.isSymbol("=") || current.isSymbol("{") || current.isSymbol(",") || current.isSymbol(")") || current.isSymbol(";")
                || current.isSymbol("}") || ["by", "where", "get", "set"].contains(current.identifier ?? "") {
                return first
            }
            if current.isSymbol("@") { _ = annotations(); continue }
            if current.isSymbol("<") { skipAngles(); continue }
            if current.isSymbol("(") { skipBalanced(); continue }
            if first == nil, let name = current.identifier, name != "suspend" { first = name }
            advance()
        }
        return first
    }

    /// A class or object header (type parameters, constructor, supertypes, `where`): true when
    /// its body's `{` follows.
    mutating func skipHeader() -> Bool {
        skipStatement(stopAtBrace: true)
        return current.isSymbol("{")
    }

    /// Whether the token before the newline at `index` (the last read) leaves its line open.
    private func lineGoesOn() -> Bool {
        if index > 0, case .symbol(let text) = tokens[index - 1].kind, Self.continuingEnd.contains(text) { return true }
        var ahead = 0
        while peek(ahead).kind == .newline { ahead += 1 }
        switch peek(ahead).kind {
        case .symbol(let text): return Self.continuingStart.contains(text)
        case .identifier(let word): return Self.continuingWords.contains(word)
        default: return false
        }
    }

    /// A statement or declaration passed over: to the newline that ends it, a `;`, or the bracket
    /// that closes what holds it; `stopAtComma` also at a `,`, `stopAtBrace` at a `{`.
    mutating func skipStatement(stopAtComma: Bool = false, stopAtBrace: Bool = false) {
        while current.kind != .end {
            if current.isSymbol(")") || current.isSymbol("}") || current.isSymbol("]") || current.isSymbol(";") { return }
            if stopAtComma, current.isSymbol(",") { return }
            if stopAtBrace, current.isSymbol("{") { return }
            if current.kind == .newline {
                guard lineGoesOn() else { return }
                skipNewlines()
                if stopAtBrace, current.isSymbol("{") { return }
                continue
            }
            if current.isSymbol("(") || current.isSymbol("{") || current.isSymbol("[") { skipBalanced() } else { advance() }
        }
    }

    /// An argument passed over: to the `,` or `)` at its level (newlines do not end it).
    mutating func skipArgument() {
        while current.kind != .end, !current.isSymbol(","), !current.isSymbol(")"), !current.isSymbol("}"), !current.isSymbol("]") {
            if current.isSymbol("(") || current.isSymbol("{") || current.isSymbol("[") { skipBalanced() } else { advance() }
        }
    }

    /// Whether the expression read ends here: a newline, `;`, a closing bracket or the end.
    var atStatementEnd: Bool {
        current.kind == .newline || current.kind == .end || current.isSymbol(";") || current.isSymbol("}") || current.isSymbol(")")
    }

    /// What a passed-over statement is, as a message names it: `` `a ?: b`: not read ``.
    func notRead(from first: Int, _ failure: Failure?) -> (String, KotlinRefusalKind) {
        if let failure, failure.kind != .notRead || failure.message.hasPrefix("nested") || failure.message.hasPrefix("an expression of") {
            return (failure.message, failure.kind)
        }
        return ("`\(source.text(span(from: first)))`: a form hapsynth does not read", .notRead)
    }

    /// Reads with `read` and keeps what it read when `ends` holds after it; otherwise goes back,
    /// passes the text over with `skip` and gives what `refused` makes of why (the first token's
    /// index, the failure if one was thrown).
    private mutating func guarded<T>(_ read: (inout KotlinParser) throws(Failure) -> T, ends: (inout KotlinParser) -> Bool,
                                     skip: (inout KotlinParser) -> Void, refused: (KotlinParser, Int, Failure?) -> T) -> T {
        let first = index, saved = (depth, chain, newlinesEnd)
        var failure: Failure?
        do {
            let value = try read(&self)
            if ends(&self) { return value }
        } catch {
            failure = error
        }
        (index, depth, chain, newlinesEnd) = (first, saved.0, saved.1, saved.2)
        skip(&self)
        return refused(self, first, failure)
    }

    /// An expression to the end of its statement; one not read is passed over and stands as
    /// `unsupported`.
    mutating func guardedExpression() -> KotlinExpression {
        guarded({ (parser: inout KotlinParser) throws(Failure) in try parser.expression() }, ends: { $0.atStatementEnd },
                skip: { $0.skipStatement() }, refused: Self.unsupported)
    }

    /// An argument to its `,` or `)`; one not read stands as `unsupported`.
    mutating func guardedArgument() -> KotlinExpression {
        guarded({ (parser: inout KotlinParser) throws(Failure) in try parser.expression() },
                ends: { parser in
                    parser.skipNewlines()
                    return parser.current.isSymbol(",") || parser.current.isSymbol(")")
                },
                skip: { $0.skipArgument() }, refused: Self.unsupported)
    }

    /// What a passed-over expression stands as.
    private static func unsupported(_ parser: KotlinParser, _ first: Int, _ failure: Failure?) -> KotlinExpression {
        let (message, kind) = parser.notRead(from: first, failure)
        guard failure?.isLimit == true else { return .unsupported(message, kind, parser.span(from: first)) }
        // At a limit, the name the expression starts with (`a.b.c`) says whether it was a pattern.
        var lead = parser.tokens[first].identifier, index = first + 1
        while lead != nil, parser.tokens[index].isSymbol("."), let part = parser.tokens[index + 1].identifier,
              !parser.tokens[index + 2].isSymbol("("), !parser.tokens[index + 2].isSymbol("{") {
            lead! += "." + part
            index += 2
        }
        return .unsupported(message, kind, parser.span(from: first), lead: lead)
    }

    /// `( [label =] value, … )` where every argument not read stands as `unsupported`.
    mutating func guardedArguments() -> [KotlinArgument] {
        let outer = newlinesEnd
        newlinesEnd = false
        defer { newlinesEnd = outer }
        advance()
        var found: [KotlinArgument] = []
        while true {
            skipNewlines()
            if current.isSymbol(")") || current.kind == .end {
                advance()
                return found
            }
            if current.isSymbol("}") || current.isSymbol("]") { return found }
            var label: String?
            if let name = current.identifier, peek(1).isSymbol("=") {
                label = name
                advance()
                advance()
                skipNewlines()
            }
            found.append(KotlinArgument(label: label, value: guardedArgument()))
            skipNewlines()
            if current.isSymbol(",") { advance() }
        }
    }

    /// A `{ … }` block whose nesting is too deep is passed over whole.
    mutating func guardedBlock() -> KotlinLambda {
        let first = index, position = current.position
        do {
            return try lambda()
        } catch {
            index = first
            skipBalanced()
            return KotlinLambda(parameters: [], statements: [.unsupported(error.message, error.kind, error.position)], position: position)
        }
    }

    /// One statement of a block; one not read is passed over and stands as `unsupported`.
    mutating func guardedStatement() -> KotlinStatement {
        guarded({ (parser: inout KotlinParser) throws(Failure) in try parser.statement() }, ends: { $0.atStatementEnd },
                skip: { parser in
                    let before = parser.index
                    parser.skipStatement()
                    if parser.index == before { parser.advance() }
                },
                refused: { parser, first, failure in
                    let (message, kind) = parser.notRead(from: first, failure)
                    return .unsupported(message, kind, parser.tokens[first].position)
                })
    }

    /// Runs `body` one nesting level deeper, refusing past `maxDepth`.
    mutating func nested<T>(_ body: (inout KotlinParser) throws(Failure) -> T) throws(Failure) -> T {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maxDepth else { throw Failure(message: "nested more than \(Self.maxDepth) deep", position: current.position, kind: .invalid, isLimit: true) }
        return try body(&self)
    }

    /// One more operator or step in the expression being read.
    mutating func grow() throws(Failure) {
        chain += 1
        guard chain <= Self.maxChain else {
            throw Failure(message: "an expression of more than \(Self.maxChain) operations", position: current.position, kind: .invalid, isLimit: true)
        }
    }
}
