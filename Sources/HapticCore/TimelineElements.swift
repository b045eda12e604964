/// The DSL's elements (docs/pattern-format.md). Each stores what the user wrote; `pattern(depth:)` validates
/// it, so one `try Pattern { … }` reports the first problem.

/// A legacy vibration of `ms` milliseconds (≥ 1 after rounding) at the cursor: a continuous event
/// with sharpness 0.5 unless given.
public struct Haptic: TimelineElement {
    public let ms: Double
    public let intensity: Intensity
    public let sharpness: Double

    public init(ms: Double, intensity: Intensity = .medium, sharpness: Double = 0.5) {
        self.ms = ms
        self.intensity = intensity
        self.sharpness = sharpness
    }

    public func pattern(depth: Int) throws(PatternError) -> Pattern {
        let durationMs = try Milliseconds.rounding(ms, field: "haptic durationMs")
        guard durationMs >= 1 else { throw .vibrationTooShort(field: "haptic durationMs", value: Milliseconds.format(ms)) }
        let event = try HapticEvent.legacyHaptic(
            startMs: 0, durationMs: durationMs, intensity: intensity, sharpness: Float(sharpness))
        return try Pattern(events: [event])
    }
}

/// A transient at the cursor; it does not advance time.
public struct Transient: TimelineElement {
    public let intensity: Intensity
    public let sharpness: Double

    public init(intensity: Intensity = .medium, sharpness: Double = 0.5) {
        self.intensity = intensity
        self.sharpness = sharpness
    }

    public func pattern(depth: Int) throws(PatternError) -> Pattern {
        try Pattern(events: [try HapticEvent.transient(startMs: 0, intensity: intensity, sharpness: Float(sharpness))])
    }
}

/// A continuous event of `ms` milliseconds at the cursor, with optional curves given as
/// `(milliseconds, value)` pairs that must end at the event's duration.
public struct Continuous: TimelineElement {
    public let ms: Double
    public let intensity: Intensity
    public let sharpness: Double
    public let intensityCurve: [(timeMs: Double, value: Double)]?
    public let sharpnessCurve: [(timeMs: Double, value: Double)]?

    public init(
        ms: Double, intensity: Intensity = .medium, sharpness: Double = 0.5,
        intensityCurve: [(timeMs: Double, value: Double)]? = nil,
        sharpnessCurve: [(timeMs: Double, value: Double)]? = nil
    ) {
        self.ms = ms
        self.intensity = intensity
        self.sharpness = sharpness
        self.intensityCurve = intensityCurve
        self.sharpnessCurve = sharpnessCurve
    }

    public func pattern(depth: Int) throws(PatternError) -> Pattern {
        let durationMs = try Milliseconds.rounding(ms, field: "continuous durationMs")
        let event = try HapticEvent.continuous(
            startMs: 0, durationMs: durationMs, intensity: intensity, sharpness: Float(sharpness),
            intensityCurve: try intensityCurve.map { pairs throws(PatternError) in try Curve(pairs, field: "intensityCurve") },
            sharpnessCurve: try sharpnessCurve.map { pairs throws(PatternError) in try Curve(pairs, field: "sharpnessCurve") })
        return try Pattern(events: [event])
    }
}

/// Silence of `ms` milliseconds (0 allowed).
public struct Delay: TimelineElement {
    public let ms: Double

    public init(ms: Double) { self.ms = ms }

    public func pattern(depth: Int) throws(PatternError) -> Pattern {
        try Pattern.delay(ms: try Milliseconds.rounding(ms, field: "delay"))
    }
}

/// Children end to end; its duration is the sum of theirs.
public struct Sequential: TimelineElement {
    public let children: [any TimelineElement]

    public init(@TimelineBuilder _ children: () -> [any TimelineElement]) { self.children = children() }

    public func pattern(depth: Int) throws(PatternError) -> Pattern {
        try Pattern.timeline(children, depth: depth + 1)
    }
}

/// Children all starting at the cursor, events in child order; its duration is the longest child's.
public struct Parallel: TimelineElement {
    public let children: [any TimelineElement]

    public init(@TimelineBuilder _ children: () -> [any TimelineElement]) { self.children = children() }

    public func pattern(depth: Int) throws(PatternError) -> Pattern {
        guard depth + 1 <= PatternLimits.maxNestingDepth else { throw .nestingTooDeep(depth: depth + 1) }
        var parts: [Pattern] = []
        for child in children { parts.append(try child.pattern(depth: depth + 1)) }
        return try .parallel(parts)
    }
}

/// `count` iterations of the children end to end (count in 0...2,147,483,647).
public struct Repeat: TimelineElement {
    public let count: Int
    public let children: [any TimelineElement]

    public init(_ count: Int, @TimelineBuilder _ children: () -> [any TimelineElement]) {
        self.count = count
        self.children = children()
    }

    public func pattern(depth: Int) throws(PatternError) -> Pattern {
        guard (0...PatternLimits.maxCount).contains(count) else {
            throw .invalidCount(field: "repeat count", value: "\(count)")
        }
        return try Pattern.timeline(children, depth: depth + 1).repeated(count)
    }
}

/// A whole pattern's events shifted to the cursor; its duration is the pattern's.
public struct Clip: TimelineElement {
    public let clipped: Pattern

    public init(_ pattern: Pattern) { self.clipped = pattern }

    public func pattern(depth: Int) throws(PatternError) -> Pattern { clipped }
}
