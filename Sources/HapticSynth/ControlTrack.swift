import HapticCore
import HapticPlanner

/// One dynamic parameter of a player over time: the parameter curves in force, each from its start
/// until the next one starts (SYNTH.md §1; FORMATS.md §3 for several curves of one parameter).
///
/// Evaluation walks forward with a cursor, so a voice pays for a segment change only when one
/// happens, and multiplies by each segment's precomputed slope: the values of
/// `Curve.value(of:atMs:)` to within a few units in the last place.
package struct ControlTrack: Sendable {
    struct Entry: Sendable {
        let startMs: Double
        /// Point times relative to `startMs`, in milliseconds (exact for whole milliseconds).
        let timesMs: [Double]
        let values: [Double]
        /// The slope of each segment (value per millisecond), so evaluation multiplies instead of
        /// dividing; the last entry is 0.
        let slopes: [Double]

        init(startMs: Double, timesMs: [Double], values: [Double]) {
            self.startMs = startMs
            self.timesMs = timesMs
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

    let entries: [Entry]
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

    /// The value at pattern time `timeMs`; `timeMs` must not decrease between calls with one cursor.
    func value(atMs timeMs: Double, cursor: inout Cursor) -> Double {
        while cursor.entry + 1 < entries.count, entries[cursor.entry + 1].startMs <= timeMs {
            cursor.entry += 1
            cursor.point = 0
        }
        if cursor.entry < 0 {
            return valueBeforeFirst ?? entries[0].values[0]
        }
        let entry = entries[cursor.entry]
        let times = entry.timesMs, values = entry.values
        let relativeMs = timeMs - entry.startMs
        while cursor.point + 1 < times.count, times[cursor.point + 1] <= relativeMs { cursor.point += 1 }
        if relativeMs <= times[0] { return values[0] }
        if cursor.point + 1 >= times.count { return values[values.count - 1] }
        // Linear interpolation by the segment's slope: `Curve.interpolate` to within rounding.
        return values[cursor.point] + (relativeMs - times[cursor.point]) * entry.slopes[cursor.point]
    }

    /// The track around `timeMs` as a linear piece: its value there, its slope per millisecond,
    /// and the time from which another piece applies (a point or the next curve's start), so a
    /// voice evaluates value + (t − timeMs) × slope until then. `timeMs` must not decrease
    /// between calls with one cursor.
    func piece(atMs timeMs: Double, cursor: inout Cursor) -> (value: Double, slope: Double, untilMs: Double) {
        let value = self.value(atMs: timeMs, cursor: &cursor)
        let nextEntryMs = cursor.entry + 1 < entries.count ? entries[cursor.entry + 1].startMs : .infinity
        guard cursor.entry >= 0 else { return (value, 0, nextEntryMs) }
        let entry = entries[cursor.entry]
        let relativeMs = timeMs - entry.startMs
        if relativeMs < entry.timesMs[0] { return (value, 0, min(nextEntryMs, entry.startMs + entry.timesMs[0])) }
        guard cursor.point + 1 < entry.timesMs.count else { return (value, 0, nextEntryMs) }
        return (value, entry.slopes[cursor.point], min(nextEntryMs, entry.startMs + entry.timesMs[cursor.point + 1]))
    }
}
