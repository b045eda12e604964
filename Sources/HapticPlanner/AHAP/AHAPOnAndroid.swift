import HapticCore

/// AHAP on Android (docs/ahap.md "On Android"): the Jindong planner reads no AHAP, so the imported
/// Core Haptics plan becomes a pattern of events with their own curves, which the Android planner
/// then plays. Each continuous event takes the intensity (base × intensity control) and sharpness
/// (base + sharpness control) in force over it, clamped into 0…1, as points at every control point,
/// curve start and clamp crossing inside it; a jump of a control cuts it into abutting events. Times
/// round to whole milliseconds.
package enum AHAPOnAndroid {
    /// The pattern and what the conversion approximates, in the order the plan lists them.
    package struct Conversion {
        package let pattern: Pattern
        package let approximations: [AndroidApproximation]
        /// The largest difference between the AHAP's values and the converted curves, at the AHAP's
        /// own breakpoints, and where the intensity's is (0 ms when there is none).
        package let largestError: AndroidConversionError
    }

    /// The Android plan of an imported AHAP plan for `device`: the conversion's approximations first,
    /// then the planner's.
    package static func plan(_ plan: PlaybackPlan, device: AndroidDevice) -> AndroidPlan {
        let conversion: Conversion
        do {
            conversion = try convert(plan)
        } catch {
            return AndroidPlan(backend: .unsupported, device: device, logicalDurationMs: plan.diagnostics.logicalDurationMs,
                               estimatedNativeDurationMs: 0, approximations: [], unsupportedReason: "\(error)", envelope: [], primitives: [],
                               waveform: nil)
        }
        let android = planAndroid(conversion.pattern, device: device)
        guard android.backend != .silent && android.backend != .unsupported else { return android }
        var converted = android
        converted.approximations = conversion.approximations + android.approximations
        converted.conversionError = conversion.largestError
        return converted
    }

    /// Converts the one player of an imported AHAP plan.
    package static func convert(_ plan: PlaybackPlan) throws(PatternError) -> Conversion {
        let player = plan.players.first ?? PlayerPlan(events: [], curves: [])
        let intensity = PlayerControl(player.curves.filter { $0.parameter == .intensityControl }, neutral: 1)
        let sharpness = PlayerControl(player.curves.filter { $0.parameter == .sharpnessControl }, neutral: 0)
        var events: [HapticEvent] = []
        var error = (intensity: 0.0, sharpness: 0.0)
        var errorAtMs = 0.0
        var wholeMs = true
        var widened = 0
        for event in player.events {
            wholeMs = wholeMs && event.startUs % 1000 == 0 && event.durationUs % 1000 == 0
            if event.kind == .transient {
                let value = min(max(Double(event.intensity) * intensity.value(atUs: Double(event.startUs)), 0), 1)
                events.append(try HapticEvent.transient(startMs: roundedMs(Double(event.startUs)), intensity: Intensity(value),
                                                        sharpness: event.sharpness))
                continue
            }
            let parts = Part.split(event, intensity: intensity, sharpness: sharpness)
            for part in parts {
                guard let converted = try part.event() else { continue }
                events.append(converted.event)
                if converted.error.intensity > error.intensity { errorAtMs = converted.intensityErrorAtMs }
                error.intensity = max(error.intensity, converted.error.intensity)
                error.sharpness = max(error.sharpness, converted.error.sharpness)
                widened += converted.steps
            }
        }
        wholeMs = wholeMs && player.curves.allSatisfy { curve in curve.startUs % 1000 == 0 && curve.points.allSatisfy { $0.timeUs % 1000 == 0 } }
        let latestEnd = events.map { $0.startMs + $0.durationMs }.max() ?? 0
        let pattern = try Pattern(events: events, durationMs: max(plan.diagnostics.logicalDurationMs, latestEnd))
        var approximations: [AndroidApproximation] = []
        if !wholeMs { approximations.append(AndroidApproximation(.timesRounded, "AHAP times are rounded to whole milliseconds (at most 0.5 ms).")) }
        if widened > 0 {
            approximations.append(AndroidApproximation(.stepsWidened, "\(widened) control step\(widened == 1 ? "" : "s") shorter than 1 ms last\(widened == 1 ? "s" : "") 1 ms on Android, at "
                + "\(widened == 1 ? "its" : "their") place."))
        }
        if !intensity.isEmpty || !sharpness.isEmpty {
            approximations.append(AndroidApproximation(.controlsSampled, "AHAP controls are sampled at whole milliseconds (largest error: intensity "
                + "\(NumberText.significant(error.intensity, 3)), sharpness \(NumberText.significant(error.sharpness, 3)))."))
        }
        if player.events.contains(where: { !$0.envelope.isEmpty }) || player.curves.contains(where: \.parameter.isEnvelopeTime) {
            approximations.append(AndroidApproximation(.envelopeParametersDropped, "Envelope parameters are not expressed on Android."))
        }
        return Conversion(pattern: pattern, approximations: approximations,
                          largestError: AndroidConversionError(intensity: error.intensity, sharpness: error.sharpness, intensityAtMs: errorAtMs))
    }

    /// Microseconds in whole milliseconds, ties away from zero.
    static func roundedMs(_ us: Double) -> Int64 { Int64((us / 1000).rounded(.toNearestOrAwayFromZero)) }
}

