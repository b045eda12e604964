/// Whole-millisecond time arithmetic: conversions from input numbers and overflow-checked sums
/// and products (docs/pattern-format.md).
///
/// Every time in the model is a non-negative `Int64` count of milliseconds.
public enum Milliseconds {
    /// Converts an input number of milliseconds to a whole millisecond count.
    ///
    /// Rounds half up (ties away from zero): 0.499 → 0, 0.5 → 1, 1.5 → 2; −0 reads as 0, and any
    /// value below 0 (even −0.4, which would round to −0) is negative.
    /// - Throws: `PatternError` when `value` is NaN, infinite, negative or beyond `Int64`.
    public static func rounding(_ value: Double, field: String) throws(PatternError) -> Int64 {
        guard value.isFinite else { throw .notFinite(field: field, value: "\(value)") }
        guard !(value < 0) else { throw .negative(field: field, value: format(value)) }
        let rounded = value.rounded(.toNearestOrAwayFromZero)
        // 2^63 is exactly representable; anything at or above it does not fit.
        guard rounded < 9_223_372_036_854_775_808.0 else {
            throw .beyondMillisecondRange(field: field, value: format(value))
        }
        return Int64(rounded)
    }

    /// Checks that a whole millisecond count is not negative.
    public static func checked(_ value: Int64, field: String) throws(PatternError) -> Int64 {
        guard value >= 0 else { throw .negative(field: field, value: "\(value)") }
        return value
    }

    /// `a + b`, or `PatternError.timeOverflow` naming `operation`.
    public static func add(_ a: Int64, _ b: Int64, in operation: String) throws(PatternError) -> Int64 {
        let (sum, overflow) = a.addingReportingOverflow(b)
        guard !overflow, a >= 0, b >= 0 else { throw .timeOverflow(operation: operation) }
        return sum
    }

    /// `a × b`, or `PatternError.timeOverflow` naming `operation`.
    public static func multiply(_ a: Int64, _ b: Int64, in operation: String) throws(PatternError) -> Int64 {
        let (product, overflow) = a.multipliedReportingOverflow(by: b)
        guard !overflow, a >= 0, b >= 0 else { throw .timeOverflow(operation: operation) }
        return product
    }

    /// A double as a person would write it: `5` rather than `5.0`.
    static func format(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }
}
