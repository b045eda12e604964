import Foundation

/// One playback: its native players, its logical deadline and how it ended (SPEC.md §4).
///
/// Every field is guarded by the executor's recursive lock, shared with the session. Waiters are
/// resumed only after the lock is released and after cleanup has finished.
final class PlaybackSession: @unchecked Sendable {
    /// One native player and what happened to it.
    struct Slot {
        let player: any NativeHapticPlayer
        var completed = false
        var cancelled = false
    }

    /// How many slots have completed (kept with `markCompleted`).
    private(set) var completedCount = 0

    let lock: NSRecursiveLock
    let clock: any MonotonicClock
    /// Players in plan order.
    var slots: [Slot] = []
    /// When the timeline (duration, plus the lead for Core Haptics) ends, on the clock.
    var deadlineNanoseconds: UInt64
    /// Whether the session is over: completed, cancelled, replaced, failed or released.
    private(set) var ended = false
    /// A native player failure reported after start.
    var playbackFailure: (any Error)?
    /// Failures of cleanup (player cancel, engine dispose), in arrival order.
    var cleanupErrors: [any Error] = []

    private var waiters: [UInt64: CheckedContinuation<Void, any Error>] = [:]
    /// Waiters whose task was cancelled before they could register.
    private var cancelledWaiters: Set<UInt64> = []
    private var nextWaiterID: UInt64 = 0

    init(lock: NSRecursiveLock, clock: any MonotonicClock, deadlineNanoseconds: UInt64, ended: Bool = false) {
        self.lock = lock
        self.clock = clock
        self.deadlineNanoseconds = deadlineNanoseconds
        self.ended = ended
    }

    /// Current, not cancelled, not failed, and either before the deadline or with a player that
    /// has not completed.
    var isActive: Bool {
        lock.withLock {
            !ended && (clock.nowNanoseconds < deadlineNanoseconds || completedCount < slots.count)
        }
    }

    /// The playback failure with cleanup errors suppressed onto it, or the first cleanup error with
    /// the later ones suppressed, or nil.
    var failure: (any Error)? {
        lock.withLock {
            if let playbackFailure { return HapticPlaybackError(primary: playbackFailure, suppressed: cleanupErrors) }
            return HapticPlaybackError.combining(cleanupErrors)
        }
    }

    /// Whether every player has completed and the deadline has passed (natural completion).
    var isNaturallyDone: Bool {
        lock.withLock { !ended && clock.nowNanoseconds >= deadlineNanoseconds && completedCount == slots.count }
    }

    /// Records the first completion of a player; false when it had already completed.
    func markCompleted(_ index: Int) -> Bool {
        lock.withLock {
            guard !slots[index].completed else { return false }
            slots[index].completed = true
            completedCount += 1
            return true
        }
    }

    /// Cancels every player not cancelled yet, each exactly once, trying all of them; returns the
    /// failures as `couldNotStopPlayer`.
    func cancelPlayers() -> [any Error] {
        lock.withLock {
            var errors: [any Error] = []
            for index in slots.indices where !slots[index].cancelled {
                slots[index].cancelled = true
                do {
                    try slots[index].player.cancel()
                } catch {
                    errors.append(NativeHapticError.couldNotStopPlayer(error))
                }
            }
            return errors
        }
    }

    /// Marks the session ended and returns the work that resumes its waiters, to run after the
    /// lock is released. Ending twice does nothing.
    func end() -> [@Sendable () -> Void] {
        lock.withLock {
            guard !ended else { return [] }
            ended = true
            let failure = self.failure
            let resumed = waiters
            waiters = [:]
            return resumed.values.map { continuation in
                { if let failure { continuation.resume(throwing: failure) } else { continuation.resume() } }
            }
        }
    }

    /// Suspends until the session ends; throws its failure, or `CancellationError` when the
    /// waiting task is cancelled (which cancels the playback; cleanup errors stay on `failure`).
    func waitForEnd() async throws {
        let id = lock.withLock { () -> UInt64 in
            nextWaiterID += 1
            return nextWaiterID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let resumeNow: (@Sendable () -> Void)? = lock.withLock {
                    if cancelledWaiters.remove(id) != nil { return { continuation.resume(throwing: CancellationError()) } }
                    if ended {
                        let failure = self.failure
                        return { if let failure { continuation.resume(throwing: failure) } else { continuation.resume() } }
                    }
                    waiters[id] = continuation
                    return nil
                }
                resumeNow?()
            }
        } onCancel: {
            cancelForTask(waiterID: id)
        }
    }

    /// The waiting task was cancelled: cancel the playback (its cleanup errors go to `failure`),
    /// then resume that waiter with `CancellationError` and the others as for any ending.
    private func cancelForTask(waiterID: UInt64) {
        let resumptions: [@Sendable () -> Void] = lock.withLock {
            var work: [@Sendable () -> Void] = []
            if let continuation = waiters.removeValue(forKey: waiterID) {
                work.append { continuation.resume(throwing: CancellationError()) }
            } else {
                cancelledWaiters.insert(waiterID)
            }
            if !ended {
                cleanupErrors += cancelPlayers()
                work += end()
            }
            return work
        }
        resumptions.forEach { $0() }
    }
}
