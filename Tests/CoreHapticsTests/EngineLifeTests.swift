import CoreHaptics
import CoreHapticsEmulator
import Foundation
import Testing

/// The engine's life (docs/corehaptics.md, "Engine life"): starting, stopping, auto-shutdown,
/// the system's stops and resets, unsupported devices, and the one serial callback queue.
extension OnTheDevice {
    @Suite struct EngineLifeTests {
        let tap = Emulated.transient(at: 0)

        @Test func startingARunningEngineSucceeds() throws {
            let engine = try Emulated.engine()
            try engine.start()
            #expect(Emulated.entries(HapticsEmulator.capture(), "start()").map(\.result) == ["started", "started"])
        }

        @Test func aPlayerCannotStartWhileItsEngineIsStopped() throws {
            let engine = try Emulated.engine()
            let player = try engine.makePlayer(with: try Emulated.pattern([tap]))
            engine.stop()
            #expect(Emulated.code { try player.start(atTime: 0) } == -4805)
            do {
                try player.start(atTime: 0)
            } catch CHHapticError.engineNotRunning {
                // Matched as Foundation's errors are.
            }
            HapticsEmulator.runUntilIdle()
            let capture = HapticsEmulator.capture()
            #expect(capture.timeline.isEmpty && capture.haptics.allSatisfy { $0 == 0 })
            let entry = try #require(Emulated.entries(capture, "start(atTime:)").first)
            #expect(entry.error == -4805 && entry.result == nil)
            #expect(entry.rule == "engine life: a player cannot start while its engine is stopped")
        }

        @Test func withAutoShutdownAPlayerStartsItsStoppedEngine() throws {
            let engine = try Emulated.engine()
            engine.isAutoShutdownEnabled = true
            let player = try engine.makePlayer(with: try Emulated.pattern([tap]))
            engine.stop()
            try player.start(atTime: 0)
            HapticsEmulator.runUntilIdle()
            let capture = HapticsEmulator.capture()
            #expect(capture.timeline.map(\.startFrame) == [0])
            #expect(Emulated.entries(capture, "start()").last?.rule == "engine life: auto-shutdown starts a stopped engine for a player")
        }

        @Test func autoShutdownStopsAnIdleEngineAfter120Seconds() throws {
            // At 8 kHz: minutes of virtual time render quickly.
            let engine = try Emulated.engine(.init(sampleRate: 8_000))
            engine.isAutoShutdownEnabled = true
            var reasons: [CHHapticEngine.StoppedReason] = []
            engine.stoppedHandler = { reasons.append($0) }
            try engine.makePlayer(with: try Emulated.pattern([Emulated.continuous(at: 0, duration: 1)])).start(atTime: 0)
            HapticsEmulator.advance(by: 120.9)
            #expect(reasons.isEmpty)  // idle from 1 s on: 120 s later is 121 s
            HapticsEmulator.advance(by: 0.1)
            #expect(reasons == [.idleTimeout])
            let stop = try #require(Emulated.entries(HapticsEmulator.capture(), "stop", of: "engine#1").first)
            #expect(stop.frame == 121 * 8_000 && stop.rule == "engine life: auto-shutdown after 120 s idle")
            // Without auto-shutdown nothing stops.
            let other = try Emulated.engine(.init(sampleRate: 8_000))
            var called = false
            other.stoppedHandler = { _ in called = true }
            HapticsEmulator.advance(by: 300)
            #expect(!called)
        }

        @Test func theSystemsStopCallsTheHandlerTheAppsOwnDoesNot() throws {
            let engine = try Emulated.engine()
            var reasons: [CHHapticEngine.StoppedReason] = []
            engine.stoppedHandler = { reasons.append($0) }
            let player = try engine.makePlayer(with: try Emulated.pattern([Emulated.continuous(at: 0, duration: 1)]))
            try player.start(atTime: 0)
            HapticsEmulator.advance(by: 0.2)
            engine.stop()
            HapticsEmulator.advance(by: 0.1)
            #expect(reasons.isEmpty)
            try engine.start()
            try player.start(atTime: 0)  // players survive stop and start
            HapticsEmulator.advance(by: 0.2)
            HapticsEmulator.simulateStop(reason: .audioSessionInterrupt)
            #expect(reasons == [.audioSessionInterrupt])
            HapticsEmulator.runUntilIdle()
            let capture = HapticsEmulator.capture()
            #expect(capture.timeline.map(\.startFrame) == [0, Emulated.frames(0.3)])
            #expect(capture.timeline.map(\.endFrame) == [Emulated.frames(0.2), Emulated.frames(0.5)])
            #expect(capture.timeline.map(\.ended) == ["stop", "stop"])
            #expect(Emulated.code { try player.start(atTime: 0) } == -4805)
            #expect(Emulated.entries(capture, "stoppedHandler").map { $0.args["reason"] } == ["audioSessionInterrupt"])
        }

