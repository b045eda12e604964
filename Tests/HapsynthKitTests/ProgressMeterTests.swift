import HapsynthKit
import Synchronization
import Testing

/// `ProgressMeter`, the bar `render` and `from-audio` show on a terminal: nothing for work that
/// ends within half a second, then a line each time the whole percentage moves, never past 100 %.
@Suite struct ProgressMeterTests {
    /// A clock a test steps, in nanoseconds.
    final class Clock: Sendable {
        let nanoseconds = Atomic<UInt64>(0)
        func advance(ms: UInt64) { nanoseconds.add(ms * 1_000_000, ordering: .relaxed) }
        var now: @Sendable () -> UInt64 { { self.nanoseconds.load(ordering: .relaxed) } }
    }

    @Test func quickWorkShowsNothing() {
        let clock = Clock()
        let meter = ProgressMeter(total: 100, label: "rendering", now: clock.now)
        var lines: [String] = []
        clock.advance(ms: 499)
        meter.update(50) { lines.append($0) }
        #expect(lines.isEmpty && !meter.isShown)
    }

    @Test func aLineEachTimeThePercentageMoves() {
        let clock = Clock()
        let meter = ProgressMeter(total: 1_000, label: "analysing", now: clock.now)
        clock.advance(ms: 501)
        var lines: [String] = []
        for done in [0, 4, 240, 241, 2_000] as [Int64] { meter.update(done) { lines.append($0) } }
        #expect(lines == [
            "analysing [-------------------------] 0%",
            "analysing [######-------------------] 24%",
            "analysing [#########################] 100%",
        ])
        #expect(meter.isShown)
    }

    @Test func anEmptyTotalCountsAsOne() {
        let clock = Clock()
        let meter = ProgressMeter(total: 0, label: "rendering", delayMs: 0, now: clock.now)
        clock.advance(ms: 1)
        var lines: [String] = []
        meter.update(1) { lines.append($0) }
        #expect(meter.total == 1 && lines == ["rendering [#########################] 100%"])
    }
}
