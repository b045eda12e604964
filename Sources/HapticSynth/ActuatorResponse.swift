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
/// (docs/devices.md, "The iPhone as the reference"): equalised in frequency, so that a point of
/// intensity I at frequency f moves the mass at I^exponent × A(f), where A(f) is felt SLmax above
/// the threshold at every f and SLmax is the sensation level of a full-intensity event at f0
/// (continuousGain × fullScaleG). Intensity keeps the drive's amplitude law (at f0 the motion is the
/// drive's amplitude, continuousGain × I^exponent); only sharpness stops changing how strong it
/// is. Apple publishes no drive law: assumed. Their motion is played as asked (the engine's loop
/// holds it): they do not ring the mass, which only the taps drive.
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

    /// Replaces `count` amounts (intensity^exponent, 0…1) by their motion, in full scale, at the
    /// frequencies of `steps` (2π·f/rate per frame): amount × A(f), A(f) = e^(SLmax·ln10/20 +
    /// T(f)·ln10/20) g, capped by the device's map. A(f) is looked up again only when the
    /// frequency changes, the cap only when either changes.
    func apply(_ amounts: UnsafeMutablePointer<Double>, steps: UnsafePointer<Double>, count: Int, sampleRate: Int) {
        let hzPerStep = Double(sampleRate) / (2 * Double.pi)
        var lastAmount = -1.0, lastStep = -1.0, lastLevel = 0.0, hz = 0.0, fullG = 0.0
        for k in 0..<count {
            let amount = amounts[k], step = steps[k]
            if step != lastStep {
                hz = step * hzPerStep
                fullG = exp((largestSensationDb + VibrotactileThreshold.db(atHz: hz)) * Self.nepersPerDb)
                lastStep = step
                lastAmount = -1
            }
            if amount != lastAmount {
                var g = max(0, amount) * fullG
                if let foam { g = min(g, foam.g(atHz: hz)) }
                lastLevel = g / fullScaleG
                lastAmount = amount
            }
            amounts[k] = lastLevel
        }
    }
}
