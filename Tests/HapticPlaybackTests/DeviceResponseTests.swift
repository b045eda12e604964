import AudioCore
import Foundation
import HapticCore
import HapticPlanner
import Testing
@testable import HapticSynth

/// Devices as their HALs describe them (docs/devices.md): each catalogue device's steady output
/// follows its map or its HAL's model, the drv2624 Pixels reach their factory targets, and the
/// iPhone plays every sharpness at the same sensation level.
@Suite struct DeviceResponseTests {
    static func device(_ name: String) throws -> DeviceProfile { try #require(try DeviceProfile.catalogue().first { $0.name == name }) }

    /// The device's actuator at 8 kHz (every frequency here is far below 4 kHz).
    static func actuator(_ device: DeviceProfile, rate: Int = 8000) -> AndroidActuator {
        var base = ActuatorProfile()
        base.sampleRate = rate
        return AndroidActuator(profile: device.applied(to: base))
    }

    /// A steady full-intensity envelope at the sharpness of `hz` over the actuator's band, planned
    /// as Android 16 plays it: its output in g over 0.6–0.9 s (the mass long settled).
    static func steadyEnvelopeG(_ actuator: AndroidActuator, hz: Double) throws -> Double {
        let sharpness = (hz - actuator.minFrequencyHz) / (actuator.maxFrequencyHz - actuator.minFrequencyHz)
        // An envelope cannot jump: the intensity rises from 0 and falls back to it.
        let up = try Curve(points: [ControlPoint(timeMs: 0, value: 0), ControlPoint(timeMs: 100, value: 1), ControlPoint(timeMs: 950, value: 1),
                                    ControlPoint(timeMs: 1000, value: 0)])
        let pattern = try Pattern(events: [try .continuous(startMs: 0, durationMs: 1000, intensity: 1, sharpness: Float(sharpness),
                                                           intensityCurve: up)])
        let plan = planAndroid(pattern, device: .flagship)
        #expect(plan.backend == .androidEnvelope)
        let samples = actuator.render(plan)
        let rate = Double(actuator.sampleRate)
        return Double(samples[Int(0.6 * rate)..<Int(0.9 * rate)].map { abs($0) }.max() ?? 0) * actuator.fullScaleG
    }

    static func db(_ value: Double, over reference: Double) -> Double { 20 * log10(value / reference) }

    @Test func theAOSPMapIsWhatItsEnvelopesReachAtEveryFrequencyOfTheBand() throws {
        let device = try Self.device("aosp-default"), actuator = Self.actuator(device)
        let map = try #require(device.actuator?.foamG)
        #expect(map.points.count == 30 && map.points[26] == .init(hz: 265, g: 1.38))
        let inBand = map.points.filter { $0.hz >= actuator.minFrequencyHz && $0.hz <= actuator.maxFrequencyHz }
        #expect(inBand.count == 29)
        for point in inBand {
            let g = try Self.steadyEnvelopeG(actuator, hz: point.hz)
            #expect(abs(Self.db(g, over: point.g)) < 1, "\(point.hz) Hz: \(g) g, the map says \(point.g) g")
        }
    }

    @Test func theAOSPBandEdgeIsAndroidsRuleOnItsMap() throws {
        let device = try Self.device("aosp-default")
        let band = try #require(device.actuator?.foamG?.usableBandHz())
        #expect((band.lowerBound * 10).rounded() / 10 == 43.4 && band.upperBound == 300, "\(band)")
        #expect(device.actuator?.bandHz == 43.4...300)
    }

    /// The Pixel HAL's own model (hardware/google/pixel cs40l26 Vibrator.cpp), written out again:
    /// level(f)·ω²/√((ωn² − ω²)² + (ωn·ω/Q)²) at f0 145 Hz, Q 10, relative to its largest value
    /// from 30 to 300 Hz.
    static func cs40l26Model(_ hz: Double) -> Double {
        let levels: [(Double, Double)] = [(120, 0.447), (130, 0.346), (140, 0.156), (145, 0.1), (150, 0.167), (160, 0.391), (170, 0.447)]
        func level(_ f: Double) -> Double {
            if f <= 120 { return 0.447 }
            if f >= 170 { return 0.447 }
            let upper = levels.firstIndex { $0.0 >= f }!
            let (a, b) = (levels[upper - 1], levels[upper])
            return a.1 + (f - a.0) / (b.0 - a.0) * (b.1 - a.1)
        }
        func raw(_ f: Double) -> Double {
            let w = 2 * Double.pi * f, wn = 2 * Double.pi * 145
            return level(f) * w * w / ((wn * wn - w * w) * (wn * wn - w * w) + (wn * w / 10) * (wn * w / 10)).squareRoot()
        }
        let largest = stride(from: 30.0, through: 300, by: 0.25).map(raw).max()!
        return raw(hz) / largest
    }

    @Test func thePixelCS40L26FollowsItsHALsModelFrom50To300Hz() throws {
        let device = try Self.device("pixel-cs40l26"), actuator = Self.actuator(device)
        let full = try #require(device.actuator?.fullScaleG)
        for hz in stride(from: 50.0, through: 300, by: 12.5) {
            let g = try Self.steadyEnvelopeG(actuator, hz: hz), model = full * Self.cs40l26Model(hz)
            #expect(abs(Self.db(g, over: model)) < 1, "\(hz) Hz: \(g) g, the HAL's model \(model) g")
        }
        // Near its resonance the HAL cuts the drive: a steady buzz at f0 is half its full scale.
        #expect(Self.cs40l26Model(145) < 0.55)
    }

    static let drv2624: [(name: String, clickMs: Int, fullScaleG: Double, strongClickG: Double)] = [
        ("pixel-4a", 6, 1.2, 0.43), ("pixel-4a-5g", 7, 1.5, 0.66), ("pixel-5", 6, 2.15, 0.9), ("pixel-5a", 7, 0.95, 0.31),
    ]

    @Test(arguments: drv2624)
    func aDrv2624PixelBuzzesAtItsSteadyTargetAndClicksAtItsEffectTarget(_ expected: (name: String, clickMs: Int, fullScaleG: Double, strongClickG: Double)) throws {
        let device = try Self.device(expected.name), android = try #require(device.android)
        // The HAL composes nothing: its click is a predefined effect of the firmware.
        #expect(android.primitiveDurationsMs.isEmpty && device.actuator?.fullScaleG == expected.fullScaleG)
        #expect(android.effects.first { $0.name == "CLICK" }?.durationMs == Int64(expected.clickMs))
        #expect(abs(device.actuator!.f0Hz - 1e9 / (24_615 * 262)) < 0.005)
        let actuator = Self.actuator(device, rate: 48_000)
        // A steady buzz: a full-amplitude waveform (no envelopes on these phones).
        let buzz = planAndroid(try Pattern(events: [try .continuous(startMs: 0, durationMs: 800, intensity: 1, sharpness: 0.5)]), device: android)
        #expect(buzz.backend == .androidWaveform)
        let steady = Double(actuator.render(buzz)[24_000..<36_000].map { abs($0) }.max() ?? 0) * expected.fullScaleG
        #expect(abs(Self.db(steady, over: expected.fullScaleG)) < 1, "\(expected.name): \(steady) g")
        // The HAL's CLICK (performHapticFeedback(CONFIRM)): one segment of 6 or 7 ms at the
        // effect target (MEDIUM plays at EFFECT_TARGET_G[3], as STRONG does on this HAL).
        let click = try #require(try FeedbackCall.named("android:CONFIRM")).androidPlan(on: android)
        #expect(click.backend == .androidEffect && click.effectBursts.map(\.durationMs) == [Int64(expected.clickMs)])
        let peak = Double(actuator.render(click).map { abs($0) }.max() ?? 0) * expected.fullScaleG
        #expect(abs(Self.db(peak, over: expected.strongClickG)) < 1.65, "\(expected.name): \(peak) g")
    }

    @Test func theIPhoneFeelsIntensityOneAlikeAtEverySharpness() throws {
        var profile = try Self.device("iphone").applied(to: ActuatorProfile())
        profile.sampleRate = 8000
        var levels: [Double] = []
        for sharpness in [0.0, 0.5, 1.0] {
            let pattern = try Pattern(events: [try .continuous(startMs: 0, durationMs: 1000, intensity: 1, sharpness: Float(sharpness))])
            let samples = try render(pattern, profile: profile).samples
            // Past the 10 ms lead, well inside the event.
            let peak = Double(samples[4_000..<6_000].map { abs($0) }.max() ?? 0)
            let hz = profile.frequencyHz(sharpness: sharpness)
            levels.append(20 * log10(peak * profile.fullScaleG) - VibrotactileThreshold.db(atHz: hz))
        }
        // SLmax: a full-intensity continuous event at f0 (continuousGain × fullScaleG = 1 g at 230 Hz).
        let largest = -VibrotactileThreshold.db(atHz: 230)
        #expect(levels.allSatisfy { abs($0 - largest) < 1 }, "\(levels) dB SL, expected \(largest)")
        // Unequalised (the drive through the mass, as before) sharpness 0 was some 40 dB under.
        let bare = 20 * log10(0.5 * Resonator.gain(atHz: 65, f0Hz: 230, q: 10) * 2) - VibrotactileThreshold.db(atHz: 65)
        #expect(largest - bare > 35)
    }

    /// Changed (issue 53): under `resonator` the iPhone's continuous events keep the drive's
    /// amplitude law (intensity^exponent) and are equalised only in frequency. Intensity 0.5 was
    /// played at half of SLmax (15 dB under intensity 1), the law of Android 16's envelopes, not of
    /// the drive renders or of Android's amplitudes: it alone made a ramp that the Pixel 5 plays
    /// alike lose 69 % in `devices`.
    @Test func theIPhoneKeepsItsIntensityLawAtEverySharpness() throws {
        var profile = try Self.device("iphone").applied(to: ActuatorProfile())
        profile.sampleRate = 8000
        for sharpness: Float in [0, 0.5, 1] {
            let peaks = try [Float(1), 0.5, 0.25].map { (intensity: Float) -> Double in
                let pattern = try Pattern(events: [try .continuous(startMs: 0, durationMs: 1000, intensity: Intensity(intensity), sharpness: sharpness)])
                return Double(try render(pattern, profile: profile).samples[4_000..<6_000].map { abs($0) }.max() ?? 0)
            }
            #expect(abs(20 * log10(peaks[1] / peaks[0]) + 6.02) < 0.1 && abs(20 * log10(peaks[2] / peaks[0]) + 12.04) < 0.1, "sharpness \(sharpness): \(peaks)")
        }
    }
}
