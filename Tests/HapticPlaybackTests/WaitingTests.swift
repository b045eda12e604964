import Testing
import HapticCore
import HapticPlanner
@testable import HapticPlayback
import HapticPlaybackTesting

/// Awaiting playback: `completion()`, `playAndWait`, task cancellation (docs/playback.md "Failures").
@Suite struct WaitingTests {
    @Test func waiterReturnsWhenTheSessionCompletes() async throws {
        let rig = Rig()
        let handle = try rig.executor.play(try transientPattern(durationMs: 100))
        let waiter = Task { try await handle.completion() }
        rig.completeAll()
        rig.clock.advance(byMilliseconds: 110)
        rig.drain()
        try await waiter.value
        #expect(!handle.isActive)
    }

    @Test func waiterOfACancelledOrReplacedSessionReturnsNormally() async throws {
        let rig = Rig()
        let cancelled = try rig.executor.play(try transientPattern())
        let first = Task { try await cancelled.completion() }
        try cancelled.cancel()
        try await first.value
        let replaced = try rig.executor.play(try transientPattern())
        let second = Task { try await replaced.completion() }
        _ = try rig.executor.play(try transientPattern())
        try await second.value
    }

    @Test func waiterGetsThePlayerFailureAfterCleanupFinished() async throws {
        let rig = Rig()
        let handle = try rig.executor.play(try threePlayerPattern())
        let waiter = Task { () -> [Int] in
            do {
                try await handle.completion()
            } catch {
                #expect(texts(error) == ["Core Haptics player failed: broken"])
            }
            return rig.driver.players.map(\.cancelCount)
        }
        rig.driver.players[2].complete(error: ScriptedError("broken"))
        rig.drain()
        #expect(await waiter.value == [1, 1, 1])
    }

    @Test func cancellingTheWaitingTaskCancelsPlaybackAndThrowsCancellationError() async throws {
        let rig = Rig()
        let handle = try rig.executor.play(try threePlayerPattern())
        rig.driver.failures.playerCancel[0] = ScriptedError("stuck")
        let waiter = Task { try await handle.completion() }
        waiter.cancel()
        let result = await waiter.result
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(!handle.isActive)
        #expect(rig.driver.players.map(\.cancelCount) == [1, 1, 1])
        #expect(texts(handle.failure) == ["Could not stop haptic player: stuck"])
    }

    @Test func playAndWaitThrowsAtOnceWhenItsTaskIsAlreadyCancelled() async throws {
        let rig = Rig()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await rig.executor.playAndWait(try transientPattern())
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(rig.driver.engines.isEmpty)
    }

    @Test func playAndWaitReturnsWhenTheSilentTimelineEnds() async throws {
        let rig = Rig()
        let task = Task { try await rig.executor.playAndWait(try Pattern.delay(ms: 100)) }
        while rig.executor.lock.withLock({ rig.executor.current == nil }) { await Task.yield() }
        rig.clock.advance(byMilliseconds: 100)
        rig.drain()
        try await task.value
    }
}

/// Triggers: play when the key changes (docs/playback.md "Triggers").
@Suite struct TriggerTests {
    @Test func withoutPlayOnInitialTheFirstKeyDoesNotPlayAndChangesDo() throws {
        let rig = Rig()
        let trigger = HapticTrigger<Int>(executor: rig.executor, playOnInitial: false)
        #expect(try trigger.update(1, pattern: { try transientPattern() }) == nil)
        #expect(rig.driver.players.isEmpty)
        let first = try #require(try trigger.update(2, pattern: { try transientPattern() }))
        #expect(try trigger.update(2, pattern: { try transientPattern() }) == nil)
        let second = try #require(try trigger.update(3, pattern: { try transientPattern() }))
        #expect(!first.isActive && second.isActive)
        #expect(rig.driver.players.map(\.cancelCount) == [1, 0])
    }

    @Test func playOnInitialPlaysTheFirstKey() throws {
        let rig = Rig()
        let trigger = HapticTrigger<String>(executor: rig.executor)
        #expect(try trigger.update("a", pattern: { try transientPattern() }) != nil)
        #expect(try trigger.update("a", pattern: { Issue.record("planned for an unchanged key"); return .empty }) == nil)
    }
}
