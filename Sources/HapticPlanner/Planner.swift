import HapticCore

/// Planning failures on the Core Haptics path.
public enum PlanError: Error, Equatable, Sendable, CustomStringConvertible {
    /// More native events after splitting than Core Haptics is given at once.
    case tooManyNativeEvents(count: Int)
    /// A time whose microsecond count does not fit in 64 bits (plans count microseconds).
    case timeBeyondPlanRange(milliseconds: Int64)

    public var description: String {
        switch self {
        case .timeBeyondPlanRange(let milliseconds):
            return "time \(milliseconds) ms is beyond the plan's range (at most \(Int64.max / Microseconds.perMillisecond) ms)"

        case .tooManyNativeEvents(let count):
            return "Core Haptics native events: expanded event count \(count) exceeds limit \(CoreHapticsRules.maxNativeEvents)"
        }
    }
}

/// The numbers and strings of the Core Haptics plan (docs/plan-output.md).
public enum CoreHapticsRules {
    /// Longest native continuous event, in milliseconds; longer events are split.
    public static let maxContinuousMs: Int64 = 30_000
    /// Most native events in one plan, after splitting.
    public static let maxNativeEvents = 10_000
    /// How far ahead players are started on the engine clock, in milliseconds.
    public static let schedulingLeadMs: Int64 = 10
    /// The reason of every unsupported plan.
    public static let unsupportedReason = "Core Haptics is unavailable on this device"
    /// Approximation 1: every Core Haptics plan.
    public static let leadApproximation = "Core Haptics schedules playback 10 ms ahead on the engine clock"
    /// Approximation 2: something was split.
    public static let splitApproximation =
        "Continuous events over 30 seconds are split; the actuator may retrigger at boundaries"
    /// Approximation 3: an audible transient.
    public static let transientApproximation =
        "Transient pulse duration is hardware-defined; native duration estimates use the onset"
    /// Approximation 4 (AHAP only): an event has envelope parameters or the file has a time control.
    public static let envelopeApproximation =
        "Envelope times (AttackTime, DecayTime, ReleaseTime, Sustained) are hapsynth's model; Apple publishes no mapping"
}

/// The Core Haptics plan of `pattern` on a device with `capabilities`: a pure, deterministic
/// function (docs/plan-output.md).
///
/// Audible events keep their order. Each event with a curve gets a player of its own; every other
/// audible event goes to one shared constant player, placed where the first of them appears.
/// Continuous events over 30 s are split into contiguous native events; curves stay whole.
/// - Throws: `PlanError.tooManyNativeEvents` past 10,000 native events, or
///   `PlanError.timeBeyondPlanRange` for an event ending past 2^63 µs, only on the Core Haptics
///   path (silent and unsupported plans never throw).
public func plan(_ pattern: Pattern, capabilities: DeviceCapabilities = .iPhone) throws(PlanError) -> PlaybackPlan {
    let audible = pattern.events.filter(isAudible)
    func emptyPlan(_ backend: Backend, reason: String?) -> PlaybackPlan {
        PlaybackPlan(players: [], diagnostics: PlanDiagnostics(
            backend: backend, capabilities: capabilities, logicalDurationMs: pattern.durationMs, schedulingLeadMs: 0,
            estimatedNativeDurationMs: 0, approximations: [], retriggerBoundariesMs: [], unsupportedReason: reason))
    }
    if audible.isEmpty { return emptyPlan(.silent, reason: nil) }
    if !capabilities.supportsHaptics { return emptyPlan(.unsupported, reason: CoreHapticsRules.unsupportedReason) }

    let nativeCount = audible.reduce(0) { $0 + partCount(of: $1) }
    guard nativeCount <= CoreHapticsRules.maxNativeEvents else { throw .tooManyNativeEvents(count: nativeCount) }
    if let late = audible.first(where: { Microseconds.fromMilliseconds($0.endMs) == nil }) {
        throw .timeBeyondPlanRange(milliseconds: late.endMs)
    }

    var players: [PlayerPlan] = []
    var constantIndex: Int?
    var constantEvents: [NativeEvent] = []
    var boundariesMs: Set<Int64> = []
    for event in audible {
        let parts = nativeParts(of: event)
        for part in parts.dropFirst() { boundariesMs.insert(part.startUs / Microseconds.perMillisecond) }
        if event.intensityCurve == nil && event.sharpnessCurve == nil {
            if constantIndex == nil {
                constantIndex = players.count
                players.append(PlayerPlan(events: [], curves: []))
            }
            constantEvents += parts
        } else {
            players.append(PlayerPlan(events: parts, curves: curves(of: event)))
        }
    }
    if let constantIndex { players[constantIndex] = PlayerPlan(events: constantEvents, curves: []) }

    let latestEndMs = audible.map(\.endMs).max() ?? 0
    var approximations = [CoreHapticsRules.leadApproximation]
    if !boundariesMs.isEmpty { approximations.append(CoreHapticsRules.splitApproximation) }
    if audible.contains(where: { $0.kind == .transient }) { approximations.append(CoreHapticsRules.transientApproximation) }
    return PlaybackPlan(players: players, diagnostics: PlanDiagnostics(
        backend: .coreHaptics, capabilities: capabilities, logicalDurationMs: pattern.durationMs,
        schedulingLeadMs: CoreHapticsRules.schedulingLeadMs,
        estimatedNativeDurationMs: latestEndMs + CoreHapticsRules.schedulingLeadMs,
        approximations: approximations, retriggerBoundariesMs: boundariesMs.sorted(), unsupportedReason: nil))
}

