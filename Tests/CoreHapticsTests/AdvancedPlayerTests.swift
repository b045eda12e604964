import CoreHaptics
import CoreHapticsEmulator
import Foundation
import Testing

/// The advanced player (docs/corehaptics.md, "The advanced player"): rate, pause and resume,
/// seek, loops and its completion, on a 1.5 s pattern — a tap at 0 and a hum from 0.5 to 1.5 s.
extension OnTheDevice {
    @Suite struct AdvancedPlayerTests {
        static func pattern() throws -> CHHapticPattern {
            try Emulated.pattern([Emulated.transient(at: 0), Emulated.continuous(at: 0.5, duration: 1, intensity: 0.7)])
        }

        /// An engine, and an advanced player of the pattern whose completions are collected.
        static func player() throws -> (CHHapticEngine, any CHHapticAdvancedPatternPlayer, Completions) {
            let engine = try Emulated.engine()
            let player = try engine.makeAdvancedPlayer(with: try pattern())
            let completions = Completions()
            player.completionHandler = { error in
                completions.list.append("\(Self.frame())@\(error.map { "\(($0 as NSError).code)" } ?? "nil")")
            }
            return (engine, player, completions)
        }

        /// Completions as "frame@nil" (or the error's code).
        final class Completions: @unchecked Sendable { var list: [String] = [] }

        /// The device's frame now.
        static func frame() -> Int { Int(((HapticsEmulator.currentTime - 1000) * 48_000).rounded()) }

        @Test func itsDefaults() throws {
            let (_, player, _) = try Self.player()
            #expect(player.loopEnd == 1.5 && player.playbackRate == 1 && !player.loopEnabled && !player.isMuted)
        }

        @Test(arguments: [(Float(2), 0.75), (Float(0.5), 3.0), (Float(1), 1.5)])
        func theRateScalesWhenItEnds(_ rate: Float, _ end: Double) throws {
            let (_, player, completions) = try Self.player()
            player.playbackRate = rate
            try player.start(atTime: 0)
            HapticsEmulator.runUntilIdle()
            #expect(completions.list == ["\(Emulated.frames(end))@nil"])
            let hum = try #require(HapticsEmulator.capture().timeline.last)
            #expect(hum.startFrame == Emulated.frames(0.5 / Double(rate)) && hum.endFrame == Emulated.frames(end))
        }

        @Test func aRateBelowZeroIsIgnored() throws {
            let (_, player, _) = try Self.player()
            player.playbackRate = -1
            player.playbackRate = 0
            #expect(player.playbackRate == 1)
            #expect(Emulated.entries(HapticsEmulator.capture(), "playbackRate").map(\.result) == ["ignored", "ignored"])
        }

        @Test func aPausedPlayerBlocksCompletionAndNotifyAndResumesWhereItWas() throws {
            let (engine, player, completions) = try Self.player()
            var notified: [Double] = []
            try player.start(atTime: 0)
            try player.pause(atTime: engine.currentTime + 0.2)
            engine.notifyWhenPlayersFinished { _ in
                notified.append(HapticsEmulator.currentTime)
                return .leaveEngineRunning
            }
            HapticsEmulator.advance(by: 3)
            #expect(completions.list.isEmpty && notified.isEmpty)
            try player.resume(atTime: 0)
            HapticsEmulator.runUntilIdle()
            #expect(completions.list == ["\(Emulated.frames(4.3))@nil"] && notified == [1004.3])
            let capture = HapticsEmulator.capture()
            #expect(capture.timeline.map(\.startTime) == [1000, 1003.3])
            #expect(capture.timeline.map(\.endTime) == [capture.timeline[0].endTime, 1004.3])
            let peak = capture.haptics.map(abs).max() ?? 0
            let paused = capture.haptics[Emulated.frames(0.5)..<Emulated.frames(3)].map(abs).max() ?? 0
            #expect(paused < peak / 1_000)  // nothing plays while paused (the tap's ring has died away)
        }

        @Test func aPauseInsideTheHumReleasesItAndTheResumeGoesOnMidEvent() throws {
            let (engine, player, _) = try Self.player()
            try player.start(atTime: 0)
            try player.pause(atTime: engine.currentTime + 0.8)
            HapticsEmulator.advance(by: 1)
            try player.resume(atTime: 0)
            HapticsEmulator.runUntilIdle()
            let capture = HapticsEmulator.capture()
            #expect(capture.timeline.map(\.ended) == ["end", "pause", "end"])
            #expect(capture.timeline.map(\.startTime) == [1000, 1000.5, 1001])
            #expect(capture.timeline.map(\.endTime) == [capture.timeline[0].endTime, 1000.8, 1001.7])
            // The release: the drive falls to nothing within the profile's ramp, then only the
            // resonator rings; playing again at once, mid-event (no attack ramp from silence).
            #expect(Emulated.entries(capture, "pause").first?.frame == Emulated.frames(0.8))
        }

