import HapticCore
import Testing
@testable import HapticPlanner

/// Merging by maximum and fall ramps, against the Jindong library's mergeToSerial and curve-mixing cases.
@Suite struct AndroidMixingTests {
    func event(_ start: Int64, _ duration: Int64, _ intensity: Float, sharpness: Float = 0.5) -> AndroidEvent {
        AndroidEvent(startMs: start, durationMs: duration, intensity: intensity, sharpness: sharpness, intensityCurve: nil)
    }

    func ramp(_ from: Float, _ to: Float, duration: Int64 = 100, sharpness: Float = 0.5) throws -> AndroidEvent {
        AndroidEvent(startMs: 0, durationMs: duration, intensity: 0.5, sharpness: sharpness,
                     intensityCurve: try Curve(points: [ControlPoint(timeMs: 0, value: from), ControlPoint(timeMs: duration, value: to)]))
    }

    func segment(_ start: Int64, _ duration: Int64, _ intensity: Float, _ sharpness: Float, gap: Bool = false, end: Float? = nil) -> AndroidSegment {
        AndroidSegment(startMs: start, durationMs: duration, intensity: intensity, sharpness: sharpness, isGap: gap, endIntensity: end)
    }

    @Test func serialTimelinesFromOverlapsGapsAndTies() throws {
        #expect(try AndroidMixing.mergeToSerial([event(0, 100, 1)]) == [segment(0, 100, 1, 0.5)])
        let adjacent = try AndroidMixing.mergeToSerial([event(50, 25, 0.5), event(0, 25, 0.5), event(25, 25, 0.5)])
        #expect(adjacent.map(\.startMs) == [0, 25, 50] && adjacent.map(\.durationMs) == [25, 25, 25])
        #expect(try AndroidMixing.mergeToSerial([event(0, 100, 1), event(50, 100, 0.5)])
            == [segment(0, 50, 1, 0.5), segment(50, 50, 1, 0.5), segment(100, 50, 0.5, 0.5)])
        #expect(try AndroidMixing.mergeToSerial([event(0, 50, 1), event(100, 50, 1)])[1] == segment(50, 50, 0, 0.5, gap: true))
        #expect(try AndroidMixing.mergeToSerial([event(0, 200, 0.25, sharpness: 0.2), event(50, 50, 1, sharpness: 0.9)])
            == [segment(0, 50, 0.25, 0.2), segment(50, 50, 1, 0.9), segment(100, 100, 0.25, 0.2)])
        #expect(try AndroidMixing.mergeToSerial([event(100, 50, 1)]).first == segment(0, 100, 0, 0.5, gap: true))
        let tied = try AndroidMixing.mergeToSerial([event(0, 200, 1, sharpness: 0.1), event(50, 50, 1, sharpness: 0.9)])
        #expect(tied.first { $0.startMs == 50 }?.sharpness == 0.1)
        #expect(try AndroidMixing.mergeToSerial([event(0, 100, 0)]) == [segment(0, 100, 0, 0.5)])
        let zero = try AndroidMixing.mergeToSerial([event(50, 150, 0), event(100, 50, 0.5)])
        #expect(zero.map(\.startMs) == [0, 50, 100, 150] && zero.map(\.intensity) == [0, 0, 0.5, 0] && zero.map(\.isGap) == [true, false, false, false])
    }

    @Test func crossingCurvesChangeTheWinner() throws {
        let crossing = try AndroidMixing.mergeToSerial([ramp(1, 0, sharpness: 0.2), ramp(0, 1, sharpness: 0.8)])
        #expect(crossing.map(\.durationMs) == [50, 50] && crossing.map(\.intensity) == [1, 0.5])
        #expect(crossing.map(\.endIntensity) == [0.5, 1] && crossing.map(\.sharpness) == [0.2, 0.8])
        #expect(try AndroidMixing.mergeToSerial([ramp(0, 1, sharpness: 0.2), ramp(0, 1, sharpness: 0.8)]).map(\.sharpness) == [0.2])
        #expect(try AndroidMixing.mergeToSerial([ramp(0.5, 0.5, sharpness: 0.2), ramp(0.5, 0.5, sharpness: 0.8)]).map(\.sharpness) == [0.2])
        let hidden = try AndroidMixing.mergeToSerial([ramp(0, 0.5), ramp(0.5, 0), ramp(1, 1)])
        #expect(hidden.count == 1 && hidden[0].intensity == 1 && hidden[0].endIntensity == 1)
        #expect(try AndroidMixing.mergeToSerial([ramp(1, 0, duration: 3), ramp(0, 1, duration: 3)]).map(\.startMs) == [0, 1, 2])
    }

    @Test func aPointOnlyWinnerKeepsInputPriority() throws {
        let constant = try ramp(0.5, 0.5, duration: 3, sharpness: 0.2)
        let falling = try ramp(1, 0, duration: 3, sharpness: 0.8)
        let rising = try ramp(0, 1, duration: 3, sharpness: 0.9)
        for events in [[constant, falling, rising], [falling, constant, rising], [rising, falling, constant]] {
            let segments = try AndroidMixing.mergeToSerial(events)
            #expect(segments.map(\.startMs) == [0, 1, 2])
            #expect(segments[1].intensity == events[0].intensity(atMs: 1) && segments[1].endIntensity == events[0].intensity(atMs: 2))
            #expect(segments[1].sharpness == events[0].sharpness && segments[1].endSharpness == events[0].sharpness)
        }
    }

    @Test func sharpnessPointsSplitTheTimeline() throws {
        var event = try ramp(1, 1)
        event.sharpnessCurve = try Curve(points: [ControlPoint(timeMs: 0, value: 0), ControlPoint(timeMs: 25, value: 1), ControlPoint(timeMs: 100, value: 0)])
        let segments = try AndroidMixing.mergeToSerial([event])
        #expect(segments.map(\.durationMs) == [25, 75] && segments.map(\.sharpness) == [0, 1] && segments.map(\.endSharpness) == [1, 0])
    }

    @Test func fallRampsStartFromTheEndingIntensityAndNeverAfterZero() {
        let falling = segment(0, 100, 1, 0.5, end: 0), gap = segment(100, 50, 0, 0.5, gap: true)
        #expect(AndroidMixing.insertFallRamps([falling, gap]) == [falling, gap])
        let rising = segment(0, 100, 0, 0.5, end: 1)
        let ramped = AndroidMixing.insertFallRamps([rising, gap])
        #expect(ramped[1].intensity == 0.5 && ramped.map(\.durationMs).reduce(0, +) == 150)
    }

    func active(_ start: Int64, _ duration: Int64, _ intensity: Float) -> AndroidSegment { segment(start, duration, intensity, 0.5) }
    func gap(_ start: Int64, _ duration: Int64) -> AndroidSegment { segment(start, duration, 0, 0.5, gap: true) }

    @Test func fallRampsBorrowFromTheFrontOfTheGap() {
        let ramped = AndroidMixing.insertFallRamps([active(0, 100, 0.75), gap(100, 16)])
        #expect(ramped.count == 3 && ramped[0] == active(0, 100, 0.75))
        #expect(ramped[1].startMs == 100 && ramped[1].durationMs == 8 && abs(ramped[1].intensity - 0.375) < 1e-6 && !ramped[1].isGap)
        #expect(ramped[2] == gap(108, 8))
        let short = AndroidMixing.insertFallRamps([active(0, 100, 0.5), gap(100, 10)])
        #expect(short.map(\.durationMs) == [100, 5, 5] && abs(short[1].intensity - 0.25) < 1e-6 && short[2].isGap)
        for untouched in [[active(0, 100, 0.75), gap(100, 4)], [active(0, 50, 0.75), active(50, 50, 0.5)], [gap(0, 100), active(100, 50, 0.75)],
                          [active(0, 100, 0.75)]] {
            #expect(AndroidMixing.insertFallRamps(untouched) == untouched)
        }
        let twice = AndroidMixing.insertFallRamps([active(0, 100, 1), gap(100, 50), active(150, 100, 0.5), gap(250, 50)])
        #expect(twice.count == 6 && twice.filter { !$0.isGap && $0.intensity > 0 && $0.durationMs == 8 }.count == 2)
    }

    @Test func fallRampsConserveDurationAndKeepEveryActiveSegment() {
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<500 {
            var timeline: [AndroidSegment] = [], cursor: Int64 = 0, wasGap = true
            for _ in 0..<Int.random(in: 1...6, using: &generator) {
                let makeGap = wasGap ? false : Bool.random(using: &generator)
                let duration = Int64.random(in: 1...60, using: &generator)
                timeline.append(makeGap ? gap(cursor, duration) : active(cursor, duration, Float.random(in: 0...1, using: &generator)))
                cursor += duration
                wasGap = makeGap
            }
            let ramped = AndroidMixing.insertFallRamps(timeline)
            #expect(ramped.map(\.durationMs).reduce(0, +) == cursor)
            #expect(timeline.filter { !$0.isGap }.allSatisfy { ramped.contains($0) })
            #expect(ramped.allSatisfy { $0.durationMs > 0 })
            #expect(zip(ramped, ramped.dropFirst()).allSatisfy { $1.startMs == $0.startMs + $0.durationMs })
        }
    }

    @Test func budgetsStopDenseMixingAndLargeDisjointTimelinesStillMerge() throws {
        var disjoint: [AndroidEvent] = []
        for index in 0..<10_000 {
            var tick = try ramp(0, 1, duration: 1)
            tick.startMs = Int64(index) * 2
            disjoint.append(tick)
        }
        #expect(try AndroidMixing.mergeToSerial(disjoint).map(\.durationMs).reduce(0, +) == 19_999)
        var dense: [AndroidEvent] = []
        for index in 0..<1_000 {
            var event = try ramp(0, 1, duration: 2_000)
            event.sharpnessCurve = try Curve(points: [ControlPoint(timeMs: 0, value: 0), ControlPoint(timeMs: Int64(index) + 1, value: 1),
                                                      ControlPoint(timeMs: 2_000, value: 0)])
            dense.append(event)
        }
        #expect(throws: AndroidPlanningLimit.self) { try AndroidMixing.mergeToSerial(dense) }
    }

    @Test func randomRampsAgreeWithMaximumMixingWithinTheCrossingBound() throws {
        var generator = SeededGenerator(seed: 59)
        for _ in 0..<150 {
            let duration = Int64.random(in: 5..<100, using: &generator)
            let events = try (0..<Int.random(in: 2..<12, using: &generator)).map { _ in
                try ramp(Float.random(in: 0..<1, using: &generator), Float.random(in: 0..<1, using: &generator), duration: duration)
            }
            let segments = try AndroidMixing.mergeToSerial(events)
            let bound = events.map { Double(abs($0.intensity(atMs: duration) - $0.intensity(atMs: 0))) / Double(duration) }.max()! + 0.00001
            for time in 0..<duration {
                let segment = try #require(segments.first { time >= $0.startMs && time < $0.startMs + $0.durationMs })
                let ratio = Double(time - segment.startMs) / Double(segment.durationMs)
                let mixed = Double(segment.intensity) + Double(segment.endIntensity - segment.intensity) * ratio
                let expected = events.map { Double($0.intensity(atMs: time)) }.max()!
                #expect(abs(mixed - expected) <= bound)
            }
            #expect(segments.map(\.durationMs).reduce(0, +) == duration)
        }
    }
}

/// A small deterministic generator (Knuth's 64-bit LCG, high bits) so the random case is the same every run.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return (state >> 32) | (state << 32)
    }
}
