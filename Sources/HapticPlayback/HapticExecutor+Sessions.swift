import Foundation
import HapticPlanner

/// Starting sessions, and the native callbacks that end them.
extension HapticExecutor {
    /// Makes (or reuses) the engine and every player, then starts all players at one time.
    /// Called with the lock held.
    func startPlayers(of plan: PlaybackPlan, deadlineNanoseconds: UInt64) throws -> PlaybackSession {
        let engine = try validEngine()
        let session = PlaybackSession(lock: lock, clock: clock, deadlineNanoseconds: deadlineNanoseconds)
        sessionGeneration[ObjectIdentifier(session)] = engineGeneration
        do {
            for playerPlan in plan.players {
                let completion = completionHandler(session: session, index: session.slots.count)
                do {
                    session.slots.append(.init(player: try engine.makePlayer(playerPlan, completion: completion)))
                } catch {
                    throw NativeHapticError.couldNotCreatePlayer(error)
                }
            }
            let startTime = engine.currentTime + Double(CoreHapticsRules.schedulingLeadMs) / 1000
            for slot in session.slots {
                do { try slot.player.start(atTime: startTime) } catch { throw NativeHapticError.couldNotStartPlayer(error) }
            }
        } catch {
            let cancelErrors = session.cancelPlayers()
            _ = session.end()
            sessionGeneration[ObjectIdentifier(session)] = nil
            throw HapticPlaybackError(primary: error, suppressed: cancelErrors)
        }
        return session
    }

    /// The kept engine while it is valid; else a new one, started, with its handlers installed.
    /// An engine whose start fails is disposed of once and not kept.
    private func validEngine() throws -> any NativeHapticEngine {
        if let engine { return engine }
        engineGeneration += 1
        let generation = engineGeneration
        let engine: any NativeHapticEngine
        do {
            engine = try driver.makeEngine()
        } catch {
            throw HapticPlaybackError(primary: NativeHapticError.couldNotCreateEngine(error))
        }
        engine.setHandlers(
            stopped: { [weak self] _ in self?.engineInvalidated(generation: generation) },
            reset: { [weak self] in self?.engineInvalidated(generation: generation) })
        do {
            try engine.start()
        } catch {
            var suppressed: [any Error] = []
            do { try engine.stop() } catch { suppressed.append(NativeHapticError.couldNotStopEngine(error)) }
            throw HapticPlaybackError(primary: NativeHapticError.couldNotStartEngine(error), suppressed: suppressed)
        }
        self.engine = engine
        return engine
    }

    /// Makes `session` current and schedules the check at its deadline. Called with the lock held.
    func begin(_ session: PlaybackSession) {
        current = session
        clock.schedule(atNanoseconds: session.deadlineNanoseconds) { [weak self, weak session] in
            guard let self, let session else { return }
            self.callbacks.enqueue { [weak self] in self?.finishIfDone(session) }
        }
    }

    /// Cancels the current session, if it is still going (replacement). Called with the lock held;
    /// returns the waiter resumptions to run after unlocking.
    func endCurrent() -> [@Sendable () -> Void] {
        defer { current = nil }
        guard let session = current, !session.ended else { return [] }
        session.cleanupErrors += session.cancelPlayers()
        return finish(session)
    }

    /// Forgets `session` when the caller cancelled it. Called with the lock held.
    func forget(_ session: PlaybackSession) {
        if current === session { current = nil }
        sessionGeneration[ObjectIdentifier(session)] = nil
    }

    private func finish(_ session: PlaybackSession) -> [@Sendable () -> Void] {
        forget(session)
        return session.end()
    }

    /// A player's completion, as the engine reports it, moved onto the callback queue.
    private func completionHandler(session: PlaybackSession, index: Int) -> @Sendable ((any Error)?) -> Void {
        { [weak self, weak session] error in
            guard let self, let session else { return }
            self.callbacks.enqueue { [weak self] in self?.playerCompleted(session, index: index, error: error) }
        }
    }

    /// The first completion of each player counts; an error fails the session and cancels every
    /// player once; the last completion after the deadline ends the session without cancelling.
    private func playerCompleted(_ session: PlaybackSession, index: Int, error: (any Error)?) {
        let resumptions: [@Sendable () -> Void] = lock.withLock {
            guard !session.ended, session.markCompleted(index) else { return [] }
            if let error {
                session.playbackFailure = NativeHapticError.playerFailed(error)
                session.cleanupErrors += session.cancelPlayers()
                return finish(session)
            }
            return session.isNaturallyDone ? finish(session) : []
        }
        resumptions.forEach { $0() }
    }

    /// Ends `session` naturally if every player has completed and its deadline has passed.
    private func finishIfDone(_ session: PlaybackSession) {
        let resumptions = lock.withLock { session.isNaturallyDone ? finish(session) : [] }
        resumptions.forEach { $0() }
    }

    /// The engine was reset or stopped: it is invalid at once (the next `play` makes a new one);
    /// its session is cancelled (not replayed) and the engine disposed of on the callback queue,
    /// with cleanup failures recorded on the session.
    private func engineInvalidated(generation: UInt64) {
        lock.withLock {
            guard generation == engineGeneration, let engine else { return }
            self.engine = nil
            let session = current.flatMap { sessionGeneration[ObjectIdentifier($0)] == generation ? $0 : nil }
            callbacks.enqueue { [weak self] in self?.cleanUpInvalidEngine(engine, session: session) }
        }
    }

    private func cleanUpInvalidEngine(_ engine: any NativeHapticEngine, session: PlaybackSession?) {
        let resumptions = lock.withLock { shutDown(engine, session: session).resumptions }
        resumptions.forEach { $0() }
    }

    /// Cancels `session`'s players (unless it already ended), disposes of `engine`, records the
    /// failures on the session and ends it: what a reset, a stop and `release()` all do. Called
    /// with the lock held; returns the failures and the waiter resumptions to run after unlocking.
    func shutDown(
        _ engine: (any NativeHapticEngine)?, session: PlaybackSession?
    ) -> (errors: [any Error], resumptions: [@Sendable () -> Void]) {
        var errors: [any Error] = []
        if let session, !session.ended { errors += session.cancelPlayers() }
        if let engine {
            do { try engine.stop() } catch { errors.append(NativeHapticError.couldNotStopEngine(error)) }
        }
        guard let session else { return (errors, []) }
        session.cleanupErrors += errors
        return (errors, finish(session))
    }
}