        @Test func aSeekBeforeStartStartsThereAndOneWhilePlayingMovesThere() throws {
            let (_, player, completions) = try Self.player()
            try player.seek(toOffset: 0.4)
            try player.start(atTime: 0)
            HapticsEmulator.runUntilIdle()
            #expect(completions.list == ["\(Emulated.frames(1.1))@nil"])
            #expect(HapticsEmulator.capture().timeline.map(\.startTime) == [1000.1])  // the hum only: the tap was before 0.4
            let second = Self.frame()  // after the resonator's tail
            try player.start(atTime: 0)  // the seek was used: from 0 again
            HapticsEmulator.advance(by: 0.2)
            try player.seek(toOffset: 1.4)  // 0.1 s of the pattern left
            HapticsEmulator.runUntilIdle()
            #expect(completions.list == ["\(Emulated.frames(1.1))@nil", "\(second + Emulated.frames(0.3))@nil"])
            try player.start(atTime: 0)
            try player.seek(toOffset: 2)  // past the end: the run ends
            HapticsEmulator.advance(by: 0)
            #expect(completions.list.last == "\(Self.frame())@nil")
        }

        @Test func aLoopPlaysOnAndItsPassesAreTheSame() throws {
            let (_, player, completions) = try Self.player()
            player.loopEnabled = true
            player.loopEnd = 1.0
            try player.start(atTime: 0)
            HapticsEmulator.advance(by: 3.5)
            let capture = HapticsEmulator.capture()
            #expect(completions.list.isEmpty)
            #expect(capture.timeline.map(\.startTime) == [1000, 1000.5, 1001, 1001.5, 1002, 1002.5, 1003])
            #expect(capture.timeline.filter { $0.kind == "hapticContinuous" }.allSatisfy { $0.ended == "loop" || $0.endTime > 1003 })
            let pass = Emulated.frames(1)
            let second = Array(capture.haptics[pass..<(2 * pass)]), third = Array(capture.haptics[(2 * pass)..<(3 * pass)])
            #expect(zip(second, third).allSatisfy { abs($0 - $1) < 1e-6 })
            #expect(!Emulated.silent(capture.haptics, (3 * pass)..<(3 * pass + 1_000)))
            try player.stop(atTime: 0)
            HapticsEmulator.advance(by: 0)
            #expect(completions.list == ["\(Self.frame())@nil"])
        }

        @Test func aLoopEndPastTheDurationIsSilenceAndZeroMeansTheDuration() throws {
            let (_, player, _) = try Self.player()
            player.loopEnabled = true
            player.loopEnd = 2
            try player.start(atTime: 0)
            HapticsEmulator.advance(by: 4.5)
            #expect(HapticsEmulator.capture().timeline.filter { $0.kind == "hapticTransient" }.map(\.startTime) == [1000, 1002, 1004])
            let (_, again, _) = try Self.player()
            again.loopEnabled = true
            again.loopEnd = 0
            try again.start(atTime: 0)
            HapticsEmulator.advance(by: 3.2)
            #expect(HapticsEmulator.capture().timeline.filter { $0.kind == "hapticTransient" }.map(\.startTime) == [1000, 1001.5, 1003])
        }

        @Test func aRateChangeWhilePlayingReanchorsWhereItIs() throws {
            let (_, player, completions) = try Self.player()
            try player.start(atTime: 0)
            HapticsEmulator.advance(by: 0.5)
            player.playbackRate = 2  // 1 s of pattern left: 0.5 s at rate 2
            HapticsEmulator.runUntilIdle()
            #expect(completions.list == ["\(Emulated.frames(1))@nil"])
            #expect(Emulated.entries(HapticsEmulator.capture(), "playbackRate").first?.rule == "advanced player: a change re-anchors at the current offset")
        }

        @Test func completionRunsOncePerStart() throws {
            let (engine, player, completions) = try Self.player()
            try player.start(atTime: 0)
            try player.pause(atTime: engine.currentTime + 0.1)
            HapticsEmulator.advance(by: 0.2)
            try player.resume(atTime: 0)
            HapticsEmulator.advance(by: 0.1)
            try player.start(atTime: 0)  // restart: the first start completes
            HapticsEmulator.advance(by: 0.1)
            try player.cancel()
            HapticsEmulator.runUntilIdle()
            #expect(completions.list.map { $0.split(separator: "@").last.map(String.init) } == ["nil", "nil"])
            #expect(completions.list.count == 2)
        }
    }
}
