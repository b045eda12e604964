#if canImport(Glibc)
import Glibc
#endif

/// Figures as people read them, written here once for every report and message.
package enum NumberText {
    /// `value` with `digits` decimals (`0.550`); `nan`, `inf`, `-inf` as such.
    package static func fixed(_ value: Double, _ digits: Int) -> String {
        if value.isNaN { return "nan" }
        if value.isInfinite { return value < 0 ? "-inf" : "inf" }
        guard abs(value) < 1e15 else { return "\(value)" }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let rounded = (abs(value) * scale).rounded() / scale
        var text = String(Int64(rounded))
        if digits > 0 {
            let fraction = Int64(((rounded - rounded.rounded(.down)) * scale).rounded())
            let digitsText = String(fraction)
            text += "." + String(repeating: "0", count: digits - digitsText.count) + digitsText
        }
        return (value < 0 && rounded != 0 ? "-" : "") + text
    }

    /// A positive number with three decimals (`1.216`).
    package static func threeDigits(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e15 else { return "\(value)" }
        let thousandths = Int64((value * 1000).rounded())
        let fraction = String(thousandths % 1000)
        return "\(thousandths / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }

    /// `value` to `digits` significant digits, trailing zeros dropped: 0.09307, 12.73, 90, 428.4;
    /// very small or large values in exponent form (3.4e-07); `inf`, `-inf`, `nan` as such.
    package static func significant(_ value: Double, _ digits: Int = 4) -> String {
        if value.isNaN { return "nan" }
        if value.isInfinite { return value < 0 ? "-inf" : "inf" }
        if value == 0 { return "0" }
        let exponent = Int(floor(log10(abs(value))))
        guard (-5...8).contains(exponent) else {
            let mantissa = value / pow(10, Double(exponent))
            return trimmed(fixed(mantissa, digits - 1)) + "e" + (exponent < 0 ? "-" : "+")
                + (abs(exponent) < 10 ? "0" : "") + String(abs(exponent))
        }
        return trimmed(fixed(value, max(0, digits - 1 - exponent)))
    }

    /// `0.550 s, 26400 frames at 48000 Hz`.
    package static func length(frames: Int64, rate: Int) -> String {
        "\(fixed(Double(frames) / Double(rate), 3)) s, \(frames) frames at \(rate) Hz"
    }

    /// `0.8000 (-1.9 dBFS)`, or `0 (silence)`.
    package static func peak(_ peak: Float) -> String {
        peak > 0 ? "\(fixed(Double(peak), 4)) (\(fixed(20 * log10(Double(peak)), 1)) dBFS)" : "0 (silence)"
    }

    /// Values as a bracketed list: `[0, 10, 20, 30]`.
    package static func list<T>(_ values: [T]) -> String { "[" + values.map { "\($0)" }.joined(separator: ", ") + "]" }

    /// `3 players`, `1 player`.
    package static func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }

    /// A decimal text without trailing zeros after the point (and without a bare point).
    private static func trimmed(_ text: String) -> String {
        guard text.contains(".") else { return text }
        var result = text
        while result.hasSuffix("0") { result.removeLast() }
        if result.hasSuffix(".") { result.removeLast() }
        return result
    }
}
