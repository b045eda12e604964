import AudioCore
import Glibc

/// The steady output of a resonator actuator at full drive (docs/devices.md, "FOAM"): its map when
/// the device has one, else fullScaleG·|H(f)|, and the factor the drive is scaled by before the
/// mass so that steady states follow the map while the mass still gives rise and ring-down.
struct ActuatorResponse: Sendable {
    let f0Hz: Double
    let q: Double
    let fullScaleG: Double
    let foam: OutputAccelerationMap?

    /// FOAM(f)/(fullScaleG·|H(f)|): 1 without a map.
    func driveScale(atHz hz: Double) -> Double {
        guard let foam else { return 1 }
        return driveScale(atHz: hz, foamG: foam.g(atHz: hz))
    }

    /// The same, for a map value `foamG` already looked up at `hz`.
    func driveScale(atHz hz: Double, foamG: Double) -> Double {
        let gain = Resonator.gain(atHz: hz, f0Hz: f0Hz, q: q)
        return gain > 0 ? foamG / (fullScaleG * gain) : 0
    }
}

/// Under `resonator`, the iOS continuous events as the designer's reference plays them
/// (docs/devices.md, "The iPhone as the reference"): equalised as Android 16 maps envelopes, so a
/// point of intensity I at frequency f moves the mass at I·SLmax above the threshold, SLmax being
/// the sensation level of a full-intensity event at f0 (continuousGain × fullScaleG). Apple
/// publishes no drive law: assumed. Their motion is played as asked (the engine's loop holds it):
/// they do not ring the mass, which only the taps drive.
struct ContinuousEqualiser: Sendable {
    /// SLmax, in dB.
    let largestSensationDb: Double
    let fullScaleG: Double
    /// A device's map caps the motion at what the actuator reaches there.
    let foam: OutputAccelerationMap?

    /// The equaliser of `profile`'s iOS actuator, or nil under `drive`.
    init?(profile: ActuatorProfile) {
        guard profile.actuator == .resonator else { return nil }
        fullScaleG = profile.fullScaleG
        foam = profile.foamG
        largestSensationDb = 20 * log10(profile.continuousGain * profile.fullScaleG) - VibrotactileThreshold.db(atHz: profile.resonatorHz)
    }

    /// ln 10 / 20: a level in dB as an exponent of e.
    private static let nepersPerDb = log(10.0) / 20

    /// The motion, in full scale, of a point of `amount` (intensity^exponent, 0…1) at `hz`, 0 at 0,
    /// with T(f) already as an exponent of e: e^(amount·SLmax·ln10/20 + T(f)·ln10/20) g.
    @inline(__always)
    private func level(_ amount: Double, hz: Double, thresholdExponent: Double) -> Double {
        guard amount > 0 else { return 0 }
        var g = exp(amount * largestSensationDb * Self.nepersPerDb + thresholdExponent)
        if let foam { g = min(g, foam.g(atHz: hz)) }
        return g / fullScaleG
    }

    /// Replaces `count` amounts by their levels at the frequencies of `steps` (2π·f/rate per frame),
    /// looking the threshold up again only when the frequency changes and the level only when
    /// either changes.
    func apply(_ amounts: UnsafeMutablePointer<Double>, steps: UnsafePointer<Double>, count: Int, sampleRate: Int) {
        let hzPerStep = Double(sampleRate) / (2 * Double.pi)
        var lastAmount = -1.0, lastStep = -1.0, lastLevel = 0.0, hz = 0.0, thresholdExponent = 0.0
        for k in 0..<count {
            let amount = amounts[k], step = steps[k]
            if step != lastStep {
                hz = step * hzPerStep
                thresholdExponent = VibrotactileThreshold.db(atHz: hz) * Self.nepersPerDb
                lastStep = step
                lastAmount = -1
            }
            if amount != lastAmount {
                lastLevel = level(amount, hz: hz, thresholdExponent: thresholdExponent)
                lastAmount = amount
            }
            amounts[k] = lastLevel
        }
    }
}
