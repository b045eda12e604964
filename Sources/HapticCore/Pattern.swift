/// A haptic pattern: an ordered list of events and the full logical duration, including leading
/// and trailing silence (docs/pattern-format.md).
///
/// Events need not be sorted and may overlap; their order is kept (it fixes player order). Two
/// patterns are equal when their events and durations are equal.
public struct Pattern: Hashable, Sendable {
    /// The events in authored order.
    public let events: [HapticEvent]
    /// The logical duration in milliseconds; at least the latest event end.
    public let durationMs: Int64

    /// Makes a pattern, checking the event and control-point limits and that `durationMs` (default:
    /// the latest event end) covers every event.
    public init(events: [HapticEvent], durationMs: Int64? = nil) throws(PatternError) {
        try Pattern.checkLimits(eventCount: events.count, controlPointCount: Pattern.controlPoints(in: events))
        let latestEnd = events.map(\.endMs).max() ?? 0
        let duration = try Milliseconds.checked(durationMs ?? latestEnd, field: "durationMs")
        guard duration >= latestEnd else { throw .durationTooShort(durationMs: duration, latestEndMs: latestEnd) }
        self.init(unchecked: events, durationMs: duration)
    }

    /// Unchecked: for compositions and transforms that keep every rule.
    init(unchecked events: [HapticEvent], durationMs: Int64) {
        self.events = events
        self.durationMs = durationMs
    }

    /// No events and duration 0: the identity of `then`.
    public static let empty = Pattern(unchecked: [], durationMs: 0)

    /// Silence of `durationMs` with no events.
    public static func delay(ms durationMs: Int64) throws(PatternError) -> Pattern {
        Pattern(unchecked: [], durationMs: try Milliseconds.checked(durationMs, field: "delay"))
    }

    /// How many curve control points the pattern carries.
    public var controlPointCount: Int { Pattern.controlPoints(in: events) }

    static func controlPoints(in events: [HapticEvent]) -> Int {
        events.reduce(0) { $0 + $1.controlPointCount }
    }

    /// Throws when an expansion would exceed the event or control-point limit.
    static func checkLimits(eventCount: Int, controlPointCount: Int) throws(PatternError) {
        guard eventCount <= PatternLimits.maxEvents else { throw .tooManyEvents(count: eventCount) }
        guard controlPointCount <= PatternLimits.maxControlPoints else {
            throw .tooManyControlPoints(count: controlPointCount)
        }
    }
}
