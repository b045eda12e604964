import FoundationEssentials
import Glibc

/// The emulated actuator: how the synthesizer turns intensity and sharpness into sound
/// (docs/synthesis.md). Apple publishes no physical mapping; these are hapsynth's documented choices.
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
    /// The emulated Android actuator (docs/android.md): its resonant frequency in Hz (> 0,
    /// ≤ sampleRate / 2), the time constant of its response in ms (0…1000), its peak (0…1), and the
    /// band that envelope sharpness and primitives use, in Hz (0 < min < max ≤ sampleRate / 2).
    public var androidResonanceHz = 170.0
    public var androidInertiaMs = 8.0
    public var androidGain = 0.8
    public var androidMinFrequencyHz = 80.0
    public var androidMaxFrequencyHz = 250.0

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
        guard (8_000...192_000).contains(sampleRate) else {
            throw .outOfRange(field: .sampleRate, value: "\(sampleRate)", rule: "8000...192000")
        }
        guard minFrequencyHz.isFinite, minFrequencyHz > 0 else {
            throw .outOfRange(field: .minFrequencyHz, value: "\(minFrequencyHz)", rule: "greater than 0")
        }
        guard maxFrequencyHz.isFinite, maxFrequencyHz > minFrequencyHz, maxFrequencyHz <= Double(sampleRate) / 2 else {
            throw .outOfRange(
                field: .maxFrequencyHz, value: "\(maxFrequencyHz)",
                rule: "greater than minFrequencyHz (\(minFrequencyHz)) and at most sampleRate / 2 (\(Double(sampleRate) / 2))")
        }
        guard intensityExponent.isFinite, intensityExponent > 0 else {
            throw .outOfRange(field: .intensityExponent, value: "\(intensityExponent)", rule: "greater than 0")
        }
        guard (0...1).contains(continuousGain) else {
            throw .outOfRange(field: .continuousGain, value: "\(continuousGain)", rule: "0...1")
        }
        guard (0...1).contains(transientGain) else {
            throw .outOfRange(field: .transientGain, value: "\(transientGain)", rule: "0...1")
        }
        guard transientCycles >= 1 else {
            throw .outOfRange(field: .transientCycles, value: "\(transientCycles)", rule: "a whole number ≥ 1")
        }
        guard rampMs.isFinite, rampMs >= 0, rampMs <= 60_000 else {
            throw .outOfRange(field: .rampMs, value: "\(rampMs)", rule: "0...60000")
        }
        guard envelopeMinMs.isFinite, envelopeMinMs > 0 else {
            throw .outOfRange(field: .envelopeMinMs, value: "\(envelopeMinMs)", rule: "greater than 0")
        }
        guard envelopeMaxMs.isFinite, envelopeMaxMs > envelopeMinMs, envelopeMaxMs <= 60_000 else {
            throw .outOfRange(field: .envelopeMaxMs, value: "\(envelopeMaxMs)",
                              rule: "greater than envelopeMinMs (\(envelopeMinMs)) and at most 60000")
        }
        let nyquist = Double(sampleRate) / 2
        guard androidResonanceHz.isFinite, androidResonanceHz > 0, androidResonanceHz <= nyquist else {
            throw .outOfRange(field: .androidResonanceHz, value: "\(androidResonanceHz)", rule: "greater than 0 and at most sampleRate / 2 (\(nyquist))")
        }
        guard androidInertiaMs.isFinite, (0...1000).contains(androidInertiaMs) else {
            throw .outOfRange(field: .androidInertiaMs, value: "\(androidInertiaMs)", rule: "0...1000")
        }
        guard (0...1).contains(androidGain) else {
            throw .outOfRange(field: .androidGain, value: "\(androidGain)", rule: "0...1")
        }
        guard androidMinFrequencyHz.isFinite, androidMinFrequencyHz > 0 else {
            throw .outOfRange(field: .androidMinFrequencyHz, value: "\(androidMinFrequencyHz)", rule: "greater than 0")
        }
        guard androidMaxFrequencyHz.isFinite, androidMaxFrequencyHz > androidMinFrequencyHz, androidMaxFrequencyHz <= nyquist else {
            throw .outOfRange(field: .androidMaxFrequencyHz, value: "\(androidMaxFrequencyHz)",
                              rule: "greater than androidMinFrequencyHz (\(androidMinFrequencyHz)) and at most sampleRate / 2 (\(nyquist))")
        }
    }
}

/// An invalid actuator profile value, from a flag or a profile file.
public enum ProfileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The profile fields, with their JSON keys and command-line flags.
    public enum Field: String, CaseIterable, Sendable {
        case sampleRate, minFrequencyHz, maxFrequencyHz, intensityExponent, continuousGain, transientGain,
             transientCycles, rampMs, splitRetrigger, envelopeMinMs, envelopeMaxMs,
             androidResonanceHz, androidInertiaMs, androidGain, androidMinFrequencyHz, androidMaxFrequencyHz

        /// The command-line flag that sets the field.
        public var flag: String {
            switch self {
            case .sampleRate: return "--rate"
            case .minFrequencyHz: return "--min-frequency"
            case .maxFrequencyHz: return "--max-frequency"
            case .intensityExponent: return "--intensity-exponent"
            case .continuousGain: return "--continuous-gain"
            case .transientGain: return "--transient-gain"
            case .transientCycles: return "--transient-cycles"
            case .rampMs: return "--ramp-ms"
            case .splitRetrigger: return "--seamless-splits"
            case .envelopeMinMs: return "--envelope-min-ms"
            case .envelopeMaxMs: return "--envelope-max-ms"
            // Set in a profile file only.
            case .androidResonanceHz, .androidInertiaMs, .androidGain, .androidMinFrequencyHz, .androidMaxFrequencyHz: return "--profile"
            }
        }
    }

    case outOfRange(field: Field, value: String, rule: String)

    public var description: String {
        switch self {
        case let .outOfRange(field, value, rule): return "\(field.rawValue) must be \(rule) (got \(value))"
        }
    }
}
