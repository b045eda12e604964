import HapticCore

/// One control parameter over the player: the curve in force at each time (the one that started
/// last; of several starting together, the later entry), neutral before the first.
struct PlayerControl {
    private let entries: [ParameterCurve]
    private let neutral: Double

    init(_ curves: [ParameterCurve], neutral: Double) {
        entries = curves.enumerated().sorted { ($0.element.startUs, $0.offset) < ($1.element.startUs, $1.offset) }.map(\.element)
        self.neutral = neutral
    }

    var isEmpty: Bool { entries.isEmpty }

    /// The times where a curve starts or has a point.
    var timesUs: [Double] {
        entries.flatMap { curve in [Double(curve.startUs)] + curve.points.map { Double(curve.startUs + $0.timeUs) } }
    }

    /// The value at `us`; with `justBefore`, the value the control had an instant earlier (so that
    /// a curve starting at `us` is not yet in force).
    func value(atUs us: Double, justBefore: Bool = false) -> Double {
        guard let curve = entries.last(where: { justBefore ? Double($0.startUs) < us : Double($0.startUs) <= us }) else { return neutral }
        let points = curve.points.map { ControlPoint(timeMs: $0.timeUs, value: $0.value) }  // µs in the ms field: the scale cancels
        return Curve.value(of: points, atMs: us - Double(curve.startUs))
    }
}
