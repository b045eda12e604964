import Foundation
import HapticCore
import HapticPlanner
import Testing
@testable import HapticSynth

/// The emulated Android actuator: what each path sounds like, measured from the samples.
@Suite struct AndroidActuatorTests {
    func plan(_ events: [HapticEvent], duration: Int64? = nil, _ device: AndroidDevice) throws -> AndroidPlan {
        planAndroid(try Pattern(events: events, durationMs: duration), device: device)
    }

    /// Frequency from rising zero crossings over `samples`.
    func frequencyHz(_ samples: ArraySlice<Float>, rate: Int) -> Double {
        var crossings: [Int] = []
        for index in samples.indices.dropFirst() where samples[index - 1] < 0 && samples[index] >= 0 { crossings.append(index) }
        guard let first = crossings.first, let last = crossings.last, last > first else { return 0 }
        return Double(crossings.count - 1) * Double(rate) / Double(last - first)
    }

    @Test func aWaveformSegmentPlaysItsAmplitudeAtTheResonance() throws {
        var actuator = AndroidActuator()
        actuator.inertiaMs = 0
        let result = try plan([.legacyHaptic(startMs: 0, durationMs: 200, intensity: .medium)], AndroidDevice.amplitudePhone)
        let samples = actuator.render(result)
        let middle = samples[4_800..<9_600]  // 100 ms to 200 ms
        let peak = Double(middle.map { abs($0) }.max()!)
        #expect(abs(peak - 0.8 * 127 / 255) < 0.002)
        #expect(abs(frequencyHz(middle, rate: 48_000) - 170) < 0.5)
        #expect(samples.count == Int(actuator.frame(atMs: result.sessionDurationMs)))
    }

    @Test func inertiaFollowsAStepWithItsTimeConstant() throws {
        var actuator = AndroidActuator()
        actuator.inertiaMs = 10
        actuator.resonanceHz = 1_000  // fast cycles, so the envelope is read finely
        let result = try plan([.legacyHaptic(startMs: 0, durationMs: 100, intensity: .high)], AndroidDevice.amplitudePhone)
        let samples = actuator.render(result)
        // The peak within each cycle around t = τ reaches 1 − 1/e of the target.
        let target = 0.8
        let around = samples[456..<504].map { abs(Double($0)) }.max()!  // 9.5 ms to 10.5 ms
        #expect(abs(around / target - (1 - exp(-1))) < 0.03, "\(around / target)")
        let late = samples[3_600..<3_700].map { abs(Double($0)) }.max()!  // 75 ms: settled
        #expect(abs(late - target) < 0.01)
    }

    @Test func aPrimitiveLastsItsDuration() throws {
        let actuator = AndroidActuator()
        let result = try plan([.transient(startMs: 0, intensity: .high, sharpness: 1)], duration: 50, AndroidDevice.primitivesPhone)
        #expect(result.backend == .androidPrimitives)
        let samples = actuator.render(result)
        let sounding = samples.indices.filter { abs(samples[$0]) > 1e-6 }
        // TICK lasts 8 ms on this phone: 384 frames at 48 kHz.
        #expect((sounding.first ?? -1) >= 0 && (sounding.last ?? 0) < 384 && (sounding.last ?? 0) > 360)
    }

    @Test func envelopeFrequencyFollowsSharpness() throws {
        var actuator = AndroidActuator()
        actuator.inertiaMs = 0
        let flat = try Curve(points: [ControlPoint(timeMs: 0, value: 0), ControlPoint(timeMs: 100, value: 1), ControlPoint(timeMs: 900, value: 1),
                                      ControlPoint(timeMs: 1000, value: 0)])
        for sharpness: Float in [0, 1] {
            let event = try HapticEvent.continuous(startMs: 0, durationMs: 1000, intensity: .high, sharpness: sharpness, intensityCurve: flat)
            let result = try plan([event], AndroidDevice.flagship)
            #expect(result.backend == .androidEnvelope)
            let measured = frequencyHz(actuator.render(result)[9_600..<38_400], rate: 48_000)
            #expect(abs(measured - (sharpness == 0 ? 80 : 250)) < 1, "sharpness \(sharpness): \(measured) Hz")
        }
    }

    @Test func blockSizesNeverChangeASample() throws {
        let result = try plan([.transient(startMs: 0, intensity: .high), .legacyHaptic(startMs: 30, durationMs: 200)], AndroidDevice.amplitudePhone)
        let whole = AndroidActuator().render(result)
        var player = AndroidEffectPlayer(plan: result, actuator: AndroidActuator())
        var pieces: [Float] = []
        var block = [Float](repeating: 0, count: 37)
        while player.position < player.frameCount {
            block.withUnsafeMutableBufferPointer { player.render(into: $0) }
            pieces += block
        }
        #expect(Array(pieces.prefix(whole.count)) == whole)
    }
}
