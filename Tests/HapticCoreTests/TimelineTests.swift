import Testing
@testable import HapticCore

/// The worked timeline examples of docs/pattern-format.md, written with the Swift DSL.
@Suite struct TimelineTests {
    @Test func hapticDelayHaptic() throws {
        let pattern = try Pattern { Haptic(ms: 100); Delay(ms: 50); Haptic(ms: 100) }
        #expect(pattern.events.map(\.startMs) == [0, 150])
        #expect(pattern.durationMs == 250)
        #expect(pattern.events.allSatisfy { $0.isLegacy && $0.kind == .continuous && $0.sharpness == 0.5 })
    }

    @Test func repeatLaysIterationsEndToEnd() throws {
        let pattern = try Pattern { Repeat(2) { Haptic(ms: 50); Delay(ms: 25) } }
        #expect(pattern.events.map(\.startMs) == [0, 75])
        #expect(pattern.durationMs == 150)
    }

    @Test func repeatAfterAHaptic() throws {
        let pattern = try Pattern {
            Haptic(ms: 50)
            Repeat(2) { Delay(ms: 25); Haptic(ms: 30) }
        }
        #expect(spans(pattern) == [[0, 50], [75, 30], [130, 30]])
        #expect(pattern.durationMs == 160)
    }

    @Test func parallelLastsAsLongAsItsLongestChild() throws {
        let pattern = try Pattern {
            Delay(ms: 30)
            Parallel { Haptic(ms: 100); Haptic(ms: 150) }
            Haptic(ms: 20)
        }
        #expect(pattern.events.map(\.startMs) == [30, 30, 180])
        #expect(pattern.durationMs == 200)
    }

    @Test func clipsShiftAWholePatternIncludingItsTrailingSilence() throws {
        let tick = try Pattern { Haptic(ms: 50); Delay(ms: 50) }
        #expect(tick.durationMs == 100)
        let pattern = try Pattern { Clip(tick); Delay(ms: 100); Clip(tick) }
        #expect(pattern.events.map(\.startMs) == [0, 200])
    }

    @Test func emptyContainers() throws {
        #expect(try Pattern { Parallel {} }.durationMs == 0)
        let silent = try Pattern { Parallel { Sequential {}; Delay(ms: 150); Delay(ms: 100) } }
        #expect(silent.events.isEmpty && silent.durationMs == 150)
    }

    @Test func transientsDoNotAdvanceTime() throws {
        let pattern = try Pattern { Transient(intensity: .strong); Transient(); Delay(ms: 10); Transient() }
        #expect(pattern.events.map(\.startMs) == [0, 0, 10])
        #expect(pattern.durationMs == 10)
    }

    @Test func theFormatsExampleInTheDSL() throws {
        let pattern = try Pattern {
            Repeat(3) { Transient(intensity: .strong, sharpness: 0.9); Delay(ms: 80) }
            Continuous(ms: 300, intensityCurve: [(0, 0), (80, 0.8), (300, 0)], sharpnessCurve: [(0, 0.2), (300, 0.8)])
        }
        #expect(spans(pattern) == [[0, 0], [80, 0], [160, 0], [240, 300]])
        #expect(pattern.durationMs == 540)
        #expect(pattern.events[3].intensityCurve?.points.count == 3)
    }

    @Test func builderSupportsConditionsAndLoops() throws {
        let accent = true
        let pattern = try Pattern {
            for _ in 0..<3 { Transient(); Delay(ms: 10) }
            if accent { Transient(intensity: .high) } else { Delay(ms: 5) }
        }
        #expect(pattern.events.map(\.startMs) == [0, 10, 20, 30])
    }

    @Test func dslValidatesWhatTheUserWrote() {
        #expect(throws: PatternError.vibrationTooShort(field: "haptic durationMs", value: "0.4")) {
            try Pattern { Haptic(ms: 0.4) }
        }
        #expect(throws: PatternError.negative(field: "delay", value: "-5")) { try Pattern { Delay(ms: -5) } }
        #expect(throws: PatternError.invalidCount(field: "repeat count", value: "-1")) {
            try Pattern { Repeat(-1) { Transient() } }
        }
        #expect(throws: PatternError.curveEndMismatch(field: "intensityCurve", endMs: 200, durationMs: 300)) {
            try Pattern { Continuous(ms: 300, intensityCurve: [(0, 0), (200, 1)]) }
        }
    }

    @Test func fractionalDslDurationsRoundHalfUp() throws {
        let pattern = try Pattern { Haptic(ms: 1.5); Delay(ms: 0.499); Haptic(ms: 0.5) }
        #expect(spans(pattern) == [[0, 2], [2, 1]])
    }

    @Test func nestingDeeperThan64IsAnError() throws {
        var element: any TimelineElement = Transient()
        for _ in 0..<63 { let inner = element; element = Sequential { inner } }
        let ok = element
        #expect(try Pattern { ok }.events.count == 1)
        let tooDeep = Sequential { ok }
        #expect(throws: PatternError.nestingTooDeep(depth: 65)) { try Pattern { tooDeep } }
    }

    @Test func repeatOfDelaysIsCheapAtAnyCount() throws {
        let pattern = try Pattern { Repeat(2_000_000_000) { Delay(ms: 1_000) } }
        #expect(pattern.events.isEmpty && pattern.durationMs == 2_000_000_000_000)
    }

    @Test func hugeRepeatsOfEventsFailBeforeExpanding() {
        #expect(throws: PatternError.tooManyEvents(count: 1_000_000_000)) {
            try Pattern { Repeat(1_000_000_000) { Transient(); Delay(ms: 1) } }
        }
    }
}
