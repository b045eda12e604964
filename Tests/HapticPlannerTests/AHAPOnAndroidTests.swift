import Testing
import TestSupport
@testable import HapticCore
@testable import HapticPlanner

/// AHAP on Android: the imported plan becomes events with their own curves for the Jindong planner.
@Suite struct AHAPOnAndroidTests {
    func conversion(_ ahap: String) throws -> AHAPOnAndroid.Conversion {
        let document = try AHAPImport.read(bytes: Array(ahap.utf8), file: "t.ahap")
        return try AHAPOnAndroid.convert(document.plan)
    }

    static let twoEventsUnderOneCurve = #"""
        {"Pattern": [
          {"Event": {"Time": 0, "EventType": "HapticContinuous", "EventDuration": 0.2, "EventParameters": [
            {"ParameterID": "HapticIntensity", "ParameterValue": 0.8}, {"ParameterID": "HapticSharpness", "ParameterValue": 0.5}]}},
          {"Event": {"Time": 0.1, "EventType": "HapticContinuous", "EventDuration": 0.2, "EventParameters": [
            {"ParameterID": "HapticIntensity", "ParameterValue": 0.5}, {"ParameterID": "HapticSharpness", "ParameterValue": 0.2},
            {"ParameterID": "AttackTime", "ParameterValue": 0.3}]}},
          {"ParameterCurve": {"ParameterID": "HapticIntensityControl", "Time": 0, "ParameterCurveControlPoints": [
            {"Time": 0, "ParameterValue": 1}, {"Time": 0.1005, "ParameterValue": 0.5}, {"Time": 0.3, "ParameterValue": 1}]}}
        ]}
        """#

    /// One pattern-level intensity curve over two overlapping events: each event gets the curve's
    /// value times its own intensity at its start, its end and the curve's point inside it (100.5 ms,
    /// rounded away from zero to 101 ms, with the exact value there); the error is measured at the
    /// curve's own breakpoints.
    @Test func aCurveOverTwoOverlappingEventsBecomesEachEventsOwnCurve() throws {
        let result = try conversion(Self.twoEventsUnderOneCurve)
        let events = result.pattern.events
        #expect(events.map(\.startMs) == [0, 100] && events.map(\.durationMs) == [200, 200])
        func control(_ ms: Double) -> Double { ms <= 100.5 ? 1 - 0.5 * ms / 100.5 : 0.5 + 0.5 * (ms - 100.5) / 199.5 }
        let first = try #require(events[0].intensityCurve).points
        #expect(first.map(\.timeMs) == [0, 101, 200])
        for (point, ms) in zip(first, [0.0, 101, 200]) { #expect(abs(Double(point.value) - 0.8 * control(ms)) < 1e-6, "\(ms)") }
        let second = try #require(events[1].intensityCurve).points
        #expect(second.map(\.timeMs) == [0, 1, 200])
        for (point, ms) in zip(second, [100.0, 101, 300]) { #expect(abs(Double(point.value) - 0.5 * control(ms)) < 1e-6, "\(ms)") }
        #expect(events[0].sharpnessCurve == nil && events[0].sharpness == 0.5 && events[1].sharpness == 0.2)
        // At 100.5 ms the first event's curve (a line from 0 ms to 101 ms) is 0.8 × 0.5 + 0.00298 off.
        let expectedError = 0.8 + (0.8 * control(101) - 0.8) * 100.5 / 101 - 0.4
        #expect(abs(result.largestError.intensity - expectedError) < 1e-6 && result.largestError.sharpness == 0)
        #expect(result.approximations.map(\.text) == [
            "AHAP times are rounded to whole milliseconds (at most 0.5 ms).",
            "AHAP controls are sampled at whole milliseconds (largest error: intensity 0.00298, sharpness 0).",
            "Envelope parameters are not expressed on Android.",
        ])
    }

    @Test func aParameterStepCutsTheEventAndTransientsTakeTheControlAtTheirOnset() throws {
        let ahap = #"""
            {"Pattern": [
              {"Event": {"Time": 0, "EventType": "HapticContinuous", "EventDuration": 0.1, "EventParameters": [
                {"ParameterID": "HapticIntensity", "ParameterValue": 1}, {"ParameterID": "HapticSharpness", "ParameterValue": 0.5}]}},
              {"Event": {"Time": 0.08, "EventType": "HapticTransient", "EventParameters": [
                {"ParameterID": "HapticIntensity", "ParameterValue": 0.8}, {"ParameterID": "HapticSharpness", "ParameterValue": 0.7}]}},
              {"Parameter": {"ParameterID": "HapticIntensityControl", "Time": 0.04, "ParameterValue": 0.5}},
              {"Parameter": {"ParameterID": "HapticSharpnessControl", "Time": 0.06, "ParameterValue": 0.8}}
            ]}
            """#
        let events = try conversion(ahap).pattern.events
        let continuous = events.filter { $0.kind == .continuous }
        #expect(continuous.map(\.startMs) == [0, 40, 60] && continuous.map(\.durationMs) == [40, 20, 40])
        #expect(continuous.map(\.intensity.value) == [1, 0.5, 0.5] && continuous.map(\.sharpness) == [0.5, 0.5, 1])  // 0.5 + 0.8 clamped
        #expect(continuous.allSatisfy { $0.intensityCurve == nil && $0.sharpnessCurve == nil })
        let transient = try #require(events.first { $0.kind == .transient })
        #expect(transient.startMs == 80 && transient.intensity.value == 0.4 && transient.sharpness == 0.7)
    }

    @Test func aSharpnessControlThatCrossesFullScaleAddsPointsAroundTheCrossing() throws {
        let ahap = #"""
            {"Pattern": [
              {"Event": {"Time": 0, "EventType": "HapticContinuous", "EventDuration": 0.1, "EventParameters": [
                {"ParameterID": "HapticIntensity", "ParameterValue": 1}, {"ParameterID": "HapticSharpness", "ParameterValue": 0.6}]}},
              {"ParameterCurve": {"ParameterID": "HapticSharpnessControl", "Time": 0, "ParameterCurveControlPoints": [
                {"Time": 0, "ParameterValue": 0}, {"Time": 0.1, "ParameterValue": 0.6}]}}
            ]}
            """#
        let curve = try #require(try conversion(ahap).pattern.events[0].sharpnessCurve).points
        // 0.6 + 0.6 t / 100 reaches 1 at 66.7 ms: points at 66 and 67 ms, then full scale.
        #expect(curve.map(\.timeMs) == [0, 66, 67, 100])
        #expect(abs(curve[1].value - 0.996) < 1e-6 && curve[2].value == 1 && curve[3].value == 1)
    }

    @Test func theAndroidPlanListsTheConversionsApproximationsFirst() throws {
        let document = try AHAPImport.read(bytes: Array(Self.twoEventsUnderOneCurve.utf8), file: "t.ahap")
        let plan = AHAPOnAndroid.plan(document.plan, device: .amplitudePhone)
        #expect(plan.backend == .androidWaveform)
        #expect(Array(plan.approximations.prefix(3)) == (try conversion(Self.twoEventsUnderOneCurve)).approximations)
        #expect(plan.approximations.count > 3)
    }
}
