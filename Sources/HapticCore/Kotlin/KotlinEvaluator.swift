/// Why a Kotlin pattern cannot be read: what was found and where (docs/kotlin.md, "What is
/// refused").
struct KotlinRefusal: Error {
    let message: String
    let position: SourcePosition
}

/// A value of the static subset.
enum KotlinValue {
    case integer(Int64)
    case float(Float)
    case double(Double)
    /// A `Duration`, in milliseconds.
    case duration(Double)
    case intensity(Intensity)
    case pattern(Pattern)
    case curve([ControlPoint])
    /// `IosHapticParameters(sharpness = …)`.
    case iosParameters(sharpness: Float)

    var kindName: String {
        switch self {
        case .integer: return "an Int"
        case .float: return "a Float"
        case .double: return "a Double"
        case .duration: return "a Duration"
        case .intensity: return "a HapticIntensity"
        case .pattern: return "a HapticPattern"
        case .curve: return "a HapticCurve"
        case .iosParameters: return "IosHapticParameters"
        }
    }
}

/// Evaluates the declarations of one or more Kotlin files into patterns, as Jindong's builder
/// would build them at run time, refusing whatever only a run can know.
final class KotlinEvaluator {
    /// Top-level declarations by name: this file's first, then its neighbours'.
    private let declarations: KotlinScope
    private var values: [String: Result<KotlinValue, KotlinRefusal>] = [:]
    private var evaluating: Set<String> = []
    private var locals: [[String: KotlinValue]] = []
    /// Events made so far across the file, bounded as pattern.json's are.
    private var transformWork = 0

    init(scope: KotlinScope) { declarations = scope }

    /// The value of the top-level declaration `name`.
    func value(of name: String) -> Result<KotlinValue, KotlinRefusal> {
        if let known = values[name] { return known }
        guard let declaration = declarations[name] else {
            return .failure(KotlinRefusal(message: "no declaration \(name)", position: SourcePosition(line: 1, column: 1)))
        }
        guard !evaluating.contains(name) else {
            return .failure(KotlinRefusal(message: "\(name) refers to itself", position: declaration.position))
        }
        evaluating.insert(name)
        defer { evaluating.remove(name) }
        let saved = locals
        locals = []
        defer { locals = saved }
        let result = Result { () throws(KotlinRefusal) -> KotlinValue in
            switch declaration.kind {
            case .value(let expression), .function(let expression): return try evaluate(expression)
            case .composable(let body): return .pattern(try composable(body))
            case .dynamic(let what, _): throw KotlinRefusal(message: "not a literal: \(name) is \(what)", position: declaration.position)
            }
        }
        values[name] = result
        return result
    }

    // MARK: - Expressions

    func evaluate(_ expression: KotlinExpression) throws(KotlinRefusal) -> KotlinValue {
        switch expression {
        case .number(let text, let position):
            return try Self.number(text, position)
        case .name(let name, let position):
            for scope in locals.reversed() { if let value = scope[name] { return value } }
            if declarations[name] != nil {
                switch value(of: name) {
                case .success(let value): return value
                case .failure(let refusal):
                    // A neighbour's refusal says where in that file.
                    let place = declarations[name]?.neighbour.map { "\($0):\(refusal.position): " } ?? ""
                    throw KotlinRefusal(message: "\(name) cannot be read: \(place)\(refusal.message)", position: position)
                }
            }
            throw KotlinRefusal(message: "not a literal: \(name)", position: position)
        case .negated(let inner, let position):
            switch try evaluate(inner) {
            case .integer(let value): return .integer(-value)
            case .float(let value): return .float(-value)
            case .double(let value): return .double(-value)
            case .duration(let value): return .duration(-value)
            default: throw KotlinRefusal(message: "not a number: -\(inner.shown)", position: position)
            }
        case .binary(let op, let lhs, let rhs, let position):
            return try arithmetic(op, try evaluate(lhs), try evaluate(rhs), expression, position)
        case .member(let base, let name, let position):
            return try member(base, name, position, expression)
        case .call(let callee, let arguments, let lambda, let position):
            return try call(callee, arguments, lambda, position, expression)
        case .unsupported(let what, let position):
            throw KotlinRefusal(message: "not a literal: \(what)", position: position)
        }
    }

