import Foundation
import HapticCore
import HapticPlanner
import Testing
@testable import HapticSynth

@Suite struct ProfileTests {
    @Test func defaultsAreTheDocumentedOnes() throws {
        let profile = ActuatorProfile()
        #expect(profile.sampleRate == 48_000 && profile.minFrequencyHz == 65 && profile.maxFrequencyHz == 300)
        #expect(profile.intensityExponent == 1 && profile.continuousGain == 0.5 && profile.transientGain == 0.8)
        #expect(profile.transientCycles == 2 && profile.rampMs == 2 && profile.splitRetrigger)
        #expect(profile.envelopeMinMs == 2 && profile.envelopeMaxMs == 1_000)
        try profile.validate()
        #expect(profile.frequencyHz(sharpness: 0.5) == 182.5)
    }

    @Test(arguments: [
        ("sampleRate", 7_999.0), ("sampleRate", 192_001.0), ("minFrequencyHz", 0), ("maxFrequencyHz", 65),
        ("maxFrequencyHz", 24_001), ("intensityExponent", 0), ("continuousGain", 1.5), ("transientGain", -0.1),
        ("transientCycles", 0), ("rampMs", -1), ("envelopeMinMs", 0), ("envelopeMaxMs", 2), ("envelopeMaxMs", 60_001),
    ] as [(String, Double)])
    func outOfRangeValuesAreRejected(key: String, value: Double) {
        let json = "{\"\(key)\": \(key == "sampleRate" || key == "transientCycles" ? String(Int(value)) : String(value))}"
        #expect(throws: ProfileFileError.self) { try ActuatorProfile.parse(Array(json.utf8), file: "p.json") }
    }

    @Test func profileFilesOverrideDefaultsAndNameTheirErrors() throws {
        let profile = try ActuatorProfile.parse(
            Array(#"{"sampleRate": 16000, "maxFrequencyHz": 250, "splitRetrigger": false, "rampMs": 0}"#.utf8), file: "p.json")
        #expect(profile.sampleRate == 16_000 && profile.maxFrequencyHz == 250 && !profile.splitRetrigger && profile.rampMs == 0)
        #expect(profile.minFrequencyHz == 65)
        #expect(performing: { try ActuatorProfile.parse(Array(#"{"maxFrequency": 250}"#.utf8), file: "p.json") },
                throws: { "\($0)" == "p.json:1:2: unknown key \"maxFrequency\" — did you mean \"maxFrequencyHz\"? at $" })
        #expect(performing: { try ActuatorProfile.parse(Array(#"{"sampleRate": 44100.5}"#.utf8), file: "p.json") },
                throws: { "\($0)" == "p.json:1:16: expected a whole number, got 44100.5 at $.sampleRate" })
        #expect(performing: { try ActuatorProfile.parse(Array(#"{"sampleRate": 8000, "maxFrequencyHz": 4500}"#.utf8), file: "p.json") },
                throws: { "\($0)" == "p.json:1:40: maxFrequencyHz must be greater than minFrequencyHz (65.0) and at most sampleRate / 2 (4000.0) (got 4500.0) at $.maxFrequencyHz" })
    }
}

@Suite struct FrameTimingTests {
    @Test func framesRoundHalfUpInIntegers() {
        #expect(FrameTiming.frame(patternMs: 0, rate: 48_000) == 480)
        #expect(FrameTiming.frame(patternMs: 7, rate: 44_100) == 750)  // 749.7
        #expect(FrameTiming.frame(atMs: 1, rate: 44_100) == 44)  // 44.1
        #expect(FrameTiming.frame(atMs: 5, rate: 44_100) == 221)  // 220.5 rounds up
        #expect(FrameTiming.patternMs(frame: 480, rate: 48_000) == 0)
    }

