import HapticCore

/// Evaluates the declarations of one or more Kotlin files into patterns, as Jindong's builder
/// would build them at run time, refusing whatever only a run can know (docs/kotlin.md).
final class KotlinEvaluator {
    /// A name bound in a block or by a call: a value, or what makes it known only at run time.
    enum Local {
        case value(KotlinValue)
        case unknown(String)
        /// A composable body's `val`, read where it is used.
        case deferred(KotlinExpression)
    }

    /// What evaluation is inside: the block-local names, the container names are looked up in
    /// first, and the file expressions are shown from.
    struct Frame {
        var locals: [[String: Local]] = []
        var container: String?
        var source: KotlinSource
    }

    let scope: KotlinScope
    private var values: [String: Result<KotlinValue, KotlinRefusal>] = [:]
    private var evaluating: Set<String> = []
    var frame: Frame
    /// Declarations being evaluated inside one another, at most `maxDeclarationDepth`.
    private var declarationDepth = 0
    static let maxDeclarationDepth = 64
    /// Builder statements run for one pattern (across `repeatWithIndex` iterations too), and events
    /// made by transforms, bounded so nested repeats cannot run without end.
    var work = 0
    static let maxWork = 1_000_000
    var transformWork = 0

    init(scope: KotlinScope, source: KotlinSource) {
        self.scope = scope
        frame = Frame(source: source)
    }

    /// A refusal at `span` of the current file, its text shown as written.
    func refusal(_ span: KotlinSpan, _ message: String, _ kind: KotlinRefusalKind) -> KotlinRefusal {
        KotlinRefusal(message: message, position: span.position, kind: kind)
    }

    /// The text of an expression as written.
    func shown(_ expression: KotlinExpression) -> String { frame.source.text(expression.span) }

    func needsRun(_ expression: KotlinExpression, _ what: String) -> KotlinRefusal {
        refusal(expression.span, "`\(shown(expression))`" + (what.isEmpty ? "" : ", \(what)") + ": known only when the app runs", .needsRun)
    }

    /// The declaration `name` as code in `container` refers to it: a member of the container
    /// (or of those around it) first, then the top level; the file's own before its neighbours'.
    func declaration(_ name: String, in container: String?) -> KotlinDeclaration? {
        var candidates: [String] = []
        var outer = container
        while let current = outer {
            candidates.append("\(current).\(name)")
            outer = current.lastIndex(of: ".").map { String(current[..<$0]) }
        }
        candidates.append(name)
        for candidate in candidates { if let found = scope.own(candidate) { return found } }
        for candidate in candidates { if let found = scope[candidate] { return found } }
        return nil
    }

    /// The value of the declaration `declaration`, once (a function with its default arguments).
    func value(of declaration: KotlinDeclaration, variant: Int? = nil) -> Result<KotlinValue, KotlinRefusal> {
        let name = declaration.name + (variant.map { ".\($0 + 1)" } ?? "")
        if let known = values[name] { return known }
        guard !evaluating.contains(name) else {
            return .failure(KotlinRefusal(message: "\(name) refers to itself", position: declaration.position))
        }
        guard declarationDepth < Self.maxDeclarationDepth else {
            return .failure(KotlinRefusal(message: "names refer to one another more than \(Self.maxDeclarationDepth) deep", position: declaration.position,
                                          kind: .notRead))
        }
        evaluating.insert(name)
        declarationDepth += 1
        let saved = frame
        frame = Frame(container: declaration.container, source: declaration.source)
        let result = Result { () throws(KotlinRefusal) -> KotlinValue in
            switch declaration.kind {
            case .value(let expression): return try evaluate(expression)
            case .variable:
                throw KotlinRefusal(message: "\(name) is a `var`: known only when the app runs", position: declaration.position, kind: .needsRun)
            case .function(let parameters, let body): return try call(parameters: parameters, body: body, arguments: [:], at: declaration.position)
            case .composable(let parameters, let body): return .pattern(try composable(parameters, body, index: variant ?? 0))
            case .fragment(let parameters, let body): return .pattern(try fragment(parameters, body, arguments: [:]))
            case .enumEntry(let arguments, _): return .pattern(try enumEntry(arguments, at: declaration.position))
            }
        }
        frame = saved
        declarationDepth -= 1
        evaluating.remove(name)
        values[name] = result
        return result
    }