    /// A number literal with Kotlin's type: `L` Long, `f` Float, a point or exponent Double.
    static func number(_ text: String, _ position: SourcePosition) throws(KotlinRefusal) -> KotlinValue {
        var digits = String(text.filter { $0 != "_" })
        if digits.hasPrefix("0x") || digits.hasPrefix("0X") {
            let hex = digits.dropFirst(2).filter { $0 != "L" }
            guard let value = Int64(hex, radix: 16) else { throw KotlinRefusal(message: "not a number: \(text)", position: position) }
            return .integer(value)
        }
        if digits.hasSuffix("f") || digits.hasSuffix("F") {
            digits.removeLast()
            guard let value = Float(digits), value.isFinite else { throw KotlinRefusal(message: "not a Float: \(text)", position: position) }
            return .float(value)
        }
        if digits.hasSuffix("L") { digits.removeLast() }
        if let value = Int64(digits) { return .integer(value) }
        guard let value = Double(digits), value.isFinite else { throw KotlinRefusal(message: "not a number: \(text)", position: position) }
        return .double(value)
    }

    private func arithmetic(_ op: String, _ lhs: KotlinValue, _ rhs: KotlinValue, _ whole: KotlinExpression,
                            _ position: SourcePosition) throws(KotlinRefusal) -> KotlinValue {
        func fail() -> KotlinRefusal { KotlinRefusal(message: "not a literal: \(whole.shown)", position: position) }
        switch (lhs, rhs) {
        case (.integer(let a), .integer(let b)):
            switch op {
            case "+": return .integer(a &+ b)
            case "-": return .integer(a &- b)
            case "*":
                let (value, overflow) = a.multipliedReportingOverflow(by: b)
                guard !overflow else { throw fail() }
                return .integer(value)
            case "/", "%":
                guard b != 0 else { throw KotlinRefusal(message: "division by zero: \(whole.shown)", position: position) }
                return .integer(op == "/" ? a / b : a % b)
            default: throw fail()
            }
        case (.duration(let a), .duration(let b)) where op == "+" || op == "-":
            return .duration(op == "+" ? a + b : a - b)
        case (.duration(let a), _) where op == "*" || op == "/":
            guard let b = Self.double(rhs) else { throw fail() }
            guard op == "*" || b != 0 else { throw KotlinRefusal(message: "division by zero: \(whole.shown)", position: position) }
            return .duration(op == "*" ? a * b : a / b)
        case (_, .duration(let b)) where op == "*":
            guard let a = Self.double(lhs) else { throw fail() }
            return .duration(a * b)
        default:
            // Float with Float or Int stays Float (Kotlin's widening); a Double makes a Double.
            let isFloat: Bool
            switch (lhs, rhs) {
            case (.float, .float), (.float, .integer), (.integer, .float): isFloat = true
            case (.double, _), (_, .double): isFloat = false
            default: throw fail()
            }
            if isFloat, let a = Self.float(lhs), let b = Self.float(rhs), let value = Self.apply(op, a, b) { return .float(value) }
            if !isFloat, let a = Self.double(lhs), let b = Self.double(rhs), let value = Self.apply(op, a, b) { return .double(value) }
            throw fail()
        }
    }

    /// `a op b` for `+ - * /` in the operands' own precision (nil for another operator).
    static func apply<T: FloatingPoint>(_ op: String, _ a: T, _ b: T) -> T? {
        switch op {
        case "+": return a + b
        case "-": return a - b
        case "*": return a * b
        case "/": return a / b
        default: return nil
        }
    }

    static func double(_ value: KotlinValue) -> Double? {
        switch value {
        case .integer(let v): return Double(v)
        case .float(let v): return Double(v)
        case .double(let v): return v
        default: return nil
        }
    }

    static func float(_ value: KotlinValue) -> Float? {
        switch value {
        case .integer(let v): return Float(v)
        case .float(let v): return v
        case .double(let v): return Float(v)
        default: return nil
        }
    }

