import HapticCore

/// An event as the Android executor sees it: a curve's values replace the event's intensity or
/// sharpness while it plays (they do not scale it, as Core Haptics' controls do).
struct AndroidEvent: Hashable {
    var startMs: Int64
    var durationMs: Int64
    var isTransient: Bool
    var intensity: Float
    var sharpness: Float
    var intensityCurve: Curve?
    var sharpnessCurve: Curve?

    init(_ event: HapticEvent) {
        startMs = event.startMs
        durationMs = event.durationMs
        isTransient = event.kind == .transient
        intensity = event.intensity.value
        sharpness = event.sharpness
        intensityCurve = event.intensityCurve
        sharpnessCurve = event.sharpnessCurve
    }

    init(startMs: Int64, durationMs: Int64, intensity: Float, sharpness: Float, intensityCurve: Curve?) {
        self.startMs = startMs
        self.durationMs = durationMs
        isTransient = false
        self.intensity = intensity
        self.sharpness = sharpness
        self.intensityCurve = intensityCurve
        sharpnessCurve = nil
    }

    var endMs: Int64 { startMs + durationMs }

    /// Something to feel: a transient above 0, a continuous event with a duration and a positive
    /// intensity (or, with a curve, a positive point).
    var isAudible: Bool {
        if isTransient { return intensity > 0 }
        guard durationMs > 0 else { return false }
        if let intensityCurve { return intensityCurve.points.contains { $0.value > 0 } }
        return intensity > 0
    }

    func intensity(atMs timeMs: Int64) -> Float {
        intensityCurve.map { Float($0.value(atMs: Double(timeMs - startMs))) } ?? intensity
    }

    func sharpness(atMs timeMs: Int64) -> Float {
        sharpnessCurve.map { Float($0.value(atMs: Double(timeMs - startMs))) } ?? sharpness
    }
}

/// A slice of the serial timeline: the winning event's intensity and sharpness at its start and
/// end (linear between), or a gap where nothing plays.
struct AndroidSegment: Hashable {
    var startMs: Int64
    var durationMs: Int64
    var intensity: Float
    var sharpness: Float
    var isGap = false
    var endIntensity: Float
    var endSharpness: Float

    init(startMs: Int64, durationMs: Int64, intensity: Float, sharpness: Float, isGap: Bool = false, endIntensity: Float? = nil,
         endSharpness: Float? = nil) {
        self.startMs = startMs
        self.durationMs = durationMs
        self.intensity = intensity
        self.sharpness = sharpness
        self.isGap = isGap
        self.endIntensity = endIntensity ?? intensity
        self.endSharpness = endSharpness ?? sharpness
    }
}

/// A planning budget was exceeded: the plan is unsupported with this reason.
struct AndroidPlanningLimit: Error {
    let reason: String
}

enum AndroidMixing {
    static let maxIntervals = 100_000
    static let maxActiveVisits = 1_000_000

    private struct Line {
        let event: AndroidEvent
        let index: Int
        let initial: Double
        let delta: Double
        func value(at fraction: Double) -> Double { initial + delta * fraction }
    }

    /// Overlapping events merged into one serial timeline by maximum intensity, the winner
    /// supplying sharpness; ties go to the earlier event in input order. Curve points and
    /// intensity crossings (on a 1 ms grid) split the timeline. Transients must already be pulses.
    static func mergeToSerial(_ events: [AndroidEvent]) throws(AndroidPlanningLimit) -> [AndroidSegment] {
        let continuous = events.enumerated().filter { $0.element.durationMs > 0 }
        guard !continuous.isEmpty else { return [] }
        var boundarySet: Set<Int64> = [0]
        for (_, event) in continuous {
            boundarySet.insert(event.startMs)
            boundarySet.insert(event.endMs)
            for curve in [event.intensityCurve, event.sharpnessCurve].compactMap({ $0 }) {
                for point in curve.points { boundarySet.insert(event.startMs + point.timeMs) }
            }
        }
        let boundaries = boundarySet.sorted()
        if boundaries.count > maxIntervals + 1 { throw AndroidPlanningLimit(reason: "Mixing exceeds \(maxIntervals) serial intervals") }
        let byStart = continuous.sorted { ($0.element.startMs, $0.offset) < ($1.element.startMs, $1.offset) }
        var active: [(index: Int, event: AndroidEvent)] = []
        var cursor = 0, visits = 0
        var result: [AndroidSegment] = []
        for i in 0..<(boundaries.count - 1) {
            let start = boundaries[i], end = boundaries[i + 1]
            visits += active.count
            active.removeAll { $0.event.endMs <= start }
            while cursor < byStart.count, byStart[cursor].element.startMs <= start {
                active.append((byStart[cursor].offset, byStart[cursor].element))
                cursor += 1
            }
            visits += active.count
            if visits > maxActiveVisits { throw AndroidPlanningLimit(reason: "Mixing exceeds \(maxActiveVisits) active-event visits") }
            guard !active.isEmpty else {
                result.append(AndroidSegment(startMs: start, durationMs: end - start, intensity: 0, sharpness: 0.5, isGap: true))
                continue
            }
            let lines = active.map { entry -> Line in
                let initial = Double(entry.event.intensity(atMs: start))
                return Line(event: entry.event, index: entry.index, initial: initial, delta: Double(entry.event.intensity(atMs: end)) - initial)
            }
            let hull = upperEnvelope(lines)
            let splits = crossings(hull, start: start, end: end)
            var hullCursor = 0
            for split in 0..<(splits.count - 1) {
                let from = splits[split], to = splits[split + 1]
                let midpoint = (Double(from - start) + Double(to - from) / 2) / Double(end - start)
                var winner = hull[hullCursor].line
                var intensity = winner.value(at: midpoint)
                while hullCursor < hull.count - 1, hull[hullCursor + 1].startsAt <= midpoint {
                    hullCursor += 1
                    let candidate = hull[hullCursor].line
                    let value = candidate.value(at: midpoint)
                    if value > intensity || (value == intensity && candidate.index < winner.index) {
                        winner = candidate
                        intensity = value
                    }
                }
                if result.count >= maxIntervals { throw AndroidPlanningLimit(reason: "Mixing exceeds \(maxIntervals) serial intervals") }
                let event = winner.event
                result.append(AndroidSegment(
                    startMs: from, durationMs: to - from, intensity: event.intensity(atMs: from), sharpness: event.sharpness(atMs: from),
                    endIntensity: event.intensity(atMs: to), endSharpness: event.sharpness(atMs: to)))
            }
        }
        return result
    }