    /// A declaration's value where `expression` uses it: its refusal, placed here, says where it was.
    private func use(_ declaration: KotlinDeclaration, at expression: KotlinExpression) throws(KotlinRefusal) -> KotlinValue {
        switch value(of: declaration) {
        case .success(let value): return value
        case .failure(let inner):
            let cause = inner.cause ?? ((declaration.neighbour.map { "\($0):\(inner.position): " } ?? "") + inner.message)
            throw KotlinRefusal(message: "\(shown(expression)) cannot be read: \(cause)", position: expression.position, kind: inner.kind, cause: cause)
        }
    }

    // MARK: - Expressions

    func evaluate(_ expression: KotlinExpression) throws(KotlinRefusal) -> KotlinValue {
        switch expression {
        case .number(let text, let span):
            guard let value = KotlinValue.number(text) else { throw refusal(span, "not a number Kotlin reads: \(text)", .invalid) }
            return value
        case .name(let name, _):
            return try self.name(name, expression)
        case .prefix(let op, let inner, _):
            let value = try evaluate(inner)
            if op == "+", value.double != nil || value.integer != nil { return value }
            if op == "-", let negated = value.negated() { return negated }
            if op == "!", case .boolean(let flag) = value { return .boolean(!flag) }
            throw refusal(expression.span, "not a number: `\(shown(expression))`", .invalid)
        case .binary(let op, let lhs, let rhs, _):
            return try binary(op, lhs, rhs, expression)
        case .member(let base, let name, _):
            return try member(base, name, expression)
        case .call(let callee, let arguments, let lambda, _):
            return try call(callee, arguments, lambda, expression)
        case .lambda:
            throw refusal(expression.span, "`\(shown(expression))`, a lambda, is not a value a pattern uses", .notRead)
        case .conditional(let condition, let then, let otherwise, _):
            guard let branch = try chosen(condition, then, otherwise) else { throw refusal(expression.span, "an `if` without `else` has no value", .invalid) }
            return try blockValue(branch)
        case .when(let subject, let branches, _):
            guard let branch = try chosen(subject, branches) else { throw refusal(expression.span, "no branch of the `when` holds", .invalid) }
            return try blockValue(branch)
        case .unsupported(let what, let kind, let span, _):
            throw refusal(span, what, kind)
        }
    }

    private func name(_ name: String, _ expression: KotlinExpression) throws(KotlinRefusal) -> KotlinValue {
        for scope in frame.locals.reversed() {
            switch scope[name] {
            case .value(let value)?: return value
            case .unknown(let what)?: throw needsRun(expression, what)
            case .deferred(let value)?: return try evaluate(value)
            case nil: continue
            }
        }
        if name == "true" || name == "false" { return .boolean(name == "true") }
        if let found = declaration(name, in: frame.container) { return try use(found, at: expression) }
        if name == "this" { throw needsRun(expression, "") }
        throw refusal(expression.span, "`\(shown(expression))` is not declared in the .kt files read (give the file that declares it too)", .notRead)
    }

    /// `a op b`: arithmetic and comparisons, `&&`/`||`, ranges and `in`, and `+` of two patterns (`then`).
    private func binary(_ op: String, _ lhs: KotlinExpression, _ rhs: KotlinExpression, _ whole: KotlinExpression) throws(KotlinRefusal) -> KotlinValue {
        let left = try evaluate(lhs)
        if op == "&&" || op == "||", case .boolean(let a) = left {
            if a == (op == "||") { return .boolean(a) }
            guard case .boolean(let b) = try evaluate(rhs) else { throw refusal(rhs.span, "not a Boolean: `\(shown(rhs))`", .invalid) }
            return .boolean(b)
        }
        let right = try evaluate(rhs)
        switch (op, left, right) {
        case ("+", .pattern(let a), .pattern(let b)):
            return .pattern(try then(a, b, at: whole.span))
        case ("..", _, _), ("..<", _, _):
            guard let a = left.integer, let b = right.integer else { break }
            return .range(a, op == ".." ? b : b - 1)
        case ("in", _, .range(let a, let b)), ("!in", _, .range(let a, let b)):
            guard let value = left.integer else { break }
            return .boolean((a...max(a, b)).contains(value) == (op == "in") && (b >= a || op == "!in"))
        default:
            break
        }
        do {
            if let value = try KotlinValue.arithmetic(op, left, right) { return value }
        } catch {
            throw refusal(whole.span, "division by zero: `\(shown(whole))`", .invalid)
        }
        throw refusal(whole.span, "`\(shown(whole))`: \(left.kindName) \(op) \(right.kindName) is not read", .notRead)
    }