/// A stretch of a continuous event between two jumps of its controls, with its breakpoints.
private struct Part {
    let startUs: Double, endUs: Double
    /// Breakpoint times inside, start and end included.
    let timesUs: [Double]
    let base: (intensity: Double, sharpness: Double)
    let intensity: PlayerControl, sharpness: PlayerControl

    /// The event cut at every jump of either control.
    static func split(_ event: NativeEvent, intensity: PlayerControl, sharpness: PlayerControl) -> [Part] {
        let start = Double(event.startUs), end = Double(event.endUs)
        let inside = Set((intensity.timesUs + sharpness.timesUs).filter { $0 > start && $0 < end }).sorted()
        let jumps = inside.filter { time in
            abs(intensity.value(atUs: time) - intensity.value(atUs: time, justBefore: true)) > 1e-9
                || abs(sharpness.value(atUs: time) - sharpness.value(atUs: time, justBefore: true)) > 1e-9
        }
        let bounds = [start] + jumps + [end]
        return zip(bounds, bounds.dropFirst()).map { a, b in
            Part(startUs: a, endUs: b, timesUs: [a] + inside.filter { $0 > a && $0 < b } + [b],
                 base: (Double(event.intensity), Double(event.sharpness)), intensity: intensity, sharpness: sharpness)
        }
    }

    /// Unclamped intensity and sharpness at `us` inside the part (its start takes the value in
    /// force from it, its end the value just before it).
    func raw(_ us: Double) -> (intensity: Double, sharpness: Double) {
        let time = min(max(us, startUs), endUs), before = time >= endUs
        return (base.intensity * intensity.value(atUs: time, justBefore: before), base.sharpness + sharpness.value(atUs: time, justBefore: before))
    }

    static func clamped(_ value: Double) -> Double { min(max(value, 0), 1) }

    /// The change within one millisecond that counts as a step the grid must keep, in intensity or
    /// sharpness (what merging the two moments would lose at most otherwise).
    static let stepThreshold = 0.1

    /// Whether the clamped values change by more than `stepThreshold` between two moments.
    static func steps(from a: (intensity: Double, sharpness: Double), to b: (intensity: Double, sharpness: Double)) -> Bool {
        abs(clamped(a.intensity) - clamped(b.intensity)) > stepThreshold || abs(clamped(a.sharpness) - clamped(b.sharpness)) > stepThreshold
    }

    /// A converted point at `ms` of the part, its values clamped.
    static func point(_ ms: Int64, _ value: (intensity: Double, sharpness: Double)) -> (ms: Int64, intensity: Float, sharpness: Float) {
        (ms, Float(clamped(value.intensity)), Float(clamped(value.sharpness)))
    }

