import HapticCore
import Testing
@testable import HapticPlanner

/// What real AHAP files contain: sub-millisecond times, envelope parameters, transients with a
/// duration, and mistakes worth a warning.
@Suite struct AHAPRealWorldTests: AHAPReading {

    let parameters = #""EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 1}, {"ParameterID": "HapticSharpness", "ParameterValue": 0.5}"#

    func continuous(_ time: String, _ duration: String, extra: String = "") -> String {
        #"{"Event": {"Time": \#(time), "EventType": "HapticContinuous", "EventDuration": \#(duration), \#(parameters)\#(extra)]}}"#
    }

    func curve(_ id: String, _ time: String, _ points: [(String, String)]) -> String {
        let list = points.map { #"{"Time": \#($0.0), "ParameterValue": \#($0.1)}"# }.joined(separator: ", ")
        return #"{"ParameterCurve": {"ParameterID": "\#(id)", "Time": \#(time), "ParameterCurveControlPoints": [\#(list)]}}"#
    }

    @Test func subMillisecondTimesKeepTheirPrecisionInThePlan() throws {
        let document = try read(#"{"Pattern": [\#(continuous("0.1001", "0.00045")), \#(curve("HapticSharpnessControl", "0.0002", [("0", "0"), ("0.00045", "0.5"), ("0.0009", "1")]))]}"#)
        let player = document.plan.players[0]
        #expect(player.events[0].startUs == 100_100 && player.events[0].durationUs == 450)
        #expect(player.curves[0].startUs == 200 && player.curves[0].points.map(\.timeUs) == [0, 450, 900])
        #expect(document.warnings.isEmpty)
        let json = document.plan.json.compact
        #expect(json.contains(#""startMs": 100.1, "durationMs": 0.45"#))
        #expect(json.contains(#""startMs": 0.2, "points": [[0, 0], [0.45, 0.5], [0.9, 1]]"#))
        #expect(document.plan.diagnostics.logicalDurationMs == 101)  // 100.55 ms, to nearest
    }

    @Test func exportWritesTheExactSecondsItHas() throws {
        let document = try read(#"{"Pattern": [\#(continuous("0.1001", "0.00045")), \#(curve("HapticIntensityControl", "0.1001", [("0", "1"), ("0.0000007", "0.5")]))]}"#)
        let text = AHAPExport.documents(for: document.plan)[0].compact
        #expect(text.contains(#""Time": 0.1001, "EventType": "HapticContinuous", "EventDuration": 0.00045"#))
        #expect(text.contains(#"{"Time": 0.000001, "ParameterValue": 0.5}"#))
    }

    @Test func pointsThatCoincideAreMergedAndTheLaterOneWins() throws {
        let document = try read(#"{"Pattern": [\#(continuous("0", "1")), \#(curve("HapticIntensityControl", "0", [("0", "0"), ("0.1", "0.2"), ("0.1000001", "0.9"), ("0.5", "1")]))]}"#)
        #expect(document.plan.players[0].curves[0].points == [
            CurvePoint(timeUs: 0, value: 0), CurvePoint(timeUs: 100_000, value: 0.9), CurvePoint(timeUs: 500_000, value: 1),
        ])
        #expect(document.warnings.map(\.description) == [
            "$.Pattern[1]: control points 1 and 2 of the HapticIntensityControl curve are both at 100 ms; the later one is used",
        ])
    }

