import AudioCore
import Foundation
import HapticCore
import HapticPlanner
import Testing
@testable import HapticSynth

/// The Android actuator under `resonator` (docs/devices.md): primitives as braked taps at f0,
/// envelopes by the perceptual mapping of Android 16, and the ring-down tail.
@Suite struct AndroidResonatorTests {
    func actuator(f0: Double = 170.07, q: Double = 10, braking: Bool = true) -> AndroidActuator {
        var profile = ActuatorProfile()
        profile.actuator = .resonator
        profile.android.resonanceHz = f0
        profile.resonatorQ = q
        profile.tapBraking = braking
        return AndroidActuator(profile: profile)
    }

    /// Lobes between sign changes from `start`: (index of the largest, how many follow it above
    /// a tenth of it, the largest, the largest |y| from `quietFrom` on).
    func lobes(_ samples: [Float], start: Int, quietFrom: Int) -> (largest: Int, after: Int, peak: Double, residual: Double) {
        var lobes: [Double] = [], current = 0.0, sign = samples[start] >= 0
        for sample in samples[start...] {
            if (sample >= 0) != sign, current > 0 {
                lobes.append(current)
                current = 0
                sign = sample >= 0
            }
            current = max(current, Double(abs(sample)))
        }
        lobes.append(current)
        let largest = lobes.indices.max { lobes[$0] < lobes[$1] } ?? 0
        return (largest, lobes[(largest + 1)...].filter { $0 > lobes[largest] * 0.1 }.count, lobes[largest],
                samples[quietFrom...].map { Double(abs($0)) }.max() ?? 0)
    }

    @Test func aClickOf12msAt170HzIsABrakedTapOfFourHalfCycles() throws {
        let plan = planAndroid(try Pattern(events: [try .transient(startMs: 0, intensity: 1, sharpness: 0.5)], durationMs: 300), device: .primitivesPhone)
        let onset = try #require(plan.primitiveOnsets.first)
        #expect(onset.step.primitive == .click && onset.durationMs == 12)
        let braked = actuator(), samples = braked.render(plan)
        let drive = Int((4 * 48000 / (2 * 170.07)).rounded()), period = Int((48000 / 170.07).rounded(.up))
        let tap = lobes(samples, start: 0, quietFrom: drive + period)
        let target = braked.gain * Double(onset.step.scale)
        #expect(tap.largest == 3 && tap.after == 1 && abs(20 * log10(tap.peak / target)) < 0.5 && tap.residual < 0.1 * tap.peak, "\(tap)")
        // The tail: the session plus round-half-up(τ·ln 1000·rate) frames.
        #expect(samples.count == Int(braked.frame(atMs: plan.sessionDurationMs) + Resonator.tailFrames(f0Hz: 170.07, q: 10, sampleRate: 48000)))
        // Without braking, the windowed burst at the resonance rings on.
        let free = lobes(actuator(braking: false).render(plan), start: 0, quietFrom: drive + period)
        #expect(free.residual > 0.1 * free.peak)
    }

    @Test func envelopesReachTheirShareOfTheLargestSensationLevel() throws {
        let resonating = actuator(f0: 150, q: 11)
        let largest = resonating.largestSensationDb()
        for intensity in [0.25, 0.5, 1.0] {
            // An intensity curve that rises from 0 and falls to 0 (an envelope cannot jump); on Android
            // its values replace the event's intensity.
            let shape = try Curve(points: [ControlPoint(timeMs: 0, value: 0), ControlPoint(timeMs: 20, value: Float(intensity)),
                                           ControlPoint(timeMs: 580, value: Float(intensity)), ControlPoint(timeMs: 600, value: 0)])
            let pattern = try Pattern(events: [try .continuous(startMs: 0, durationMs: 600, intensity: Intensity(Float(intensity)), sharpness: 0.4,
                                                               intensityCurve: shape)])
            let plan = planAndroid(pattern, device: .flagship)
            #expect(plan.backend == .androidEnvelope)
            let samples = resonating.render(plan)
            let hz = resonating.minFrequencyHz + 0.4 * (resonating.maxFrequencyHz - resonating.minFrequencyHz)
            // The steady part, long after the mass has settled: its level above the threshold.
            let peak = Double(samples[14_400..<24_000].map { abs($0) }.max() ?? 0)
            let sensation = 20 * log10(peak * resonating.fullScaleG) - VibrotactileThreshold.db(atHz: hz)
            let expected = min(intensity * largest, 20 * log10(resonating.gain * resonating.fullScaleG * Resonator.gain(atHz: hz, f0Hz: 150, q: 11))
                               - VibrotactileThreshold.db(atHz: hz))
            #expect(abs(sensation - expected) < 0.1, "intensity \(intensity): \(sensation) dB SL, expected \(expected)")
        }
    }

    @Test func underDriveTheAndroidActuatorIsUnchanged() throws {
        let plan = planAndroid(try Pattern(events: [try .transient(startMs: 0, intensity: 1)], durationMs: 100), device: .primitivesPhone)
        var profile = ActuatorProfile()
        profile.resonatorQ = 3
        profile.tapBraking = false
        #expect(AndroidActuator(profile: profile).render(plan) == AndroidActuator().render(plan))
    }
}