    /// `80.ms`, `1.seconds`, `HapticIntensity.STRONG`, `Duration.ZERO`, and the transforms
    /// without arguments (`p.reversed` is not a call: refused by the caller).
    private func member(_ base: KotlinExpression, _ name: String, _ position: SourcePosition, _ whole: KotlinExpression) throws(KotlinRefusal) -> KotlinValue {
        if case .name("HapticIntensity", _) = base {
            switch name {
            case "LIGHT": return .intensity(.light)
            case "MEDIUM": return .intensity(.medium)
            case "STRONG": return .intensity(.strong)
            case "HIGH": return .intensity(.high)
            default: throw KotlinRefusal(message: "not an intensity: \(whole.shown) (LIGHT, MEDIUM, STRONG, HIGH or Custom(value))", position: position)
            }
        }
        if case .name("Duration", _) = base, name == "ZERO" { return .duration(0) }
        let value = try evaluate(base)
        let unit: Double? = ["ms": 1, "milliseconds": 1, "seconds": 1_000, "microseconds": 0.001, "nanoseconds": 0.000_001, "minutes": 60_000][name]
        if let unit {
            switch value {
            case .integer(let count): return .duration(Double(count) * unit)
            case .double(let count) where name != "ms": return .duration(count * unit)
            default: throw KotlinRefusal(message: "not a duration: \(whole.shown)", position: position)
            }
        }
        throw KotlinRefusal(message: "not a literal: \(whole.shown)", position: position)
    }

    // MARK: - Calls

    /// Arguments matched to `names` by position, then by label.
    private func bind(_ arguments: [KotlinArgument], _ names: [String], _ call: KotlinExpression,
                      _ position: SourcePosition) throws(KotlinRefusal) -> [String: KotlinExpression] {
        var bound: [String: KotlinExpression] = [:]
        var next = 0
        for argument in arguments {
            if let label = argument.label {
                guard names.contains(label) else {
                    throw KotlinRefusal(message: "\(call.shown): no parameter \(label) (it takes \(names.joined(separator: ", ")))", position: argument.value.position)
                }
                bound[label] = argument.value
            } else {
                guard next < names.count else { throw KotlinRefusal(message: "\(call.shown): too many arguments", position: argument.value.position) }
                bound[names[next]] = argument.value
                next += 1
            }
        }
        return bound
    }

    private func call(_ callee: KotlinExpression, _ arguments: [KotlinArgument], _ lambda: KotlinLambda?, _ position: SourcePosition,
                      _ whole: KotlinExpression) throws(KotlinRefusal) -> KotlinValue {
        switch callee {
        case .name("buildHapticPattern", _):
            guard let lambda, arguments.isEmpty else { throw KotlinRefusal(message: "buildHapticPattern takes one block", position: position) }
            return .pattern(try block(lambda, depth: 1))
        case .name("hapticCurve", _):
            guard let lambda else { throw KotlinRefusal(message: "hapticCurve takes one block", position: position) }
            return .curve(try curve(lambda))
        case .member(.name("HapticIntensity", _), "Custom", _), .name("Custom", _):
            let bound = try bind(arguments, ["customValue"], whole, position)
            guard let valueExpression = bound["customValue"] else { throw KotlinRefusal(message: "Custom needs a value", position: position) }
            guard let value = Self.float(try evaluate(valueExpression)) else {
                throw KotlinRefusal(message: "not a number: \(valueExpression.shown)", position: valueExpression.position)
            }
            guard value.isFinite else { throw KotlinRefusal(message: "an intensity must be finite", position: valueExpression.position) }
            return .intensity(Intensity(value))
        case .name("IosHapticParameters", _):
            let bound = try bind(arguments, ["sharpness", "attackTime", "decayTime", "releaseTime", "sustained"], whole, position)
            if let other = ["attackTime", "decayTime", "releaseTime", "sustained"].first(where: { bound[$0] != nil }) {
                throw KotlinRefusal(message: "IosHapticParameters(\(other) = …) is not read: a pattern has no \(other)", position: bound[other]!.position)
            }
            return .iosParameters(sharpness: try bound["sharpness"].map { (e) throws(KotlinRefusal) in try unit(e, "sharpness") } ?? 0.5)
        case .member(let base, let name, _):
            return try transform(base, name, arguments, position, whole)
        default:
            throw KotlinRefusal(message: "not a literal: \(whole.shown)", position: position)
        }
    }