    /// `a.then(b)`, counted against the transform budget.
    func then(_ a: Pattern, _ b: Pattern, at span: KotlinSpan) throws(KotlinRefusal) -> Pattern {
        try countWork(a.events.count + b.events.count, at: span)
        do {
            return try a.then(b)
        } catch {
            throw refusal(span, error.description, .invalid)
        }
    }

    func countWork(_ events: Int, at span: KotlinSpan) throws(KotlinRefusal) {
        transformWork += events
        guard transformWork <= PatternLimits.maxTransformWork else {
            throw refusal(span, "\(PatternFileError.Reason.transformWorkTooLarge(events: transformWork))", .invalid)
        }
    }

    /// The names a qualified expression spells (`AppHaptics.tap`), nil when it is not one.
    static func qualifiedName(_ expression: KotlinExpression) -> String? {
        switch expression {
        case .name(let name, _): return name
        case .member(let base, let name, _): return qualifiedName(base).map { "\($0).\(name)" }
        default: return nil
        }
    }

    /// Constants known before the app runs: `Int.MAX_VALUE`, `HapticPattern.Empty`, `Duration.ZERO`.
    private static let constants: [String: KotlinValue] = [
        "Int.MAX_VALUE": .int(.max), "Int.MIN_VALUE": .int(.min), "Long.MAX_VALUE": .long(.max), "Long.MIN_VALUE": .long(.min),
        "Float.MAX_VALUE": .float(.greatestFiniteMagnitude), "Double.MAX_VALUE": .double(.greatestFiniteMagnitude),
        "HapticPattern.Empty": .pattern(.empty), "Duration.ZERO": .duration(0),
        "HapticIntensity.LIGHT": .intensity(.light), "HapticIntensity.MEDIUM": .intensity(.medium),
        "HapticIntensity.STRONG": .intensity(.strong), "HapticIntensity.HIGH": .intensity(.high),
    ]

    private static let units: [String: Double] = ["ms": 1, "milliseconds": 1, "seconds": 1_000, "microseconds": 0.001, "nanoseconds": 0.000_001,
                                                  "minutes": 60_000]

    /// `80.ms`, `1.seconds`, `HapticIntensity.STRONG`, `AppHaptics.tap`, `Feel.Soft`, `d.inWholeMilliseconds`.
    private func member(_ base: KotlinExpression, _ name: String, _ whole: KotlinExpression) throws(KotlinRefusal) -> KotlinValue {
        if let qualified = Self.qualifiedName(whole) {
            if let constant = Self.constants[qualified] { return constant }
            if case .name(let first, _) = base, first == "HapticIntensity" {
                throw refusal(whole.span, "not an intensity: `\(shown(whole))` (LIGHT, MEDIUM, STRONG, HIGH or Custom(value))", .invalid)
            }
            if qualified == "Duration.INFINITE" { throw refusal(whole.span, "`Duration.INFINITE` is not a haptic duration", .invalid) }
            if let found = declaration(qualified, in: frame.container) { return try use(found, at: whole) }
        }
        let value = try evaluate(base)
        if let unit = Self.units[name] {
            switch value {
            case .int, .long: return .duration(value.double! * unit)
            case .double(let count) where name != "ms": return .duration(count * unit)
            default: throw refusal(whole.span, "not a duration: `\(shown(whole))`", .invalid)
            }
        }
        switch (value, name) {
        case (.duration(let ms), "inWholeMilliseconds"): return .long(Int64(ms.rounded(.towardZero)))
        case (.pattern(let pattern), "durationMs"): return .long(pattern.durationMs)
        default: throw needsRun(whole, "")
        }
    }

    // MARK: - Calls

    /// Arguments matched to `names` by position, then by label.
    func bind(_ arguments: [KotlinArgument], _ names: [String], _ call: KotlinExpression) throws(KotlinRefusal) -> [String: KotlinExpression] {
        var bound: [String: KotlinExpression] = [:]
        var next = 0
        for argument in arguments {
            if let label = argument.label {
                guard names.contains(label) else {
                    throw refusal(argument.value.span, "`\(shown(call))`: no parameter \(label) (it takes \(names.joined(separator: ", ")))", .invalid)
                }
                bound[label] = argument.value
            } else {
                guard next < names.count else { throw refusal(argument.value.span, "`\(shown(call))`: too many arguments", .invalid) }
                bound[names[next]] = argument.value
                next += 1
            }
        }
        return bound
    }

