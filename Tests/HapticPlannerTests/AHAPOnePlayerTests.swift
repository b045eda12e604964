import Testing
import TestSupport
@testable import HapticCore
@testable import HapticPlanner

/// `AHAPExport.onePlayer`: several players as one, every event playing at the intensity it had.
@Suite struct AHAPOnePlayerTests {
    /// What each event plays at, onset by onset: its intensity times the player's intensity control
    /// at its onset (a transient) or its intensity and the control's points (a continuous event).
    func levels(_ plan: PlaybackPlan) -> [Int64: [Double]] {
        var levels: [Int64: [Double]] = [:]
        for player in plan.players {
            let control = PlayerControl(player.curves.filter { $0.parameter == .intensityControl }, neutral: 1)
            for event in player.events {
                levels[event.startUs, default: []].append(Double(event.intensity) * control.value(atUs: Double(event.startUs)))
            }
        }
        return levels.mapValues { $0.sorted() }
    }

    @Test func transientsAreDividedByTheScaledControlAndTheProductIsKept() throws {
        let scratch = try Scratch()
        let clip = #"{"version": {"major": 1, "minor": 0, "patch": 0}, "signals": {"continuous": {"envelopes": {"amplitude": ["#
            + #"{"time": 0, "amplitude": 0.2}, {"time": 0.3, "amplitude": 0.5}, {"time": 0.4, "amplitude": 0.5, "emphasis": {"amplitude": 0.55, "frequency": 0.6}}, "#
            + #"{"time": 0.6, "amplitude": 0}]}}}}"#
        let plan = try PatternLoader.load(try scratch.write("soft.haptic", clip)).plan
        #expect(plan.players.count == 2)
        let one = try #require(AHAPExport.onePlayer(plan))
        #expect(one.plan.players.count == 1 && one.warnings.isEmpty)
        let before = levels(plan), after = levels(one.plan)
        #expect(before.keys.sorted() == after.keys.sorted())
        for (time, values) in before { #expect(zip(values, after[time]!).allSatisfy { abs($0 - $1) < 1e-6 }, "at \(time) µs") }
        // The control now reaches 1 (it was 0.707 at most) and the continuous event is 0.707.
        let curve = try #require(one.plan.players[0].curves.first { $0.parameter == .intensityControl })
        #expect(abs(Double(curve.points.map(\.value).max()!) - 1) < 1e-6)
        #expect(abs(Double(one.plan.players[0].events[0].intensity) - 0.5.squareRoot()) < 1e-6)
    }

    /// Changed within issue 35: it expected a 1 ms tent either side of the onset.
    @Test func aTransientTheControlCannotCarryGetsAPeakAtItsOnset() throws {
        let event = NativeEvent(kind: .continuous, startUs: 0, durationUs: 500_000, intensity: 1, sharpness: 0)
        let curve = ParameterCurve(parameter: .intensityControl, startUs: 0, points: [CurvePoint(timeUs: 0, value: 1), CurvePoint(timeUs: 500_000, value: 0)])
        let tap = NativeEvent(kind: .transient, startUs: 400_000, durationUs: 0, intensity: 0.9, sharpness: 0.5)
        let plan = PlaybackPlan(players: [PlayerPlan(events: [event], curves: [curve]), PlayerPlan(events: [tap], curves: [])],
                                diagnostics: PlanDiagnostics(backend: .coreHaptics, capabilities: .iPhone, logicalDurationMs: 500, schedulingLeadMs: 10,
                                                             estimatedNativeDurationMs: 510, approximations: [], retriggerBoundariesMs: [], unsupportedReason: nil))
        let one = try #require(AHAPExport.onePlayer(plan))
        let peaked = try #require(one.plan.players[0].curves.first)
        // The control is 0.2 at 400 ms: it is 0.9 there alone, its own value 1 µs either side.
        #expect(peaked.points.map(\.timeUs) == [0, 399_999, 400_000, 400_001, 500_000])
        #expect(abs(peaked.points[2].value - 0.9) < 1e-6 && abs(peaked.points[1].value - 0.200002) < 1e-6 && abs(peaked.points[3].value - 0.199998) < 1e-6)
        #expect(one.plan.players[0].events.map(\.intensity) == [1, 1] && one.warnings.count == 1)
        // A second player with a control of its own cannot share the file.
        let controlled = PlaybackPlan(players: [plan.players[0], PlayerPlan(events: [tap], curves: [curve])], diagnostics: plan.diagnostics)
        #expect(AHAPExport.onePlayer(controlled) == nil)
    }
}
