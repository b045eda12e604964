/// One element of a timeline in the Swift DSL (docs/pattern-format.md).
///
/// An element lays itself out from time 0 as a pattern of its own; its logical duration is that
/// pattern's `durationMs`, and time advances by it (never by the span of the events).
public protocol TimelineElement: Sendable {
    /// The element laid out from time 0.
    /// - Parameter depth: the nesting depth of the list that holds the element (the root timeline is 1).
    func pattern(depth: Int) throws(PatternError) -> Pattern
}

/// Collects timeline elements written one per line, with `if`, `if/else` and `for`.
@resultBuilder
public enum TimelineBuilder {
    public static func buildExpression(_ element: any TimelineElement) -> [any TimelineElement] { [element] }
    public static func buildBlock(_ parts: [any TimelineElement]...) -> [any TimelineElement] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [any TimelineElement]?) -> [any TimelineElement] { part ?? [] }
    public static func buildEither(first part: [any TimelineElement]) -> [any TimelineElement] { part }
    public static func buildEither(second part: [any TimelineElement]) -> [any TimelineElement] { part }
    public static func buildArray(_ parts: [[any TimelineElement]]) -> [any TimelineElement] { parts.flatMap { $0 } }
}

extension Pattern {
    /// Builds a pattern from a timeline, the root sequence:
    /// `try Pattern { Repeat(3) { Transient(intensity: .strong, sharpness: 0.9); Delay(ms: 80) } }`.
    public init(@TimelineBuilder _ timeline: () throws -> [any TimelineElement]) throws {
        self = try Pattern.timeline(timeline(), depth: 1)
    }

    /// The elements end to end, as the list at nesting `depth`.
    static func timeline(_ elements: [any TimelineElement], depth: Int) throws(PatternError) -> Pattern {
        guard depth <= PatternLimits.maxNestingDepth else { throw .nestingTooDeep(depth: depth) }
        var parts: [Pattern] = []
        parts.reserveCapacity(elements.count)
        for element in elements { parts.append(try element.pattern(depth: depth)) }
        return try .sequence(parts)
    }
}
