import HapticCore

/// Kotlin's expressions with Kotlin's precedence (disjunction, conjunction, equality, comparison,
/// `in`, elvis, infix calls, ranges, additive, multiplicative, prefix, postfix), `if` and `when`,
/// lambdas and the statements of blocks.
extension KotlinParser {
    /// Words that never name an infix function.
    private static let keywords: Set<String> = ["else", "in", "is", "as", "by", "where", "catch", "finally", "get", "set"]

    /// The operator at the cursor among `symbols`, looking past newlines where the expression goes
    /// on (inside parentheses, or before `.`, `?:`, `&&`, `||`); the newlines are passed.
    private mutating func operatorAhead(_ matches: (String) -> Bool) -> KotlinToken? {
        switch current.kind {
        case .symbol(let text): return matches(text) ? current : nil
        case .newline: break
        default: return nil
        }
        var ahead = 0
        while peek(ahead).kind == .newline { ahead += 1 }
        guard case .symbol(let text) = peek(ahead).kind, matches(text) else { return nil }
        if newlinesEnd, !["." as String, "?.", "?:", "&&", "||"].contains(text) { return nil }
        for _ in 0..<ahead { advance() }
        return current
    }

    mutating func expression() throws(Failure) -> KotlinExpression {
        let outer = chain
        chain = 0
        defer { chain = outer }
        return try binary(atLeast: 0)
    }

    /// The binary operators' precedence levels, loosest first: 0 `||`, 1 `&&`, 2 equality, 3
    /// comparison, 4 `in`/`is`, 5 `?:`, 6 infix calls (`a then b`), 7 ranges, 8 additive, 9
    /// multiplicative.
    private static func level(of symbol: String) -> Int? {
        switch symbol {
        case "||": return 0
        case "&&": return 1
        case "==", "!=", "===", "!==": return 2
        case "<", ">", "<=", ">=": return 3
        case "?:": return 5
        case "..", "..<": return 7
        case "+", "-": return 8
        case "*", "/", "%": return 9
        default: return nil
        }
    }

    /// The binary operator at the cursor and its level: a symbol (past newlines where the
    /// expression goes on), `in`/`is`/`!in`/`!is`, or an infix function's name on the same line.
    private func binaryOperator() -> (text: String, level: Int)? {
        switch current.kind {
        case .identifier(let word):
            if word == "in" || word == "is" { return (word, 4) }
            return Self.keywords.contains(word) ? nil : (word, 6)
        case .symbol("!") where peek(1).identifier == "in" || peek(1).identifier == "is":
            return ("!" + peek(1).identifier!, 4)
        case .symbol(let text):
            return Self.level(of: text).map { (text, $0) }
        case .newline:
            var ahead = 0
            while peek(ahead).kind == .newline { ahead += 1 }
            guard case .symbol(let text) = peek(ahead).kind, let level = Self.level(of: text) else { return nil }
            // Inside brackets any operator goes on; elsewhere only those Kotlin lets start a line.
            return !newlinesEnd || text == "?:" || text == "&&" || text == "||" ? (text, level) : nil
        default:
            return nil
        }
    }

    /// Operators of level `minimum` and tighter, each left-associative (precedence climbing).
    private mutating func binary(atLeast minimum: Int) throws(Failure) -> KotlinExpression {
        let first = index
        var lhs = try asCast()
        while let (op, level) = binaryOperator(), level >= minimum {
            try grow()
            skipNewlines()
            let at = current
            advance()
            if level == 4, op.hasPrefix("!") { advance() }  // `!in`, `!is`: two tokens
            skipNewlines()
            switch level {
            case 4 where op.hasSuffix("is"):
                _ = skipType()
                lhs = .unsupported("`\(source.text(span(from: first)))`, a type check: known only when the app runs", .needsRun, span(from: first))
            case 6:
                // `a then b`: an infix call, `a.then(b)`.
                let rhs = try binary(atLeast: level + 1)
                lhs = .call(.member(lhs, op, KotlinSpan(position: at.position, start: at.start, end: at.end)),
                            [KotlinArgument(label: nil, value: rhs)], nil, span(from: first))
            default:
                lhs = .binary(op, lhs, try binary(atLeast: level + 1), span(from: first))
            }
        }
        return lhs
    }

