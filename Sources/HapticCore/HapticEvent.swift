/// One haptic event of a pattern: a transient impact or a continuous vibration (docs/pattern-format.md).
///
/// Events are validated when made: an event value in a pattern is always valid.
public struct HapticEvent: Hashable, Sendable {
    /// The two Core Haptics event types.
    public enum Kind: String, Hashable, Sendable {
        /// An instantaneous impact of zero logical duration.
        case transient
        /// A vibration that lasts `durationMs`.
        case continuous
    }

    /// Transient or continuous.
    public let kind: Kind
    /// Start time on the pattern's timeline, in milliseconds (≥ 0).
    public let startMs: Int64
    /// Logical duration in milliseconds: 0 for a transient, ≥ 1 for a continuous event (0 only for
    /// the legacy no-op made by `legacyHaptic`).
    public let durationMs: Int64
    /// Fixed intensity; ignored while `intensityCurve` is present.
    public let intensity: Intensity
    /// Fixed sharpness in 0…1; ignored while `sharpnessCurve` is present.
    public let sharpness: Float
    /// Absolute intensity over the event, replacing `intensity` (continuous events only).
    public let intensityCurve: Curve?
    /// Absolute sharpness over the event, replacing `sharpness` (continuous events only).
    public let sharpnessCurve: Curve?
    /// Whether the event was made by the legacy `haptic` vibration; it plays like any continuous event.
    public let isLegacy: Bool

    /// Makes a transient at `startMs`.
    public static func transient(
        startMs: Int64, intensity: Intensity = .medium, sharpness: Float = 0.5
    ) throws(PatternError) -> HapticEvent {
        try HapticEvent(
            kind: .transient, startMs: startMs, durationMs: 0, intensity: intensity, sharpness: sharpness,
            intensityCurve: nil, sharpnessCurve: nil, isLegacy: false)
    }

    /// Makes a continuous event of at least 1 ms; a curve must end exactly at `durationMs`.
    public static func continuous(
        startMs: Int64, durationMs: Int64, intensity: Intensity = .medium, sharpness: Float = 0.5,
        intensityCurve: Curve? = nil, sharpnessCurve: Curve? = nil
    ) throws(PatternError) -> HapticEvent {
        guard durationMs >= 1 else { throw .vibrationTooShort(field: "durationMs", value: "\(durationMs)") }
        return try HapticEvent(
            kind: .continuous, startMs: startMs, durationMs: durationMs, intensity: intensity,
            sharpness: sharpness, intensityCurve: intensityCurve, sharpnessCurve: sharpnessCurve, isLegacy: false)
    }

    /// Makes a legacy vibration (sharpness 0.5 unless given). Unlike the other makers it allows a
    /// duration of 0, which gives a silent no-op event; the timeline's `Haptic` asks for ≥ 1 ms.
    public static func legacyHaptic(
        startMs: Int64, durationMs: Int64, intensity: Intensity = .medium, sharpness: Float = 0.5
    ) throws(PatternError) -> HapticEvent {
        try HapticEvent(
            kind: .continuous, startMs: startMs, durationMs: durationMs, intensity: intensity,
            sharpness: sharpness, intensityCurve: nil, sharpnessCurve: nil, isLegacy: true)
    }

    /// The one validating initializer behind the makers.
    init(
        kind: Kind, startMs: Int64, durationMs: Int64, intensity: Intensity, sharpness: Float,
        intensityCurve: Curve?, sharpnessCurve: Curve?, isLegacy: Bool
    ) throws(PatternError) {
        _ = try Milliseconds.checked(startMs, field: "startMs")
        _ = try Milliseconds.checked(durationMs, field: "durationMs")
        _ = try Milliseconds.add(startMs, durationMs, in: "event end")
        guard intensity.requested.isFinite else {
            throw .notFinite(field: "intensity", value: "\(intensity.requested)")
        }
        guard sharpness.isFinite else { throw .notFinite(field: "sharpness", value: "\(sharpness)") }
        guard (0...1).contains(sharpness) else {
            throw .outOfRange(field: "sharpness", value: "\(sharpness)", range: "0...1")
        }
        if kind == .transient {
            guard durationMs == 0 else { throw .transientWithDuration(durationMs: durationMs) }
            if intensityCurve != nil { throw .transientWithCurve(field: "intensityCurve") }
            if sharpnessCurve != nil { throw .transientWithCurve(field: "sharpnessCurve") }
        }
        for (field, curve) in [("intensityCurve", intensityCurve), ("sharpnessCurve", sharpnessCurve)] {
            if let curve, curve.durationMs != durationMs {
                throw .curveEndMismatch(field: field, endMs: curve.durationMs, durationMs: durationMs)
            }
        }
        self.init(
            unchecked: kind, startMs: startMs, durationMs: durationMs, intensity: intensity,
            sharpness: sharpness, intensityCurve: intensityCurve, sharpnessCurve: sharpnessCurve, isLegacy: isLegacy)
    }

    /// Unchecked memberwise initializer for transforms that keep every rule.
    init(
        unchecked kind: Kind, startMs: Int64, durationMs: Int64, intensity: Intensity, sharpness: Float,
        intensityCurve: Curve?, sharpnessCurve: Curve?, isLegacy: Bool
    ) {
        self.kind = kind
        self.startMs = startMs
        self.durationMs = durationMs
        self.intensity = intensity
        self.sharpness = sharpness
        self.intensityCurve = intensityCurve
        self.sharpnessCurve = sharpnessCurve
        self.isLegacy = isLegacy
    }

    /// Where the event ends on the pattern's timeline: start + duration, in milliseconds.
    public var endMs: Int64 { startMs + durationMs }

    /// How many curve control points the event carries.
    public var controlPointCount: Int {
        (intensityCurve?.points.count ?? 0) + (sharpnessCurve?.points.count ?? 0)
    }

    /// A copy with changed fields, for transforms.
    func with(
        startMs: Int64? = nil, durationMs: Int64? = nil, intensity: Intensity? = nil,
        intensityCurve: Curve?? = nil, sharpnessCurve: Curve?? = nil
    ) -> HapticEvent {
        HapticEvent(
            unchecked: kind, startMs: startMs ?? self.startMs, durationMs: durationMs ?? self.durationMs,
            intensity: intensity ?? self.intensity, sharpness: sharpness,
            intensityCurve: intensityCurve ?? self.intensityCurve,
            sharpnessCurve: sharpnessCurve ?? self.sharpnessCurve, isLegacy: isLegacy)
    }
}
