import HapticCore

/// Jindong's builder and Compose DSL: blocks of element calls laid out as Jindong lays them out,
/// `if`/`when` choosing what a block holds, fragments of the Compose DSL, transforms and curves.
extension KotlinEvaluator {
    /// The Compose DSL's nodes and the builder calls they are.
    static let composeNames = ["Haptic": "haptic", "Transient": "transient", "Continuous": "continuous", "Delay": "delay", "Sequence": "sequence",
                               "Parallel": "parallel", "Repeat": "repeat", "RepeatWithIndex": "repeatWithIndex", "Clip": "clip"]
    /// The builder's calls (`include` is `clip`'s other name).
    static let builderNames = Set(composeNames.values).union(["include"])

    /// A block's pattern: its parts end to end.
    func pattern(of block: KotlinLambda, compose: Bool) throws(KotlinRefusal) -> Pattern {
        let found = try parts(of: block, compose: compose, depth: 1)
        return try located(block.position) { () throws(PatternError) in try Pattern.sequence(found) }
    }

    /// The `index`-th `Jindong(…) { … }` call of a `@Composable fun NAME(…) { … }`: its content, as
    /// Jindong compiles it (its trailing delay kept, as its own tests state). Parameters and the
    /// body's state are Jindong's keys; one read in the content is known only when the app runs;
    /// the body's `val`s are read where the content uses them.
    func composable(_ parameters: [KotlinParameter], _ body: KotlinLambda, index: Int = 0) throws(KotlinRefusal) -> Pattern {
        let calls = KotlinPatternFinder.jindongCalls(in: body)
        guard index < calls.count else {
            throw KotlinRefusal(message: "no Jindong(…) { … } call \(index + 1) in the composable", position: body.position, kind: .notRead)
        }
        try binding(parameters, [:])
        defer { frame.locals.removeLast() }
        var state: [String: Local] = [:]
        for statement in body.statements {
            switch statement {
            case .value(let name, let expression, _): state[name] = .deferred(expression)
            case .variable(let name, _): state[name] = .unknown("a `var`")
            default: continue
            }
        }
        frame.locals.append(state)
        defer { frame.locals.removeLast() }
        return try pattern(of: calls[index].content, compose: true)
    }

    /// A `@Composable fun JindongScope.NAME(…) { … }` fragment, with `arguments`.
    func fragment(_ parameters: [KotlinParameter], _ body: KotlinLambda, arguments: [String: KotlinValue]) throws(KotlinRefusal) -> Pattern {
        try binding(parameters, arguments)
        defer { frame.locals.removeLast() }
        return try pattern(of: body, compose: true)
    }

    /// An enum entry: its argument that is a pattern, or the Compose content it holds.
    func enumEntry(_ arguments: [KotlinArgument], at position: SourcePosition) throws(KotlinRefusal) -> Pattern {
        for argument in arguments {
            if case .lambda(let content, _) = argument.value { return try pattern(of: content, compose: true) }
            if KotlinPatternFinder(lookup: { self.declaration($0, in: $1) }).makesPattern(argument.value, in: frame.container) {
                guard case .pattern(let pattern) = try evaluate(argument.value) else { continue }
                return pattern
            }
        }
        throw KotlinRefusal(message: "no argument of the entry is a pattern", position: position, kind: .notRead)
    }

    /// Runs a pattern operation; its error, placed at `position`, is Jindong's own refusal.
    func located<T>(_ position: SourcePosition, _ body: () throws(PatternError) -> T) throws(KotlinRefusal) -> T {
        do {
            return try body()
        } catch {
            throw KotlinRefusal(message: error.description, position: position, kind: .invalid)
        }
    }

    /// The branch an `if` takes (nil: none).
    func chosen(_ condition: KotlinExpression, _ then: KotlinLambda, _ otherwise: KotlinLambda?) throws(KotlinRefusal) -> KotlinLambda? {
        guard case .boolean(let holds) = try evaluate(condition) else { throw refusal(condition.span, "not a Boolean: `\(shown(condition))`", .invalid) }
        return holds ? then : otherwise
    }