    /// `x as T` and `x as? T`: a cast is known only when the app runs.
    private mutating func asCast() throws(Failure) -> KotlinExpression {
        let first = index
        let value = try prefix()
        guard current.identifier == "as" else { return value }
        advance()
        if current.isSymbol("?") { advance() }
        _ = skipType()
        return .unsupported("`\(source.text(span(from: first)))`, a cast: known only when the app runs", .needsRun, span(from: first))
    }

    private mutating func prefix() throws(Failure) -> KotlinExpression {
        let first = index
        if let op = ["-", "+", "!"].first(where: { current.isSymbol($0) }) {
            advance()
            try grow()
            return .prefix(op, try prefix(), span(from: first))
        }
        if current.isSymbol("++") || current.isSymbol("--") {
            advance()
            _ = try prefix()
            return .unsupported("`\(source.text(span(from: first)))`, a change of a variable: known only when the app runs", .needsRun, span(from: first))
        }
        if current.isSymbol("@") { _ = annotations() }
        return try postfix()
    }

    /// Whether `<` at the cursor opens type arguments followed by a call (`emptyList<Int>()`).
    private func typeArgumentsAhead() -> Bool {
        guard current.isSymbol("<") else { return false }
        var level = 0, ahead = 0
        while ahead < 32 {
            let token = peek(ahead)
            switch token.kind {
            case .symbol("<"): level += 1
            case .symbol(">"):
                level -= 1
                if level == 0 { return peek(ahead + 1).isSymbol("(") || peek(ahead + 1).isSymbol("{") || peek(ahead + 1).isSymbol("::") }
            case .identifier, .symbol("."), .symbol(","), .symbol("?"), .symbol("*"): break
            default: return false
            }
            ahead += 1
        }
        return false
    }

    private mutating func postfix() throws(Failure) -> KotlinExpression {
        let first = index
        var value = try primary()
        while true {
            try grow()
            if let dot = operatorAhead({ $0 == "." || $0 == "?." || $0 == "::" }) {
                advance()
                skipNewlines()
                guard let name = current.identifier else {
                    if dot.isSymbol("::") { advance(); return .unsupported("`\(source.text(span(from: first)))`, a reference", .notRead, span(from: first)) }
                    throw Failure(message: "expected a name after \(dot.isSymbol(".") ? "." : "?.")", position: current.position)
                }
                let at = current
                advance()
                if dot.isSymbol("::") {
                    value = .unsupported("`\(source.text(span(from: first)))`, a reference: known only when the app runs", .needsRun, span(from: first))
                } else {
                    value = .member(value, name, KotlinSpan(position: at.position, start: tokens[first].start, end: at.end))
                }
            } else if typeArgumentsAhead() {
                skipAngles()
            } else if current.isSymbol("(") {
                let arguments = try nested { (parser: inout KotlinParser) throws(Failure) in parser.guardedArguments() }
                let trailing = current.isSymbol("{") ? try lambda() : nil
                value = .call(value, arguments, trailing, span(from: first))
            } else if current.isSymbol("{"), Self.takesTrailingLambda(value) {
                let trailing = try lambda()
                value = .call(value, [], trailing, span(from: first))
            } else if current.isSymbol("[") {
                skipBalanced()
                value = .unsupported("`\(source.text(span(from: first)))`, an index: known only when the app runs", .needsRun, span(from: first))
            } else if current.isSymbol("!!") {
                advance()
            } else if current.isSymbol("++") || current.isSymbol("--") {
                advance()
                value = .unsupported("`\(source.text(span(from: first)))`, a change of a variable: known only when the app runs", .needsRun, span(from: first))
            } else {
                return value
            }
        }
    }

    /// A name or member followed by `{` is a call with a trailing lambda (`repeat(3) { }` is
    /// handled with its arguments).
    private static func takesTrailingLambda(_ value: KotlinExpression) -> Bool {
        switch value {
        case .name, .member: return true
        default: return false
        }
    }