    @Test func pointsThatGoBackInTimeAreStillAnError() {
        #expect(failure(#"{"Pattern": [\#(curve("HapticIntensityControl", "0", [("0", "0"), ("0.0015", "1"), ("0.0012", "0")]))]}"#)
            == "p.ahap:1:191: control point times must increase (1.2 ms after 1.5 ms) at $.Pattern[0].ParameterCurve.ParameterCurveControlPoints[2]")
    }

    @Test func envelopeParametersAreKeptOnTheEventWithTheModelApproximation() throws {
        let extra = #", {"ParameterID": "AttackTime", "ParameterValue": 0.25}, {"ParameterID": "DecayTime", "ParameterValue": 1.5}, {"ParameterID": "ReleaseTime", "ParameterValue": 0}, {"ParameterID": "Sustained", "ParameterValue": 0}"#
        let document = try read(#"{"Pattern": [\#(continuous("0", "1", extra: extra))]}"#)
        #expect(document.plan.players[0].events[0].envelope
            == EventEnvelope(attackTime: 0.25, decayTime: 1, releaseTime: 0, sustained: false))
        #expect(document.warnings.map(\.description) == ["$.Pattern[0]: DecayTime 1.5 clamped to 1.0"])
        #expect(document.plan.diagnostics.approximations.last
            == "Envelope times (AttackTime, DecayTime, ReleaseTime, Sustained) are hapsynth's model; Apple publishes no mapping")
        #expect(document.plan.json.compact.contains(#""attackTime": 0.25, "decayTime": 1, "releaseTime": 0, "sustained": false"#))
        let boolean = try read(#"{"Pattern": [\#(continuous("0", "1", extra: #", {"ParameterID": "Sustained", "ParameterValue": true}"#))]}"#)
        #expect(boolean.plan.players[0].events[0].envelope == EventEnvelope(sustained: true))
        let plain = try read(#"{"Pattern": [\#(continuous("0", "1"))]}"#)
        #expect(plain.plan.players[0].events[0].envelope.isEmpty)
        #expect(!plain.plan.diagnostics.approximations.contains(CoreHapticsRules.envelopeApproximation))
    }

    @Test func timeControlsBecomeCurvesAndStepsInTheirRange() throws {
        let document = try read(#"""
        {"Pattern": [\#(continuous("0", "1")),
          \#(curve("HapticDecayTimeControl", "0.1", [("0", "-1.5"), ("0.2", "0.5")])),
          {"Parameter": {"ParameterID": "HapticAttackTimeControl", "Time": 0.3, "ParameterValue": -0.25}},
          {"Parameter": {"ParameterID": "HapticReleaseTimeControl", "Time": 0.4, "ParameterValue": 0.75}}]}
        """#)
        #expect(document.plan.players[0].curves == [
            ParameterCurve(parameter: .decayTimeControl, startUs: 100_000, points: [CurvePoint(timeUs: 0, value: -1), CurvePoint(timeUs: 200_000, value: 0.5)]),
            ParameterCurve(parameter: .attackTimeControl, startUs: 300_000, points: [CurvePoint(timeUs: 0, value: -0.25)]),
            ParameterCurve(parameter: .releaseTimeControl, startUs: 400_000, points: [CurvePoint(timeUs: 0, value: 0.75)]),
        ])
        #expect(document.warnings.map(\.description) == ["$.Pattern[1]: HapticDecayTimeControl -1.5 clamped to -1.0"])
        #expect(document.plan.diagnostics.approximations.contains(CoreHapticsRules.envelopeApproximation))
    }

    @Test func aTransientsEventDurationCountsInTheLogicalDurationOnly() throws {
        let document = try read(#"{"Pattern": [{"Event": {"Time": 0.5, "EventType": "HapticTransient", "EventDuration": 0.75, \#(parameters)]}}]}"#)
        let event = document.plan.players[0].events[0]
        #expect(event.kind == .transient && event.durationUs == 750_000)
        #expect(document.plan.diagnostics.logicalDurationMs == 1_250)
        #expect(document.plan.diagnostics.estimatedNativeDurationMs == 510)
        #expect(AHAPExport.documents(for: document.plan)[0].compact.contains(#""EventDuration": 0.75"#))
    }

    @Test func curvePointTimesThatLookAbsoluteAreFlagged() throws {
        let absolute = try read(#"{"Pattern": [\#(continuous("0.5", "0.5")), \#(curve("HapticIntensityControl", "0.5", [("0.5", "1"), ("0.75", "0.5"), ("1", "0")]))]}"#)
        // Changed (issue 62): the warning says how far the control is from the absolute reading while
        // the event plays (held at 1 where the file means a fall to 0), and is the felt code.
        #expect(absolute.warnings.map(\.description) == [
            "$.Pattern[1]: the HapticIntensityControl curve's point times look absolute: its first point is at its own Time (500 ms) and its points run past the last event (1000 ms); point times are relative to the curve's Time; read as Core Haptics reads it, the control is 1 off the absolute reading while events play",
        ])
        #expect(absolute.warnings.map(\.code) == [.curveTimesAbsolute])
        let relative = try read(#"{"Pattern": [\#(continuous("0.5", "0.5")), \#(curve("HapticIntensityControl", "0.5", [("0", "1"), ("0.25", "0.5"), ("0.5", "0")]))]}"#)
        #expect(relative.warnings.isEmpty)
        let atZero = try read(#"{"Pattern": [\#(continuous("0", "0.5")), \#(curve("HapticIntensityControl", "0", [("0", "1"), ("0.9", "0")]))]}"#)
        #expect(atZero.warnings.isEmpty)
    }

    @Test func aTrailingCommaIsOneWarningForTheFile() throws {
        let text = #"{"Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient", \#(parameters),]}},],}"#
        #expect(throws: JSONError.self) { try JSONParser.parse(Array(text.utf8)) }
        let lenient = try JSONParser.parse(Array(text.utf8), allowingTrailingCommas: true)
        #expect(lenient.trailingComma == SourcePosition(line: 1, column: 202))
        let document = try AHAPImport.read(lenient.root, file: "p.ahap", trailingComma: lenient.trailingComma)
        #expect(document.warnings.map(\.description) == ["$: trailing comma at p.ahap:1:202 accepted, as Apple's JSON reader does"])
        #expect(document.plan.players[0].events.count == 1)
    }

    @Test func lenientParsingStillRejectsEverythingElse() {
        for text in [#"[1,,2]"#, #"{"a": 1,}"# + "x", #"[,]"#, #"{,}"#, #"[1,}"#] {
            #expect(throws: JSONError.self) { try JSONParser.parse(Array(text.utf8), allowingTrailingCommas: true) }
        }
    }

    @Test func warningsOfOneKindAreGroupedWithTheirFirstThreePlaces() throws {
        let events = (0..<1000).map { #"{"Event": {"Time": \#(Double($0) / 100), "EventType": "HapticTransient", "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 1}]}}"# }
        let document = try read(#"{"Pattern": [\#(events.joined(separator: ", ")), {"Event": {"Time": 20, "EventType": "AudioCustom"}}]}"#)
        #expect(document.warnings.count == 1001)
        let groups = WarningGroup.group(document.warnings.map { ($0.kind, "\($0.path)", $0.description) })
        #expect(groups.map(\.line) == [
            "1000 events lack HapticSharpness (0.5 used): $.Pattern[0], $.Pattern[1], $.Pattern[2], …",
            "$.Pattern[1000]: AudioCustom event without EventWaveformPath skipped",  // changed with audio events (issue 27)
        ])
        let three = WarningGroup.group(document.warnings.prefix(3).map { ($0.kind, "\($0.path)", $0.description) })
        #expect(three.map(\.line) == ["3 events lack HapticSharpness (0.5 used): $.Pattern[0], $.Pattern[1], $.Pattern[2]"])
    }

    @Test func readingBytesAcceptsTrailingCommasAndPlacesJSONErrors() throws {
        let document = try AHAPImport.read(bytes: Array(#"{"Pattern": [{"Event": {"Time": 0.1001, "EventType": "HapticTransient",},},],}"#.utf8), file: "x.ahap")
        #expect(document.plan.players[0].events[0].startUs == 100_100)
        #expect(document.warnings.first?.description == "$: trailing comma at x.ahap:1:71 accepted, as Apple's JSON reader does")
        #expect(performing: { try AHAPImport.read(bytes: Array(#"{"Pattern": [{"Event": {"Time": 0,},]}"#.utf8), file: "x.ahap") },
                throws: { "\($0)" == "x.ahap:1:37: expected '}' after the trailing comma, found ']' at $.Pattern[0].Event" })
    }
}
