import Testing
@testable import HapticCore

/// docs/pattern-format.md: then, repeated, reversed, scaleIntensity, timeStretch.
@Suite struct TransformTests {
    let a = try! Pattern { Haptic(ms: 50); Delay(ms: 30) }
    let b = try! Pattern { Delay(ms: 10); Transient() }

    @Test func thenKeepsTrailingSilence() throws {
        let joined = try a.then(b)
        #expect(joined.durationMs == 90)
        #expect(joined.events.map(\.startMs) == [0, 90])
    }

    @Test func thenIsAssociativeWithEmptyAsIdentity() throws {
        let c = try Pattern { Continuous(ms: 20, intensity: .light) }
        #expect(try a.then(b).then(c) == (try a.then(b.then(c))))
        #expect(try Pattern.empty.then(a) == a)
        #expect(try a.then(.empty) == a)
    }

    @Test func repeatedShiftsEachIterationByTheDuration() throws {
        let tripled = try a.repeated(3)
        #expect(tripled.durationMs == 240)
        #expect(tripled.events.map(\.startMs) == [0, 80, 160])
        #expect(try a.repeated(0) == .empty)
        #expect(try a.repeated(1) == a)
    }

    @Test func repeatedChecksLimitsAndOverflowBeforeExpanding() throws {
        #expect(throws: PatternError.tooManyEvents(count: 1_000_000_000)) { try a.repeated(1_000_000_000) }
        #expect(throws: PatternError.invalidCount(field: "repeated", value: "-1")) { try a.repeated(-1) }
        #expect(throws: PatternError.invalidCount(field: "repeated", value: "2147483648")) { try a.repeated(2_147_483_648) }
        let long = try Pattern.delay(ms: Int64.max / 2)
        #expect(throws: PatternError.timeOverflow(operation: "repeated")) { try long.repeated(3) }
        #expect(try Pattern.delay(ms: 7).repeated(Int(Int32.max)).durationMs == 7 * Int64(Int32.max))
    }

