import FoundationEssentials
import Glibc

/// Why an engine became invalid: the system reset it or stopped it.
public enum EngineInvalidation: Error, Equatable, Sendable, CustomStringConvertible {
    case reset
    case stopped(String)

    public var description: String {
        switch self {
        case .reset: return "engine reset during startup"
        case .stopped(let reason): return "engine stopped during startup (\(reason))"
        }
    }
}

/// Engine resets and stops.
extension HapticExecutor {
    /// The engine of `generation` was reset or stopped (on any thread, perhaps inside a native
    /// call): it is invalid at once and the next `play` makes a new one. During a startup, the
    /// startup fails and cleans up itself; otherwise the session playing on it is cancelled (not
    /// replayed) and the engine disposed of on the callback queue, with cleanup failures recorded
    /// on that session. Handlers of older engines change nothing.
    func engineInvalidated(generation: UInt64, by invalidation: EngineInvalidation) {
        lock.withLock {
            if let under = startup, under.generation == generation {
                if under.invalidation == nil { startup = (generation, invalidation) }
                return
            }
            guard generation == engineGeneration, let engine else { return }
            self.engine = nil
            cleanupCount += 1
            let id = cleanupCount
            pendingCleanups[id] = (engine, current?.engineGeneration == generation ? current : nil)
            callbacks.enqueue { [weak self] in
                guard let self else { return }
                let resumptions = self.lock.withLock { self.runCleanup(id).resumptions }
                resumptions.forEach { $0() }
            }
        }
    }

    /// Runs a queued cleanup unless it already ran (`release()` runs those still waiting). Called
    /// with the lock held; returns the failures and the resumptions to run after unlocking.
    func runCleanup(_ id: UInt64) -> (errors: [any Error], resumptions: [PlaybackSession.Resumption]) {
        guard let cleanup = pendingCleanups.removeValue(forKey: id) else { return ([], []) }
        guard let session = cleanup.session else { return (Self.dispose(cleanup.engine), []) }
        return session.shutDown(disposing: cleanup.engine)
    }
}