    /// The branch a `when` takes (nil: none).
    func chosen(_ subject: KotlinExpression?, _ branches: [KotlinWhenBranch]) throws(KotlinRefusal) -> KotlinLambda? {
        let value = try subject.map { (e) throws(KotlinRefusal) in try evaluate(e) }
        for branch in branches {
            if branch.conditions.isEmpty { return branch.body }
            for condition in branch.conditions {
                let holds: KotlinValue?
                switch condition {
                case .equals(let expression):
                    let tested = try evaluate(expression)
                    holds = value.map { try? KotlinValue.arithmetic("==", $0, tested) } ?? tested
                case .contained(let expression, let negated):
                    guard let value, case .range(let low, let high) = try evaluate(expression), let number = value.integer else {
                        throw refusal(expression.span, "not a range: `\(shown(expression))`", .notRead)
                    }
                    holds = .boolean((low <= number && number <= high) != negated)
                }
                guard case .boolean(let matched)? = holds else { throw refusal(branch.body.position.span, "a `when` condition that is not a Boolean", .notRead) }
                if matched { return branch.body }
            }
        }
        return nil
    }

    /// The parts a block adds where it stands, each laid out from 0: one per element call, a
    /// `repeatWithIndex`'s iterations, an `if`'s chosen branch, a fragment's parts.
    func parts(of block: KotlinLambda, compose: Bool, depth: Int, index: (String, Int64)? = nil) throws(KotlinRefusal) -> [Pattern] {
        guard depth <= PatternLimits.maxNestingDepth else {
            throw KotlinRefusal(message: "\(PatternError.nestingTooDeep(depth: depth))", position: block.position, kind: .invalid)
        }
        frame.locals.append(index.map { [$0.0: .value(.int(Int32(truncatingIfNeeded: $0.1)))] } ?? [:])
        defer { frame.locals.removeLast() }
        var found: [Pattern] = []
        // Every block run and every statement counts, so nested repeats of empty blocks end too.
        for statement in [nil] + block.statements.map(Optional.some) {
            work += 1
            guard work <= Self.maxWork else {
                throw KotlinRefusal(message: "more than \(Self.maxWork) builder steps in one pattern (nested repeats)", position: block.position, kind: .invalid)
            }
            guard let statement else { continue }
            switch statement {
            case .value(let name, let expression, _): frame.locals[frame.locals.count - 1][name] = .value(try evaluate(expression))
            case .variable(let name, _): frame.locals[frame.locals.count - 1][name] = .unknown("a `var`")
            case .unsupported(let what, let kind, let position): throw KotlinRefusal(message: what, position: position, kind: kind)
            case .returned(let expression): throw refusal(expression.span, "a `return` in a pattern block", .notRead)
            case .expression(let expression): found += try element(expression, compose: compose, depth: depth)
            }
        }
        return found
    }

    /// One statement of a block: an element call, `if`, `when`, or a fragment.
    private func element(_ expression: KotlinExpression, compose: Bool, depth: Int) throws(KotlinRefusal) -> [Pattern] {
        switch expression {
        case .conditional(let condition, let then, let otherwise, _):
            guard let branch = try chosen(condition, then, otherwise) else { return [] }
            return try parts(of: branch, compose: compose, depth: depth)
        case .when(let subject, let branches, _):
            guard let branch = try chosen(subject, branches) else { return [] }
            return try parts(of: branch, compose: compose, depth: depth)
        case .call(.name(let called, _), let arguments, let lambda, let span):
            let name = compose ? Self.composeNames[called] : (Self.builderNames.contains(called) ? called : nil)
            if let name { return try builderCall(name, arguments, lambda, span, expression, compose: compose, depth: depth) }
            if compose, let found = declaration(called, in: frame.container), case .fragment(let parameters, let body) = found.kind {
                let bound = try bindCall(arguments, parameters, expression)
                return try inDeclaration(found) { () throws(KotlinRefusal) in
                    try binding(parameters, bound)
                    defer { frame.locals.removeLast() }
                    return try parts(of: body, compose: true, depth: depth + 1)
                }
            }
        default:
            break
        }
        _ = try evaluate(expression)
        throw refusal(expression.span, "`\(shown(expression))` is not \(compose ? "a node of the Compose DSL" : "a builder call")", .notRead)
    }

