import Glibc

/// Figures as people read them.
enum NumberText {
    /// `value` to `digits` significant digits, trailing zeros dropped: 0.09307, 12.73, 90, 428.4;
    /// very small or large values in exponent form (3.4e-07); `inf`, `-inf`, `nan` as such.
    static func significant(_ value: Double, _ digits: Int = 4) -> String {
        if value.isNaN { return "nan" }
        if value.isInfinite { return value < 0 ? "-inf" : "inf" }
        if value == 0 { return "0" }
        let exponent = Int(floor(log10(abs(value))))
        guard (-5...8).contains(exponent) else {
            let mantissa = value / pow(10, Double(exponent))
            return trimmed(RenderCommand.fixed(mantissa, digits - 1)) + "e" + (exponent < 0 ? "-" : "+")
                + (abs(exponent) < 10 ? "0" : "") + String(abs(exponent))
        }
        return trimmed(RenderCommand.fixed(value, max(0, digits - 1 - exponent)))
    }

    /// A decimal text without trailing zeros after the point (and without a bare point).
    private static func trimmed(_ text: String) -> String {
        guard text.contains(".") else { return text }
        var result = text
        while result.hasSuffix("0") { result.removeLast() }
        if result.hasSuffix(".") { result.removeLast() }
        return result
    }
}