    /// The part as a pattern event with its error and how many steps shorter than 1 ms it widened
    /// to 1 ms, or nil when it rounds to nothing.
    func event() throws(PatternError) -> (event: HapticEvent, error: (intensity: Double, sharpness: Double), intensityErrorAtMs: Double, steps: Int)? {
        var steps = 0
        let startMs = AHAPOnAndroid.roundedMs(startUs), endMs = AHAPOnAndroid.roundedMs(endUs)
        guard endMs > startMs else { return nil }
        // Clamp crossings between breakpoints add points on the millisecond grid around them.
        var times = timesUs
        for (a, b) in zip(timesUs, timesUs.dropFirst()) {
            let left = raw(a), right = raw(b)
            for (f1, f2) in [(left.intensity, right.intensity), (left.sharpness, right.sharpness)] {
                for bound in [0.0, 1.0] where (f1 - bound) * (f2 - bound) < 0 {
                    let crossing = a + (bound - f1) / (f2 - f1) * (b - a)
                    times += [(crossing / 1000).rounded(.down) * 1000, (crossing / 1000).rounded(.up) * 1000].filter { $0 > a && $0 < b }
                }
            }
        }
        times.sort()
        let durationMs = endMs - startMs
        var points: [(ms: Int64, intensity: Float, sharpness: Float)] = []
        // Breakpoints moved a millisecond on, so that a step shorter than the grid stays a step.
        var moved: [Double: Int64] = [:]
        var previousTime: Double?
        for time in times {
            // Never before a point already placed (one moved on by a step may be ahead of the grid).
            var ms = max(min(max(AHAPOnAndroid.roundedMs(time) - startMs, 0), durationMs), points.last?.ms ?? 0)
            if let last = points.last, last.ms == ms, let before = previousTime, Self.steps(from: raw(before), to: raw(time)), ms < durationMs {
                // A step shorter than 1 ms: the value before it stays at its millisecond, the value
                // after it comes 1 ms later (the drop stays a drop).
                points[points.count - 1] = Self.point(last.ms, raw(before))
                ms += 1
                moved[time] = ms
                steps += 1
            }
            let point = Self.point(ms, moved[time] == nil ? raw(Double(startMs + ms) * 1000) : raw(time))
            if points.last?.ms == ms { points[points.count - 1] = point } else { points.append(point) }
            previousTime = time
        }
        let intensityPoints = points.map { ControlPoint(timeMs: $0.ms, value: $0.intensity) }
        let sharpnessPoints = points.map { ControlPoint(timeMs: $0.ms, value: $0.sharpness) }
        // The error, at the AHAP's own breakpoints (both sides are linear between them); a step
        // moved on is judged where it now is.
        var error = (intensity: 0.0, sharpness: 0.0)
        var errorAtMs = 0.0
        for time in timesUs {
            let exact = raw(time), at = moved[time].map(Double.init) ?? (time / 1000 - Double(startMs))
            let intensityError = abs(Self.clamped(exact.intensity) - Curve.value(of: intensityPoints, atMs: at))
            if intensityError > error.intensity { errorAtMs = time / 1000 }
            error.intensity = max(error.intensity, intensityError)
            error.sharpness = max(error.sharpness, abs(Self.clamped(exact.sharpness) - Curve.value(of: sharpnessPoints, atMs: at)))
        }
        let constantIntensity = Set(points.map(\.intensity)).count == 1, constantSharpness = Set(points.map(\.sharpness)).count == 1
        let event = try HapticEvent.continuous(
            startMs: startMs, durationMs: durationMs, intensity: Intensity(points[0].intensity), sharpness: points[0].sharpness,
            intensityCurve: constantIntensity || points.count < 2 ? nil : try Curve(points: intensityPoints, field: "intensityCurve"),
            sharpnessCurve: constantSharpness || points.count < 2 ? nil : try Curve(points: sharpnessPoints, field: "sharpnessCurve"))
        return (event, error, errorAtMs, steps)
    }
}
