import HapticCore

/// What the device can do, as Core Haptics reports it.
public struct DeviceCapabilities: Hashable, Sendable {
    /// Whether the device has a haptic engine (`CHHapticEngine.capabilitiesForHardware().supportsHaptics`).
    public let supportsHaptics: Bool
    /// Whether amplitude can be controlled; on Core Haptics devices, equal to `supportsHaptics`.
    public var supportsAmplitudeControl: Bool { supportsHaptics }
    /// Whether envelope effects (attack/decay parameters) are used; hapsynth's executor never does.
    public var supportsEnvelopeEffects: Bool { false }

    public init(supportsHaptics: Bool) { self.supportsHaptics = supportsHaptics }

    /// An iPhone with a Taptic Engine.
    public static let iPhone = DeviceCapabilities(supportsHaptics: true)
    /// A device without haptics.
    public static let noHaptics = DeviceCapabilities(supportsHaptics: false)
}

/// Which path a plan takes.
public enum Backend: String, Hashable, Sendable {
    /// Players are handed to the Core Haptics engine.
    case coreHaptics
    /// Nothing audible: no native work, only the timeline's silence.
    case silent
    /// Audible events on a device without haptics: nothing plays.
    case unsupported
}

/// One native Core Haptics event (`CHHapticEvent`), on the pattern's timeline.
public struct NativeEvent: Hashable, Sendable {
    public let kind: HapticEvent.Kind
    /// Start on the pattern's timeline, in microseconds (`Microseconds`).
    public let startUs: Int64
    /// Duration in microseconds: at most 30 s for a continuous event; 0 for a transient unless an
    /// AHAP file gave it an `EventDuration` (which counts in the logical duration only).
    public let durationUs: Int64
    /// `HapticIntensity` in 0…1.
    public let intensity: Float
    /// `HapticSharpness` in 0…1.
    public let sharpness: Float
    /// `AttackTime`, `DecayTime`, `ReleaseTime` and `Sustained`, when an AHAP file gave them.
    public let envelope: EventEnvelope
    /// Whether this is a later part of one authored event split at 30 s (it starts where the
    /// previous part ends). Not part of the plan JSON; the synthesizer uses it for seamless splits.
    public let isContinuation: Bool

    public init(
        kind: HapticEvent.Kind, startUs: Int64, durationUs: Int64, intensity: Float, sharpness: Float,
        envelope: EventEnvelope = EventEnvelope(), isContinuation: Bool = false
    ) {
        self.kind = kind
        self.startUs = startUs
        self.durationUs = durationUs
        self.intensity = intensity
        self.sharpness = sharpness
        self.envelope = envelope
        self.isContinuation = isContinuation
    }

    /// Where the event ends, in microseconds (a transient without `EventDuration` at its onset).
    public var endUs: Int64 { startUs + durationUs }
    /// Where the actuator stops moving for it: a continuous event's end, a transient's onset.
    public var soundingEndUs: Int64 { kind == .transient ? startUs : endUs }
}

/// The Core Haptics envelope parameters of one event (AHAP `AttackTime`, `DecayTime`,
/// `ReleaseTime`, `Sustained`); nil where the file did not give one. How they sound is the
/// synthesizer's documented model (`ActuatorProfile.envelopeTimeMs`).
public struct EventEnvelope: Hashable, Sendable {
    /// `AttackTime` in 0…1: how long the rise from silence takes.
    public var attackTime: Float?
    /// `DecayTime` in 0…1: how long a non-sustained event takes to die away after its attack.
    public var decayTime: Float?
    /// `ReleaseTime` in 0…1: how long the final fade takes.
    public var releaseTime: Float?
    /// `Sustained`: whether a continuous event holds its level for its duration (the default).
    public var sustained: Bool?

    public init(attackTime: Float? = nil, decayTime: Float? = nil, releaseTime: Float? = nil, sustained: Bool? = nil) {
        self.attackTime = attackTime
        self.decayTime = decayTime
        self.releaseTime = releaseTime
        self.sustained = sustained
    }

    /// Whether no envelope parameter was given.
    public var isEmpty: Bool { attackTime == nil && decayTime == nil && releaseTime == nil && sustained == nil }
}

/// One point of a parameter curve: microseconds from the curve's start and the control's value.
public struct CurvePoint: Hashable, Sendable {
    /// Microseconds from the curve's start (≥ 0).
    public let timeUs: Int64
    /// A multiplier in 0…1 (intensity control), or an offset in −1…1 (sharpness and time controls).
    public let value: Float