    private mutating func primary() throws(Failure) -> KotlinExpression {
        let token = current, first = index
        switch token.kind {
        case .number(let text):
            advance()
            return .number(text, span(from: first))
        case .identifier(let name):
            switch name {
            case "if": return try conditional()
            case "when": return try when()
            case "try", "object", "fun", "super", "throw", "return", "for", "while", "do":
                advance()
                skipStatement()
                let what = ["try": "a `try`", "object": "an object expression", "fun": "an anonymous function", "super": "`super`", "throw": "a `throw`",
                            "return": "a `return` inside an expression", "for": "a `for` loop", "while": "a `while` loop", "do": "a `do` loop"][name]!
                return .unsupported("\(what): known only when the app runs", .needsRun, span(from: first))
            case "null":
                advance()
                return .unsupported("`null`", .notRead, span(from: first))
            default:
                advance()
                return .name(name, span(from: first))
            }
        case .string:
            advance()
            return .unsupported("`\(source.text(span(from: first)))`, a string", .notRead, span(from: first))
        case .symbol("("):
            return try nested { (parser: inout KotlinParser) throws(Failure) in
                let outer = parser.newlinesEnd
                parser.newlinesEnd = false
                defer { parser.newlinesEnd = outer }
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
            return .lambda(body, span(from: first))
        case .symbol("::"), .symbol("["):
            skipStatement(stopAtComma: true)
            return .unsupported("`\(source.text(span(from: first)))`", .notRead, span(from: first))
        default:
            throw Failure(message: "expected a value, found \(Self.describe(token))", position: token.position)
        }
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

    /// A branch of `if` or `when`: a `{ … }` block, or one statement.
    private mutating func branch() throws(Failure) -> KotlinLambda {
        skipNewlines()
        if current.isSymbol("{") { return try lambda(parameters: false) }
        let position = current.position
        let statement = try self.statement()
        return KotlinLambda(parameters: [], statements: [statement], position: position)
    }

    /// `if (condition) branch [else branch]`.
    private mutating func conditional() throws(Failure) -> KotlinExpression {
        let first = index
        advance()
        guard current.isSymbol("(") else { throw Failure(message: "expected ( after if", position: current.position) }
        let condition = try nested { (parser: inout KotlinParser) throws(Failure) in try parser.parenthesised() }
        let then = try nested { (parser: inout KotlinParser) throws(Failure) in try parser.branch() }
        var ahead = 0
        while peek(ahead).kind == .newline || (ahead == 0 && peek(ahead).isSymbol(";")) { ahead += 1 }
        var otherwise: KotlinLambda?
        if peek(ahead).identifier == "else" {
            for _ in 0...ahead { advance() }
            otherwise = try nested { (parser: inout KotlinParser) throws(Failure) in try parser.branch() }
        }
        return .conditional(condition, then, otherwise, span(from: first))
    }

    /// `( expression )`, newlines inside passed over.
    private mutating func parenthesised() throws(Failure) -> KotlinExpression {
        let outer = newlinesEnd
        newlinesEnd = false
        defer { newlinesEnd = outer }
        advance()
        skipNewlines()
        let value = try expression()
        skipNewlines()
        guard current.isSymbol(")") else { throw Failure(message: "expected )", position: current.position) }
        advance()
        return value
    }

    /// `when [(subject)] { conditions -> branch … }`.
    private mutating func when() throws(Failure) -> KotlinExpression {
        let first = index
        advance()
        var subject: KotlinExpression?
        if current.isSymbol("(") {
            if peek(1).identifier == "val" { throw Failure(message: "`when (val …)`", position: current.position) }
            subject = try nested { (parser: inout KotlinParser) throws(Failure) in try parser.parenthesised() }
        }
        skipNewlines()
        guard current.isSymbol("{") else { throw Failure(message: "expected { after when", position: current.position) }
        return try nested { (parser: inout KotlinParser) throws(Failure) in
            parser.advance()
            var branches: [KotlinWhenBranch] = []
            while true {
                while parser.current.kind == .newline || parser.current.isSymbol(";") { parser.advance() }
                if parser.current.isSymbol("}") {
                    parser.advance()
                    return .when(subject, branches, parser.span(from: first))
                }
                guard parser.current.kind != .end else { throw Failure(message: "a when that does not close", position: parser.tokens[first].position) }
                var conditions: [KotlinWhenBranch.Condition] = []
                if parser.current.identifier == "else" {
                    parser.advance()
                } else {
                    let outer = parser.newlinesEnd
                    parser.newlinesEnd = false
                    while true {
                        parser.skipNewlines()
                        let negated = parser.current.isSymbol("!") && parser.peek(1).identifier == "in"
                        if negated { parser.advance() }
                        if parser.current.identifier == "in" {
                            parser.advance()
                            conditions.append(.contained(try parser.expression(), negated: negated))
                        } else if parser.current.identifier == "is" || (parser.current.isSymbol("!") && parser.peek(1).identifier == "is") {
                            throw Failure(message: "`is` in a when: known only when the app runs", position: parser.current.position, kind: .needsRun)
                        } else {
                            conditions.append(.equals(try parser.expression()))
                        }
                        parser.skipNewlines()
                        guard parser.current.isSymbol(",") else { break }
                        parser.advance()
                    }
                    parser.newlinesEnd = outer
                }
                parser.skipNewlines()
                guard parser.current.isSymbol("->") else { throw Failure(message: "expected -> in a when", position: parser.current.position) }
                parser.advance()
                branches.append(KotlinWhenBranch(conditions: conditions, body: try parser.branch()))
            }
        }
    }

    /// `{ [params ->] statements }`, statements split by newlines and `;`; a branch's block
    /// (`parameters` false) has none.
    mutating func lambda(parameters allowed: Bool = true) throws(Failure) -> KotlinLambda {
        try nested { (parser: inout KotlinParser) throws(Failure) in
            let outer = parser.newlinesEnd
            parser.newlinesEnd = true
            defer { parser.newlinesEnd = outer }
            let position = parser.current.position
            parser.advance()
            parser.skipNewlines()
            var parameters: [String] = []
            if allowed {
                var names: [String] = [], ahead = 0, afterColon = false
                scan: while ahead < 64 {
                    let token = parser.peek(ahead)
                    switch token.kind {
                    case .symbol("->"):
                        for _ in 0...ahead { parser.advance() }
                        parameters = names
                        break scan
                    case .identifier(let name):
                        if !afterColon { names.append(name) }
                    case .symbol(":"): afterColon = true
                    case .symbol(","): afterColon = false
                    case .symbol("("), .symbol(")"), .symbol("."), .symbol("<"), .symbol(">"), .symbol("?"), .newline: break
                    default: break scan
                    }
                    ahead += 1
                }
            }
            var statements: [KotlinStatement] = []
            while true {
                while parser.current.kind == .newline || parser.current.isSymbol(";") { parser.advance() }
                if parser.current.isSymbol("}") {
                    parser.advance()
                    return KotlinLambda(parameters: parameters, statements: statements, position: position)
                }
                guard parser.current.kind != .end else { throw Failure(message: "a { that does not close", position: position) }
                if parser.current.isSymbol(")") || parser.current.isSymbol("]") {
                    parser.advance()  // a stray closing bracket: passed over
                    continue
                }
                statements.append(parser.guardedStatement())
            }
        }
    }

    mutating func statement() throws(Failure) -> KotlinStatement {
        if current.isSymbol("@") { _ = annotations() }
        let token = current
        switch token.identifier {
        case "val":
            advance()
            guard let name = current.identifier else { throw Failure(message: "a destructuring val", position: current.position) }
            let position = current.position
            advance()
            if current.isSymbol(":") { advance(); _ = skipType() }
            guard current.isSymbol("=") || current.identifier == "by" else { throw Failure(message: "a val without a value", position: current.position) }
            advance()
            skipNewlines()
            return .value(name, try expression(), position)
        case "var":
            advance()
            let name = current.identifier ?? "_"
            skipStatement()
            return .variable(name, token.position)
        case "for", "while", "do":
            advance()
            skipStatement()
            if token.identifier == "do", current.kind == .newline, lineContinuesWithWhile() { skipNewlines(); skipStatement() }
            return .unsupported("a `\(token.identifier!)` loop: known only when the app runs", .needsRun, token.position)
        case "throw":
            skipStatement()
            return .unsupported("a `throw`: known only when the app runs", .needsRun, token.position)
        case "return":
            advance()
            if current.isSymbol("@") { advance(); advance() }
            guard !atStatementEnd else { return .unsupported("a `return` without a value", .notRead, token.position) }
            return .returned(try expression())
        case "fun", "class", "object", "interface", "typealias":
            skipStatement()
            return .unsupported("a local `\(token.identifier!)`", .notRead, token.position)
        default:
            let first = index
            let value = try expression()
            if ["=", "+=", "-=", "*=", "/=", "%="].contains(where: { current.isSymbol($0) }) {
                skipStatement()
                return .unsupported("`\(source.text(span(from: first)))`, an assignment: known only when the app runs", .needsRun, token.position)
            }
            return .expression(value)
        }
    }

    /// After `do { … }`: whether its `while (…)` is on the next line.
    private func lineContinuesWithWhile() -> Bool {
        var ahead = 0
        while peek(ahead).kind == .newline { ahead += 1 }
        return peek(ahead).identifier == "while"
    }
}