    private func call(_ callee: KotlinExpression, _ arguments: [KotlinArgument], _ lambda: KotlinLambda?,
                      _ whole: KotlinExpression) throws(KotlinRefusal) -> KotlinValue {
        let qualified = Self.qualifiedName(callee)
        switch qualified {
        case "buildHapticPattern":
            guard let lambda, arguments.isEmpty else { throw refusal(whole.span, "buildHapticPattern takes one block", .invalid) }
            return .pattern(try pattern(of: lambda, compose: false))
        case "hapticCurve":
            guard let lambda else { throw refusal(whole.span, "hapticCurve takes one block", .invalid) }
            return .curve(try curve(lambda))
        case "HapticIntensity.Custom", "Custom":
            let bound = try bind(arguments, ["customValue"], whole)
            guard let valueExpression = bound["customValue"] else { throw refusal(whole.span, "Custom needs a value", .invalid) }
            guard let value = try evaluate(valueExpression).float else { throw refusal(valueExpression.span, "not a number: `\(shown(valueExpression))`", .invalid) }
            guard value.isFinite else { throw refusal(valueExpression.span, "an intensity must be finite", .invalid) }
            return .intensity(Intensity(value))
        case "IosHapticParameters":
            let bound = try bind(arguments, ["sharpness", "attackTime", "decayTime", "releaseTime", "sustained"], whole)
            // Core Haptics' own defaults (sustained, no attack, decay or release) are what a haptic
            // plays anyway; any other value is not read: a pattern has no field for it.
            for other in ["attackTime", "decayTime", "releaseTime", "sustained"] {
                guard let expression = bound[other] else { continue }
                let value = try evaluate(expression)
                if case .boolean(true) = value, other == "sustained" { continue }
                if case .duration(0) = value { continue }
                throw refusal(expression.span, "IosHapticParameters(\(other) = \(shown(expression))) is not read: a pattern has no \(other) but Core Haptics' default", .notRead)
            }
            return .iosParameters(sharpness: try bound["sharpness"].map { (e) throws(KotlinRefusal) in try number(e) } ?? 0.5)
        case "lazy":
            guard let body = lambda ?? arguments.last.flatMap({ if case .lambda(let l, _) = $0.value { return l } else { return nil } }) else { break }
            return try blockValue(body)
        case "maxOf", "minOf":
            let values = try arguments.map { (argument) throws(KotlinRefusal) in try evaluate(argument.value) }
            guard values.count >= 2 else { break }
            var best = values[0]
            for value in values.dropFirst() {
                guard case .boolean(let less)? = try? KotlinValue.arithmetic("<", value, best) else { throw needsRun(whole, "") }
                if less == (qualified == "minOf") { best = value }
            }
            return best
        default:
            break
        }
        if let qualified, let found = declaration(qualified, in: frame.container), case .function(let parameters, let body) = found.kind {
            let bound = try bindCall(arguments, parameters, whole)
            if bound.isEmpty { return try use(found, at: whole) }
            return try inDeclaration(found) { () throws(KotlinRefusal) in try call(parameters: parameters, body: body, arguments: bound, at: whole.position) }
        }
        if case .member(let base, let name, _) = callee {
            return try method(base, name, arguments, whole)
        }
        throw needsRun(whole, "a call of the app's code")
    }

    /// Evaluates `arguments` here, by the parameters' names (missing ones are not in the result).
    func bindCall(_ arguments: [KotlinArgument], _ parameters: [KotlinParameter], _ whole: KotlinExpression) throws(KotlinRefusal) -> [String: KotlinValue] {
        let bound = try bind(arguments, parameters.map(\.name), whole)
        var values: [String: KotlinValue] = [:]
        for (name, expression) in bound { values[name] = try evaluate(expression) }
        return values
    }

    /// Runs `body` as code of `declaration` (its container and file).
    func inDeclaration<T>(_ declaration: KotlinDeclaration, _ body: () throws(KotlinRefusal) -> T) throws(KotlinRefusal) -> T {
        let saved = frame
        frame = Frame(container: declaration.container, source: declaration.source)
        defer { frame = saved }
        return try body()
    }

    /// Binds parameters (arguments given, then defaults, read where used, else known only at run
    /// time) in a new scope.
    func binding(_ parameters: [KotlinParameter], _ arguments: [String: KotlinValue]) throws(KotlinRefusal) {
        frame.locals.append([:])
        for parameter in parameters {
            if let value = arguments[parameter.name] {
                frame.locals[frame.locals.count - 1][parameter.name] = .value(value)
            } else if let defaultValue = parameter.defaultValue {
                frame.locals[frame.locals.count - 1][parameter.name] = .deferred(defaultValue)
            } else {
                frame.locals[frame.locals.count - 1][parameter.name] = .unknown("a parameter")
            }
        }
    }

