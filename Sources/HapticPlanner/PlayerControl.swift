import HapticCore

/// One control parameter over the player: the curve in force at each time (the one that started
/// last; of several starting together, the later entry), neutral before the first.
struct PlayerControl {
    private let entries: [ParameterCurve]
    /// Each entry's points as `Curve.value` reads them, made once (µs in the ms field: the scale cancels).
    private let points: [[ControlPoint]]
    private let neutral: Double

    init(_ curves: [ParameterCurve], neutral: Double) {
        entries = curves.enumerated().sorted { ($0.element.startUs, $0.offset) < ($1.element.startUs, $1.offset) }.map(\.element)
        points = entries.map { curve in curve.points.map { ControlPoint(timeMs: $0.timeUs, value: $0.value) } }
        self.neutral = neutral
    }

    var isEmpty: Bool { entries.isEmpty }

    /// The times where a curve starts or has a point.
    var timesUs: [Double] {
        entries.flatMap { curve in [Double(curve.startUs)] + curve.points.map { Double(curve.startUs + $0.timeUs) } }
    }

    /// The value at `us`; with `justBefore`, the value the control had an instant earlier (so that
    /// a curve starting at `us` is not yet in force).
    /// A binary search over the entries (sorted by start) and over the curve's points: a curve of
    /// 100,000 points planned for Android reads it at each of its points in O(n log n).
    func value(atUs us: Double, justBefore: Bool = false) -> Double {
        // The number of entries in force: those starting before `us` (or at it, unless justBefore).
        let inForce = entries.prefixCount { justBefore ? Double($0.startUs) < us : Double($0.startUs) <= us }
        guard inForce > 0 else { return neutral }
        return Curve.value(of: points[inForce - 1], atMs: us - Double(entries[inForce - 1].startUs))
    }
}
