import Testing
import HapticCore
@testable import HapticPlanner

/// The worked plans of docs/plan-output.md and the planner's rules.
@Suite struct PlannerTests {
    func native(
        _ kind: HapticEvent.Kind, _ startMs: Int64, _ durationMs: Int64, _ intensity: Float, _ sharpness: Float,
        continuation: Bool = false
    ) -> NativeEvent {
        NativeEvent(kind: kind, startUs: startMs * 1000, durationUs: durationMs * 1000, intensity: intensity, sharpness: sharpness,
                    isContinuation: continuation)
    }

    /// A parameter curve as the planner makes it from a pattern curve (whole milliseconds).
    func curve(_ parameter: ParameterCurve.Parameter, startMs: Int64, _ points: [ControlPoint]) -> ParameterCurve {
        ParameterCurve(parameter: parameter, startUs: startMs * 1000, points: points.map { CurvePoint(timeUs: $0.timeMs * 1000, value: $0.value) })
    }

    @Test func legacyZeroLengthHapticIsSilentBesideATransient() throws {
        let pattern = try Pattern(events: [
            try .legacyHaptic(startMs: 0, durationMs: 0, intensity: .strong),
            try .transient(startMs: 40),
        ], durationMs: 100)
        let result = try plan(pattern)
        #expect(result.players == [PlayerPlan(events: [native(.transient, 40, 0, 0.5, 0.5)], curves: [])])
        #expect(result.diagnostics.backend == .coreHaptics)
        #expect(result.diagnostics.logicalDurationMs == 100)
        #expect(result.diagnostics.estimatedNativeDurationMs == 50)
        #expect(result.diagnostics.schedulingLeadMs == 10)
        #expect(result.diagnostics.approximations == [
            "Core Haptics schedules playback 10 ms ahead on the engine clock",
            "Transient pulse duration is hardware-defined; native duration estimates use the onset",
        ])
        #expect(result.diagnostics.retriggerBoundariesMs.isEmpty)
        #expect(result.diagnostics.unsupportedReason == nil)
    }

    @Test func curvedEventGetsAPlayerWithUnitIntensityAndZeroSharpness() throws {
        let shape = try Curve([(0, 0), (100, 0.8)])
        let pattern = try Pattern(events: [
            try .continuous(startMs: 25, durationMs: 100, intensity: .strong, sharpness: 0.7,
                            intensityCurve: shape, sharpnessCurve: shape),
        ])
        let result = try plan(pattern)
        #expect(result.players == [PlayerPlan(
            events: [native(.continuous, 25, 100, 1, 0)],
            curves: [
                curve(.intensityControl, startMs: 25, shape.points),
                curve(.sharpnessControl, startMs: 25, shape.points),
            ])])
        #expect(result.diagnostics.approximations == ["Core Haptics schedules playback 10 ms ahead on the engine clock"])
        #expect(result.diagnostics.estimatedNativeDurationMs == 135)
    }

    static func mixed() throws -> Pattern {
        let rising = try Curve([(0, 0), (100, 1)])
        let falling = try Curve([(0, 1), (100, 0)])
        return try Pattern(events: [
            try .continuous(startMs: 0, durationMs: 100, intensity: 0.6, intensityCurve: rising),
            try .transient(startMs: 30, intensity: 0.6, sharpness: 0.9),
            try .continuous(startMs: 25, durationMs: 100, intensity: 0.6, intensityCurve: falling),
            try .continuous(startMs: 50, durationMs: 100, intensity: 0.6, sharpness: 0.2),
        ])
    }

    @Test func constantPlayerTakesThePlaceOfItsFirstEvent() throws {
        let result = try plan(try Self.mixed())
        #expect(result.players.count == 3)
        #expect(result.players[0].curves == [curve(.intensityControl, startMs: 0, try Curve([(0, 0), (100, 1)]).points)])
        #expect(result.players[1] == PlayerPlan(
            events: [native(.transient, 30, 0, 0.6, 0.9), native(.continuous, 50, 100, 0.6, 0.2)], curves: []))
        #expect(result.players[2].curves == [curve(.intensityControl, startMs: 25, try Curve([(0, 1), (100, 0)]).points)])
        #expect(result.players[2].events == [native(.continuous, 25, 100, 1, 0.5)])
        #expect(result.diagnostics.estimatedNativeDurationMs == 160)
        #expect(try plan(try Self.mixed()) == result)
    }

    @Test func reorderingEventsChangesOnlyPlayerOrderAndConstantEventOrder() throws {
        let original = try Self.mixed()
        let reordered = try Pattern(events: original.events.reversed(), durationMs: original.durationMs)
        let a = try plan(original), b = try plan(reordered)
        #expect(a.diagnostics == b.diagnostics)
        #expect(Set(a.players.filter { !$0.curves.isEmpty }) == Set(b.players.filter { !$0.curves.isEmpty }))
        #expect(a.players.map { $0.curves.isEmpty } == [false, true, false])
        #expect(b.players.map { $0.curves.isEmpty } == [true, false, false])
        #expect(b.players[0].events == a.players[1].events.reversed())
        #expect(b.players[1] == a.players[2] && b.players[2] == a.players[0])
    }

    @Test func allZeroIntensityCurveIsSilent() throws {
        let zeros = try Curve([(0, 0), (50, 0), (100, 0)])
        let pattern = try Pattern(events: [try .continuous(startMs: 0, durationMs: 100, intensityCurve: zeros)], durationMs: 150)
        let result = try plan(pattern)
        #expect(result.players.isEmpty)
        #expect(result.diagnostics.backend == .silent)
        #expect(result.diagnostics.logicalDurationMs == 150)
        #expect(result.diagnostics.estimatedNativeDurationMs == 0)
        #expect(result.diagnostics.schedulingLeadMs == 0)
        #expect(result.diagnostics.approximations.isEmpty)
    }

    @Test func sharpnessCurveNeverMakesASilentEventAudible() throws {
        let sweep = try Curve([(0, 0), (100, 1)])
        let pattern = try Pattern(events: [
            try .continuous(startMs: 0, durationMs: 100, intensity: 0, sharpnessCurve: sweep),
            try .transient(startMs: 10, intensity: 0),
        ])
        #expect(try plan(pattern).diagnostics.backend == .silent)
    }

    @Test func splitsContinuousEventsLongerThan30Seconds() throws {
        let shape = try Curve([(0, 0), (60_001, 1)])
        let pattern = try Pattern(events: [try .continuous(startMs: 10, durationMs: 60_001, intensityCurve: shape)])
        let result = try plan(pattern)
        #expect(result.players.count == 1)
        #expect(result.players[0].events == [
            native(.continuous, 10, 30_000, 1, 0.5), native(.continuous, 30_010, 30_000, 1, 0.5, continuation: true),
            native(.continuous, 60_010, 1, 1, 0.5, continuation: true),
        ])
        #expect(result.players[0].curves == [curve(.intensityControl, startMs: 10, shape.points)])
        #expect(result.diagnostics.approximations == [
            "Core Haptics schedules playback 10 ms ahead on the engine clock",
            "Continuous events over 30 seconds are split; the actuator may retrigger at boundaries",
        ])
        #expect(result.diagnostics.estimatedNativeDurationMs == 60_021)
        #expect(result.diagnostics.retriggerBoundariesMs == [30_010, 60_010])
    }

    @Test func exactly30SecondsIsNotSplitAndBoundariesAreUnique() throws {
        let pattern = try Pattern(events: [
            try .continuous(startMs: 0, durationMs: 30_000),
            try .continuous(startMs: 0, durationMs: 60_000, intensity: .light),
            try .continuous(startMs: 0, durationMs: 45_000, intensity: .strong),
        ])
        let result = try plan(pattern)
        #expect(result.players[0].events.map(\.durationUs) == [30_000_000, 30_000_000, 30_000_000, 30_000_000, 15_000_000])
        #expect(result.diagnostics.retriggerBoundariesMs == [30_000])
    }

    @Test func unsupportedDeviceGetsTheReasonAndSilenceWins() throws {
        let audible = try Pattern(events: [try .transient(startMs: 0)], durationMs: 20)
        let result = try plan(audible, capabilities: .noHaptics)
        #expect(result.diagnostics.backend == .unsupported)
        #expect(result.diagnostics.unsupportedReason == "Core Haptics is unavailable on this device")
        #expect(result.players.isEmpty && result.diagnostics.estimatedNativeDurationMs == 0)
        #expect(result.diagnostics.capabilities.supportsAmplitudeControl == false)
        #expect(result.diagnostics.logicalDurationMs == 20)
        let silent = try Pattern.delay(ms: 100)
        #expect(try plan(silent, capabilities: .noHaptics).diagnostics.backend == .silent)
    }

    @Test func tenThousandEventsWithOneHundredThousandPointsPlan() throws {
        let shape = try Curve(points: (0..<5).map { ControlPoint(timeMs: Int64($0) * 20 + ($0 == 4 ? 10 : 0), value: Float($0) / 4) })
        let events = try (0..<10_000).map { index throws(PatternError) in
            try HapticEvent.continuous(startMs: Int64(index) * 100, durationMs: 90, intensityCurve: shape, sharpnessCurve: shape)
        }
        let pattern = try Pattern(events: events)
        #expect(pattern.controlPointCount == 100_000)
        let result = try plan(pattern)
        #expect(result.players.count == 10_000)
    }

    @Test func moreThan10000NativeEventsAfterSplittingIsAnError() throws {
        // 9,999 transients and one 60,001 ms event that splits into 3: 10,002 native events;
        // 9,998 transients give exactly 10,001.
        var events = try (0..<9_998).map { index throws(PatternError) in try HapticEvent.transient(startMs: Int64(index)) }
        events.append(try .continuous(startMs: 0, durationMs: 60_001))
        let pattern = try Pattern(events: events)
        #expect(throws: PlanError.tooManyNativeEvents(count: 10_001)) { try plan(pattern) }
        #expect("\(PlanError.tooManyNativeEvents(count: 10_001))" ==
            "Core Haptics native events: expanded event count 10001 exceeds limit 10000")
        #expect(try plan(pattern, capabilities: .noHaptics).diagnostics.backend == .unsupported)
    }
}