    private func builderCall(_ name: String, _ arguments: [KotlinArgument], _ lambda: KotlinLambda?, _ span: KotlinSpan, _ expression: KotlinExpression,
                             compose: Bool, depth: Int) throws(KotlinRefusal) -> [Pattern] {
        let position = span.position
        switch name {
        case "haptic":
            let bound = try bind(arguments, ["duration", "intensity", "iosParameters"], expression)
            guard let duration = bound["duration"] else { throw refusal(span, "haptic needs a duration", .invalid) }
            let ms = try milliseconds(duration)
            var sharpness: Float = 0.5
            if let ios = bound["iosParameters"] {
                guard case .iosParameters(let value) = try evaluate(ios) else { throw refusal(ios.span, "not IosHapticParameters: `\(shown(ios))`", .invalid) }
                sharpness = value
            }
            let intensity = try self.intensity(bound["intensity"])
            return [try located(position) { () throws(PatternError) in
                guard ms >= 1 else { throw .vibrationTooShort(field: "haptic duration", value: "\(ms)") }
                return try Pattern(events: [try HapticEvent.legacyHaptic(startMs: 0, durationMs: ms, intensity: intensity, sharpness: sharpness)], durationMs: ms)
            }]
        case "transient":
            let bound = try bind(arguments, ["intensity", "sharpness"], expression)
            let intensity = try self.intensity(bound["intensity"])
            let sharpness = try bound["sharpness"].map { (e) throws(KotlinRefusal) in try number(e) } ?? 0.5
            return [try located(position) { () throws(PatternError) in
                try Pattern(events: [try HapticEvent.transient(startMs: 0, intensity: intensity, sharpness: sharpness)], durationMs: 0)
            }]
        case "continuous":
            let bound = try bind(arguments, ["duration", "intensity", "sharpness", "intensityCurve", "sharpnessCurve"], expression)
            guard let duration = bound["duration"] else { throw refusal(span, "continuous needs a duration", .invalid) }
            let ms = try milliseconds(duration)
            let intensity = try self.intensity(bound["intensity"])
            let sharpness = try bound["sharpness"].map { (e) throws(KotlinRefusal) in try number(e) } ?? 0.5
            let curves = try ["intensityCurve", "sharpnessCurve"].map { (field) throws(KotlinRefusal) -> [ControlPoint]? in
                guard let e = bound[field] else { return nil }
                guard case .curve(let points) = try evaluate(e) else { throw refusal(e.span, "not a curve: `\(shown(e))`", .invalid) }
                return points
            }
            return [try located(position) { () throws(PatternError) in
                let made = try curves.enumerated().map { (pair) throws(PatternError) -> Curve? in
                    try pair.element.map { (points) throws(PatternError) in try Curve(points: points, field: pair.offset == 0 ? "intensityCurve" : "sharpnessCurve") }
                }
                let event = try HapticEvent.continuous(startMs: 0, durationMs: ms, intensity: intensity, sharpness: sharpness,
                                                       intensityCurve: made[0], sharpnessCurve: made[1])
                return try Pattern(events: [event], durationMs: ms)
            }]
        case "delay":
            let bound = try bind(arguments, ["duration"], expression)
            guard let duration = bound["duration"] else { throw refusal(span, "delay needs a duration", .invalid) }
            let ms = try milliseconds(duration)
            return [try located(position) { () throws(PatternError) in try Pattern.delay(ms: ms) }]
        case "sequence", "parallel":
            guard let lambda, arguments.isEmpty else { throw refusal(span, "\(name) takes one block", .invalid) }
            let inner = try parts(of: lambda, compose: compose, depth: depth + 1)
            return [try located(position) { () throws(PatternError) in name == "sequence" ? try Pattern.sequence(inner) : try Pattern.parallel(inner) }]
        case "repeat":
            let bound = try bind(arguments, ["count"], expression)
            guard let lambda, let countExpression = bound["count"] else { throw refusal(span, "repeat takes a count and a block", .invalid) }
            let count = try self.count(countExpression)
            let inner = try parts(of: lambda, compose: compose, depth: depth + 1)
            return [try located(position) { () throws(PatternError) in try Pattern.sequence(inner).repeated(count) }]
        case "repeatWithIndex":
            let bound = try bind(arguments, ["count"], expression)
            guard let lambda, let countExpression = bound["count"] else { throw refusal(span, "repeatWithIndex takes a count and a block", .invalid) }
            // Expanded eagerly into the block it stands in, as Jindong bounds it: 0 through 10,000 iterations.
            let count = try self.count(countExpression)
            guard count <= PatternLimits.maxEvents else {
                let written = shown(countExpression) == "\(count)" ? "" : " (`\(shown(countExpression))`)"
                throw refusal(countExpression.span, "repeatWithIndex expands at most \(PatternLimits.maxEvents) iterations, got \(count)\(written)", .invalid)
            }
            let index = lambda.parameters.first ?? "it"
            var found: [Pattern] = []
            for iteration in 0..<count { found += try parts(of: lambda, compose: compose, depth: depth, index: (index, Int64(iteration))) }
            return found
        default:  // include, clip
            let bound = try bind(arguments, ["pattern"], expression)
            guard let value = bound["pattern"] else { throw refusal(span, "\(name) needs a pattern", .invalid) }
            return [try pattern(value)]
        }
    }