    /// The lines that are highest somewhere over the interval (fraction 0…1), each from where it
    /// takes over.
    private static func upperEnvelope(_ lines: [Line]) -> [(line: Line, startsAt: Double)] {
        if lines.count == 1 || lines.allSatisfy({ $0.delta == 0 }) {
            let winner = lines.max { a, b in
                let (x, y) = (a.value(at: 0.5), b.value(at: 0.5))
                return x != y ? x < y : a.index > b.index
            }!
            return [(winner, -.infinity)]
        }
        var seenDeltas: Set<Double> = []
        let sorted = lines.sorted { a, b in
            if a.delta != b.delta { return a.delta < b.delta }
            if a.initial != b.initial { return a.initial > b.initial }
            return a.index < b.index
        }.filter { seenDeltas.insert($0.delta).inserted }
        var hull: [(line: Line, startsAt: Double)] = []
        for line in sorted {
            var crossing = -Double.infinity
            while let previous = hull.last {
                crossing = (previous.line.initial - line.initial) / (line.delta - previous.line.delta)
                if crossing >= previous.startsAt { break }  // a winner of a single point still keeps ties in input order
                hull.removeLast()
            }
            hull.append((line, hull.isEmpty ? -.infinity : crossing))
        }
        return hull
    }

    /// The interval's ends and, for each takeover inside it, the milliseconds around it.
    private static func crossings(_ hull: [(line: Line, startsAt: Double)], start: Int64, end: Int64) -> [Int64] {
        let width = end - start
        var points: Set<Int64> = [start, end]
        for entry in hull where entry.startsAt > 0 && entry.startsAt < 1 {
            let offset = entry.startsAt * Double(width)
            points.insert(start + min(max(Int64(offset.rounded(.down)), 0), width))
            points.insert(start + min(max(Int64(offset.rounded(.up)), 0), width))
        }
        return points.sorted()
    }

    /// Fall ramps for amplitude-controlled waveforms: after an active segment that ends above 0,
    /// a following gap of more than 4 ms lends its first min(16, gap) ms: half of it at half the
    /// ending intensity (masking the ringing of a hard stop); the total length is unchanged.
    static func insertFallRamps(_ segments: [AndroidSegment]) -> [AndroidSegment] {
        guard segments.count >= 2 else { return segments }
        var result: [AndroidSegment] = []
        var index = 0
        while index < segments.count {
            let current = segments[index]
            result.append(current)
            guard index + 1 < segments.count else { break }
            let gap = segments[index + 1]
            guard !current.isGap, current.endIntensity > 0, gap.isGap, gap.durationMs > 4 else {
                index += 1
                continue
            }
            let stepMs = min(16, gap.durationMs) / 2  // at least 2 ms: the gap is longer than 4 ms
            result.append(AndroidSegment(startMs: gap.startMs, durationMs: stepMs, intensity: current.endIntensity / 2, sharpness: gap.sharpness))
            result.append(AndroidSegment(startMs: gap.startMs + stepMs, durationMs: gap.durationMs - stepMs, intensity: 0,
                                         sharpness: gap.sharpness, isGap: true))
            index += 2
        }
        return result
    }
}
