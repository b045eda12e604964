import HapticCore

/// Why a Kotlin pattern cannot be read: what was found, where, and whether it needs a run, is
/// rejected by Jindong, or is a form not read (docs/kotlin.md, "What is refused").
struct KotlinRefusal: Error {
    let message: String
    let position: SourcePosition
    var kind: KotlinRefusalKind = .invalid
    /// Through names that use one another: the first refusal, with its place in another file
    /// (so a chain of names says where it starts, not every link).
    var cause: String? = nil
}

/// A value the reader computes, with Kotlin's types: `Int` (32-bit, wrapping), `Long`, `Float`,
/// `Double`, `Boolean`, a `Duration` (in milliseconds), Jindong's values, and an integer range.
enum KotlinValue {
    case int(Int32)
    case long(Int64)
    case float(Float)
    case double(Double)
    case boolean(Bool)
    /// A `Duration`, in milliseconds.
    case duration(Double)
    case intensity(Intensity)
    case pattern(Pattern)
    case curve([ControlPoint])
    /// `IosHapticParameters(sharpness = …)`.
    case iosParameters(sharpness: Float)
    /// `a..b` (both ends included).
    case range(Int64, Int64)

    var kindName: String {
        switch self {
        case .int: return "an Int"
        case .long: return "a Long"
        case .float: return "a Float"
        case .double: return "a Double"
        case .boolean: return "a Boolean"
        case .duration: return "a Duration"
        case .intensity: return "a HapticIntensity"
        case .pattern: return "a HapticPattern"
        case .curve: return "a HapticCurve"
        case .iosParameters: return "IosHapticParameters"
        case .range: return "a range"
        }
    }

    /// A whole number's value (Int or Long).
    var integer: Int64? {
        switch self {
        case .int(let v): return Int64(v)
        case .long(let v): return v
        default: return nil
        }
    }

    var double: Double? {
        switch self {
        case .int(let v): return Double(v)
        case .long(let v): return Double(v)
        case .float(let v): return Double(v)
        case .double(let v): return v
        default: return nil
        }
    }

    var float: Float? {
        if case .float(let v) = self { return v }
        return double.map { Float($0) }
    }

    /// A number literal with Kotlin's type: `L` Long, `f` Float, a point or exponent Double, a
    /// whole number Int when it fits 32 bits, else Long; nil when it is none.
    static func number(_ text: String) -> KotlinValue? {
        var digits = String(text.filter { $0 != "_" })
        let isLong = digits.hasSuffix("L")
        if digits.hasPrefix("0x") || digits.hasPrefix("0X") || digits.hasPrefix("0b") || digits.hasPrefix("0B") {
            let radix = digits.dropFirst(1).first.map { $0 == "x" || $0 == "X" } == true ? 16 : 2
            guard let value = Int64(digits.dropFirst(2).filter { $0 != "L" }, radix: radix) else { return nil }
            return whole(value, long: isLong)
        }
        if digits.hasSuffix("f") || digits.hasSuffix("F") {
            digits.removeLast()
            guard let value = Float(digits), value.isFinite else { return nil }
            return .float(value)
        }
        if isLong { digits.removeLast() }
        if let value = Int64(digits) { return whole(value, long: isLong) }
        guard !isLong, let value = Double(digits), value.isFinite else { return nil }
        return .double(value)
    }

    private static func whole(_ value: Int64, long: Bool) -> KotlinValue {
        if !long, let small = Int32(exactly: value) { return .int(small) }
        return .long(value)
    }

    /// `-x` as Kotlin computes it (wrapping for whole numbers).
    func negated() -> KotlinValue? {
        switch self {
        case .int(let v): return .int(0 &- v)
        case .long(let v): return .long(0 &- v)
        case .float(let v): return .float(-v)
        case .double(let v): return .double(-v)
        case .duration(let v): return .duration(-v)
        default: return nil
        }
    }

    /// `a op b` for `+ - * / %` and comparisons on numbers and durations, with Kotlin's typing:
    /// Int and Long wrap, a Float with an Int stays Float, a Double makes a Double; nil when
    /// Kotlin has no such operation. Division of whole numbers by zero throws in Kotlin: `zero`.
    static func arithmetic(_ op: String, _ lhs: KotlinValue, _ rhs: KotlinValue) throws(ArithmeticFault) -> KotlinValue? {
        if let compared = comparison(op, lhs, rhs) { return .boolean(compared) }
        switch (lhs, rhs) {
        case (.int(let a), .int(let b)):
            return try wholeOperation(op, a, b).map(KotlinValue.int)
        case (.int, .long), (.long, .int), (.long, .long):
            return try wholeOperation(op, lhs.integer!, rhs.integer!).map(KotlinValue.long)
        case (.duration(let a), .duration(let b)):
            switch op {
            case "+": return .duration(a + b)
            case "-": return .duration(a - b)
            case "/": return .double(a / b)
            default: return nil
            }
        case (.duration(let a), _) where op == "*" || op == "/":
            guard let b = rhs.double else { return nil }
            return .duration(op == "*" ? a * b : a / b)
        case (_, .duration(let b)) where op == "*":
            guard let a = lhs.double else { return nil }
            return .duration(a * b)
        case (.double, _), (_, .double):
            guard let a = lhs.double, let b = rhs.double else { return nil }
            return floating(op, a, b).map(KotlinValue.double)
        case (.float, _), (_, .float):
            guard let a = lhs.float, let b = rhs.float else { return nil }
            return floating(op, a, b).map(KotlinValue.float)
        default:
            return nil
        }
    }

    /// Whole-number division by zero (Kotlin throws `ArithmeticException`).
    struct ArithmeticFault: Error {}

    private static func wholeOperation<T: FixedWidthInteger>(_ op: String, _ a: T, _ b: T) throws(ArithmeticFault) -> T? {
        switch op {
        case "+": return a &+ b
        case "-": return a &- b
        case "*": return a &* b
        case "/":
            guard b != 0 else { throw ArithmeticFault() }
            return a.dividedReportingOverflow(by: b).partialValue
        case "%":
            guard b != 0 else { throw ArithmeticFault() }
            return a.remainderReportingOverflow(dividingBy: b).partialValue
        default: return nil
        }
    }

    private static func floating<T: FloatingPoint>(_ op: String, _ a: T, _ b: T) -> T? {
        switch op {
        case "+": return a + b
        case "-": return a - b
        case "*": return a * b
        case "/": return a / b
        case "%": return a.truncatingRemainder(dividingBy: b)
        default: return nil
        }
    }

    private static func comparison(_ op: String, _ lhs: KotlinValue, _ rhs: KotlinValue) -> Bool? {
        guard ["<", ">", "<=", ">=", "==", "!="].contains(op) else { return nil }
        switch (lhs, rhs) {
        case (.duration(let a), .duration(let b)): return compare(op, a, b)
        case (.boolean(let a), .boolean(let b)) where op == "==" || op == "!=": return (a == b) == (op == "==")
        case (.intensity(let a), .intensity(let b)) where op == "==" || op == "!=": return (a == b) == (op == "==")
        default:
            // Whole numbers compare exactly, as Kotlin compares Int and Long.
            if let a = lhs.integer, let b = rhs.integer { return compare(op, a, b) }
            guard let a = lhs.double, let b = rhs.double else { return nil }
            return compare(op, a, b)
        }
    }

    private static func compare<T: Comparable>(_ op: String, _ a: T, _ b: T) -> Bool {
        switch op {
        case "<": return a < b
        case ">": return a > b
        case "<=": return a <= b
        case ">=": return a >= b
        case "==": return a == b
        default: return a != b
        }
    }
}
