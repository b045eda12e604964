import AudioCore
import Foundation
import HapticCore
import HapticPlanner
import HapticSynth
import Testing
@testable import HapticPlayback

/// How AHAP's sub-millisecond times and envelope parameters sound.
@Suite struct EnvelopeRenderTests {
    func ahap(_ text: String) throws -> PlaybackPlan {
        try AHAPImport.read(try JSONParser.parse(Array(text.utf8)), file: "p.ahap").plan
    }

    func continuous(_ duration: String, sharpness: String = "0", _ extra: String = "") -> String {
        #"{"Event": {"Time": 0, "EventType": "HapticContinuous", "EventDuration": \#(duration), "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 1}, {"ParameterID": "HapticSharpness", "ParameterValue": \#(sharpness)}\#(extra)]}}"#
    }

    func rms(_ samples: ArraySlice<Float>) -> Double {
        (samples.reduce(0) { $0 + Double($1) * Double($1) } / Double(max(1, samples.count))).squareRoot()
    }

    /// 0.5 × sin(φₖ) with the synthesizer's serial phase recurrence at `frequencyHz`.
    func sine(count: Int, frequencyHz: Double, rate: Double = 48_000) -> [Double] {
        var phase = 0.0
        let step = 2 * Double.pi * frequencyHz / rate
        return (0..<count).map { _ in
            defer { phase += step }
            return 0.5 * sin(phase)
        }
    }

    func raisedCosine(_ j: Int, _ frames: Int) -> Double { 0.5 - 0.5 * cos(Double.pi * Double(j) / Double(frames)) }

    @Test func envelopeTimesFollowTheProfilesExponentialMap() {
        let profile = ActuatorProfile()
        #expect(profile.envelopeTimeMs(0) == 2 && profile.envelopeTimeMs(1) == 1_000)
        #expect(abs(profile.envelopeTimeMs(0.5) - 44.721_359_5) < 1e-6)
        #expect(abs(profile.envelopeTimeMs(-1) - 0.004) < 1e-12 && profile.envelopeTimeMs(3) == 1_000)
    }

