/// The pure pattern transforms of docs/pattern-format.md: each returns a new pattern.
extension Pattern {
    /// The pattern `count` times end to end; iteration k is shifted by k × durationMs.
    ///
    /// `repeated(0)` is empty and `repeated(1)` is the pattern itself. Limits are checked before
    /// expansion, and a pattern without events is never expanded (its duration is computed).
    /// - Throws: `PatternError` for a count outside 0...2,147,483,647, an expansion over the limits,
    ///   or a duration overflow (named `repeated`).
    public func repeated(_ count: Int) throws(PatternError) -> Pattern {
        guard (0...PatternLimits.maxCount).contains(count) else {
            throw .invalidCount(field: "repeated", value: "\(count)")
        }
        // 10,000 × 2^31 and 100,000 × 2^31 fit easily in Int.
        try Pattern.checkLimits(eventCount: events.count * count, controlPointCount: controlPointCount * count)
        let totalMs = try Milliseconds.multiply(durationMs, Int64(count), in: "repeated")
        if count == 0 { return .empty }
        if count == 1 { return self }
        var expanded: [HapticEvent] = []
        expanded.reserveCapacity(events.count * count)
        for iteration in 0..<Int64(events.isEmpty ? 0 : count) {
            let offsetMs = iteration * durationMs
            expanded.append(contentsOf: events.map { $0.with(startMs: $0.startMs + offsetMs) })
        }
        return Pattern(unchecked: expanded, durationMs: totalMs)
    }

    /// The pattern played backwards over the same duration: each event starts at
    /// D − (start + duration), each curve is mirrored inside its event, list order is kept.
    /// Reversing twice gives back the original exactly.
    public func reversed() -> Pattern {
        Pattern(unchecked: events.map { event in
            event.with(
                startMs: durationMs - event.endMs,
                intensityCurve: .some(event.intensityCurve.map(Pattern.mirror)),
                sharpnessCurve: .some(event.sharpnessCurve.map(Pattern.mirror)))
        }, durationMs: durationMs)
    }

    /// The curve mirrored inside its duration: points reversed, time t → duration − t, values kept.
    static func mirror(_ curve: Curve) -> Curve {
        let durationMs = curve.durationMs
        return Curve(unchecked: curve.points.reversed().map {
            ControlPoint(timeMs: durationMs - $0.timeMs, value: $0.value)
        })
    }

    /// Every intensity multiplied by `factor` and clamped into 0…1; sharpness untouched.
    ///
    /// Intensity curves keep their points and, when `factor` > 1, gain whole-millisecond points
    /// around each place where the scaled curve crosses 1, so that the clamped shape is kept.
    /// - Throws: `PatternError` when `factor` is not finite or is negative, or when the added points
    ///   exceed the control-point limit.
    public func scaleIntensity(_ factor: Float) throws(PatternError) -> Pattern {
        guard factor.isFinite else { throw .notFinite(field: "scaleIntensity", value: "\(factor)") }
        guard factor >= 0 else { throw .negative(field: "scaleIntensity", value: "\(factor)") }
        let scaled = events.map { event in
            event.with(
                intensity: Intensity(event.intensity.value * factor),
                intensityCurve: .some(event.intensityCurve.map { Pattern.scale($0, by: factor) }))
        }
        try Pattern.checkLimits(eventCount: scaled.count, controlPointCount: Pattern.controlPoints(in: scaled))
        return Pattern(unchecked: scaled, durationMs: durationMs)
    }

    /// One intensity curve scaled by `factor` (docs/pattern-format.md `scaleIntensity`).
    static func scale(_ curve: Curve, by factor: Float) -> Curve {
        let multiplier = Double(factor)
        var timesMs: [Int64] = []
        for (index, point) in curve.points.enumerated() {
            timesMs.append(point.timeMs)
            guard factor > 1, index + 1 < curve.points.count else { continue }
            timesMs.append(contentsOf: crossingTimes(from: point, to: curve.points[index + 1], level: 1 / multiplier))
        }
        return Curve(unchecked: timesMs.map { timeMs in
            let value = min(max(curve.value(atMs: Double(timeMs)) * multiplier, 0), 1)
            return ControlPoint(timeMs: timeMs, value: Float(value))
        })
    }

    /// The whole milliseconds floor(c) and ceil(c) strictly inside (a, b), where c is the time
    /// at which the segment a–b crosses `level`; none when a and b are not strictly on opposite
    /// sides of it.
    static func crossingTimes(from a: ControlPoint, to b: ControlPoint, level: Double) -> [Int64] {
        let v0 = Double(a.value), v1 = Double(b.value)
        guard (v0 < level && v1 > level) || (v0 > level && v1 < level) else { return [] }
        let t0 = Double(a.timeMs), t1 = Double(b.timeMs)
        let crossingMs = t0 + (t1 - t0) * (level - v0) / (v1 - v0)
        var times: [Int64] = []
        for candidate in [crossingMs.rounded(.down), crossingMs.rounded(.up)] {
            let timeMs = Int64(candidate)
            if timeMs > a.timeMs, timeMs < b.timeMs, !times.contains(timeMs) { times.append(timeMs) }
        }
        return times
    }
}
