import HapticCore

/// Plans a pattern the way the Jindong library's Android executor plays it: one native effect for
/// the whole pattern, from the first path the device can play (docs/android.md) — an envelope
/// (API 36), a composition of primitives (API 31, transients only) or an amplitude waveform.
public func planAndroid(_ pattern: Pattern, device: AndroidDevice) -> AndroidPlan {
    var planner = AndroidPlanner(pattern: pattern, device: device)
    do {
        return try planner.plan()
    } catch {
        return planner.result(.unsupported, reason: error.reason)
    }
}

/// Waveform budgets: segments a Binder transaction carries, and samples of curves.
public enum AndroidLimits {
    public static let maxWaveformSegments = 512
    public static let maxWaveformSamples = 200_000
}

struct AndroidPlanner {
    let pattern: Pattern
    let device: AndroidDevice
    let events: [AndroidEvent]
    var approximations: [AndroidApproximation] = []
    /// The paths left so far, and why.
    var fallbacks: [AndroidFallback] = []
    /// Why the envelope path was refused, once it was.
    private var envelopeLimit: AndroidFallback.Limit?

    init(pattern: Pattern, device: AndroidDevice) {
        self.pattern = pattern
        self.device = device
        events = pattern.events.map(AndroidEvent.init)
    }

    func result(
        _ backend: AndroidPlan.Backend, nativeMs: Int64 = 0, reason: String? = nil, envelope: [AndroidEnvelopePoint] = [],
        primitives: [AndroidPrimitiveStep] = [], waveform: AndroidWaveform? = nil
    ) -> AndroidPlan {
        AndroidPlan(backend: backend, device: device, logicalDurationMs: pattern.durationMs, estimatedNativeDurationMs: nativeMs,
                    approximations: backend == .unsupported || backend == .silent ? [] : approximations, unsupportedReason: reason,
                    envelope: envelope, primitives: primitives, waveform: waveform,
                    fallbacks: backend == .unsupported || backend == .silent ? [] : fallbacks)
    }

    /// Notes an approximation, with its code.
    mutating func approximate(_ code: AndroidApproximation.Code, _ text: String) {
        approximations.append(AndroidApproximation(code, text))
    }

    mutating func plan() throws(AndroidPlanningLimit) -> AndroidPlan {
        let audible = events.filter(\.isAudible)
        if audible.isEmpty { return result(.silent) }
        guard device.hasVibrator else { return result(.unsupported, reason: "Device has no vibrator") }
        let hasTransients = audible.contains(where: \.isTransient)
        let hasCurves = events.contains { $0.intensityCurve != nil || $0.sharpnessCurve != nil }
        if Self.overlaps(audible) {
            approximate(.overlapsUseMaximum, "Overlaps use maximum intensity; the winning event supplies sharpness.")
            if hasCurves { approximate(.crossingsOnMillisecondGrid, "Overlapping curve crossings use a millisecond grid (at most 1 ms timing error).") }
        }
        if device.apiLevel >= 36, let limits = device.envelope {
            let envelope: [AndroidEnvelopePoint]?
            do {
                envelope = try envelopePoints(limits)
            } catch {
                approximate(.envelopeRejected, "Envelope candidate rejected: \(error.reason). Trying another native path.")
                envelopeLimit = .planning(error.reason)
                envelope = nil
            }
            if let envelope {
                if hasTransients {
                    approximate(.transientEnvelopePulses, "Transients use triangular envelope pulses; peaks occur \(limits.minSegmentMs) ms after requested onsets.")
                }
                return result(.androidEnvelope, nativeMs: envelope.last!.timeMs, envelope: envelope)
            }
            approximate(.envelopeFallback, "Envelope start/end, device point/time, or planning limits require fallback; no logical time was added.")
            fallbacks.append(AndroidFallback(from: .envelope, limit: envelopeLimit ?? .unusableLimits, lost: nil))
        }
        if device.apiLevel >= 31, audible.allSatisfy(\.isTransient) {
            if let steps = primitiveSteps(audible) {
                let last = audible.max { $0.startMs < $1.startMs }!
                let nativeMs = last.startMs + Int64(device.primitiveDurationsMs[AndroidPrimitive.forSharpness(last.sharpness)]!)
                approximate(.sharpnessAsPrimitives, "Sharpness is approximated by LOW_TICK below 1/3, CLICK below 2/3, and TICK otherwise; these are categorical textures.")
                if nativeMs > pattern.durationMs {
                    approximate(.primitiveTails, "Native primitive tails extend playback by \(nativeMs - pattern.durationMs) ms beyond logical duration.")
                }
                return result(.androidPrimitives, nativeMs: nativeMs, primitives: steps)
            }
            approximate(.primitiveFallback, "Primitive support, duration, or spacing constraints require waveform fallback; requested onsets are preserved.")
            fallbacks.append(AndroidFallback(from: .primitives, limit: primitiveLimit(audible), lost: nil))
        }
        // A waveform plays at the resonance: what the pattern's sharpness changes were is lost.
        if !fallbacks.isEmpty { fallbacks[fallbacks.count - 1].lost = Self.sharpnessLoss(audible) }
        return try waveformPlan(audible: audible, hasTransients: hasTransients, hasCurves: hasCurves)
    }

