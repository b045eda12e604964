import Testing
import TestSupport
@testable import HapticCore
@testable import HapticPlanner

/// `hapsynth export --to haptic`: a pattern as a Haptics Studio clip, read back by the clip reader.
@Suite struct HapticClipExportTests {
    func reload(_ export: HapticClipExport.Export) throws -> LoadedPattern {
        let scratch = try Scratch()
        return try PatternLoader.load(try scratch.write("out.haptic", export.text))
    }

    /// Three taps and a swell with curves: on iPhone the clip gives back the pattern's values at each
    /// of its breakpoints (√ of the squares; 80 % under an emphasis), the taps as transients.
    @Test func aPatternComesBackOnIPhoneAtEveryBreakpoint() throws {
        let pattern = try Pattern {
            Repeat(3) { Transient(intensity: .strong, sharpness: 0.9); Delay(ms: 80) }
            Continuous(ms: 300, intensityCurve: [(0, 0), (80, 0.8), (300, 0)], sharpnessCurve: [(0, 0.2), (300, 0.8)])
        }
        let export = try HapticClipExport.export(pattern, source: "celebration.json")
        let plan = try reload(export).plan
        #expect(plan.players[1].events.map(\.startUs) == [0, 80_000, 160_000])
        #expect(plan.players[1].events.allSatisfy { abs($0.intensity - 0.75) < 1e-6 && abs($0.sharpness - 0.9) < 1e-6 })
        let intensity = try #require(plan.players[0].curves.first { $0.parameter == .intensityControl })
        func control(_ curve: ParameterCurve, atMs ms: Int64) -> Float? {
            curve.points.last { curve.startUs + $0.timeUs == ms * 1000 }?.value
        }
        for (ms, expected) in [(240, Float(0)), (320, 0.8), (540, 0)] as [(Int64, Float)] {
            #expect(abs((control(intensity, atMs: ms) ?? -1) - expected) < 1e-6, "\(ms) ms")
        }
        let sharpness = try #require(plan.players[0].curves.first { $0.parameter == .sharpnessControl })
        #expect(abs((control(sharpness, atMs: 240) ?? -1) - 0.2) < 1e-6 && abs((control(sharpness, atMs: 540) ?? -1) - 0.8) < 1e-6)
        // Between breakpoints the squares are cut finely enough: within 1/256 of the pattern's square.
        let clip = try #require(try reload(export).clip)
        let curve = try #require(pattern.events[3].intensityCurve)
        let points: [(ms: Int64, value: Float)] = clip.amplitude.map { (Int64(($0.timeS * 1000).rounded()), $0.amplitude) }
        for ms in stride(from: Int64(240), through: 540, by: 7) {
            let original: Double = curve.value(atMs: Double(ms - 240))
            let exported = Double(HapticClipExport.value(at: ms, in: points))
            let difference: Double = abs(exported - original * original)
            #expect(difference <= 1.0 / 256 + 1e-6, "\(ms) ms")
        }
        #expect(export.warnings.contains("on iPhone, Meta's SDK lowers the envelope to 80 % at each emphasis"))
    }