    @Test func reversedMirrorsStartsAndCurves() throws {
        let pattern = try Pattern {
            Delay(ms: 10)
            Continuous(ms: 300, intensityCurve: [(0, 0), (80, 0.8), (300, 0)])
            Transient()
            Delay(ms: 40)
        }
        let reversed = pattern.reversed()
        #expect(reversed.durationMs == 350)
        #expect(spans(reversed) == [[40, 300], [40, 0]])
        #expect(reversed.events[0].intensityCurve?.points == [
            ControlPoint(timeMs: 0, value: 0), ControlPoint(timeMs: 220, value: 0.8), ControlPoint(timeMs: 300, value: 0),
        ])
        #expect(reversed.reversed() == pattern)
    }

    @Test func scaleIntensityAddsPointsWhereTheScaledCurveReachesOne() throws {
        let pattern = try Pattern { Continuous(ms: 200, intensityCurve: [(0, 0), (100, 1), (200, 0)]) }
        let doubled = try pattern.scaleIntensity(2)
        #expect(doubled.events[0].intensityCurve?.points.map { [Double($0.timeMs), Double($0.value)] } == [
            [0, 0], [50, 1], [100, 1], [150, 1], [200, 0],
        ])
        let halved = try pattern.scaleIntensity(0.5)
        #expect(halved.events[0].intensityCurve?.points.map(\.value) == [0, 0.5, 0])
        #expect(halved.events[0].intensityCurve?.points.map(\.timeMs) == [0, 100, 200])
    }

    @Test func scaleIntensityAddsFloorAndCeilOfAFractionalCrossing() throws {
        // 0 → 1 over 0…3 ms crosses 1/2 at 1.5 ms: points at 1 and 2 ms are added.
        let pattern = try Pattern { Continuous(ms: 3, intensityCurve: [(0, 0), (3, 1)]) }
        let doubled = try pattern.scaleIntensity(2)
        #expect(doubled.events[0].intensityCurve?.points.map(\.timeMs) == [0, 1, 2, 3])
        let values = doubled.events[0].intensityCurve?.points.map(\.value) ?? []
        #expect(values == [0, Float(2.0 / 3.0), 1, 1])
    }

    @Test func scaleIntensityClampsFixedIntensitiesAndLeavesSharpness() throws {
        let pattern = try Pattern { Transient(intensity: .strong, sharpness: 0.9); Haptic(ms: 10, intensity: 0.2) }
        let scaled = try pattern.scaleIntensity(2)
        #expect(scaled.events.map(\.intensity.value) == [1.0, 0.4])
        #expect(scaled.events.map(\.sharpness) == [0.9, 0.5])
        #expect(throws: PatternError.negative(field: "scaleIntensity", value: "-1.0")) { try pattern.scaleIntensity(-1) }
        #expect(throws: PatternError.self) { try pattern.scaleIntensity(.infinity) }
    }

    @Test func timeStretchUsesOneRoundedAxis() throws {
        let pattern = try Pattern(events: [
            try HapticEvent.continuous(startMs: 0, durationMs: 3), try HapticEvent.continuous(startMs: 3, durationMs: 3),
        ], durationMs: 7)
        let stretched = try pattern.timeStretch(0.5)
        #expect(spans(stretched) == [[0, 2], [2, 1]])
        #expect(stretched.durationMs == 4)
        #expect(try pattern.timeStretch(1) == pattern)
    }

    @Test func timeStretchScalesCurvePointsOnTheAbsoluteAxis() throws {
        let pattern = try Pattern { Delay(ms: 3); Continuous(ms: 10, intensityCurve: [(0, 0), (5, 1), (10, 0)]) }
        let stretched = try pattern.timeStretch(1.5)
        // start 3 → 4.5 → 5; points at 3, 8, 13 → 5, 12, 20 (relative 0, 7, 15); end 13 → 20.
        #expect(spans(stretched) == [[5, 15]])
        #expect(stretched.events[0].intensityCurve?.points.map(\.timeMs) == [0, 7, 15])
        #expect(stretched.durationMs == 20)
    }

    @Test func timeStretchIsExactAgainstTheFloatsBinaryValue() throws {
        // 0.1 as a Float is 0.100000001490116…: 5 × that is just above 0.5, so it rounds up to 1,
        // where a product through decimal 0.1 would tie.
        let pattern = try Pattern { Delay(ms: 5) }
        #expect(try pattern.timeStretch(0.1).durationMs == 1)
        // 0.3 as a Float is 0.300000011920929…: 5 × 0.3f = 1.50000006 → 2.
        #expect(try Pattern { Delay(ms: 5) }.timeStretch(0.3).durationMs == 2)
        // An exact half rounds up: 7 × 0.5 = 3.5 → 4.
        #expect(try Pattern { Delay(ms: 7) }.timeStretch(0.5).durationMs == 4)
        // Tiny factors round to 0 rather than overflowing the intermediate.
        #expect(try Pattern { Delay(ms: 1_000_000) }.timeStretch(Float.leastNonzeroMagnitude).durationMs == 0)
    }

    @Test func timeStretchErrors() throws {
        let pattern = try Pattern { Haptic(ms: 3); Continuous(ms: 10, intensityCurve: [(0, 0), (1, 1), (10, 0)]) }
        #expect(throws: PatternError.stretchCollapses(eventIndex: 0, what: "the 3 ms duration to 0 ms", factor: 0.1)) {
            try pattern.timeStretch(0.1)
        }
        let curved = try Pattern { Continuous(ms: 10, intensityCurve: [(0, 0), (1, 1), (10, 0)]) }
        #expect(throws: PatternError.stretchCollapses(eventIndex: 0, what: "intensityCurve points 0 and 1 onto one millisecond", factor: 0.4)) {
            try curved.timeStretch(0.4)
        }
        #expect(throws: PatternError.timeOverflow(operation: "timeStretch")) {
            try Pattern.delay(ms: Int64.max / 2).timeStretch(3)
        }
        #expect(throws: PatternError.self) { try pattern.timeStretch(0) }
        #expect(throws: PatternError.self) { try pattern.timeStretch(-1) }
        #expect(throws: PatternError.self) { try pattern.timeStretch(.nan) }
    }
}