    /// Whether any two events overlap or start together.
    static func overlaps(_ events: [AndroidEvent]) -> Bool {
        var latestEnd: Int64 = -1, latestStart: Int64 = -1
        for event in events.sorted(by: { $0.startMs < $1.startMs }) {
            if event.startMs < latestEnd || event.startMs == latestStart { return true }
            latestStart = event.startMs
            latestEnd = max(latestEnd, event.endMs)
        }
        return false
    }

    /// `the sharpness changes (0.2 to 0.9)` when the audible events' sharpness (their own and their
    /// curves') spans more than 0.1; nil otherwise.
    static func sharpnessLoss(_ audible: [AndroidEvent]) -> String? {
        let values = audible.flatMap { event in [event.sharpness] + (event.sharpnessCurve?.points.map(\.value) ?? []) }
        guard let low = values.min(), let high = values.max(), high - low > 0.1 else { return nil }
        return "the sharpness changes (\(NumberText.significant(Double(low), 2)) to \(NumberText.significant(Double(high), 2)))"
    }

    /// Why the transients cannot be primitives: a primitive the device lacks, else their spacing.
    private func primitiveLimit(_ audible: [AndroidEvent]) -> AndroidFallback.Limit {
        for event in audible {
            let primitive = AndroidPrimitive.forSharpness(event.sharpness)
            if (device.primitiveDurationsMs[primitive] ?? 0) <= 0 { return .missingPrimitive(primitive) }
        }
        return .primitiveSpacing
    }

    // MARK: Primitives

    private func primitiveSteps(_ audible: [AndroidEvent]) -> [AndroidPrimitiveStep]? {
        var steps: [AndroidPrimitiveStep] = []
        var previousEnd: Int64 = 0
        for event in audible.sorted(by: { $0.startMs < $1.startMs }) {
            let primitive = AndroidPrimitive.forSharpness(event.sharpness)
            guard let duration = device.primitiveDurationsMs[primitive], duration > 0 else { return nil }
            let delay = event.startMs - previousEnd
            guard delay >= 0, delay <= Int64(Int32.max) else { return nil }
            steps.append(AndroidPrimitiveStep(primitive: primitive, scale: event.intensity, delayMs: Int(delay)))
            previousEnd = event.startMs + Int64(duration)
        }
        return steps
    }

    // MARK: Envelope

