import HapticCore
import Testing
@testable import HapticPlanner

/// Reads AHAP text in tests, as the file `p.ahap`.
protocol AHAPReading {}

extension AHAPReading {
    func read(_ text: String, capabilities: DeviceCapabilities = .iPhone) throws -> AHAPDocument {
        try AHAPImport.read(try JSONParser.parse(Array(text.utf8)), file: "p.ahap", capabilities: capabilities)
    }

    /// The error text reading `text` throws, or nil when it reads.
    func failure(_ text: String) -> String? {
        do {
            _ = try read(text)
            return nil
        } catch {
            return "\(error)"
        }
    }
}

/// AHAP import rules and export (docs/ahap.md).
@Suite struct AHAPImportTests: AHAPReading {

    func event(_ fields: String) -> String { #"{"Pattern": [{"Event": {\#(fields)}}]}"# }

    @Test func secondsBecomeMicrosecondsRoundedHalfAwayFromZero() throws {
        let document = try read(#"{"Pattern": [{"Event": {"Time": 0.0125005, "EventType": "HapticContinuous", "EventDuration": 0.0994, "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 0.5}, {"ParameterID": "HapticSharpness", "ParameterValue": 0.5}]}}]}"#)
        let native = try #require(document.plan.players.first?.events.first)
        #expect(native.startUs == 12_501 && native.durationUs == 99_400)
        #expect(document.plan.diagnostics.logicalDurationMs == 112)
        #expect(document.warnings.isEmpty)
    }

    @Test func theLayoutSaysWhereEachKeptEventSitsAndHowLongThePatternIs() throws {
        let document = try read(#"""
            {"Pattern": [
              {"ParameterCurve": {"ParameterID": "HapticIntensityControl", "Time": 0.5, "ParameterCurveControlPoints": [{"Time": 0, "ParameterValue": 1}, {"Time": 40, "ParameterValue": 0}]}},
              {"Event": {"Time": 0.1, "EventType": "AudioCustom"}},
              {"Event": {"Time": 0.2, "EventType": "HapticTransient", "EventDuration": 0.05}},
              {"Event": {"Time": 0.3, "EventType": "AudioContinuous", "EventDuration": 0.2}},
              {"Parameter": {"ParameterID": "AudioVolumeControl", "Time": 41, "ParameterValue": 0.5}},
              {"Event": {"Time": 1, "EventType": "HapticContinuous", "EventDuration": 35}}
            ]}
            """#)
        // The AudioCustom without a path is skipped, yet counts among the file's events.
        #expect(document.layout.hapticEventIndices == [1, 3])
        #expect(document.layout.audioEventIndices == [2])
        #expect(document.layout.cutEvents == [3])
        // The uncut event ends at 36 s, the curve at 40.5 s; the parameter at 41 s is the latest.
        #expect(document.layout.durationUs == 41_000_000)
    }

    @Test func missingParametersTakeTheirDefaultsWithWarnings() throws {
        let document = try read(event(#""Time": 0, "EventType": "HapticTransient""#))
        let native = try #require(document.plan.players.first?.events.first)
        #expect(native.intensity == 1 && native.sharpness == 0.5)
        #expect(document.warnings.map(\.description) == [
            "$.Pattern[0]: HapticIntensity missing, 1.0 used", "$.Pattern[0]: HapticSharpness missing, 0.5 used",
        ])
    }

    @Test func outOfRangeValuesAreClampedWithWarnings() throws {
        let document = try read(event(#""Time": 0, "EventType": "HapticTransient", "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 1.4}, {"ParameterID": "HapticSharpness", "ParameterValue": -0.2}]"#))
        let native = try #require(document.plan.players.first?.events.first)
        #expect(native.intensity == 1 && native.sharpness == 0)
        #expect(document.warnings.map(\.description) == [
            "$.Pattern[0]: HapticIntensity 1.4 clamped to 1.0", "$.Pattern[0]: HapticSharpness -0.2 clamped to 0.0",
        ])
    }

    @Test func continuousEventsOver30SecondsAreCut() throws {
        let document = try read(event(#""Time": 1, "EventType": "HapticContinuous", "EventDuration": 45, "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 1}, {"ParameterID": "HapticSharpness", "ParameterValue": 1}]"#))
        #expect(document.plan.players[0].events[0].durationUs == 30_000_000)
        #expect(document.warnings.map(\.description) == ["$.Pattern[0]: continuous event of 45000 ms cut at 30000 ms"])
        #expect(document.plan.diagnostics.logicalDurationMs == 31_000)
    }

    /// Changed with audio events (issue 27): audio events and audio controls are read into the
    /// document's audio, no longer skipped; unknown parameters and keys still are.
    @Test func audioEventsAreKeptAndUnknownParametersAndUnknownKeysAreSkippedWithWarnings() throws {
        let document = try read(#"""
        {"Version": 1.0, "Extra": 1, "Pattern": [
          {"Event": {"Time": 0, "EventType": "HapticTransient", "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 1}, {"ParameterID": "HapticSharpness", "ParameterValue": 1}, {"ParameterID": "HapticAttackTime", "ParameterValue": 0.1}]}},
          {"Event": {"Time": 0.1, "EventType": "AudioCustom", "EventWaveformPath": "a.wav"}},
          {"ParameterCurve": {"ParameterID": "AudioVolumeControl", "Time": 0, "ParameterCurveControlPoints": [{"Time": 0, "ParameterValue": 1}]}},
          {"Parameter": {"ParameterID": "AudioPanControl", "Time": 0, "ParameterValue": 1}},
          {"Marker": {"Time": 0}}
        ]}
        """#)
        #expect(document.warnings.map(\.description) == [
            "$: unknown key \"Extra\" skipped",
            "$.Pattern[0]: parameter HapticAttackTime skipped",
            "$.Pattern[4]: unknown key \"Marker\" skipped",
        ])
        #expect(document.plan.players[0].events.count == 1 && document.plan.players[0].curves.isEmpty)
        #expect(document.audio.events.map(\.kind) == [.custom] && document.audio.events[0].waveformPath == "a.wav")
        #expect(document.audio.events[0].startUs == 100_000 && document.audio.events[0].volume == 1 && document.audio.events[0].usesVolumeEnvelope)
        #expect(document.audio.curves.map(\.parameter) == [.volume, .pan])
        #expect(document.audio.control(.pan, atUs: 5) == 1 && document.audio.control(.brightness, atUs: 5) == 0)
        #expect(document.plan.players[0].curves.isEmpty)
    }

    @Test func parametersAreStepsAndCurvesKeepTheirOrder() throws {
        let document = try read(#"""
        {"Pattern": [
          {"Event": {"Time": 0, "EventType": "HapticContinuous", "EventDuration": 1, "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 1}, {"ParameterID": "HapticSharpness", "ParameterValue": 0.5}]}},
          {"ParameterCurve": {"ParameterID": "HapticSharpnessControl", "Time": 0.25, "ParameterCurveControlPoints": [{"Time": 0, "ParameterValue": -0.5}, {"Time": 0.5, "ParameterValue": 2}]}},
          {"Parameter": {"ParameterID": "HapticIntensityControl", "Time": 0.5, "ParameterValue": 0.25}}
        ]}
        """#)
        #expect(document.plan.players[0].curves == [
            ParameterCurve(parameter: .sharpnessControl, startUs: 250_000,
                           points: [CurvePoint(timeUs: 0, value: -0.5), CurvePoint(timeUs: 500_000, value: 1)]),
            ParameterCurve(parameter: .intensityControl, startUs: 500_000, points: [CurvePoint(timeUs: 0, value: 0.25)]),
        ])
        #expect(document.warnings.map(\.description) == ["$.Pattern[1]: HapticSharpnessControl 2 clamped to 1.0"])
    }

    @Test func logicalDurationComesFromMetadataOrTheLastEventEnd() throws {
        let transient = #"{"Event": {"Time": 0.2, "EventType": "HapticTransient", "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 1}, {"ParameterID": "HapticSharpness", "ParameterValue": 1}]}}"#
        #expect(try read(#"{"Pattern": [\#(transient)]}"#).plan.diagnostics.logicalDurationMs == 200)
        let withMetadata = try read(#"{"Metadata": {"hapsynthLogicalDurationMs": 750}, "Pattern": [\#(transient)]}"#)
        #expect(withMetadata.plan.diagnostics.logicalDurationMs == 750)
        #expect(withMetadata.plan.diagnostics.estimatedNativeDurationMs == 210)
    }

    @Test func silentAndUnsupportedPlans() throws {
        let quiet = event(#""Time": 0, "EventType": "HapticTransient", "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 0}, {"ParameterID": "HapticSharpness", "ParameterValue": 1}]"#)
        #expect(try read(quiet).plan.diagnostics.backend == .silent)
        let loud = event(#""Time": 0, "EventType": "HapticTransient""#)
        #expect(try read(loud, capabilities: .noHaptics).plan.diagnostics.backend == .unsupported)
    }

    @Test func curvesOf17PointsAreKeptWithAWarningOnImportAndExport() throws {
        let points = (0..<17).map { #"{"Time": \#(Double($0) / 100), "ParameterValue": \#(Double($0 % 2))}"# }.joined(separator: ", ")
        let document = try read(#"{"Pattern": [{"ParameterCurve": {"ParameterID": "HapticIntensityControl", "Time": 0, "ParameterCurveControlPoints": [\#(points)]}}]}"#)
        #expect(document.warnings.map(\.description) == [
            "$.Pattern[0]: the HapticIntensityControl curve has 17 points; some devices are reported to accept only 16",
        ])
        let plan = try read(#"{"Pattern": [{"Event": {"Time": 0, "EventType": "HapticContinuous", "EventDuration": 0.2}}, {"ParameterCurve": {"ParameterID": "HapticIntensityControl", "Time": 0, "ParameterCurveControlPoints": [\#(points)]}}]}"#).plan
        #expect(plan.players[0].curves[0].points.count == 17)
        #expect(AHAPExport.warnings(for: plan) == [
            "player-1.ahap: the HapticIntensityControl curve at 0 ms has 17 points; some devices are reported to accept only 16 per curve",
        ])
    }

    @Test(arguments: [
        (#"[1]"#, "p.ahap:1:1: expected an object, got an array at $"),
        (#"{"Pattern": {}}"#, "p.ahap:1:13: expected an array of pattern entries, got an object at $.Pattern"),
        (#"{"Pattern": [{"Event": {"EventType": "HapticTransient"}}]}"#, "p.ahap:1:24: missing required key \"Time\" at $.Pattern[0].Event"),
        (#"{"Pattern": [{"Event": {"Time": -1, "EventType": "HapticTransient"}}]}"#, "p.ahap:1:33: time must not be negative (got -1 s) at $.Pattern[0].Event.Time"),
        (#"{"Pattern": [{"Event": {"Time": 0, "EventType": "Haptic"}}]}"#, "p.ahap:1:24: unknown EventType \"Haptic\" (expected HapticTransient, HapticContinuous, AudioContinuous or AudioCustom) at $.Pattern[0].Event.EventType"),
        (#"{"Pattern": [{"Event": {"Time": 0, "EventType": "HapticContinuous"}}]}"#, "p.ahap:1:24: missing required key \"EventDuration\" at $.Pattern[0].Event"),
        (#"{"Pattern": [{"Event": {"Time": "0", "EventType": "HapticTransient"}}]}"#, "p.ahap:1:33: expected a number, got a string at $.Pattern[0].Event.Time"),
        (#"{"Pattern": [{"ParameterCurve": {"ParameterID": "HapticIntensityControl", "Time": 0, "ParameterCurveControlPoints": [{"Time": 0.2, "ParameterValue": 1}, {"Time": 0.1, "ParameterValue": 1}]}}]}"#,
         "p.ahap:1:154: control point times must increase (100 ms after 200 ms) at $.Pattern[0].ParameterCurve.ParameterCurveControlPoints[1]"),
        (#"{"Metadata": {"hapsynthLogicalDurationMs": 1.5}, "Pattern": []}"#, "p.ahap:1:44: hapsynthLogicalDurationMs must be a whole number of milliseconds ≥ 0 (got 1.5) at $.Metadata.hapsynthLogicalDurationMs"),
    ] as [(String, String)])
    func malformedAHAPIsAnErrorWithItsPath(text: String, message: String) {
        #expect(failure(text) == message)
    }
}

@Suite struct AHAPExportTests {
    @Test func exportWritesEventsCurvesAndTheLogicalDuration() throws {
        let pattern = try Pattern {
            Transient(intensity: .strong, sharpness: 0.9)
            Delay(ms: 240)
            Continuous(ms: 300, intensityCurve: [(0, 0), (80, 0.8), (300, 0)])
            Delay(ms: 60)
        }
        let documents = AHAPExport.documents(for: try plan(pattern))
        #expect(documents.count == 2)
        #expect(documents[1].compact == #"{"Version": 1.0, "Metadata": {"Project": "hapsynth", "hapsynthLogicalDurationMs": 600}, "Pattern": [{"Event": {"Time": 0.24, "EventType": "HapticContinuous", "EventDuration": 0.3, "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 1}, {"ParameterID": "HapticSharpness", "ParameterValue": 0.5}]}}, {"ParameterCurve": {"ParameterID": "HapticIntensityControl", "Time": 0.24, "ParameterCurveControlPoints": [{"Time": 0.0, "ParameterValue": 0}, {"Time": 0.08, "ParameterValue": 0.8}, {"Time": 0.3, "ParameterValue": 0}]}}]}"#)
        let back = try AHAPImport.read(try JSONParser.parse(Array(documents[0].pretty().utf8)), file: "player-1.ahap")
        #expect(back.warnings.isEmpty)
        #expect(back.plan.players == [try plan(pattern).players[0]])
        #expect(back.plan.diagnostics.logicalDurationMs == 600)
    }
}

/// The audio controls read by a cursor are the controls read by scanning every curve, at every time.
@Suite struct ControlCursorTests {
    @Test func aCursorReadsWhatAScanOfEveryCurveReads() throws {
        var curves: [String] = []
        var seed: UInt64 = 7
        func next(_ bound: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(bound))
        }
        for _ in 0..<12 {
            var time = 0.0
            let points = (0..<(next(6) + 1)).map { _ -> String in
                time += Double(next(30)) / 100
                return #"{"Time": \#(time), "ParameterValue": \#(Double(next(200)) / 100 - 1)}"#
            }
            curves.append(#"{"ParameterCurve": {"ParameterID": "AudioPanControl", "Time": \#(Double(next(40)) / 10), "ParameterCurveControlPoints": [\#(points.joined(separator: ", "))]}}"#)
        }
        let text = #"{"Pattern": [{"Event": {"Time": 0, "EventType": "AudioContinuous", "EventDuration": 5}}, \#(curves.joined(separator: ", "))]}"#
        let audio = try AHAPImport.read(bytes: Array(text.utf8), file: "c.ahap").audio
        // The definition: the latest-starting curve in force (of two at once, the later in the
        // file), linear between its points.
        func scanned(_ us: Int64) -> Float {
            var latest: AHAPAudioCurve?
            for curve in audio.curves where curve.startUs <= us { if latest == nil || curve.startUs >= latest!.startUs { latest = curve } }
            guard let curve = latest, let first = curve.points.first, let last = curve.points.last else { return 0 }
            let relative = us - curve.startUs
            if relative <= first.timeUs { return first.value }
            if relative >= last.timeUs { return last.value }
            let upper = curve.points.firstIndex { $0.timeUs >= relative }!
            let low = curve.points[upper - 1], high = curve.points[upper]
            return low.value + (high.value - low.value) * Float(Double(relative - low.timeUs) / Double(high.timeUs - low.timeUs))
        }
        for start in [Int64(0), 1_234_567, 3_000_000] {
            var cursor = AudioControls(audio).cursor(.pan, fromUs: start)
            for us in stride(from: start, to: 6_000_000, by: 997) { #expect(cursor.value(atUs: us) == scanned(us), "at \(us) µs from \(start)") }
        }
    }
}

@Suite struct AHAPPiecesTests {
    /// A curve of 40 points in pieces of at most 16: each starts where the one before ends, and the
    /// control takes the same value at every millisecond.
    @Test func curvesInPiecesPlayAsTheWholeCurve() {
        let points = (0..<40).map { CurvePoint(timeUs: Int64($0) * 7_000, value: Float(($0 * 37) % 11) / 10) }
        let curve = ParameterCurve(parameter: .intensityControl, startUs: 25_000, points: points)
        let plan = PlaybackPlan(players: [PlayerPlan(events: [], curves: [curve])], diagnostics: PlanDiagnostics(
            backend: .coreHaptics, capabilities: .iPhone, logicalDurationMs: 300, schedulingLeadMs: 0, estimatedNativeDurationMs: 300, approximations: [],
            retriggerBoundariesMs: [], unsupportedReason: nil))
        let pieces = AHAPExport.inPieces(plan).players[0].curves
        #expect(pieces.count == 3 && pieces.allSatisfy { $0.points.count <= AHAPExport.devicePointLimit && $0.points.first?.timeUs == 0 })
        let whole = PlayerControl([curve], neutral: 1), cut = PlayerControl(pieces, neutral: 1)
        #expect((0...320).allSatisfy { ms in whole.value(atUs: Double(ms) * 1000) == cut.value(atUs: Double(ms) * 1000) })
    }
}
