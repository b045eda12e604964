import HapticCore
import HapticPlanner

/// One dynamic parameter of a player over time: the parameter curves in force, each from its start
/// until the next one starts (docs/synthesis.md; docs/ahap.md for several curves of one parameter).
///
/// Evaluation walks forward with a cursor, so a voice pays for a segment change only when one
/// happens, and multiplies by each segment's precomputed slope: the values of
/// `Curve.value(of:atMs:)` to within a few units in the last place.
package struct ControlTrack: Sendable {
    struct Entry: Sendable {
        let startMs: Double
        /// Point times in pattern milliseconds: the curve's start plus each point's time.
        let pointsMs: [Double]
        let values: [Double]
        /// The slope of each segment (value per millisecond), so evaluation multiplies instead of
        /// dividing; the last entry is 0.
        let slopes: [Double]

        init(startMs: Double, timesMs: [Double], values: [Double]) {
            self.startMs = startMs
            pointsMs = timesMs.map { startMs + $0 }
            self.values = values
            slopes = (0..<values.count).map { index in
                index + 1 < values.count ? (values[index + 1] - values[index]) / (timesMs[index + 1] - timesMs[index]) : 0
            }
        }
    }

    /// Where a voice is in the track.
    struct Cursor {
        var entry = -1
        var point = 0
    }

    private(set) var entries: [Entry]
    /// The value before the first curve starts; nil: the first curve's first value.
    let valueBeforeFirst: Double?

    /// A track from curves sorted by start (ties: the later one wins), each in force until the next.
    package init(curves: [ParameterCurve], valueBeforeFirst: Double? = nil) {
        entries = curves.enumerated()
            .sorted { ($0.element.startUs, $0.offset) < ($1.element.startUs, $1.offset) }
            .map { Entry(startMs: Microseconds.milliseconds($0.element.startUs),
                         timesMs: $0.element.points.map { Microseconds.milliseconds($0.timeUs) },
                         values: $0.element.points.map { Double($0.value) }) }
        self.valueBeforeFirst = valueBeforeFirst
    }

    var isEmpty: Bool { entries.isEmpty }

    /// Adds a curve that starts at `startMs` (pattern milliseconds; points relative to it), taking
    /// over from the curves that started before or with it; returns where it went, so that cursors
    /// at or past that entry move on by one.
    mutating func insert(startMs: Double, timesMs: [Double], values: [Double]) -> Int {
        let index = entries.firstIndex { $0.startMs > startMs } ?? entries.count
        entries.insert(Entry(startMs: startMs, timesMs: timesMs, values: values), at: index)
        return index
    }

    /// The value at pattern time `timeMs`; `timeMs` must not decrease between calls with one cursor.
    func value(atMs timeMs: Double, cursor: inout Cursor) -> Double {
        piece(atMs: timeMs, cursor: &cursor).value(atMs: timeMs)
    }

    /// The linear piece of the track in force at `timeMs`: a pure function of where the cursor
    /// lands (never of `timeMs` itself), so a voice gets the same values whichever frame it asked
    /// from. `timeMs` must not decrease between calls with one cursor; the piece's `untilMs` is
    /// always later than `timeMs`.
    func piece(atMs timeMs: Double, cursor: inout Cursor) -> ControlPiece {
        while cursor.entry + 1 < entries.count, entries[cursor.entry + 1].startMs <= timeMs {
            cursor.entry += 1
            cursor.point = 0
        }
        let nextEntryMs = cursor.entry + 1 < entries.count ? entries[cursor.entry + 1].startMs : .infinity
        guard cursor.entry >= 0 else {
            return ControlPiece(originMs: 0, value: valueBeforeFirst ?? entries[0].values[0], slope: 0, untilMs: nextEntryMs)
        }
        let entry = entries[cursor.entry]
        let pointsMs = entry.pointsMs, values = entry.values
        while cursor.point + 1 < pointsMs.count, pointsMs[cursor.point + 1] <= timeMs { cursor.point += 1 }
        if timeMs < pointsMs[0] {
            return ControlPiece(originMs: 0, value: values[0], slope: 0, untilMs: min(nextEntryMs, pointsMs[0]))
        }
        guard cursor.point + 1 < pointsMs.count else {
            return ControlPiece(originMs: 0, value: values[values.count - 1], slope: 0, untilMs: nextEntryMs)
        }
        let point = cursor.point
        return ControlPiece(originMs: pointsMs[point], value: values[point], slope: entry.slopes[point],
                            untilMs: min(nextEntryMs, pointsMs[point + 1]))
    }
}

/// A control over an interval of time: value + (t − originMs) × slope, in force until `untilMs`
/// (pattern milliseconds).
struct ControlPiece {
    var originMs: Double
    var value: Double
    /// Value per millisecond.
    var slope: Double
    var untilMs: Double

    @inline(__always)
    func value(atMs timeMs: Double) -> Double { value + (timeMs - originMs) * slope }
}