        @Test func aResetInvalidatesEveryPlayerAndCallsTheResetHandler() throws {
            let engine = try Emulated.engine()
            var resets = 0
            engine.resetHandler = { resets += 1 }
            let player = try engine.makePlayer(with: try Emulated.pattern([Emulated.continuous(at: 0, duration: 1)]))
            try player.start(atTime: 0)
            HapticsEmulator.advance(by: 0.25)
            HapticsEmulator.simulateReset()
            #expect(resets == 1)
            #expect(Emulated.code { try player.start(atTime: 0) } == -4812)
            #expect(Emulated.code { try player.stop(atTime: 0) } == -4812)
            #expect(Emulated.code { try player.cancel() } == -4812)
            try engine.start()
            let fresh = try engine.makePlayer(with: try Emulated.pattern([tap]))
            try fresh.start(atTime: 0)
            HapticsEmulator.runUntilIdle()
            let capture = HapticsEmulator.capture()
            #expect(capture.timeline.map(\.ended) == ["reset", "end"])
            #expect(capture.timeline.map(\.player) == ["player#1", "player#2"])
            #expect(capture.timeline.first?.endFrame == 12_000)
            // The reset cut the first player as a stop at that frame would have.
            let other = try Emulated.engine()
            let first = try other.makePlayer(with: try Emulated.pattern([Emulated.continuous(at: 0, duration: 1)]))
            try first.start(atTime: 0)
            HapticsEmulator.advance(by: 0.25)
            try first.stop(atTime: 0)
            try other.makePlayer(with: try Emulated.pattern([tap])).start(atTime: 0)
            HapticsEmulator.runUntilIdle()
            #expect(HapticsEmulator.capture().haptics == capture.haptics)
        }

        @Test func anIPadHasNoHapticsAndItsEngineThrowsNotSupported() throws {
            HapticsEmulator.configure(.init(device: "ipad"))
            #expect(!CHHapticEngine.capabilitiesForHardware().supportsHaptics)
            #expect(Emulated.code { _ = try CHHapticEngine() } == -4809)
            HapticsEmulator.configure(.init(supportsHaptics: false))
            #expect(!CHHapticEngine.capabilitiesForHardware().supportsHaptics)
            #expect(Emulated.code { _ = try CHHapticEngine() } == -4809)
            HapticsEmulator.configure(.init())
            #expect(CHHapticEngine.capabilitiesForHardware().supportsHaptics)
            #expect(CHHapticEngine.capabilitiesForHardware().supportsAudio)
        }

        @Test func aDeviceThatCannotBeSetUpFailsEveryEngine() throws {
            HapticsEmulator.configure(.init(device: "no-such-phone"))
            #expect(Emulated.code { _ = try CHHapticEngine() } == -4810)
            HapticsEmulator.configure(.init(device: "pixel-cs40l26"))
            #expect(Emulated.code { _ = try CHHapticEngine() } == -4810)
            let entry = try #require(Emulated.entries(HapticsEmulator.capture(), "configure").first)
            #expect(entry.error == -4810 && entry.rule?.contains("Android") == true)
        }

        @Test func anEngineFromBeforeAConfigureIsInterrupted() throws {
            let engine = try Emulated.engine()
            let player = try engine.makePlayer(with: try Emulated.pattern([tap]))
            HapticsEmulator.configure(.init())
            #expect(Emulated.code { try engine.start() } == -4811)
            #expect(Emulated.code { try player.start(atTime: 0) } == -4811)
        }

