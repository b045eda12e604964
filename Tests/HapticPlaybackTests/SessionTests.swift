import Testing
import HapticCore
import HapticPlanner
@testable import HapticPlayback
import HapticPlaybackTesting

/// When sessions are active and how they end (docs/playback.md "Active", "Ending", "Clocks").
@Suite struct SessionTests {
    @Test func completionNeedsEveryPlayerAndNaturalCompletionCancelsNothing() throws {
        let rig = Rig()
        let handle = try rig.executor.play(try threePlayerPattern())
        rig.clock.advance(byMilliseconds: 500)
        rig.drain()
        #expect(handle.isActive)
        rig.completeAll(Array(rig.driver.players.prefix(2)))
        #expect(handle.isActive)
        rig.completeAll([rig.driver.players[2]])
        #expect(!handle.isActive)
        #expect(rig.driver.playerCancelCount == 0)
        rig.executor.release()
        #expect(rig.driver.playerCancelCount == 0)
        #expect(rig.driver.engineDisposalCount == 1)
    }

    @Test func transientAtZeroInA100MillisecondPatternLastsUntilDurationPlusLead() throws {
        let rig = Rig()
        let handle = try rig.executor.play(try transientPattern(durationMs: 100))
        rig.completeAll()
        rig.clock.advance(byMilliseconds: 100)
        #expect(handle.isActive)
        rig.clock.advance(byMilliseconds: 10)
        #expect(!handle.isActive)
    }

    @Test func atTheDeadlineItselfACompletedSessionIsInactive() throws {
        let rig = Rig()
        let handle = try rig.executor.play(try transientPattern(durationMs: 100))
        rig.completeAll()
        rig.clock.advance(byNanoseconds: 110_000_000 - 1)
        #expect(handle.isActive)
        rig.clock.advance(byNanoseconds: 1)
        #expect(!handle.isActive)
    }

    @Test func transientOnlyPatternOfZeroDurationIsActiveUntilItsPlayerCompletes() throws {
        let rig = Rig()
        let handle = try rig.executor.play(try transientPattern(durationMs: 0))
        rig.clock.advance(byMilliseconds: 1_000)
        rig.drain()
        #expect(handle.isActive)
        rig.completeAll()
        #expect(!handle.isActive)
    }

    @Test func callbacksWaitForTheQueueAndNeverReenterTheCaller() throws {
        let rig = Rig()
        let handle = try rig.executor.play(try transientPattern(durationMs: 0))
        rig.clock.advance(byMilliseconds: 20)
        rig.driver.players[0].complete(error: ScriptedError("actuator fault"))
        #expect(rig.driver.callbacks.pendingCount >= 1)
        #expect(handle.isActive && handle.failure == nil)
        rig.drain()
        #expect(!handle.isActive)
        #expect(texts(handle.failure) == ["Core Haptics player failed: actuator fault"])
    }

    @Test func cancelStopsEachPlayerExactlyOnce() throws {
        let rig = Rig()
        let handle = try rig.executor.play(try threePlayerPattern())
        try handle.cancel()
        try handle.cancel()
        #expect(rig.driver.players.map(\.cancelCount) == [1, 1, 1])
        #expect(!handle.isActive && handle.failure == nil)
        rig.executor.release()
        #expect(rig.driver.players.map(\.cancelCount) == [1, 1, 1])
        #expect(rig.driver.engineDisposalCount == 1)
    }

    @Test func cancelTriesEveryPlayerThenThrowsTheFirstErrorWithTheRestSuppressed() throws {
        let rig = Rig()
        let handle = try rig.executor.play(try threePlayerPattern())
        rig.driver.failures.playerCancel[0] = ScriptedError("first")
        rig.driver.failures.playerCancel[2] = ScriptedError("third")
        #expect(performing: { try handle.cancel() }, throws: { error in
            texts(error) == ["Could not stop haptic player: first", "Could not stop haptic player: third"]
        })
        #expect(rig.driver.players.map(\.cancelCount) == [1, 1, 1])
        #expect(!handle.isActive)
    }

    @Test func releaseCancelsTheCurrentSessionAndDisposesTheEngineOnce() throws {
        let rig = Rig()
        let handle = try rig.executor.play(try threePlayerPattern())
        rig.executor.release()
        #expect(!handle.isActive)
        #expect(rig.driver.players.map(\.cancelCount) == [1, 1, 1])
        #expect(rig.driver.engineDisposalCount == 1)
    }

    @Test func firstPlayerFailureEndsTheSessionAndCancelsEveryPlayerOnce() throws {
        let rig = Rig()
        let handle = try rig.executor.play(try threePlayerPattern())
        rig.driver.players[1].complete(error: ScriptedError("overheated"))
        rig.driver.players[1].complete(error: ScriptedError("again"))
        rig.driver.players[0].complete(error: ScriptedError("other"))
        rig.drain()
        #expect(!handle.isActive)
        #expect(texts(handle.failure) == ["Core Haptics player failed: overheated"])
        #expect(rig.driver.players.map(\.cancelCount) == [1, 1, 1])
    }

    @Test func aSecondCompletionFromTheSamePlayerIsIgnored() throws {
        let rig = Rig()
        let handle = try rig.executor.play(try transientPattern(durationMs: 100))
        rig.driver.players[0].complete()
        rig.driver.players[0].complete(error: ScriptedError("late echo"))
        rig.drain()
        #expect(handle.isActive && handle.failure == nil)
        rig.clock.advance(byMilliseconds: 110)
        #expect(!handle.isActive && handle.failure == nil)
    }

    @Test func playerFailureKeepsTheCancelFailureAsSuppressed() throws {
        let rig = Rig()
        let handle = try rig.executor.play(try threePlayerPattern())
        rig.driver.failures.playerCancel[2] = ScriptedError("jammed")
        rig.driver.players[0].complete(error: ScriptedError("fault"))
        rig.drain()
        #expect(texts(handle.failure) == ["Core Haptics player failed: fault", "Could not stop haptic player: jammed"])
    }

    @Test func withoutAPlaybackFailureTheFirstCleanupErrorIsPrimary() throws {
        let rig = Rig()
        let handle = try rig.executor.play(try threePlayerPattern())
        rig.driver.failures.playerCancel[0] = ScriptedError("first")
        rig.driver.failures.playerCancel[2] = ScriptedError("second")
        rig.driver.failures.engineDispose[0] = ScriptedError("third")
        rig.driver.engines[0].fireReset()
        rig.drain()
        #expect(texts(handle.failure) == [
            "Could not stop haptic player: first", "Could not stop haptic player: second", "Could not stop haptic engine: third",
        ])
    }
}
