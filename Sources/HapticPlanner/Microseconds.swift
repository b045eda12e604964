import HapticCore

/// Plan times: whole microseconds in a signed 64-bit integer.
///
/// A pattern.json plan has whole milliseconds (× 1000); an AHAP import keeps the sub-millisecond
/// times that Core Haptics takes as seconds in double precision (seconds × 10⁶, rounded to nearest
/// with ties away from zero). Frames are placed from these times exactly (`FrameTiming`), so a
/// whole-millisecond plan renders sample for sample as it did when plans held milliseconds.
public enum Microseconds {
    /// Microseconds in one millisecond.
    public static let perMillisecond: Int64 = 1000

    /// `milliseconds` × 1000, or nil when that is negative or beyond the 64-bit range.
    public static func fromMilliseconds(_ milliseconds: Int64) -> Int64? {
        let (product, overflow) = milliseconds.multipliedReportingOverflow(by: perMillisecond)
        return overflow || milliseconds < 0 ? nil : product
    }

    /// The time in milliseconds as a double (exact for whole milliseconds below 2^53 µs).
    public static func milliseconds(_ microseconds: Int64) -> Double {
        Double(microseconds) / Double(perMillisecond)
    }

    /// Whole milliseconds, rounded to nearest with ties away from zero (for durations that the
    /// diagnostics report in milliseconds).
    public static func roundedMilliseconds(_ microseconds: Int64) -> Int64 {
        let whole = microseconds / perMillisecond, rest = microseconds % perMillisecond
        return rest * 2 >= perMillisecond ? whole + 1 : whole
    }

    /// The time in milliseconds as exact decimal text: `100` or `100.1` (no trailing zeros).
    public static func millisecondsText(_ microseconds: Int64) -> String {
        let whole = microseconds / perMillisecond, rest = abs(microseconds % perMillisecond)
        guard rest != 0 else { return String(whole) }
        var fraction = String(rest)
        fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return (microseconds < 0 && whole == 0 ? "-" : "") + "\(whole).\(fraction)"
    }

    /// The time in milliseconds as a JSON number: an integer when whole, else its exact decimal.
    package static func json(_ microseconds: Int64) -> JSONOutput {
        microseconds % perMillisecond == 0 ? .integer(microseconds / perMillisecond) : .number(millisecondsText(microseconds))
    }
}