    private mutating func envelopePoints(_ limits: AndroidEnvelopeLimits) throws(AndroidPlanningLimit) -> [AndroidEnvelopePoint]? {
        guard limits.isUsable else {
            envelopeLimit = .unusableLimits
            return nil
        }
        let pulseMs = limits.minSegmentMs * 2
        var pulsed: [AndroidEvent] = []
        for event in events {
            guard event.isTransient, event.intensity != 0 else {
                pulsed.append(event)
                continue
            }
            guard pattern.durationMs - event.startMs >= pulseMs else {
                envelopeLimit = .transientNearEnd(atMs: event.startMs, pulseMs: pulseMs)
                return nil
            }
            let triangle = try? Curve(points: [ControlPoint(timeMs: 0, value: 0), ControlPoint(timeMs: limits.minSegmentMs, value: event.intensity),
                                               ControlPoint(timeMs: pulseMs, value: 0)], field: "pulse")
            pulsed.append(AndroidEvent(startMs: event.startMs, durationMs: pulseMs, intensity: event.intensity, sharpness: event.sharpness,
                                       intensityCurve: triangle))
        }
        let serial = try AndroidMixing.mergeToSerial(pulsed)
        guard let first = serial.first, let last = serial.last, first.intensity == 0, last.endIntensity == 0 else {
            envelopeLimit = .startOrEnd
            return nil
        }
        // Silent stretches take the sharpness of what comes next, so sharpness does not jump.
        var nextSharpness = [Float](repeating: 0, count: serial.count)
        var following = last.endSharpness
        for index in serial.indices.reversed() {
            if serial[index].intensity > 0 || serial[index].endIntensity > 0 { following = serial[index].sharpness }
            nextSharpness[index] = following
        }
        var points: [AndroidEnvelopePoint] = []
        var previousSharpness = nextSharpness[0]
        for (index, segment) in serial.enumerated() {
            let silent = segment.intensity == 0 && segment.endIntensity == 0
            let start = AndroidEnvelopePoint(timeMs: segment.startMs, intensity: segment.intensity,
                                             sharpness: silent ? previousSharpness : segment.sharpness)
            let endSharpness = silent ? nextSharpness[index] : segment.endSharpness
            if points.isEmpty {
                points.append(start)
            } else if points.last != start {
                envelopeLimit = .jump(atMs: segment.startMs)  // an envelope cannot step
                return nil
            }
            points.append(AndroidEnvelopePoint(timeMs: segment.startMs + segment.durationMs, intensity: segment.endIntensity, sharpness: endSharpness))
            previousSharpness = endSharpness
            while points.count >= 3, Self.collinear(points[points.count - 3], points[points.count - 2], points[points.count - 1]) {
                points.remove(at: points.count - 2)
            }
        }
        guard points.last!.timeMs <= limits.maxDurationMs else {
            envelopeLimit = .totalDuration(ms: points.last!.timeMs, maxMs: limits.maxDurationMs)
            return nil
        }
        var bounded = [points[0]]
        for (start, end) in zip(points, points.dropFirst()) {
            let duration = end.timeMs - start.timeMs
            let count = (duration - 1) / limits.maxSegmentMs + 1
            guard count <= Int64(limits.maxControlPoints - bounded.count + 1) else {
                envelopeLimit = .controlPoints(max: limits.maxControlPoints)
                return nil
            }
            guard duration / count >= limits.minSegmentMs else {
                envelopeLimit = .segmentLength(minMs: limits.minSegmentMs)
                return nil
            }
            for step in 1...count {
                let offset = Self.evenSplit(duration, part: step, of: count)
                let fraction = Double(offset) / Double(duration)
                bounded.append(AndroidEnvelopePoint(timeMs: start.timeMs + offset, intensity: Self.interpolate(start.intensity, end.intensity, fraction),
                                                    sharpness: Self.interpolate(start.sharpness, end.sharpness, fraction)))
            }
        }
        if Self.overlaps(pulsed.filter(\.isAudible)), !Self.overlaps(events.filter(\.isAudible)) {
            approximate(.pulsesOverlap, "Transient envelope pulse widths overlap other events; maximum intensity composes their output.")
            approximate(.crossingsOnMillisecondGrid, "Pulse curve crossings use a millisecond grid (at most 1 ms timing error).")
        }
        return bounded
    }

    /// Whether the middle point lies exactly on the line between the others (in both values).
    static func collinear(_ first: AndroidEnvelopePoint, _ middle: AndroidEnvelopePoint, _ last: AndroidEnvelopePoint) -> Bool {
        let left = Double(middle.timeMs - first.timeMs), whole = Double(last.timeMs - first.timeMs)
        return (Double(middle.intensity) - Double(first.intensity)) * whole == (Double(last.intensity) - Double(first.intensity)) * left
            && (Double(middle.sharpness) - Double(first.sharpness)) * whole == (Double(last.sharpness) - Double(first.sharpness)) * left
    }

    /// Where part `part` of `count` even parts of `duration` ms ends, in whole ms, without overflow:
    /// the parts differ by at most 1 ms and add up to `duration`.
    static func evenSplit(_ duration: Int64, part: Int64, of count: Int64) -> Int64 {
        duration / count * part + (duration % count * part) / count
    }

    static func interpolate(_ start: Float, _ end: Float, _ fraction: Double) -> Float {
        Float(Double(start) + (Double(end) - Double(start)) * fraction)
    }
}
