/// Laying patterns out on one timeline: end to end, side by side (docs/pattern-format.md).
///
/// Limits are checked on the running totals before each part's events are added.
extension Pattern {
    /// The parts end to end: each starts where the previous one's logical duration ends.
    /// - Parameter operation: how an overflow names the place (`sequence end`, `then`).
    public static func sequence(_ parts: [Pattern], operation: String = "sequence end") throws(PatternError) -> Pattern {
        var timeline = EventAccumulator()
        for part in parts { try timeline.appendSequential(part, operation: operation) }
        return timeline.pattern
    }

    /// The parts side by side, all starting at 0; events in part order; duration of the longest.
    public static func parallel(_ parts: [Pattern]) throws(PatternError) -> Pattern {
        var timeline = EventAccumulator()
        for part in parts { try timeline.appendParallel(part) }
        return timeline.pattern
    }

    /// `a.then(b)`: b's events shifted by a's full duration (a's trailing silence is kept); the
    /// duration is the sum. Associative, with `Pattern.empty` as the identity on both sides.
    public func then(_ next: Pattern) throws(PatternError) -> Pattern {
        try Pattern.sequence([self, next], operation: "then")
    }
}

/// Builds a timeline part by part, checking the event and control-point limits before each
/// part's events are copied in.
struct EventAccumulator {
    private(set) var events: [HapticEvent] = []
    private(set) var durationMs: Int64 = 0
    private var controlPointCount = 0

    /// Appends `part` at the current end; the duration grows by the part's duration.
    mutating func appendSequential(_ part: Pattern, operation: String) throws(PatternError) {
        let endMs = try Milliseconds.add(durationMs, part.durationMs, in: operation)
        try append(part.events, shiftedBy: durationMs)
        durationMs = endMs
    }

    /// Appends `part` at time 0; the duration becomes the longer of the two.
    mutating func appendParallel(_ part: Pattern) throws(PatternError) {
        try append(part.events, shiftedBy: 0)
        durationMs = max(durationMs, part.durationMs)
    }

    private mutating func append(_ added: [HapticEvent], shiftedBy offsetMs: Int64) throws(PatternError) {
        let points = controlPointCount + Pattern.controlPoints(in: added)
        try Pattern.checkLimits(eventCount: events.count + added.count, controlPointCount: points)
        controlPointCount = points
        if offsetMs == 0 {
            events.append(contentsOf: added)
        } else {
            events.append(contentsOf: added.map { $0.with(startMs: $0.startMs + offsetMs) })
        }
    }

    var pattern: Pattern { Pattern(unchecked: events, durationMs: durationMs) }
}
