/// One point of a parameter curve: a time in whole milliseconds from the curve's start and a
/// value in 0…1.
public struct ControlPoint: Hashable, Sendable {
    /// Milliseconds from the start of the curve's event (≥ 0).
    public let timeMs: Int64
    /// The curve's value at `timeMs`, in 0…1.
    public let value: Float

    public init(timeMs: Int64, value: Float) {
        self.timeMs = timeMs
        self.value = value
    }
}

/// A piecewise-linear curve of absolute values in 0…1 over an event's duration (docs/pattern-format.md).
///
/// A valid curve has at least two points, the first at 0 ms, with strictly increasing times; its
/// duration is the last point's time.
public struct Curve: Hashable, Sendable {
    /// The control points, first at 0 ms, times strictly increasing.
    public let points: [ControlPoint]

    /// Makes a curve from validated points.
    /// - Parameter field: how errors name the curve (`intensityCurve`).
    /// - Throws: `PatternError` for fewer than 2 points, a first point after 0 ms, times that do
    ///   not strictly increase, or values outside 0…1 or not finite.
    public init(points: [ControlPoint], field: String = "curve") throws(PatternError) {
        guard points.count >= 2 else { throw .curveTooShort(field: field, pointCount: points.count) }
        guard points[0].timeMs == 0 else { throw .curveStartsLate(field: field, firstMs: points[0].timeMs) }
        for (index, point) in points.enumerated() {
            if !(point.value >= 0 && point.value <= 1) {  // the message is built only for a bad value
                try Curve.checkValue(point.value, field: "\(field) point \(index) value")
            }
            if index > 0, point.timeMs <= points[index - 1].timeMs {
                throw .curveNotIncreasing(
                    field: field, index: index, timeMs: point.timeMs, previousMs: points[index - 1].timeMs)
            }
        }
        self.points = points
    }

    /// Makes a curve from `(milliseconds, value)` pairs as a DSL user writes them; times are
    /// rounded half up to whole milliseconds and values converted to the nearest 32-bit float.
    public init(_ pairs: [(timeMs: Double, value: Double)], field: String = "curve") throws(PatternError) {
        var points: [ControlPoint] = []
        points.reserveCapacity(pairs.count)
        for (index, pair) in pairs.enumerated() {
            let time = try Milliseconds.rounding(pair.timeMs, field: "\(field) point \(index) time")
            points.append(ControlPoint(timeMs: time, value: Float(pair.value)))
        }
        try self.init(points: points, field: field)
    }

    /// Unchecked: for transforms that build points known to be valid.
    init(unchecked points: [ControlPoint]) {
        self.points = points
    }

    /// The curve's duration: its last point's time, in milliseconds.
    public var durationMs: Int64 { points[points.count - 1].timeMs }

    /// The value at `timeMs` (fractional milliseconds from the curve's start): the first value at
    /// or before 0, the last value at or after the duration, else the linear interpolation in
    /// double precision between the two points around `timeMs`.
    public func value(atMs timeMs: Double) -> Double {
        Curve.value(of: points, atMs: timeMs)
    }

    /// The value of any non-empty list of points with increasing times at `timeMs`, by the rule of
    /// `value(atMs:)` (a single point is a constant).
    public static func value(of points: [ControlPoint], atMs timeMs: Double) -> Double {
        let first = points[0], last = points[points.count - 1]
        if timeMs <= Double(first.timeMs) { return Double(first.value) }
        if timeMs >= Double(last.timeMs) { return Double(last.value) }
        // Binary search for the last point at or before timeMs.
        var low = 0, high = points.count - 1
        while high - low > 1 {
            let mid = (low + high) / 2
            if Double(points[mid].timeMs) <= timeMs { low = mid } else { high = mid }
        }
        return interpolate(points[low], points[high], atMs: timeMs)
    }

    /// Linear interpolation between two points at `timeMs`, in double precision.
    public static func interpolate(_ a: ControlPoint, _ b: ControlPoint, atMs timeMs: Double) -> Double {
        let t0 = Double(a.timeMs), t1 = Double(b.timeMs)
        let fraction = (timeMs - t0) / (t1 - t0)
        return Double(a.value) + (Double(b.value) - Double(a.value)) * fraction
    }

    /// Checks a curve value: finite and in 0…1 (no clamping).
    static func checkValue(_ value: Float, field: String) throws(PatternError) {
        guard value.isFinite else { throw .notFinite(field: field, value: "\(value)") }
        guard (0...1).contains(value) else { throw .outOfRange(field: field, value: "\(value)", range: "0...1") }
    }
}
