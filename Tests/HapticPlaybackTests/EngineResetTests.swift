import Testing
import HapticCore
import HapticPlanner
@testable import HapticPlayback
import HapticPlaybackTesting

/// Engine resets and stops: invalid at once, session cancelled, nothing replayed, stale callbacks
/// harmless (docs/playback.md "Ending").
@Suite struct EngineResetTests {
    @Test func resetCancelsTheSessionWithoutReplayAndTheNextPlayMakesAFreshEngine() throws {
        let rig = Rig()
        let handle = try rig.executor.play(try threePlayerPattern())
        rig.driver.engines[0].fireReset()
        #expect(rig.executor.engine == nil)  // invalid at once
        rig.drain()
        #expect(!handle.isActive && handle.failure == nil)
        #expect(rig.driver.players.map(\.cancelCount) == [1, 1, 1])
        #expect(rig.driver.playerStartCount == 3)  // not replayed
        #expect(rig.driver.engines[0].stopCount == 1)
        _ = try rig.executor.play(try transientPattern())
        #expect(rig.driver.engines.count == 2)
    }

    @Test func stoppedHandlerActsLikeAReset() throws {
        let rig = Rig()
        let handle = try rig.executor.play(try transientPattern())
        rig.driver.engines[0].fireStopped(reason: "audio session interrupted")
        rig.drain()
        #expect(!handle.isActive)
        #expect(rig.driver.players[0].cancelCount == 1)
        _ = try rig.executor.play(try transientPattern())
        #expect(rig.driver.engines.count == 2)
    }

    @Test func staleCallbacksFromAnOldEngineCannotTouchTheReplacement() throws {
        let rig = Rig()
        _ = try rig.executor.play(try transientPattern())
        let oldEngine = rig.driver.engines[0], oldPlayer = rig.driver.players[0]
        oldEngine.fireReset()
        rig.drain()
        let replacement = try rig.executor.play(try threePlayerPattern())
        oldPlayer.complete(error: ScriptedError("stale"))
        oldEngine.fireReset()
        oldEngine.fireStopped()
        rig.drain()
        #expect(replacement.isActive && replacement.failure == nil)
        #expect(rig.driver.players.dropFirst().map(\.cancelCount) == [0, 0, 0])
        #expect(rig.driver.engines[1].stopCount == 0)
        #expect(rig.executor.engine === rig.driver.engines[1])
    }

    @Test func staleCompletionFromAReplacedSessionIsIgnored() throws {
        let rig = Rig()
        _ = try rig.executor.play(try transientPattern())
        let second = try rig.executor.play(try transientPattern())
        rig.driver.players[0].complete(error: ScriptedError("old"))
        rig.drain()
        #expect(second.isActive && second.failure == nil)
        #expect(rig.driver.players[1].cancelCount == 0)
    }

    @Test func playerCancelFailureDuringResetBecomesTheFailureAndReachesTheWaiter() async throws {
        let rig = Rig()
        let handle = try rig.executor.play(try threePlayerPattern())
        rig.driver.failures.playerCancel[1] = ScriptedError("wedged")
        let waiter = Task { try await handle.completion() }
        rig.driver.engines[0].fireReset()
        rig.drain()
        let result = await waiter.result
        #expect(throws: HapticPlaybackError.self) { try result.get() }
        if case .failure(let error) = result { #expect(texts(error) == ["Could not stop haptic player: wedged"]) }
        #expect(texts(handle.failure) == ["Could not stop haptic player: wedged"])
        #expect(rig.driver.players.map(\.cancelCount) == [1, 1, 1])
    }

    @Test func engineDisposeFailureDuringResetIsACleanupFailure() throws {
        let rig = Rig()
        let handle = try rig.executor.play(try transientPattern())
        rig.driver.failures.engineDispose[0] = ScriptedError("hung")
        rig.driver.failures.playerCancel[0] = ScriptedError("stuck")
        rig.driver.engines[0].fireReset()
        rig.drain()
        #expect(texts(handle.failure) == ["Could not stop haptic player: stuck", "Could not stop haptic engine: hung"])
    }
}