    @Test func aConstantEventIsTwoBreakpoints() throws {
        let pattern = try Pattern { Continuous(ms: 100, intensity: Intensity(0.5), sharpness: 0.5) }
        let export = try HapticClipExport.export(pattern, source: "hum.json")
        #expect(export.text == """
            {
              "version": {"major": 1, "minor": 0, "patch": 0},
              "metadata": {"editor": "hapsynth", "source": "hum.json"},
              "signals": {
                "continuous": {
                  "envelopes": {
                    "amplitude": [{"time": 0, "amplitude": 0.25}, {"time": 0.1, "amplitude": 0.25}],
                    "frequency": [{"time": 0, "frequency": 0.25}, {"time": 0.1, "frequency": 0.25}]
                  }
                }
              }
            }

            """)
    }

    @Test func gapsAreZeroTransientsExtendTheClipAndStrongerOnesWin() throws {
        let pattern = try Pattern(events: [
            try .continuous(startMs: 10, durationMs: 20, intensity: Intensity(1), sharpness: 1),
            try .transient(startMs: 20, intensity: Intensity(0.5), sharpness: 0.1),
            try .transient(startMs: 50, intensity: Intensity(0.5), sharpness: 0.2),
            try .transient(startMs: 50, intensity: Intensity(0.9), sharpness: 0.3),
        ])
        let export = try HapticClipExport.export(pattern, source: "x")
        let clip = try #require(try reload(export).clip)
        #expect(clip.amplitude.map(\.timeS) == [0, 0.01, 0.01, 0.02, 0.03, 0.03, 0.05, 0.15])
        #expect(clip.amplitude.map(\.amplitude) == [0, 0, 1, 1, 1, 0, 0, 0])
        let accents = clip.amplitude.compactMap(\.emphasis)
        #expect(accents.map(\.amplitude) == [1, 0.80999994] && accents.map(\.frequency) == [0.1, 0.3])
        #expect(export.warnings.contains("1 transient is dropped: a stronger one plays in the same millisecond"))
        #expect(export.warnings.contains("1 transient is raised to the envelope under it: an emphasis is never below its breakpoint"))
    }

    @Test func overlapsMergeAndSilenceIsAnError() throws {
        let pattern = try Pattern(events: [
            try .continuous(startMs: 0, durationMs: 50, intensity: Intensity(0.4), sharpness: 0.1),
            try .continuous(startMs: 20, durationMs: 50, intensity: Intensity(0.8), sharpness: 0.9),
        ])
        let export = try HapticClipExport.export(pattern, source: "x")
        #expect(export.warnings.first == "overlapping events are merged by maximum intensity; the loudest gives the sharpness")
        #expect(throws: ExportError.self) { try HapticClipExport.export(Pattern.empty, source: "x") }
    }

    @Test func everySampleExportsToAClipTheReaderTakes() throws {
        for sample in try samplePatterns() {
            let loaded = try PatternLoader.load(packageRoot + "/Samples/" + sample)
            guard let export = try? HapticClipExport.export(loaded, source: sample) else {
                #expect(loaded.plan.diagnostics.logicalDurationMs == 0, "\(sample)")
                continue
            }
            #expect(try reload(export).clip != nil, "\(sample)")
            if let clip = loaded.clip { #expect(try reload(export).clip == clip, "\(sample)") }
        }
    }

    /// A clip exported as a clip keeps its metadata as written (author, project, description, tags
    /// and its own editor), its source added when it has none.
    @Test func aClipKeepsItsMetadata() throws {
        let scratch = try Scratch()
        let path = try scratch.write("studio.haptic", #"""
            {"version": {"major": 1, "minor": 0, "patch": 0},
             "metadata": {"editor": "Meta Haptics Studio", "author": "Ana", "project": "Game", "description": "a hit", "tags": ["ui", "hit"]},
             "signals": {"continuous": {"envelopes": {"amplitude": [{"time": 0, "amplitude": 0.5}, {"time": 0.2, "amplitude": 0}]}}}}
            """#)
        let export = try HapticClipExport.export(try PatternLoader.load(path), source: "studio.haptic")
        let back = try #require(try reload(export).clip)
        #expect(back.metadata.map(\.key) == ["editor", "author", "project", "description", "tags", "source"])
        #expect(back.metadata.first { $0.key == "editor" }?.text == "Meta Haptics Studio" && back.metadata.first { $0.key == "project" }?.text == "Game")
        #expect(back.metadata.first { $0.key == "tags" }?.tags == ["ui", "hit"] && back.description == "a hit")
        #expect(back.metadata.last?.text == "studio.haptic")
    }

    /// An AHAP sawtooth exported as a clip keeps each drop: the step shorter than 1 ms lasts 1 ms at
    /// its place (docs/ahap.md, "On Android"), rather than vanishing on the millisecond grid.
    @Test func aSawtoothKeepsItsDropsInAClip() throws {
        let scratch = try Scratch()
        let path = try scratch.write("saw.ahap", #"""
            {"Version": 1, "Pattern": [
              {"Event": {"Time": 0, "EventType": "HapticContinuous", "EventDuration": 1.0, "EventParameters": [
                {"ParameterID": "HapticIntensity", "ParameterValue": 1}, {"ParameterID": "HapticSharpness", "ParameterValue": 0.5}]}},
              {"ParameterCurve": {"ParameterID": "HapticIntensityControl", "Time": 0, "ParameterCurveControlPoints": [
                {"Time": 0, "ParameterValue": 0}, {"Time": 0.5, "ParameterValue": 1}, {"Time": 0.50001, "ParameterValue": 0}, {"Time": 1.0, "ParameterValue": 1}]}}]}
            """#)
        let clip = try #require(try reload(try HapticClipExport.export(try PatternLoader.load(path), source: "saw.ahap")).clip)
        let top = try #require(clip.amplitude.firstIndex { abs($0.timeS - 0.5) < 1e-6 })
        #expect(clip.amplitude[top].amplitude == 1 && abs(clip.amplitude[top + 1].timeS - 0.501) < 1e-6 && clip.amplitude[top + 1].amplitude < 0.05,
                "\(clip.amplitude[top...(top + 1)])")
    }
}

/// A clip's text written a point at a time (from-audio's long sounds) is byte for byte the text its
/// whole JSON tree lays out, for envelopes of every length around the layout's turning points.
@Suite struct HapticClipStreamingTests {
    @Test(arguments: [0, 1, 2, 5, 6, 7, 40])
    func pointByPointIsTheTreesText(count: Int) {
        for frequencyCount in [nil, 0, 2, 6, 30] as [Int?] {
            let amplitude: [HapticClip.AmplitudePoint] = (0..<max(1, count)).map { (index: Int) -> HapticClip.AmplitudePoint in
                let emphasis: HapticClip.Emphasis? = index % 5 == 3 ? HapticClip.Emphasis(amplitude: 0.9, frequency: 0.4) : nil
                return HapticClip.AmplitudePoint(timeS: Float(index) / 40, amplitude: Float(index % 7) / 7, emphasis: emphasis)
            }
            let frequency: [HapticClip.FrequencyPoint]? = frequencyCount.map { total in
                (0..<total).map { HapticClip.FrequencyPoint(timeS: Float($0) / 30, frequency: Float($0 % 3) / 3) }
            }
            let clip = HapticClip(amplitude: amplitude, frequency: frequency)
            // The tree, as `json` built it before it streamed.
            let points = JSONOutput.array(amplitude.map { (point: HapticClip.AmplitudePoint) -> JSONOutput in
                var members: [(String, JSONOutput)] = [("time", .float(point.timeS)), ("amplitude", .float(point.amplitude))]
                if let emphasis = point.emphasis {
                    members.append(("emphasis", .object([("amplitude", .float(emphasis.amplitude)), ("frequency", .float(emphasis.frequency))])))
                }
                return .object(members)
            })
            var envelopes: [(String, JSONOutput)] = [("amplitude", points)]
            if let frequency {
                envelopes.append(("frequency", .array(frequency.map { .object([("time", .float($0.timeS)), ("frequency", .float($0.frequency))]) })))
            }
            let tree = JSONOutput.object([
                ("version", .object([("major", .integer(1)), ("minor", .integer(0)), ("patch", .integer(0))])),
                ("metadata", .object([("editor", .string("hapsynth")), ("source", .string("s.wav"))])),
                ("signals", .object([("continuous", .object([("envelopes", .object(envelopes))]))])),
            ]).pretty() + "\n"
            var pieces: [String] = []
            HapticClipExport.write(clip, source: "s.wav") { pieces.append($0) }
            #expect(pieces.joined() == tree, "\(count) amplitude, \(String(describing: frequencyCount)) frequency points")
            #expect(HapticClipExport.json(clip, source: "s.wav") == tree)
        }
    }
}
