/// `timeStretch`: every time on one rounded axis, computed exactly (docs/pattern-format.md).
extension Pattern {
    /// The pattern with every time multiplied by `factor` on one rounded axis.
    ///
    /// scale(x) is x × factor rounded half up, computed exactly against the binary value of the
    /// 32-bit factor. The duration becomes scale(D); each event scale(start)…scale(end); curve
    /// points are scaled on the absolute axis and made relative again. A factor of 1 returns the
    /// pattern unchanged.
    /// - Throws: `PatternError` when `factor` is not finite or not > 0, when a product overflows
    ///   (named `timeStretch`), when a continuous event collapses to 0 ms, or when curve points
    ///   collapse onto one millisecond.
    public func timeStretch(_ factor: Float) throws(PatternError) -> Pattern {
        guard factor.isFinite else { throw .notFinite(field: "timeStretch", value: "\(factor)") }
        guard factor > 0 else { throw .outOfRange(field: "timeStretch", value: "\(factor)", range: "(0, ∞)") }
        if factor == 1 { return self }
        let axis = StretchAxis(factor: factor)
        var stretched: [HapticEvent] = []
        stretched.reserveCapacity(events.count)
        for (index, event) in events.enumerated() {
            let startMs = try axis.scale(event.startMs)
            let endMs = try axis.scale(event.endMs)
            if event.durationMs > 0, endMs == startMs {
                throw .stretchCollapses(eventIndex: index, what: "the \(event.durationMs) ms duration to 0 ms", factor: factor)
            }
            func stretch(_ curve: Curve?, _ field: String) throws(PatternError) -> Curve? {
                guard let curve else { return nil }
                var points: [ControlPoint] = []
                points.reserveCapacity(curve.points.count)
                for (pointIndex, point) in curve.points.enumerated() {
                    let timeMs = try axis.scale(event.startMs + point.timeMs) - startMs
                    if let previous = points.last, previous.timeMs >= timeMs {
                        throw .stretchCollapses(
                            eventIndex: index, what: "\(field) points \(pointIndex - 1) and \(pointIndex) onto one millisecond",
                            factor: factor)
                    }
                    points.append(ControlPoint(timeMs: timeMs, value: point.value))
                }
                return Curve(unchecked: points)
            }
            stretched.append(event.with(
                startMs: startMs, durationMs: endMs - startMs,
                intensityCurve: .some(try stretch(event.intensityCurve, "intensityCurve")),
                sharpnessCurve: .some(try stretch(event.sharpnessCurve, "sharpnessCurve"))))
        }
        return Pattern(unchecked: stretched, durationMs: try axis.scale(durationMs))
    }
}

/// Exact x × factor, rounded half up, for a 32-bit float factor: factor = significand × 2^exponent
/// with an integer significand, and the product is formed in 128-bit integers.
struct StretchAxis {
    let significand: UInt128
    let exponent: Int

    init(factor: Float) {
        if factor.isNormal {
            significand = UInt128(factor.significandBitPattern | (1 << 23))
            exponent = Int(factor.exponent) - 23
        } else {
            significand = UInt128(factor.significandBitPattern)
            exponent = -149
        }
    }

    /// round-half-up(timeMs × factor), or `timeOverflow("timeStretch")` beyond `Int64`.
    func scale(_ timeMs: Int64) throws(PatternError) -> Int64 {
        let product = UInt128(timeMs) * significand  // < 2^63 × 2^24
        let limit = UInt128(Int64.max)
        let result: UInt128
        if exponent >= 0 {
            guard product == 0 || (exponent < 64 && product <= limit >> exponent) else {
                throw .timeOverflow(operation: "timeStretch")
            }
            result = product << exponent
        } else if -exponent >= 100 {
            result = 0  // product < 2^87, so product / 2^100 < 1/2 and rounds to 0
        } else {
            let shift = -exponent
            result = (product + (1 << (shift - 1))) >> shift
        }
        guard result <= limit else { throw .timeOverflow(operation: "timeStretch") }
        return Int64(result)
    }
}