        @Test func callbacksRunInOrderOnOneQueueAndMayCallTheAPI() throws {
            let engine = try Emulated.engine()
            var order: [String] = []
            let player = try engine.makePlayer(with: try Emulated.pattern([tap]))
            engine.stoppedHandler = { reason in
                order.append("stopped \(reason.rawValue)")
                // Re-entrant: restart the engine and play from the handler.
                engine.start { error in order.append("started \(error == nil)") }
                try? player.start(atTime: 0)
            }
            engine.resetHandler = { order.append("reset") }
            HapticsEmulator.advance(by: 0.1)
            HapticsEmulator.simulateStop(reason: .applicationSuspended)
            #expect(order == ["stopped 2", "started true"])
            HapticsEmulator.runUntilIdle()
            let capture = HapticsEmulator.capture()
            #expect(capture.timeline.map(\.startFrame) == [4_800])
            let calls = capture.log.map(\.call)
            let stopped = try #require(calls.firstIndex(of: "stoppedHandler"))
            #expect(Array(calls[stopped...].prefix(4)) == ["stoppedHandler", "start(completionHandler:)", "start(atTime:)", "start completionHandler"])
            #expect(capture.log.map(\.seq) == Array(1...capture.log.count))
        }

        @Test func startAndStopCompletionHandlersRunWhenTheDeviceMoves() async throws {
            let engine = try Emulated.engine()
            var calls: [String] = []
            engine.stop { error in calls.append("stop \(error == nil)") }
            engine.start { error in calls.append("start \(error == nil)") }
            #expect(calls.isEmpty)
            HapticsEmulator.advance(by: 0)
            #expect(calls == ["stop true", "start true"])
            try await engine.stop()
            #expect(Emulated.code { try engine.makePlayer(with: try Emulated.pattern([tap])).start(atTime: 0) } == -4805)
            try await engine.start()
            try engine.makePlayer(with: try Emulated.pattern([tap])).start(atTime: 0)
        }
    

        @Test func notifyWhenPlayersFinishedWaitsForTheLastPlayer() throws {
            let engine = try Emulated.engine()
            var stops: [CHHapticEngine.StoppedReason] = [], calls: [Double] = []
            engine.stoppedHandler = { stops.append($0) }
            engine.notifyWhenPlayersFinished { _ in
                calls.append(HapticsEmulator.currentTime)
                return .leaveEngineRunning
            }
            HapticsEmulator.advance(by: 0)
            #expect(calls == [1000])  // nothing played: at once
            try engine.makePlayer(with: try Emulated.pattern([Emulated.continuous(at: 0, duration: 0.5)])).start(atTime: 0)
            try engine.makePlayer(with: try Emulated.pattern([Emulated.transient(at: 0)])).start(atTime: engine.currentTime + 0.2)
            engine.notifyWhenPlayersFinished { _ in
                calls.append(HapticsEmulator.currentTime)
                return .stopEngine
            }
            HapticsEmulator.runUntilIdle()
            #expect(calls == [1000, 1000.5])
            #expect(stops == [.notifyWhenFinished])
            #expect(Emulated.code { try engine.makePlayer(with: try Emulated.pattern([Emulated.transient(at: 0)])).start(atTime: 0) } == -4805)
        }

        @Test func anAdvancedPlayersCompletionHandlerRunsOncePerStart() throws {
            let engine = try Emulated.engine()
            var results: [String] = []
            let player = try engine.makeAdvancedPlayer(with: try Emulated.pattern([Emulated.continuous(at: 0, duration: 0.3)]))
            player.completionHandler = { error in results.append(error.map { "\(($0 as NSError).code)" } ?? "nil") }
            try player.start(atTime: 0)
            HapticsEmulator.runUntilIdle()  // the natural end
            try player.start(atTime: 0)
            HapticsEmulator.advance(by: 0.1)
            try player.stop(atTime: 0)
            try player.start(atTime: 0)
            HapticsEmulator.advance(by: 0.1)
            try player.cancel()
            try player.start(atTime: 0)
            HapticsEmulator.advance(by: 0.1)
            HapticsEmulator.simulateStop(reason: .systemError)
            try engine.start()
            try player.start(atTime: 0)
            HapticsEmulator.advance(by: 0.1)
            HapticsEmulator.simulateReset()
            #expect(results == ["nil", "nil", "nil", "-4805", "-4811"])
            let ended = HapticsEmulator.capture().timeline.map(\.ended)
            #expect(ended == ["end", "stop", "cancel", "stop", "reset"])
        }
    }
}