    /// A function's value for `arguments`: its expression, or its block's `return`.
    func call(parameters: [KotlinParameter], body: KotlinDeclaration.Body, arguments: [String: KotlinValue],
              at position: SourcePosition) throws(KotlinRefusal) -> KotlinValue {
        try binding(parameters, arguments)
        defer { frame.locals.removeLast() }
        switch body {
        case .expression(let expression): return try evaluate(expression)
        case .block(let block): return try blockValue(block, returning: true)
        }
    }

    /// A block's value: its last expression (a lambda, a branch), or (`returning`) its `return`.
    func blockValue(_ block: KotlinLambda, returning: Bool = false) throws(KotlinRefusal) -> KotlinValue {
        frame.locals.append([:])
        defer { frame.locals.removeLast() }
        for (index, statement) in block.statements.enumerated() {
            switch statement {
            case .value(let name, let expression, _): frame.locals[frame.locals.count - 1][name] = .value(try evaluate(expression))
            case .variable(let name, _): frame.locals[frame.locals.count - 1][name] = .unknown("a `var`")
            case .returned(let expression): return try evaluate(expression)
            case .unsupported(let what, let kind, let position): throw KotlinRefusal(message: what, position: position, kind: kind)
            case .expression(let expression):
                if !returning, index == block.statements.count - 1 { return try evaluate(expression) }
                throw needsRun(expression, "a statement run for its effect")
            }
        }
        throw KotlinRefusal(message: returning ? "a function without a `return`" : "an empty block has no value", position: block.position, kind: .notRead)
    }

    /// Methods of values: pattern transforms, number conversions.
    private func method(_ base: KotlinExpression, _ name: String, _ arguments: [KotlinArgument], _ whole: KotlinExpression) throws(KotlinRefusal) -> KotlinValue {
        let transforms = ["then", "plus", "repeated", "reversed", "scaleIntensity", "timeStretch", "copy"]
        let conversions = ["toInt", "toLong", "toFloat", "toDouble", "coerceIn", "coerceAtLeast", "coerceAtMost"]
        guard transforms.contains(name) || conversions.contains(name) else { throw needsRun(whole, "a call of the app's code") }
        let value = try evaluate(base)
        if case .pattern(let pattern) = value, name == "copy" {
            // `copy(durationMs = …)`: the same events with more (or less) trailing silence.
            let bound = try bind(arguments, ["events", "durationMs"], whole)
            if let events = bound["events"] { throw refusal(events.span, "`copy(events = …)`: a list of events is not read", .notRead) }
            guard let durationExpression = bound["durationMs"] else { return value }
            guard let durationMs = try evaluate(durationExpression).integer else {
                throw refusal(durationExpression.span, "not a whole number of milliseconds: `\(shown(durationExpression))`", .invalid)
            }
            return .pattern(try located(whole.position) { () throws(PatternError) in try Pattern(events: pattern.events, durationMs: durationMs) })
        }
        if case .pattern(let pattern) = value, transforms.contains(name) { return .pattern(try transform(pattern, name, arguments, whole)) }
        guard conversions.contains(name), value.double != nil else { throw refusal(whole.span, "`\(shown(whole))`: \(value.kindName) has no \(name)", .invalid) }
        let limits = try arguments.map { (argument) throws(KotlinRefusal) -> KotlinValue in try evaluate(argument.value) }
        switch name {
        case "toInt": return .int(value.integer.map { Int32(truncatingIfNeeded: $0) } ?? Int32(clamping: Int64(value.double!.rounded(.towardZero))))
        case "toLong": return .long(value.integer ?? Int64(value.double!.rounded(.towardZero)))
        case "toFloat": return .float(value.float!)
        case "toDouble": return .double(value.double!)
        default:
            var result = value
            if name != "coerceAtMost", let low = limits.first, case .boolean(true)? = try? KotlinValue.arithmetic("<", result, low) { result = low }
            let high = name == "coerceIn" ? limits.dropFirst().first : (name == "coerceAtMost" ? limits.first : nil)
            if let high, case .boolean(true)? = try? KotlinValue.arithmetic(">", result, high) { result = high }
            return result
        }
    }
}