    /// A pattern transform: `.then(p)`, `.repeated(n)`, `.reversed()`, `.scaleIntensity(f)`, `.timeStretch(f)`.
    private func transform(_ base: KotlinExpression, _ name: String, _ arguments: [KotlinArgument], _ position: SourcePosition,
                           _ whole: KotlinExpression) throws(KotlinRefusal) -> KotlinValue {
        guard ["then", "repeated", "reversed", "scaleIntensity", "timeStretch"].contains(name) else {
            throw KotlinRefusal(message: "not a literal: \(whole.shown)", position: position)
        }
        let pattern = try self.pattern(base)
        transformWork += pattern.events.count
        guard transformWork <= PatternLimits.maxTransformWork else {
            throw KotlinRefusal(message: "\(PatternFileError.Reason.transformWorkTooLarge(events: transformWork))", position: position)
        }
        let parameter = ["then": "other", "repeated": "count", "scaleIntensity": "factor", "timeStretch": "factor"][name]
        let bound = try bind(arguments, parameter.map { [$0] } ?? [], whole, position)
        func required() throws(KotlinRefusal) -> KotlinExpression {
            guard let parameter, let value = bound[parameter] else { throw KotlinRefusal(message: "\(name) needs its \(parameter ?? "argument")", position: position) }
            return value
        }
        switch name {
        case "reversed":
            return .pattern(pattern.reversed())
        case "repeated":
            let count = try self.count(try required())
            return .pattern(try located(position) { () throws(PatternError) in try pattern.repeated(count) })
        case "scaleIntensity":
            let factor = try self.factor(try required())
            return .pattern(try located(position) { () throws(PatternError) in try pattern.scaleIntensity(factor) })
        case "timeStretch":
            let factor = try self.factor(try required())
            return .pattern(try located(position) { () throws(PatternError) in try pattern.timeStretch(factor) })
        default:
            let next = try self.pattern(try required())
            return .pattern(try located(position) { () throws(PatternError) in try pattern.then(next) })
        }
    }

    /// Runs a pattern operation; its error, placed at `position`.
    private func located<T>(_ position: SourcePosition, _ body: () throws(PatternError) -> T) throws(KotlinRefusal) -> T {
        do {
            return try body()
        } catch {
            throw KotlinRefusal(message: error.description, position: position)
        }
    }

    func pattern(_ expression: KotlinExpression) throws(KotlinRefusal) -> Pattern {
        guard case .pattern(let pattern) = try evaluate(expression) else {
            throw KotlinRefusal(message: "not a pattern: \(expression.shown)", position: expression.position)
        }
        return pattern
    }

    private func count(_ expression: KotlinExpression) throws(KotlinRefusal) -> Int {
        guard case .integer(let value) = try evaluate(expression), value >= 0, value <= Int64(PatternLimits.maxCount) else {
            throw KotlinRefusal(message: "not a count (a whole number from 0 to \(PatternLimits.maxCount)): \(expression.shown)", position: expression.position)
        }
        return Int(value)
    }

    private func factor(_ expression: KotlinExpression) throws(KotlinRefusal) -> Float {
        guard let value = Self.float(try evaluate(expression)) else { throw KotlinRefusal(message: "not a number: \(expression.shown)", position: expression.position) }
        return value
    }

    /// A Float in 0…1 (`sharpness`, a curve value); out of range is the pattern's error, as in pattern.json.
    private func unit(_ expression: KotlinExpression, _ field: String) throws(KotlinRefusal) -> Float {
        guard let value = Self.float(try evaluate(expression)) else { throw KotlinRefusal(message: "not a number: \(expression.shown)", position: expression.position) }
        return value
    }

    /// Milliseconds of a `Duration`, rounded half up as Jindong rounds them.
    private func milliseconds(_ expression: KotlinExpression) throws(KotlinRefusal) -> Int64 {
        guard case .duration(let ms) = try evaluate(expression) else {
            throw KotlinRefusal(message: "not a duration (80.ms, 1.seconds): \(expression.shown)", position: expression.position)
        }
        do {
            // Non-negative: half up is half away from zero.
            return try Milliseconds.rounding(ms, field: "duration")
        } catch {
            throw KotlinRefusal(message: "\(error): \(expression.shown)", position: expression.position)
        }
    }

    private func intensity(_ expression: KotlinExpression?) throws(KotlinRefusal) -> Intensity {
        guard let expression else { return .medium }
        guard case .intensity(let value) = try evaluate(expression) else {
            throw KotlinRefusal(message: "not an intensity: \(expression.shown)", position: expression.position)
        }
        return value
    }

    // MARK: - Builder blocks