/// Whether an event makes the actuator move: a transient or a duration over 0, with an intensity
/// over 0 (with an intensity curve: some point over 0). A sharpness curve never makes a silent
/// event audible.
func isAudible(_ event: HapticEvent) -> Bool {
    guard event.kind == .transient || event.durationMs > 0 else { return false }
    if let curve = event.intensityCurve { return curve.points.contains { $0.value > 0 } }
    return event.intensity.value > 0
}

/// How many native events an audible event becomes: 1, or one per started 30 s for a long one.
func partCount(of event: HapticEvent) -> Int {
    guard event.kind == .continuous, event.durationMs > CoreHapticsRules.maxContinuousMs else { return 1 }
    let limit = CoreHapticsRules.maxContinuousMs
    let whole = event.durationMs / limit
    return Int(whole) + (event.durationMs % limit == 0 ? 0 : 1)
}

/// The native events of one audible event: contiguous parts of at most 30 s on the authored
/// timeline. A curve's event carries intensity 1 and sharpness 0 where the curve takes over.
/// The event must end within the plan's microsecond range.
func nativeParts(of event: HapticEvent) -> [NativeEvent] {
    let intensity: Float = event.intensityCurve == nil ? event.intensity.value : 1
    let sharpness: Float = event.sharpnessCurve == nil ? event.sharpness : 0
    var parts: [NativeEvent] = []
    var startMs = event.startMs
    repeat {
        let durationMs = event.kind == .transient ? 0 : min(CoreHapticsRules.maxContinuousMs, event.endMs - startMs)
        parts.append(NativeEvent(
            kind: event.kind, startUs: startMs * Microseconds.perMillisecond, durationUs: durationMs * Microseconds.perMillisecond,
            intensity: intensity, sharpness: sharpness, isContinuation: !parts.isEmpty))
        startMs += durationMs
    } while startMs < event.endMs
    return parts
}

/// The event's curves as parameter curves starting at the event, intensity first, points unchanged.
/// The event must end within the plan's microsecond range (its points end with it).
func curves(of event: HapticEvent) -> [ParameterCurve] {
    let startUs = event.startMs * Microseconds.perMillisecond
    var curves: [ParameterCurve] = []
    if let curve = event.intensityCurve {
        curves.append(ParameterCurve(parameter: .intensityControl, startUs: startUs, points: microsecondPoints(curve)))
    }
    if let curve = event.sharpnessCurve {
        curves.append(ParameterCurve(parameter: .sharpnessControl, startUs: startUs, points: microsecondPoints(curve)))
    }
    return curves
}

/// A pattern curve's points in microseconds; its times are at most its event's duration, which the
/// planner has checked fits the plan's range.
func microsecondPoints(_ curve: Curve) -> [CurvePoint] {
    curve.points.map { CurvePoint(timeUs: $0.timeMs &* Microseconds.perMillisecond, value: $0.value) }
}
