import FoundationEssentials
import Glibc

/// The emulated actuator: how the synthesizer turns intensity and sharpness into sound
/// (docs/synthesis.md). Apple publishes no physical mapping; these are hapsynth's documented
/// choices. Every field is described once, in `ActuatorProfile.fields`: its key, unit, default,
/// range and flag, from which validation, profile files and the command line's options derive.
public struct ActuatorProfile: Hashable, Sendable {
    /// Output rate in frames per second, 8,000…192,000.
    public var sampleRate = 48_000
    /// Frequency at sharpness 0, in Hz (> 0).
    public var minFrequencyHz = 65.0
    /// Frequency at sharpness 1, in Hz (> min, ≤ sampleRate / 2).
    public var maxFrequencyHz = 300.0
    /// Amplitude ∝ intensity^exponent (> 0).
    public var intensityExponent = 1.0
    /// Peak amplitude of a continuous event at intensity 1, in 0…1.
    public var continuousGain = 0.5
    /// Peak amplitude of a transient at intensity 1, in 0…1.
    public var transientGain = 0.8
    /// Whole sine cycles in a transient click (≥ 1).
    public var transientCycles = 2
    /// Raised-cosine attack and release of each continuous native event, in milliseconds (≥ 0).
    public var rampMs = 2.0
    /// Whether split parts are separate native events that each ramp (true), or render as one
    /// phase-continuous voice ramped only at its outer ends (false, `--seamless-splits`).
    public var splitRetrigger = true
    /// The envelope time of an AHAP `AttackTime`, `DecayTime` or `ReleaseTime` of 0, in
    /// milliseconds (> 0; the default equals the default ramp, so 0 sounds like no envelope).
    public var envelopeMinMs = 2.0
    /// The envelope time of a value of 1, in milliseconds (> envelopeMinMs, ≤ 60,000).
    public var envelopeMaxMs = 1_000.0
    /// The acceleration of a full-scale sample, in g (> 0): the scale of the perceptual view
    /// (docs/golden-tests.md). Assumed: no iPhone figure is published.
    public var fullScaleG = 2.0
    /// What a render is: the actuator's drive signal, or the motion of its mass (docs/devices.md).
    public var actuator = Actuator.drive
    /// The iOS actuator's resonance f0 under `resonator`, in Hz (20 ≤ f0 < sampleRate / 2).
    /// Assumed: 230 Hz is the frequency one study (Yoshida et al., IEEE ToH 2023) used, not a
    /// measured resonance.
    public var resonatorHz = 230.0
    /// The resonator's quality factor (0.5…100). Assumed for the iPhone; Pixel's HAL uses 10.
    public var resonatorQ = 10.0
    /// Whether taps are overdriven and actively braked under `resonator` (docs/devices.md).
    public var tapBraking = true
    /// The actuator's frequency → output acceleration map under `resonator` (a device's
    /// `actuator.foamG`, docs/devices.md); nil: the steady output at full drive is
    /// fullScaleG·|H(f)|. Set by a device profile only, not by a flag or profile key.
    public var foamG: OutputAccelerationMap?
    /// The emulated Android actuator (docs/android.md).
    public var android = AndroidActuatorProfile()

    public init() {}

    /// The frequency in Hz for a sharpness in 0…1: min + sharpness × (max − min).
    public func frequencyHz(sharpness: Double) -> Double {
        minFrequencyHz + sharpness * (maxFrequencyHz - minFrequencyHz)
    }

    /// hapsynth's envelope model: an AHAP envelope value v (an event's `AttackTime`, `DecayTime` or
    /// `ReleaseTime` plus its time control, clamped into −1…1) lasts
    /// envelopeMinMs × (envelopeMaxMs / envelopeMinMs)^v milliseconds: exponential, as Apple
    /// describes the time controls, from envelopeMinMs at 0 to envelopeMaxMs at 1.
    public func envelopeTimeMs(_ value: Double) -> Double {
        envelopeMinMs * pow(envelopeMaxMs / envelopeMinMs, min(max(value, -1), 1))
    }

    /// Checks every field's range (docs/synthesis.md); the first violation, in the table's order.
    public func validate() throws(ProfileError) {
        for field in Self.fields {
            if let rule = field.violatedRule(self) { throw .outOfRange(field: field, value: field.valueText(self), rule: rule) }
        }
    }
}

/// What a render is (docs/devices.md).
public enum Actuator: String, Sendable, CaseIterable {
    /// The drive signal, as hapsynth has always rendered it.
    case drive
    /// The acceleration of the actuator's mass: the drive through a resonator at f0 and Q.
    case resonator
}

/// The emulated Android actuator's own values (docs/android.md): its resonance, how fast it
/// follows a new amplitude, its peak, and the band that envelope sharpness and primitives use.
public struct AndroidActuatorProfile: Hashable, Sendable {
    /// The resonant frequency the waveform path plays at, in Hz (> 0, ≤ sampleRate / 2). Assumed:
    /// a typical linear resonant actuator of a phone.
    public var resonanceHz = 170.0
    /// The time constant of the actuator's response to a new amplitude, in ms (0…1000). Assumed.
    public var inertiaMs = 8.0
    /// The peak amplitude at full strength, 0…1.
    public var gain = 0.8
    /// The frequency at envelope sharpness 0 (and of LOW_TICK), in Hz (> 0). Assumed.
    public var minFrequencyHz = 80.0
    /// The frequency at envelope sharpness 1 (and of TICK), in Hz (> min, ≤ sampleRate / 2). Assumed.
    public var maxFrequencyHz = 250.0

    public init() {}
}

/// An invalid actuator profile value, from a flag or a profile file.
public enum ProfileError: Error, Equatable, Sendable, CustomStringConvertible {
    case outOfRange(field: ProfileField, value: String, rule: String)

    /// The field the error is about.
    public var field: ProfileField {
        switch self {
        case .outOfRange(let field, _, _): return field
        }
    }

    public var description: String {
        switch self {
        case let .outOfRange(field, value, rule): return "\(field.key) must be \(rule) (got \(value))"
        }
    }
}