    public init(timeUs: Int64, value: Float) {
        self.timeUs = timeUs
        self.value = value
    }

    /// A pattern curve's point (whole milliseconds), or nil when its time is beyond the range.
    public init?(_ point: ControlPoint) {
        guard let timeUs = Microseconds.fromMilliseconds(point.timeMs) else { return nil }
        self.init(timeUs: timeUs, value: point.value)
    }
}

/// A Core Haptics parameter curve (`CHHapticParameterCurve`) acting on every event of its player.
public struct ParameterCurve: Hashable, Sendable {
    /// The dynamic parameters hapsynth emulates.
    public enum Parameter: String, Hashable, Sendable, CaseIterable {
        /// `hapticIntensityControl`: multiplies each event's intensity.
        case intensityControl
        /// `hapticSharpnessControl`: is added to each event's sharpness.
        case sharpnessControl
        /// `hapticAttackTimeControl`: is added to each event's `AttackTime` (−1…1) at its onset.
        case attackTimeControl
        /// `hapticDecayTimeControl`: is added to each event's `DecayTime` (−1…1) at its onset.
        case decayTimeControl
        /// `hapticReleaseTimeControl`: is added to each event's `ReleaseTime` (−1…1) at its onset.
        case releaseTimeControl

        /// The AHAP `ParameterID`.
        public var ahapID: String {
            switch self {
            case .intensityControl: return "HapticIntensityControl"
            case .sharpnessControl: return "HapticSharpnessControl"
            case .attackTimeControl: return "HapticAttackTimeControl"
            case .decayTimeControl: return "HapticDecayTimeControl"
            case .releaseTimeControl: return "HapticReleaseTimeControl"
            }
        }

        /// Whether the control changes an envelope time.
        public var isEnvelopeTime: Bool { self != .intensityControl && self != .sharpnessControl }
    }

    public let parameter: Parameter
    /// When the curve starts on the pattern's timeline, in microseconds.
    public let startUs: Int64
    /// Control points, times relative to `startUs`, strictly increasing.
    public let points: [CurvePoint]

    public init(parameter: Parameter, startUs: Int64, points: [CurvePoint]) {
        self.parameter = parameter
        self.startUs = startUs
        self.points = points
    }
}

/// One Core Haptics pattern player: its native events and parameter curves.
public struct PlayerPlan: Hashable, Sendable {
    public let events: [NativeEvent]
    public let curves: [ParameterCurve]

    public init(events: [NativeEvent], curves: [ParameterCurve]) {
        self.events = events
        self.curves = curves
    }
}

/// The players that Core Haptics would receive for a pattern, and the diagnostics.
public struct PlaybackPlan: Hashable, Sendable {
    /// Players in the order they are made and started.
    public let players: [PlayerPlan]
    public let diagnostics: PlanDiagnostics

    public init(players: [PlayerPlan], diagnostics: PlanDiagnostics) {
        self.players = players
        self.diagnostics = diagnostics
    }
}

/// What a plan tells a designer about playback on the device (docs/plan-output.md step 5).
public struct PlanDiagnostics: Hashable, Sendable {
    public let backend: Backend
    public let capabilities: DeviceCapabilities
    /// The pattern's full duration, in milliseconds.
    public let logicalDurationMs: Int64
    /// How far ahead of "now" players are started: 10 ms for Core Haptics, else 0.
    public let schedulingLeadMs: Int64
    /// Latest audible end (a transient at its onset) plus the lead, for Core Haptics; else 0.
    public let estimatedNativeDurationMs: Int64
    /// What the device approximates, in the documented order.
    public let approximations: [String]
    /// Pattern times where split parts meet, ascending and unique.
    public let retriggerBoundariesMs: [Int64]
    /// Why nothing plays, for the unsupported backend.
    public let unsupportedReason: String?

    public init(
        backend: Backend, capabilities: DeviceCapabilities, logicalDurationMs: Int64, schedulingLeadMs: Int64,
        estimatedNativeDurationMs: Int64, approximations: [String], retriggerBoundariesMs: [Int64],
        unsupportedReason: String?
    ) {
        self.backend = backend
        self.capabilities = capabilities
        self.logicalDurationMs = logicalDurationMs
        self.schedulingLeadMs = schedulingLeadMs
        self.estimatedNativeDurationMs = estimatedNativeDurationMs
        self.approximations = approximations
        self.retriggerBoundariesMs = retriggerBoundariesMs
        self.unsupportedReason = unsupportedReason
    }
}
