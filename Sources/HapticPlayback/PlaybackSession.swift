import FoundationEssentials
import Glibc

/// One playback: its native players, its logical deadline and how it ended (docs/playback.md), as a
/// small state machine whose transitions are the only writers of its state.
///
/// Every field is guarded by the executor's recursive lock, shared with the session. Each
/// transition returns the waiter resumptions to run once the lock is released, so waiters resume
/// only after cleanup has finished and never inside the lock.
final class PlaybackSession: @unchecked Sendable {
    /// One native player and what happened to it.
    struct Slot {
        /// nil while the player is being made.
        var player: (any NativeHapticPlayer)?
        /// Whether the player's first completion has been reported (later ones are ignored).
        var reported = false
        /// Whether that completion has been processed on the callback queue.
        var completed = false
        var cancelled = false
    }

    /// Work that resumes waiters; run after the lock is released.
    typealias Resumption = @Sendable () -> Void

    /// A number never given to another session of the process (object addresses are reused).
    let id: UInt64
    /// The engine generation the session plays on; nil for sessions without native work.
    let engineGeneration: UInt64?
    let lock: RecursiveLock
    let clock: any MonotonicClock
    /// When the timeline (duration, plus the lead for Core Haptics) ends, on the clock.
    let deadlineNanoseconds: UInt64
    /// Called once, under the lock, when the session ends (the executor forgets it).
    var onEnd: ((PlaybackSession) -> Void)?

    /// Players in plan order.
    private(set) var slots: [Slot] = []
    private(set) var completedCount = 0
    /// Whether completions reported from now on are stale: set as the session starts to end, before
    /// its players are cancelled (a completion a cancel provokes is not a playback report).
    private(set) var closing = false
    /// Whether the session is over: completed, cancelled, replaced, failed, invalidated or released.
    private(set) var ended = false
    /// The first native player failure reported while the session was going.
    private(set) var playbackFailure: (any Error)?
    /// Failures of cleanup (player cancel, engine dispose), in arrival order.
    private(set) var cleanupErrors: [any Error] = []
    /// Failures reported while the session was going and not yet processed, in report order.
    private var pendingFailures: [(index: Int, error: any Error)] = []
    /// Waiters by id (`PlaybackSession+Waiting.swift` keeps them).
    var waiters: [UInt64: @Sendable (Result<Void, any Error>) -> Void] = [:]
    /// Waiters whose task was cancelled before they could register.
    var cancelledWaiters: Set<UInt64> = []
    var nextWaiterID: UInt64 = 0

    init(
        id: UInt64, engineGeneration: UInt64?, lock: RecursiveLock, clock: any MonotonicClock, deadlineNanoseconds: UInt64,
        ended: Bool = false
    ) {
        self.id = id
        self.engineGeneration = engineGeneration
        self.lock = lock
        self.clock = clock
        self.deadlineNanoseconds = deadlineNanoseconds
        self.ended = ended
        closing = ended
    }

    // MARK: Reading

    /// Not ended, and either before the deadline or with a player that has not completed.
    var isActive: Bool {
        lock.withLock { !ended && (clock.nowNanoseconds < deadlineNanoseconds || completedCount < slots.count) }
    }

    /// The playback failure with cleanup errors suppressed onto it, or the first cleanup error with
    /// the later ones suppressed, or nil.
    var failure: (any Error)? {
        lock.withLock {
            if let playbackFailure { return HapticPlaybackError(primary: playbackFailure, suppressed: cleanupErrors) }
            return HapticPlaybackError.combining(cleanupErrors)
        }
    }

    /// The players made, in plan order.
    var players: [any NativeHapticPlayer] { lock.withLock { slots.compactMap(\.player) } }

    // MARK: Transitions

    /// Start: reserves the slot of the player about to be made (its completion may be reported
    /// before it is returned); returns its index.
    func reserveSlot() -> Int {
        lock.withLock {
            slots.append(Slot(player: nil))
            return slots.count - 1
        }
    }

    /// Start: the player made for a reserved slot.
    func fill(_ index: Int, with player: any NativeHapticPlayer) {
        lock.withLock { slots[index].player = player }
    }

    /// A completion as the native side reports it (on any thread, perhaps inside a native call):
    /// whether it counts and must be processed. Only a player's first report counts, and only
    /// while the session is going; a failure is remembered at once, so an ending that comes before
    /// it is processed still makes it the primary failure.
    func report(_ index: Int, error: (any Error)?) -> Bool {
        lock.withLock {
            guard !closing, index < slots.count, !slots[index].reported else { return false }
            slots[index].reported = true
            if let error { pendingFailures.append((index, error)) }
            return true
        }
    }

