/// Waiting for a session to end.
extension PlaybackSession {
    /// Adds a waiter called with the session's outcome once it ends (at once, after the lock is
    /// released, when it already has).
    func addWaiter(_ waiter: @escaping @Sendable (Result<Void, any Error>) -> Void) {
        register(newWaiterID(), waiter)
    }

    /// Suspends until the session ends; throws its failure, or `CancellationError` when the
    /// waiting task is cancelled (which cancels the playback; cleanup errors stay on `failure`).
    func waitForEnd() async throws {
        let id = newWaiterID()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                register(id) { continuation.resume(with: $0) }
            }
        } onCancel: {
            cancelForTask(waiterID: id)
        }
    }

    private func newWaiterID() -> UInt64 {
        lock.withLock {
            nextWaiterID += 1
            return nextWaiterID
        }
    }

    /// Keeps `waiter` until the session ends, or calls it at once (after unlocking) when the session
    /// has ended or its task was cancelled before it could register.
    private func register(_ id: UInt64, _ waiter: @escaping @Sendable (Result<Void, any Error>) -> Void) {
        let now: Resumption? = lock.withLock {
            if cancelledWaiters.remove(id) != nil { return { waiter(.failure(CancellationError())) } }
            if ended {
                let failure = self.failure
                return { waiter(failure.map { .failure($0) } ?? .success(())) }
            }
            waiters[id] = waiter
            return nil
        }
        now?()
    }

    /// The waiting task was cancelled: cancel the playback (its cleanup errors go to `failure`),
    /// then resume that waiter with `CancellationError` and the others as for any ending.
    private func cancelForTask(waiterID: UInt64) {
        let resumptions: [Resumption] = lock.withLock {
            var work: [Resumption] = []
            if let waiter = waiters.removeValue(forKey: waiterID) {
                work.append { waiter(.failure(CancellationError())) }
            } else {
                cancelledWaiters.insert(waiterID)
            }
            return work + cancel(recording: true).resumptions
        }
        resumptions.forEach { $0() }
    }
}
