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
    /// Start on the pattern's timeline, in milliseconds.
    public let startMs: Int64
    /// Duration in milliseconds (0 for a transient; at most 30,000 for a continuous event).
    public let durationMs: Int64
    /// `HapticIntensity` in 0…1.
    public let intensity: Float
    /// `HapticSharpness` in 0…1.
    public let sharpness: Float
    /// Whether this is a later part of one authored event split at 30 s (it starts where the
    /// previous part ends). Not part of the plan JSON; the synthesizer uses it for seamless splits.
    public let isContinuation: Bool

    public init(
        kind: HapticEvent.Kind, startMs: Int64, durationMs: Int64, intensity: Float, sharpness: Float,
        isContinuation: Bool = false
    ) {
        self.kind = kind
        self.startMs = startMs
        self.durationMs = durationMs
        self.intensity = intensity
        self.sharpness = sharpness
        self.isContinuation = isContinuation
    }

    /// Where the event ends, in milliseconds (a transient ends at its onset).
    public var endMs: Int64 { startMs + durationMs }
}

/// A Core Haptics parameter curve (`CHHapticParameterCurve`) acting on every event of its player.
public struct ParameterCurve: Hashable, Sendable {
    /// The dynamic parameters hapsynth uses.
    public enum Parameter: String, Hashable, Sendable {
        /// `hapticIntensityControl`: multiplies each event's intensity.
        case intensityControl
        /// `hapticSharpnessControl`: is added to each event's sharpness.
        case sharpnessControl
    }

    public let parameter: Parameter
    /// When the curve starts on the pattern's timeline, in milliseconds.
    public let startMs: Int64
    /// Control points, times relative to `startMs`.
    public let points: [ControlPoint]

    public init(parameter: Parameter, startMs: Int64, points: [ControlPoint]) {
        self.parameter = parameter
        self.startMs = startMs
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

/// What a plan tells a designer about playback on the device (SPEC.md §3 step 5).
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