    @Test func aSubMillisecondEventStartsAtItsExactFrame() throws {
        let plan = try ahap(#"{"Pattern": [{"Event": {"Time": 0.1001, "EventType": "HapticTransient", "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 1}, {"ParameterID": "HapticSharpness", "ParameterValue": 1}]}}]}"#)
        let samples = try render(plan).samples
        // round-half-up((10 + 100.1) × 48) = 5285.
        #expect(samples[0...5285].allSatisfy { $0 == 0 })
        #expect(samples[5286] != 0)
        let tenthLater = try ahap(#"{"Pattern": [{"Event": {"Time": 0.1002, "EventType": "HapticTransient", "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 1}, {"ParameterID": "HapticSharpness", "ParameterValue": 1}]}}]}"#)
        // 110.2 × 48 = 5289.6 → 5290: 0.1 ms apart is 4.8 frames, not the same frame.
        let later = try render(tenthLater).samples
        #expect(later[0...5290].allSatisfy { $0 == 0 } && later[5291] != 0)
    }

    @Test func curvePointsLessThanAMillisecondApartShapeTheSound() throws {
        // The intensity reaches 1 after 0.45 ms (21.6 frames), then falls to 0 at 0.9 ms.
        let plan = try ahap(#"{"Pattern": [\#(continuous("0.01", sharpness: "1")), {"ParameterCurve": {"ParameterID": "HapticIntensityControl", "Time": 0, "ParameterCurveControlPoints": [{"Time": 0, "ParameterValue": 0}, {"Time": 0.00045, "ParameterValue": 1}, {"Time": 0.0009, "ParameterValue": 0}]}}]}"#)
        let samples = try render(plan).samples
        let start = 480  // frame(0)
        #expect(samples[(start + 44)...].allSatisfy { $0 == 0 })
        #expect(samples[(start + 15)..<(start + 30)].contains { $0 != 0 })
    }

    @Test func aNonSustainedEventDecaysToSilenceAndEndsThere() throws {
        let plan = try ahap(#"{"Pattern": [\#(continuous("1", #", {"ParameterID": "Sustained", "ParameterValue": 0}, {"ParameterID": "DecayTime", "ParameterValue": 1}"#))]}"#)
        let samples = try render(plan).samples
        let event = samples[480..<48_480]
        let quarter = event.count / 4
        let first = rms(event.prefix(quarter)), last = rms(event.suffix(quarter))
        #expect(first > 0.1 && last < first / 10, "first quarter \(first), last quarter \(last)")
        // DecayTime 0.5: 44.72 ms of decay after the 2 ms attack: the voice ends at 96 + 2147 frames.
        let short = try render(try ahap(#"{"Pattern": [\#(continuous("1", #", {"ParameterID": "Sustained", "ParameterValue": false}, {"ParameterID": "DecayTime", "ParameterValue": 0.5}"#))]}"#)).samples
        #expect(short.count == 48_480)
        #expect(short[(480 + 96 + 2147)...].allSatisfy { $0 == 0 })
        #expect(abs(short[480 + 96 + 2100]) > 0 && abs(short[480 + 96 + 2100]) < 0.002)
    }

    @Test func aSustainedEventReleasesByTheProfilesMapping() throws {
        // 0.5 s at 65 Hz; ReleaseTime 0.5 → 44.72 ms → 2147 frames; no AttackTime → 2 ms (96 frames).
        let plan = try ahap(#"{"Pattern": [\#(continuous("0.5", #", {"ParameterID": "ReleaseTime", "ParameterValue": 0.5}"#))]}"#)
        let samples = try render(plan).samples
        let event = Array(samples[480..<24_480]).map(Double.init)
        let expected = sine(count: event.count, frequencyHz: 65)
        let length = event.count, release = 2147, attack = 96
        for k in [0, 50, attack - 1] {
            #expect(abs(event[k] - expected[k] * raisedCosine(k, attack)) < 1e-6)
        }
        for k in [attack, 10_000, length - release - 1] { #expect(abs(event[k] - expected[k]) < 1e-6) }
        for k in stride(from: length - release, to: length, by: 97) {
            #expect(abs(event[k] - expected[k] * raisedCosine(length - 1 - k, release)) < 1e-6, "frame \(k)")
        }
        #expect(samples[24_480...].allSatisfy { $0 == 0 })
        // A release control adds to the value at the event's onset: 0.25 + 0.25 releases as 0.5 does.
        let controlled = try ahap(#"{"Pattern": [\#(continuous("0.5", #", {"ParameterID": "ReleaseTime", "ParameterValue": 0.25}"#)), {"Parameter": {"ParameterID": "HapticReleaseTimeControl", "Time": 0, "ParameterValue": 0.25}}]}"#)
        #expect(try render(controlled).samples == samples)
    }

    @Test func anAttackTimeSoftensATransientAndNothingElseChangesIt() throws {
        let tap = #"{"Event": {"Time": 0, "EventType": "HapticTransient", "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 1}, {"ParameterID": "HapticSharpness", "ParameterValue": 1}]}}"#
        let plain = try render(try ahap(#"{"Pattern": [\#(tap)]}"#)).samples
        let soft = try render(try ahap(#"{"Pattern": [\#(tap.replacingOccurrences(of: "1}]}}", with: #"1}, {"ParameterID": "AttackTime", "ParameterValue": 0}]}}"#))]}"#)).samples
        #expect(plain.count == soft.count)
        // 2 ms of attack: 96 frames rise, then the click is unchanged.
        #expect(abs(soft[480 + 40]) < abs(plain[480 + 40]))
        #expect(soft[(480 + 96)...] == plain[(480 + 96)...])
        let withControlOnly = try render(try ahap(#"{"Pattern": [\#(tap), {"Parameter": {"ParameterID": "HapticDecayTimeControl", "Time": 0, "ParameterValue": 1}}]}"#)).samples
        #expect(withControlOnly == plain)
    }

    @Test func aTransientsEventDurationLengthensTheRender() throws {
        let plan = try ahap(#"{"Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient", "EventDuration": 0.5, "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 1}, {"ParameterID": "HapticSharpness", "ParameterValue": 1}]}}]}"#)
        let samples = try render(plan).samples
        #expect(samples.count == 24_480)  // frame(500)
        #expect(samples[800...].allSatisfy { $0 == 0 })
    }
}
