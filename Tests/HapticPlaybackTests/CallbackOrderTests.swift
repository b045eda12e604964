import Foundation
import HapticCore
import HapticPlanner
import Testing
@testable import HapticPlayback
import HapticPlaybackTesting

/// Callbacks that arrive at unlucky moments: inside native calls, between a report and its
/// processing, after a task cancellation or during a release. Each rule is one an app relies on.
@Suite struct CallbackOrderTests {
    @Test func aPlayerFailureOvertakenByAFailingResetCleanupStaysPrimary() async throws {
        let rig = Rig()
        let handle = try rig.executor.play(try threePlayerPattern())
        rig.driver.failures.playerCancel[1] = ScriptedError("wedged")
        let waiter = Task { try await handle.completion() }
        rig.driver.engines[0].fireReset()  // its cleanup is queued first
        rig.driver.players[0].complete(error: ScriptedError("fault"))  // then the failure
        rig.drain()
        let expected = ["Core Haptics player failed: fault", "Could not stop haptic player: wedged"]
        #expect(texts(handle.failure) == expected)
        if case .failure(let error) = await waiter.result { #expect(texts(error) == expected) } else { Issue.record("no failure") }
        #expect(rig.driver.players.map(\.cancelCount) == [1, 1, 1])
    }

    @Test func aFailureReportedAfterTheResetCleanupIsStale() throws {
        let rig = Rig()
        let handle = try rig.executor.play(try threePlayerPattern())
        rig.driver.engines[0].fireReset()
        rig.drain()
        rig.driver.players[0].complete(error: ScriptedError("after cancel"))
        rig.drain()
        #expect(handle.failure == nil)
    }

    @Test(arguments: [EngineInvalidation.reset, .stopped("interrupted")])
    func anEngineInvalidatedInsideItsOwnStartFailsThePlay(invalidation: EngineInvalidation) throws {
        let rig = Rig()
        rig.driver.inside(.engineStart(engine: 0)) {
            if case .stopped(let reason) = invalidation { rig.driver.engines[0].fireStopped(reason: reason) } else { rig.driver.engines[0].fireReset() }
        }
        #expect(performing: { try rig.executor.play(try threePlayerPattern()) }, throws: { error in
            texts(error) == ["Could not start haptic engine: \(invalidation)"]
        })
        rig.drain()
        #expect(rig.driver.engines[0].stopCount == 1)
        #expect(rig.driver.players.isEmpty && rig.executor.engine == nil && rig.executor.current == nil)
        let next = try rig.executor.play(try transientPattern())
        #expect(rig.driver.engines.count == 2 && next.isActive)
        #expect(rig.driver.log == [.engineMade(0), .engineStarted(0), .engineDisposed(0), .engineMade(1), .engineStarted(1),
                                   .playerMade(0, engine: 1), .playerStarted(0, atTime: 12.01)])
    }

    @Test(arguments: [NativeCallPoint.makePlayer(attempt: 1), .playerStart(player: 2)])
    func aResetInsidePlayerSetupFailsThePlayAndCancelsEveryPlayerMadeOnce(point: NativeCallPoint) throws {
        let rig = Rig()
        rig.driver.inside(point) { rig.driver.engines[0].fireReset() }
        #expect(performing: { try rig.executor.play(try threePlayerPattern()) }, throws: { error in
            if case .makePlayer = point { return texts(error) == ["Could not create haptic player: engine reset during startup"] }
            return texts(error) == ["Could not start haptic player: engine reset during startup"]
        })
        rig.drain()
        #expect(rig.driver.players.allSatisfy { $0.cancelCount == 1 })
        #expect(rig.driver.players.count == (point == .makePlayer(attempt: 1) ? 2 : 3))
        #expect(rig.driver.engines[0].stopCount == 1)
        #expect(rig.executor.engine == nil && rig.executor.current == nil)
        rig.driver.inside(point, nil)
        let next = try rig.executor.play(try transientPattern())
        #expect(rig.driver.engines.count == 2 && next.isActive)
    }

    @Test func aResetOfTheKeptEngineInsideMakePlayerFailsThePlayAndDisposesItOnce() throws {
        let rig = Rig()
        let first = try rig.executor.play(try transientPattern())
        rig.driver.inside(.makePlayer(attempt: 1)) { rig.driver.engines[0].fireReset() }
        #expect(throws: HapticPlaybackError.self) { try rig.executor.play(try transientPattern()) }
        rig.drain()
        #expect(!first.isActive && first.failure == nil)  // replaced before the reset
        #expect(rig.driver.engines[0].stopCount == 1 && rig.driver.players.map(\.cancelCount) == [1, 1])
    }

    @Test func aCancelledWaitingTaskLeavesNoStateForALaterReset() async throws {
        let rig = Rig()
        let handle = try rig.executor.play(try transientPattern())
        let waiter = Task { try await handle.completion() }
        waiter.cancel()
        let result = await waiter.result
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(!handle.isActive && rig.executor.current == nil)
        rig.driver.failures.engineDispose[0] = ScriptedError("hung")
        rig.driver.engines[0].fireReset()
        rig.drain()
        #expect(handle.failure == nil)
        #expect(rig.driver.players[0].cancelCount == 1 && rig.driver.engines[0].stopCount == 1)
    }

    @Test func aResetOfTheKeptEngineNeverTouchesANewSilentSession() async throws {
        let rig = Rig()
        for round in 0..<50 {
            do {
                let handle = try rig.executor.play(try transientPattern())
                let waiter = Task { try await handle.completion() }
                waiter.cancel()
                _ = await waiter.result
            }
            let silent = try rig.executor.play(try Pattern(events: [], durationMs: 500))
            rig.driver.engines.last?.fireReset()
            rig.drain()
            #expect(silent.isActive, "round \(round)")
            try silent.cancel()
        }
    }

    @Test func aTriggerAlwaysPlaysANewKeyAndKeepsTheCancelFailureOnTheOldPlayback() throws {
        let rig = Rig()
        let trigger = HapticTrigger<Int>(executor: rig.executor)
        let first = try #require(try trigger.update(1) { try plan(try threePlayerPattern()) })
        rig.driver.failures.playerCancel[0] = ScriptedError("stuck")
        let second = try #require(try trigger.update(2) { try plan(try transientPattern()) })
        #expect(second.isActive && !first.isActive)
        #expect(texts(first.failure) == ["Could not stop haptic player: stuck"])
        #expect(try trigger.update(2) { try plan(try transientPattern()) } == nil)
        #expect(rig.driver.players.count == 4)
    }

    @Test func releaseRunsAQueuedResetCleanupAndReturnsItsFailures() throws {
        let rig = Rig()
        let handle = try rig.executor.play(try transientPattern())
        rig.driver.failures.engineDispose[0] = ScriptedError("hung")
        rig.driver.engines[0].fireReset()
        #expect(texts(HapticPlaybackError.combining(rig.executor.release())) == ["Could not stop haptic engine: hung"])
        #expect(texts(handle.failure) == ["Could not stop haptic engine: hung"] && !handle.isActive)
        rig.drain()
        #expect(rig.driver.engines[0].stopCount == 1 && rig.driver.players[0].cancelCount == 1)
    }

    @Test func aCompletionReportedInsidePlayerStartCounts() throws {
        let rig = Rig()
        rig.driver.inside(.playerStart(player: 0)) { rig.driver.players[0].complete(error: ScriptedError("early")) }
        let handle = try rig.executor.play(try transientPattern())
        rig.drain()
        #expect(texts(handle.failure) == ["Core Haptics player failed: early"] && !handle.isActive)
    }

    @Test func aResetInsideAReplacedPlayersCancelLeavesTheReplacementAlone() throws {
        let rig = Rig()
        let first = try rig.executor.play(try transientPattern())
        rig.driver.failures.engineDispose[0] = ScriptedError("hung")
        rig.driver.inside(.playerCancel(player: 0)) { rig.driver.engines[0].fireReset() }
        let second = try rig.executor.play(try transientPattern())
        rig.drain()
        #expect(second.isActive && second.failure == nil)
        #expect(texts(first.failure) == ["Could not stop haptic engine: hung"])
        #expect(rig.driver.engines.count == 2 && rig.driver.players[1].engine === rig.driver.engines[1])
    }

    @Test func aCompletionInsideCancelIsNotAPlaybackFailure() throws {
        let rig = Rig()
        let handle = try rig.executor.play(try transientPattern())
        rig.driver.inside(.playerCancel(player: 0)) { rig.driver.players[0].complete(error: ScriptedError("cancelled")) }
        try handle.cancel()
        rig.drain()
        #expect(handle.failure == nil)
    }

    @Test func aResetFromAnotherThreadDuringStartupWaitsForThePlayThenCancelsIt() throws {
        let rig = Rig()
        let fired = DispatchSemaphore(value: 0)
        rig.driver.inside(.makePlayer(attempt: 1)) {
            let engine = rig.driver.engines[0]
            Thread.detachNewThread {
                engine.fireReset()  // blocks on the executor's lock until play returns
                fired.signal()
            }
        }
        let handle = try rig.executor.play(try threePlayerPattern())
        fired.wait()
        #expect(rig.executor.engine == nil)
        rig.drain()
        #expect(!handle.isActive && handle.failure == nil)
        #expect(rig.driver.players.map(\.cancelCount) == [1, 1, 1] && rig.driver.engines[0].stopCount == 1)
    }
}
