/// A violation of the pattern model's rules (docs/pattern-format.md), thrown by the model, the DSL and the
/// transforms.
///
/// `field` names what was wrong in the user's words (`durationMs`, `intensityCurve`, `count`);
/// values are shown as the user gave them. The readable text is written here, once.
public enum PatternError: Error, Equatable, Sendable {
    /// A number that must be finite was NaN or infinite.
    case notFinite(field: String, value: String)
    /// A time, duration or factor that must not be negative was.
    case negative(field: String, value: String)
    /// A millisecond value does not fit a signed 64-bit integer.
    case beyondMillisecondRange(field: String, value: String)
    /// A sum or product of times overflowed 64 bits; `operation` says where (`repeated`, `sequence end`).
    case timeOverflow(operation: String)
    /// A vibration (haptic or continuous event) that rounds to less than 1 ms.
    case vibrationTooShort(field: String, value: String)
    /// A value outside its allowed range, which is written like `0...1`.
    case outOfRange(field: String, value: String, range: String)
    /// A count that is not a whole number in 0...2,147,483,647.
    case invalidCount(field: String, value: String)
    /// A curve with fewer than two points.
    case curveTooShort(field: String, pointCount: Int)
    /// A curve whose first point is not at 0 ms.
    case curveStartsLate(field: String, firstMs: Int64)
    /// A curve whose point times do not strictly increase.
    case curveNotIncreasing(field: String, index: Int, timeMs: Int64, previousMs: Int64)
    /// A curve that does not end exactly at its event's duration.
    case curveEndMismatch(field: String, endMs: Int64, durationMs: Int64)
    /// A transient with a nonzero duration.
    case transientWithDuration(durationMs: Int64)
    /// A transient with a curve.
    case transientWithCurve(field: String)
    /// A pattern duration shorter than its latest event end.
    case durationTooShort(durationMs: Int64, latestEndMs: Int64)
    /// Too many events after expansion.
    case tooManyEvents(count: Int)
    /// Too many curve control points after expansion.
    case tooManyControlPoints(count: Int)
    /// Elements nested deeper than the limit.
    case nestingTooDeep(depth: Int)
    /// A time stretch that collapses an event to 0 ms or curve points onto one millisecond; `what`
    /// says which (`the 3 ms duration to 0 ms`).
    case stretchCollapses(eventIndex: Int, what: String, factor: Float)
}

extension PatternError: CustomStringConvertible {
    public var description: String {
        switch self {
        case let .notFinite(field, value):
            return "\(field) must be a finite number (got \(value))"
        case let .negative(field, value):
            return "\(field) must not be negative (got \(value))"
        case let .beyondMillisecondRange(field, value):
            return "\(field) \(value) is beyond the 64-bit millisecond range"
        case let .timeOverflow(operation):
            return "time overflow in \(operation): the result exceeds the 64-bit millisecond range"
        case let .vibrationTooShort(field, value):
            return "\(field) must be at least 1 ms for a vibration (got \(value))"
        case let .outOfRange(field, value, range):
            return "\(field) must be in \(range) (got \(value))"
        case let .invalidCount(field, value):
            return "\(field) must be a whole number in 0...\(PatternLimits.maxCount) (got \(value))"
        case let .curveTooShort(field, count):
            return "\(field) needs at least 2 points (got \(count))"
        case let .curveStartsLate(field, firstMs):
            return "\(field) must start at 0 ms (first point at \(firstMs) ms)"
        case let .curveNotIncreasing(field, index, timeMs, previousMs):
            return "\(field) point \(index) at \(timeMs) ms must come after the previous point at \(previousMs) ms"
        case let .curveEndMismatch(field, endMs, durationMs):
            return "\(field) ends at \(endMs) ms but the event lasts \(durationMs) ms; it must end exactly at the event's duration"
        case let .transientWithDuration(durationMs):
            return "a transient has no duration (got \(durationMs) ms)"
        case let .transientWithCurve(field):
            return "a transient cannot have a curve (got \(field))"
        case let .durationTooShort(durationMs, latestEndMs):
            return "durationMs \(durationMs) is shorter than the latest event end \(latestEndMs)"
        case let .tooManyEvents(count):
            return "expanded event count \(count) exceeds limit \(PatternLimits.maxEvents)"
        case let .tooManyControlPoints(count):
            return "expanded control point count \(count) exceeds limit \(PatternLimits.maxControlPoints)"
        case let .nestingTooDeep(depth):
            return "nesting depth \(depth) exceeds limit \(PatternLimits.maxNestingDepth)"
        case let .stretchCollapses(eventIndex, what, factor):
            return "timeStretch(\(factor)) collapses \(what) of event \(eventIndex)"
        }
    }
}
