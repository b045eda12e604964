import HapticCore

/// Tells which declarations are patterns without building them: a type written as
/// `HapticPattern`, a builder, a composable or fragment of the Compose DSL, a transform of a
/// pattern, a name or call of one. Each declaration is judged once, so a chain of names is
/// followed once, and at most `maxFollowed` names deep.
final class KotlinPatternFinder {
    /// The declaration a name means where code of a container uses it.
    private let lookup: (String, String?) -> KotlinDeclaration?
    private var memo: [String: Bool] = [:]
    private var depth = 0
    static let maxFollowed = 64
    static let transforms: Set<String> = ["then", "plus", "repeated", "reversed", "scaleIntensity", "timeStretch", "copy"]

    init(lookup: @escaping (String, String?) -> KotlinDeclaration?) { self.lookup = lookup }

    func isPattern(_ declaration: KotlinDeclaration) -> Bool {
        if let known = memo[declaration.name] { return known }
        guard depth < Self.maxFollowed else { return true }
        memo[declaration.name] = false  // a cycle is not a pattern by itself
        depth += 1
        defer { depth -= 1 }
        let container = declaration.container
        let result: Bool
        if declaration.declaredType == "HapticPattern" {
            result = true
        } else {
            switch declaration.kind {
            case .value(let expression), .variable(let expression?), .function(_, .expression(let expression)):
                result = makesPattern(expression, in: container)
            case .variable(nil):
                result = false
            case .function(_, .block(let block)):
                result = block.statements.contains { statement in
                    if case .returned(let expression) = statement { return makesPattern(expression, in: container) }
                    return false
                }
            case .composable(_, let body):
                result = !Self.jindongCalls(in: body).isEmpty
            case .fragment:
                result = true
            case .enumEntry(let arguments, _):
                result = arguments.contains { argument in
                    if case .lambda(let content, _) = argument.value { return Self.isComposeContent(content) }
                    return makesPattern(argument.value, in: container)
                }
            }
        }
        memo[declaration.name] = result
        return result
    }

    /// The `Jindong(…) { … }` calls of a composable's body, in source order: in its statements and
    /// in the blocks of the calls and branches around them (a screen's `Column { … }`), not inside
    /// a Jindong call's own content.
    static func jindongCalls(in block: KotlinLambda) -> [(content: KotlinLambda, position: SourcePosition)] {
        var found: [(content: KotlinLambda, position: SourcePosition)] = []
        func visit(_ expression: KotlinExpression) {
            switch expression {
            // A literal inside an indirect enum's case pattern leaks the payload when the match
            // fails (seen with LeakSanitizer): names are compared in `where` clauses instead.
            case .call(.name(let name, _), _, let content?, let span) where name == "Jindong":
                found.append((content, span.position))
            case .call(let callee, let arguments, let lambda, _):
                visit(callee)
                arguments.forEach { visit($0.value) }
                if let lambda { walk(lambda) }
            case .conditional(_, let then, let otherwise, _):
                walk(then)
                if let otherwise { walk(otherwise) }
            case .when(_, let branches, _): branches.forEach { walk($0.body) }
            case .lambda(let lambda, _): walk(lambda)
            case .member(let base, _, _): visit(base)
            default: break
            }
        }
        func walk(_ block: KotlinLambda) {
            for statement in block.statements {
                switch statement {
                case .expression(let expression), .value(_, let expression, _), .returned(let expression): visit(expression)
                case .variable, .unsupported: break
                }
            }
        }
        walk(block)
        return found
    }

    /// Whether a lambda holds Compose DSL nodes (`{ Haptic(…) }`).
    static func isComposeContent(_ block: KotlinLambda) -> Bool {
        block.statements.contains { statement in
            if case .expression(.call(.name(let name, _), _, _, _)) = statement { return KotlinEvaluator.composeNames[name] != nil }
            return false
        }
    }

    private func named(_ name: String, in container: String?) -> Bool {
        guard let found = lookup(name, container) else { return false }
        return isPattern(found)
    }

    /// Whether an expression, in code of `container`, makes a pattern (without evaluating it).
    func makesPattern(_ expression: KotlinExpression, in container: String?) -> Bool {
        switch expression {
        case .call(let callee, let arguments, let lambda, _):
            if case .member(let base, let method, _) = callee, Self.transforms.contains(method), makesPattern(base, in: container) { return true }
            switch KotlinEvaluator.qualifiedName(callee) {
            case "buildHapticPattern"?: return true
            case "lazy"?:
                let body = lambda ?? arguments.last.flatMap { if case .lambda(let l, _) = $0.value { return l } else { return nil } }
                guard case .expression(let last)? = body?.statements.last else { return false }
                return makesPattern(last, in: container)
            case let name?: return named(name, in: container)
            case nil: return false
            }
        case .binary(let op, let lhs, let rhs, _) where op == "+":
            return makesPattern(lhs, in: container) || makesPattern(rhs, in: container)
        case .name(let name, _):
            return named(name, in: container)
        case .member:
            guard let qualified = KotlinEvaluator.qualifiedName(expression) else { return false }
            return qualified == "HapticPattern.Empty" || named(qualified, in: container)
        case .unsupported(_, _, _, let lead?):
            return lead == "buildHapticPattern" || named(lead, in: container)
        case .conditional(_, let then, let otherwise, _):
            return [then, otherwise].contains { branch in
                guard case .expression(let last)? = branch?.statements.last else { return false }
                return makesPattern(last, in: container)
            }
        default:
            return false
        }
    }
}