    @Test func microsecondFramesAgreeWithMillisecondFramesAndNeverOverflow() {
        for rate in [8_000, 11_025, 44_100, 48_000, 192_000] {
            for ms: Int64 in [0, 1, 5, 7, 250, 1_010, 60_021, 86_400_000] {
                #expect(FrameTiming.frame(atUs: ms * 1000, rate: rate) == FrameTiming.frame(atMs: ms, rate: rate))
            }
        }
        #expect(FrameTiming.frame(atUs: 110_100, rate: 48_000) == 5285)  // 5284.8
        #expect(FrameTiming.frame(atUs: 10_500, rate: 48_000) == 504)  // 504.0
        #expect(FrameTiming.frame(atUs: 20_833, rate: 24_000) == 500)  // 499.992
        #expect(FrameTiming.frame(atUs: Int64.max, rate: 192_000) == 1_770_887_431_076_116_955)
    }

    @Test func elapsedMillisecondsReachADeadlineExactlyAtItsFrame() {
        for rate in [8_000, 44_100, 48_000, 96_000, 192_000, 11_025] {
            for ms: Int64 in [0, 1, 5, 10, 11, 250, 1_010, 60_021] {
                let frame = FrameTiming.frame(atMs: ms, rate: rate)
                #expect(FrameTiming.elapsedMs(frame: frame, rate: rate) >= ms)
                if frame > 0 { #expect(FrameTiming.elapsedMs(frame: frame - 1, rate: rate) < ms) }
            }
        }
    }
}

@Suite struct MixerTests {
    @Test func emptyMixIsSilence() {
        let mixer = Mixer(profile: ActuatorProfile())
        var block = [Float](repeating: 1, count: 256)
        block.withUnsafeMutableBufferPointer { mixer.render(into: $0) }
        #expect(block.allSatisfy { $0 == 0 })
        #expect(mixer.framePosition == 256 && !mixer.isSounding)
    }

    @Test func controlTrackMatchesCurveEvaluationToRounding() throws {
        let curve = try Curve([(0, 0.1), (13, 0.9), (40, 0.2), (41, 1), (100, 0)])
        let track = ControlTrack(curves: [.init(parameter: .intensityControl, startUs: 20_000, points: curve.points.compactMap(CurvePoint.init))])
        var cursor = ControlTrack.Cursor()
        var time = -5.0
        while time < 140 {
            let expected = curve.value(atMs: time - 20)
            #expect(abs(track.value(atMs: time, cursor: &cursor) - expected) <= 1e-14)
            time += 0.37
        }
    }
}

/// The profile's field table is the one description of the profile: the docs' table says the same.
@Suite struct ProfileFieldTableTests {
    /// Each docs row: the keys, the flags column, the defaults (one per key, in order).
    func docsRows() throws -> [(keys: [String], flags: String, defaults: [String])] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        let text = try String(contentsOfFile: root + "/docs/synthesis.md", encoding: .utf8)
        return text.split(separator: "\n").filter { $0.hasPrefix("| `") }.map { line in
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            let keys = cells[0].split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " `")) }
            return (keys, cells[1], cells[2].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        }
    }

    @Test func theDocsTableListsEveryFieldWithItsDefaultAndFlag() throws {
        let rows = try docsRows()
        for field in ActuatorProfile.fields {
            let row = try #require(rows.first { $0.keys.contains(field.key) }, "\(field.key) is not in docs/synthesis.md")
            let shown = row.defaults[row.keys.firstIndex(of: field.key)!]
            let value = field.defaultValue
            let expected = field.kind == .boolean ? (value != 0 ? "true" : "false")
                : field.kind != .number && field.kind != .wholeNumber ? field.valueText(ActuatorProfile())
                : value == value.rounded() ? "\(Int(value))" : "\(value)"
            #expect(shown == expected, "\(field.key): docs say \(shown), the table \(expected)")
            if let flag = field.flag { #expect(row.flags.contains("`\(flag.name)`"), "\(field.key): \(flag.name)") }
        }
        #expect(rows.flatMap(\.keys).count == ActuatorProfile.fields.count)
    }

    @Test func everyRuleRefusesAValueOutsideIt() {
        // A choice is set by name; the readers refuse an unknown one.
        for field in ActuatorProfile.fields where field.kind == .number || field.kind == .wholeNumber {
            var profile = ActuatorProfile()
            field.set(-1, in: &profile)
            #expect(throws: ProfileError.self, "\(field.key)") { try profile.validate() }
        }
    }
}
