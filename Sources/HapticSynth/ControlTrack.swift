import HapticCore
import HapticPlanner

/// One dynamic parameter of a player over time: the parameter curves in force, each from its start
/// until the next one starts (SYNTH.md §1; FORMATS.md §3 for several curves of one parameter).
///
/// Evaluation walks forward with a cursor, so a voice pays for a segment change only when one
/// happens; it gives exactly the values of `Curve.value(of:atMs:)`.
public struct ControlTrack: Sendable {
    struct Entry: Sendable {
        let startMs: Double
        let points: [ControlPoint]
    }

    /// Where a voice is in the track.
    struct Cursor {
        var entry = -1
        var point = 0
    }

    let entries: [Entry]
    /// The value before the first curve starts; nil: the first curve's first value.
    let valueBeforeFirst: Double?

    /// A track from curves sorted by start (ties: the later one wins), each in force until the next.
    public init(curves: [ParameterCurve], valueBeforeFirst: Double? = nil) {
        entries = curves.enumerated()
            .sorted { ($0.element.startMs, $0.offset) < ($1.element.startMs, $1.offset) }
            .map { Entry(startMs: Double($0.element.startMs), points: $0.element.points) }
        self.valueBeforeFirst = valueBeforeFirst
    }

    var isEmpty: Bool { entries.isEmpty }

    /// The value at pattern time `timeMs`; `timeMs` must not decrease between calls with one cursor.
    func value(atMs timeMs: Double, cursor: inout Cursor) -> Double {
        while cursor.entry + 1 < entries.count, entries[cursor.entry + 1].startMs <= timeMs {
            cursor.entry += 1
            cursor.point = 0
        }
        if cursor.entry < 0 {
            return valueBeforeFirst ?? Double(entries[0].points[0].value)
        }
        let entry = entries[cursor.entry]
        let points = entry.points
        let relativeMs = timeMs - entry.startMs
        while cursor.point + 1 < points.count, Double(points[cursor.point + 1].timeMs) <= relativeMs { cursor.point += 1 }
        if relativeMs <= Double(points[0].timeMs) { return Double(points[0].value) }
        if cursor.point + 1 >= points.count { return Double(points[points.count - 1].value) }
        return Curve.interpolate(points[cursor.point], points[cursor.point + 1], atMs: relativeMs)
    }
}