    /// Player completed: a reported completion, processed on the callback queue. The first
    /// failure ends the session and cancels every player once; otherwise the session ends
    /// naturally once every player has completed and the deadline has passed. A failure processed
    /// after the session ended (it was reported before) still becomes its playback failure.
    func completed(_ index: Int, error: (any Error)?) -> [Resumption] {
        lock.withLock {
            guard !slots[index].completed else { return [] }
            slots[index].completed = true
            completedCount += 1
            if error != nil { takePendingFailure(index: index) }
            guard !ended else { return [] }
            if playbackFailure != nil { return close(cancelling: true) }
            return finishIfDone()
        }
    }

    /// Ends the session naturally if every player has completed and the deadline has passed.
    func finishIfDone() -> [Resumption] {
        lock.withLock {
            guard !ended, clock.nowNanoseconds >= deadlineNanoseconds, completedCount == slots.count else { return [] }
            return close(cancelling: false)
        }
    }

    /// Cancel: by the caller, a replacement, a waiting task or a trigger. Cancels every player not
    /// cancelled yet, once each, trying all of them. With `recording`, cancel failures become
    /// cleanup errors on the session; either way they are returned.
    func cancel(recording: Bool) -> (errors: [any Error], resumptions: [Resumption]) {
        lock.withLock {
            guard !ended else { return ([], []) }
            let errors = beginClosingAndCancelPlayers()
            if recording { cleanupErrors += errors }
            return (errors, end())
        }
    }

    /// Shut down: an engine reset or stop, or `release()`. Cancels the players (unless the session
    /// already ended), disposes of `engine`, records every failure on the session and ends it.
    func shutDown(disposing engine: (any NativeHapticEngine)?) -> (errors: [any Error], resumptions: [Resumption]) {
        lock.withLock {
            var errors: [any Error] = []
            if !ended { errors += beginClosingAndCancelPlayers() }
            if let engine { errors += HapticExecutor.dispose(engine) }
            cleanupErrors += errors
            return (errors, end())
        }
    }

    /// Startup failed: cancels every player made so far, once each, and ends the session without
    /// a failure of its own (the caller throws); returns the cancel failures.
    func abandon() -> [any Error] {
        lock.withLock {
            closing = true
            let errors = cancelPlayers()
            _ = end()
            return errors
        }
    }

    // MARK: Helpers (lock held)

    private func takePendingFailure(index: Int) {
        guard let at = pendingFailures.firstIndex(where: { $0.index == index }) else { return }
        let failure = pendingFailures.remove(at: at)
        if playbackFailure == nil { playbackFailure = NativeHapticError.playerFailed(failure.error) }
    }

    /// Failures reported but not yet processed become the playback failure before the session
    /// ends, so its waiters see them (the first reported is primary).
    private func absorbPendingFailures() {
        if playbackFailure == nil, let first = pendingFailures.first {
            playbackFailure = NativeHapticError.playerFailed(first.error)
            pendingFailures.removeFirst()
        }
    }

    /// Pending failures become the playback failure, the session starts closing, and every player
    /// not cancelled yet is cancelled; returns the cancel failures.
    private func beginClosingAndCancelPlayers() -> [any Error] {
        absorbPendingFailures()
        closing = true
        return cancelPlayers()
    }

    private func close(cancelling: Bool) -> [Resumption] {
        closing = true
        if cancelling { cleanupErrors += cancelPlayers() }
        return end()
    }

    /// Cancels every player not cancelled yet, each exactly once, trying all of them; returns the
    /// failures as `couldNotStopPlayer`.
    private func cancelPlayers() -> [any Error] {
        var errors: [any Error] = []
        for index in slots.indices where !slots[index].cancelled {
            guard let player = slots[index].player else { continue }
            slots[index].cancelled = true
            do {
                try player.cancel()
            } catch {
                errors.append(NativeHapticError.couldNotStopPlayer(error))
            }
        }
        return errors
    }

    /// Marks the session ended, tells the executor, and returns the resumptions of its waiters.
    /// Ending twice does nothing.
    private func end() -> [Resumption] {
        guard !ended else { return [] }
        ended = true
        closing = true
        onEnd?(self)
        onEnd = nil
        let failure = self.failure
        let resumed = waiters
        waiters = [:]
        return resumed.values.map { waiter in
            { waiter(failure.map { .failure($0) } ?? .success(())) }
        }
    }
}
