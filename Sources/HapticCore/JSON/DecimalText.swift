/// Short plain decimals (`-12`, `0.035`, `250.5`) converted without the C library, exactly as it
/// converts them: the digits as an integer m below 10^15 and k fraction digits give m / 10^k, and
/// since m and 10^k (k ≤ 22) are exact doubles, IEEE division rounds the quotient exactly as a
/// correctly rounded decimal conversion does (Clinger's fast path). The same holds for floats with
/// m < 2^24 and k ≤ 10. Anything else (exponents, long digit strings) is left to the C library.
struct DecimalText {
    /// The digits as one integer, without the sign or the point.
    let mantissa: Int64
    /// Digits after the point.
    let fractionDigits: Int
    let isNegative: Bool

    private static let powersOf10: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    /// `text` when it is a plain decimal of at most 15 digits, else nil.
    init?(_ text: ArraySlice<UInt8>) {
        var index = text.startIndex
        isNegative = index < text.endIndex && text[index] == UInt8(ascii: "-")
        if isNegative { index += 1 }
        var mantissa: Int64 = 0, digits = 0, fractionDigits = 0, seenPoint = false
        while index < text.endIndex {
            let byte = text[index]
            if byte == UInt8(ascii: "."), !seenPoint {
                seenPoint = true
            } else if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                mantissa = mantissa * 10 + Int64(byte - UInt8(ascii: "0"))
                digits += 1
                if seenPoint { fractionDigits += 1 }
                if digits > 15 { return nil }
            } else {
                return nil
            }
            index += 1
        }
        guard digits > 0 else { return nil }
        self.mantissa = mantissa
        self.fractionDigits = fractionDigits
    }

    /// The nearest double, as `Double(text)` gives it.
    var double: Double {
        let magnitude = Double(mantissa) / Self.powersOf10[fractionDigits]
        return isNegative ? -magnitude : magnitude
    }

    /// The nearest float, as `Float(text)` gives it; nil where the fast path does not hold.
    var float: Float? {
        guard mantissa < 1 << 24, fractionDigits <= 10 else { return nil }
        let magnitude = Float(mantissa) / Float(Self.powersOf10[fractionDigits])
        return isNegative ? -magnitude : magnitude
    }
}