    /// A `buildHapticPattern { … }` block (or a nested one) at nesting `depth`: its statements end
    /// to end, or all from 0 for a `parallel { … }`.
    private func block(_ lambda: KotlinLambda, depth: Int, index: (String, Int64)? = nil, parallel: Bool = false) throws(KotlinRefusal) -> Pattern {
        guard depth <= PatternLimits.maxNestingDepth else {
            throw KotlinRefusal(message: "\(PatternError.nestingTooDeep(depth: depth))", position: lambda.position)
        }
        locals.append(index.map { [$0.0: .integer($0.1)] } ?? [:])
        defer { locals.removeLast() }
        var timeline = EventAccumulator()
        for statement in lambda.statements {
            switch statement {
            case .value(let name, let expression, _):
                locals[locals.count - 1][name] = try evaluate(expression)
            case .unsupported(let what, let position):
                throw KotlinRefusal(message: "not a literal: \(what)", position: position)
            case .expression(let expression):
                for part in try element(expression, depth: depth) {
                    try located(expression.position) { () throws(PatternError) in
                        if parallel { try timeline.appendParallel(part) } else { try timeline.appendSequential(part, operation: "sequence end") }
                    }
                }
            }
        }
        return timeline.pattern
    }

    /// One builder call's pattern, laid out from 0 (or, for `repeatWithIndex`, its iterations).
    private func element(_ expression: KotlinExpression, depth: Int) throws(KotlinRefusal) -> [Pattern] {
        guard case .call(.name(let name, _), let arguments, let lambda, let position) = expression else {
            throw KotlinRefusal(message: "not a builder call: \(expression.shown)", position: expression.position)
        }
        switch name {
        case "haptic":
            let bound = try bind(arguments, ["duration", "intensity", "iosParameters"], expression, position)
            guard let duration = bound["duration"] else { throw KotlinRefusal(message: "haptic needs a duration", position: position) }
            let ms = try milliseconds(duration)
            var sharpness: Float = 0.5
            if let ios = bound["iosParameters"] {
                guard case .iosParameters(let value) = try evaluate(ios) else { throw KotlinRefusal(message: "not IosHapticParameters: \(ios.shown)", position: ios.position) }
                sharpness = value
            }
            let intensity = try self.intensity(bound["intensity"])
            return [try located(position) { () throws(PatternError) in
                guard ms >= 1 else { throw .vibrationTooShort(field: "haptic duration", value: "\(ms)") }
                return Pattern(unchecked: [try HapticEvent.legacyHaptic(startMs: 0, durationMs: ms, intensity: intensity, sharpness: sharpness)], durationMs: ms)
            }]
        case "transient":
            let bound = try bind(arguments, ["intensity", "sharpness"], expression, position)
            let intensity = try self.intensity(bound["intensity"])
            let sharpness = try bound["sharpness"].map { (e) throws(KotlinRefusal) in try unit(e, "sharpness") } ?? 0.5
            return [try located(position) { () throws(PatternError) in
                Pattern(unchecked: [try HapticEvent.transient(startMs: 0, intensity: intensity, sharpness: sharpness)], durationMs: 0)
            }]
        case "continuous":
            let bound = try bind(arguments, ["duration", "intensity", "sharpness", "intensityCurve", "sharpnessCurve"], expression, position)
            guard let duration = bound["duration"] else { throw KotlinRefusal(message: "continuous needs a duration", position: position) }
            let ms = try milliseconds(duration)
            let intensity = try self.intensity(bound["intensity"])
            let sharpness = try bound["sharpness"].map { (e) throws(KotlinRefusal) in try unit(e, "sharpness") } ?? 0.5
            let curves = try ["intensityCurve", "sharpnessCurve"].map { (field) throws(KotlinRefusal) -> [ControlPoint]? in
                guard let e = bound[field] else { return nil }
                guard case .curve(let points) = try evaluate(e) else { throw KotlinRefusal(message: "not a curve: \(e.shown)", position: e.position) }
                return points
            }
            return [try located(position) { () throws(PatternError) in
                let made = try curves.enumerated().map { (pair) throws(PatternError) -> Curve? in
                    try pair.element.map { (points) throws(PatternError) in try Curve(points: points, field: pair.offset == 0 ? "intensityCurve" : "sharpnessCurve") }
                }
                let event = try HapticEvent.continuous(startMs: 0, durationMs: ms, intensity: intensity, sharpness: sharpness,
                                                       intensityCurve: made[0], sharpnessCurve: made[1])
                return Pattern(unchecked: [event], durationMs: ms)
            }]
        case "delay":
            let bound = try bind(arguments, ["duration"], expression, position)
            guard let duration = bound["duration"] else { throw KotlinRefusal(message: "delay needs a duration", position: position) }
            return [Pattern(unchecked: [], durationMs: try milliseconds(duration))]
        case "sequence", "parallel":
            guard let lambda, arguments.isEmpty else { throw KotlinRefusal(message: "\(name) takes one block", position: position) }
            if name == "sequence" { return [try block(lambda, depth: depth + 1)] }
            return [try block(lambda, depth: depth + 1, parallel: true)]
        case "repeat":
            let bound = try bind(arguments, ["count"], expression, position)
            guard let lambda, let countExpression = bound["count"] else { throw KotlinRefusal(message: "repeat takes a count and a block", position: position) }
            let count = try self.count(countExpression)
            let body = try block(lambda, depth: depth + 1)
            return [try located(position) { () throws(PatternError) in try body.repeated(count) }]
        case "repeatWithIndex":
            let bound = try bind(arguments, ["count"], expression, position)
            guard let lambda, let countExpression = bound["count"] else { throw KotlinRefusal(message: "repeatWithIndex takes a count and a block", position: position) }
            // Expanded eagerly, as Jindong bounds it: at most as many iterations as a pattern has events.
            let count = try self.count(countExpression)
            guard count <= PatternLimits.maxEvents else {
                throw KotlinRefusal(message: "repeatWithIndex expands at most \(PatternLimits.maxEvents) iterations, got \(count)", position: countExpression.position)
            }
            let index = lambda.parameters.first ?? "it"
            var parts: [Pattern] = []
            for iteration in 0..<count {
                parts.append(try block(lambda, depth: depth + 1, index: (index, Int64(iteration))))
            }
            return parts
        case "include", "clip":
            let bound = try bind(arguments, ["pattern"], expression, position)
            guard let value = bound["pattern"] else { throw KotlinRefusal(message: "\(name) needs a pattern", position: position) }
            return [try pattern(value)]
        default:
            throw KotlinRefusal(message: "not a literal: \(expression.shown)", position: position)
        }
    }

