import CoreHaptics
import CoreHapticsEmulator
import Foundation
import Testing

/// The engine clock (docs/corehaptics.md, "Clock"): engine time starts at 1000 s; 0, immediate
/// and past times start now; a future time starts at round-half-up of its frame; starting a
/// playing player restarts it; a stopped player replays from 0.
extension OnTheDevice { @Suite struct ClockTests {
    let tap = Emulated.transient(at: 0)

    @Test func engineTimeStartsAt1000AndFollowsTheFrames() throws {
        let engine = try Emulated.engine()
        #expect(engine.currentTime == 1000)
        HapticsEmulator.advance(by: 0.25)
        #expect(engine.currentTime == 1000.25)
        #expect(HapticsEmulator.currentTime == 1000.25)
        // advance rounds to the nearest frame.
        HapticsEmulator.advance(by: 1.0 / 96_000 + 1e-9)
        #expect(HapticsEmulator.capture().haptics.count == 12_001)
    }

    @Test(arguments: [0.0, CHHapticTimeImmediate, 1.0, 999.9])
    func zeroImmediateAndPastTimesStartNow(_ time: TimeInterval) throws {
        let engine = try Emulated.engine()
        HapticsEmulator.advance(by: 0.25)
        let player = try engine.makePlayer(with: try Emulated.pattern([tap]))
        try player.start(atTime: time)
        HapticsEmulator.runUntilIdle()
        let capture = HapticsEmulator.capture()
        #expect(capture.timeline.map(\.startFrame) == [12_000])
        #expect(capture.timeline.first?.startTime == 1000.25)
        let entry = try #require(Emulated.entries(capture, "start(atTime:)").first)
        #expect(entry.result == "started" && entry.args["time"] == "\(time)")
        #expect(entry.rule == (time == 0 ? "clock: immediate is now" : "clock: a past time is now"))
        #expect(Emulated.silent(capture.haptics, 0..<12_000) && !Emulated.silent(capture.haptics, 12_000..<12_100))
    }

    @Test func aFutureTimeStartsAtItsFrameRoundedHalfUp() throws {
        let engine = try Emulated.engine()
        let player = try engine.makePlayer(with: try Emulated.pattern([tap]))
        // 0.5 s and 10.4 µs (0.4992 frame: down), then 1 s and 10.5 µs (0.504 frame: up).
        try player.start(atTime: engine.currentTime + 0.5 + 0.0000104)
        HapticsEmulator.advance(by: 0.9)
        try player.start(atTime: 1001.0000105)
        HapticsEmulator.runUntilIdle()
        let capture = HapticsEmulator.capture()
        #expect(capture.timeline.map(\.startFrame) == [24_000, 48_001])
        #expect(Emulated.entries(capture, "start(atTime:)").map(\.result) == ["scheduled", "scheduled"])
        #expect(Emulated.entries(capture, "start").map(\.frame) == [24_000, 48_001])
        #expect(Emulated.silent(capture.haptics, 0..<24_000) && !Emulated.silent(capture.haptics, 24_000..<24_100))
    }

    @Test func startingAPlayingPlayerRestartsIt() throws {
        let hum = try Emulated.pattern([Emulated.continuous(at: 0, duration: 0.3)])
        var engine = try Emulated.engine()
        let player = try engine.makePlayer(with: hum)
        try player.start(atTime: 0)
        HapticsEmulator.advance(by: 0.1)
        try player.start(atTime: 0)
        HapticsEmulator.runUntilIdle()
        let restarted = HapticsEmulator.capture()
        #expect(restarted.timeline.map(\.startFrame) == [0, 4_800])
        #expect(restarted.timeline.map(\.endFrame) == [4_800, 19_200])
        #expect(restarted.timeline.map(\.ended) == ["stop", "end"])

        // The same samples as a stop at 0.1 s and a second player started there.
        engine = try Emulated.engine()
        let first = try engine.makePlayer(with: hum), second = try engine.makePlayer(with: hum)
        try first.start(atTime: 0)
        HapticsEmulator.advance(by: 0.1)
        try first.stop(atTime: 0)
        try second.start(atTime: 0)
        HapticsEmulator.runUntilIdle()
        #expect(HapticsEmulator.capture().haptics == restarted.haptics)
    }

    @Test func aStoppedPlayerReplaysFromTheStart() throws {
        let engine = try Emulated.engine()
        let player = try engine.makePlayer(with: try Emulated.pattern([Emulated.transient(at: 0), Emulated.transient(at: 0.2, intensity: 0.5)]))
        try player.start(atTime: 0)
        try player.stop(atTime: engine.currentTime + 0.1)
        HapticsEmulator.advance(by: 0.5)
        try player.start(atTime: 0)
        HapticsEmulator.runUntilIdle()
        let capture = HapticsEmulator.capture()
        // The first start's second tap never sounded; the replay plays both.
        #expect(capture.timeline.map(\.startFrame) == [0, 24_000, 33_600])
        #expect(capture.timeline.map(\.event) == [0, 0, 1])
        #expect(Emulated.entries(capture, "stop").first?.frame == 4_800)
    }
}
}