    /// A pattern transform: `.then(p)`, `.plus(p)`, `.repeated(n)`, `.reversed()`, `.scaleIntensity(f)`, `.timeStretch(f)`.
    func transform(_ pattern: Pattern, _ name: String, _ arguments: [KotlinArgument], _ whole: KotlinExpression) throws(KotlinRefusal) -> Pattern {
        try countWork(pattern.events.count, at: whole.span)
        let parameter = ["then": "other", "plus": "other", "repeated": "times", "scaleIntensity": "factor", "timeStretch": "factor"][name]
        let bound = try bind(arguments, parameter.map { [$0] } ?? [], whole)
        func required() throws(KotlinRefusal) -> KotlinExpression {
            guard let parameter, let value = bound[parameter] else { throw refusal(whole.span, "\(name) needs its \(parameter ?? "argument")", .invalid) }
            return value
        }
        let position = whole.position
        switch name {
        case "reversed":
            return pattern.reversed()
        case "repeated":
            let count = try self.count(try required())
            return try located(position) { () throws(PatternError) in try pattern.repeated(count) }
        case "scaleIntensity":
            let factor = try number(try required())
            return try located(position) { () throws(PatternError) in try pattern.scaleIntensity(factor) }
        case "timeStretch":
            let factor = try number(try required())
            return try located(position) { () throws(PatternError) in try pattern.timeStretch(factor) }
        default:
            return try then(pattern, try self.pattern(try required()), at: whole.span)
        }
    }

    func pattern(_ expression: KotlinExpression) throws(KotlinRefusal) -> Pattern {
        guard case .pattern(let pattern) = try evaluate(expression) else {
            throw refusal(expression.span, "not a pattern: `\(shown(expression))`", .invalid)
        }
        return pattern
    }

    private func count(_ expression: KotlinExpression) throws(KotlinRefusal) -> Int {
        guard let value = try evaluate(expression).integer, value >= 0, value <= Int64(PatternLimits.maxCount) else {
            throw refusal(expression.span, "not a count (a whole number from 0 to \(PatternLimits.maxCount)): `\(shown(expression))`", .invalid)
        }
        return Int(value)
    }

    /// A Float (`sharpness`, a factor, a curve value); out of range is the pattern's error, as in pattern.json.
    func number(_ expression: KotlinExpression) throws(KotlinRefusal) -> Float {
        guard let value = try evaluate(expression).float else { throw refusal(expression.span, "not a number: `\(shown(expression))`", .invalid) }
        return value
    }

    /// Milliseconds of a `Duration`, rounded half up as Jindong rounds them.
    private func milliseconds(_ expression: KotlinExpression) throws(KotlinRefusal) -> Int64 {
        guard case .duration(let ms) = try evaluate(expression) else {
            throw refusal(expression.span, "not a duration (80.ms, 1.seconds): `\(shown(expression))`", .invalid)
        }
        do {
            return try Milliseconds.rounding(ms, field: "duration")
        } catch {
            throw refusal(expression.span, "\(error): `\(shown(expression))`", .invalid)
        }
    }

    private func intensity(_ expression: KotlinExpression?) throws(KotlinRefusal) -> Intensity {
        guard let expression else { return .medium }
        guard case .intensity(let value) = try evaluate(expression) else {
            throw refusal(expression.span, "not an intensity: `\(shown(expression))`", .invalid)
        }
        return value
    }

    /// `hapticCurve { point(t, v) … }`.
    func curve(_ lambda: KotlinLambda) throws(KotlinRefusal) -> [ControlPoint] {
        var points: [ControlPoint] = []
        for statement in lambda.statements {
            guard case .expression(let expression) = statement, case .call(.name(let called, _), let arguments, nil, let span) = expression, called == "point" else {
                throw KotlinRefusal(message: "a curve holds point(time, value) calls only", position: lambda.position, kind: .notRead)
            }
            let bound = try bind(arguments, ["time", "value"], expression)
            guard let time = bound["time"], let value = bound["value"] else { throw refusal(span, "point needs a time and a value", .invalid) }
            guard points.count < PatternLimits.maxControlPoints else { throw refusal(span, "more than \(PatternLimits.maxControlPoints) points", .invalid) }
            points.append(ControlPoint(timeMs: try milliseconds(time), value: try number(value)))
        }
        return points
    }
}

extension SourcePosition {
    /// An empty span at this position.
    var span: KotlinSpan { KotlinSpan(position: self, start: 0, end: 0) }
}