    /// `hapticCurve { point(t, v) … }`.
    private func curve(_ lambda: KotlinLambda) throws(KotlinRefusal) -> [ControlPoint] {
        var points: [ControlPoint] = []
        for statement in lambda.statements {
            guard case .expression(let expression) = statement, case .call(.name("point", _), let arguments, nil, let position) = expression else {
                throw KotlinRefusal(message: "a curve holds point(time, value) calls only", position: lambda.position)
            }
            let bound = try bind(arguments, ["time", "value"], expression, position)
            guard let time = bound["time"], let value = bound["value"] else { throw KotlinRefusal(message: "point needs a time and a value", position: position) }
            guard points.count < PatternLimits.maxControlPoints else {
                throw KotlinRefusal(message: "more than \(PatternLimits.maxControlPoints) points", position: position)
            }
            points.append(ControlPoint(timeMs: try milliseconds(time), value: try unit(value, "value")))
        }
        return points
    }

    /// A static `@Composable` pattern (docs/kotlin.md): `Jindong(…) { … }` whose body is read as
    /// a builder block of the Compose DSL's capitalised names; as Jindong compiles it, it lasts
    /// until its last event ends.
    private func composable(_ body: KotlinLambda) throws(KotlinRefusal) -> Pattern {
        guard body.statements.count == 1, case .expression(.call(.name("Jindong", _), _, let content?, _)) = body.statements[0] else {
            throw KotlinRefusal(message: "a @Composable pattern is one Jindong(…) { … } call", position: body.position)
        }
        // The Compose DSL's pattern ends with its last event (its trailing delays are not kept).
        let built = try block(Self.lowercased(content), depth: 1)
        return try located(body.position) { () throws(PatternError) in try Pattern(events: built.events) }
    }

    /// The Compose DSL's nodes as the builder's calls (`Haptic` → `haptic`, `Sequence` → `sequence`).
    static func lowercased(_ lambda: KotlinLambda) -> KotlinLambda {
        let names = ["Haptic": "haptic", "Transient": "transient", "Continuous": "continuous", "Delay": "delay", "Sequence": "sequence",
                     "Parallel": "parallel", "Repeat": "repeat", "RepeatWithIndex": "repeatWithIndex", "Clip": "clip"]
        func rename(_ expression: KotlinExpression) -> KotlinExpression {
            guard case .call(.name(let name, let namePosition), let arguments, let inner, let position) = expression, let builder = names[name] else { return expression }
            return .call(.name(builder, namePosition), arguments, inner.map(lowercased), position)
        }
        let statements = lambda.statements.map { statement -> KotlinStatement in
            if case .expression(let expression) = statement { return .expression(rename(expression)) }
            return statement
        }
        return KotlinLambda(parameters: lambda.parameters, statements: statements, position: lambda.position)
    }
}
