import FoundationEssentials
import Glibc
import HapticPlanner

/// Starting sessions, and the player completions that end them.
extension HapticExecutor {
    /// Makes (or reuses) the engine and every player, then starts all players at one time.
    /// Called with the lock held. A reset or stop of the engine meanwhile, even one fired inside a
    /// native call on this thread, fails the start: every player made is cancelled once and the
    /// engine disposed of once.
    func startPlayers(of plan: PlaybackPlan, deadlineNanoseconds: UInt64) throws -> PlaybackSession {
        defer { startup = nil }
        let (engine, generation) = try validEngine()
        let session = makeSession(engineGeneration: generation, deadlineNanoseconds: deadlineNanoseconds)
        do {
            for playerPlan in plan.players {
                let index = session.reserveSlot()
                do {
                    session.fill(index, with: try engine.makePlayer(playerPlan, completion: completionHandler(session: session, index: index)))
                } catch {
                    throw NativeHapticError.couldNotCreatePlayer(error)
                }
                try checkStartup(NativeHapticError.couldNotCreatePlayer)
            }
            let startTime = engine.currentTime + Double(CoreHapticsRules.schedulingLeadMs) / 1000
            for player in session.players {
                do { try player.start(atTime: startTime) } catch { throw NativeHapticError.couldNotStartPlayer(error) }
                try checkStartup(NativeHapticError.couldNotStartPlayer)
            }
        } catch {
            var suppressed = session.abandon()
            if startup?.invalidation != nil {
                if self.engine === engine { self.engine = nil }
                suppressed += Self.dispose(engine)
            }
            throw HapticPlaybackError(primary: error, suppressed: suppressed)
        }
        return session
    }

    /// The kept engine while it is valid; else a new one, started, with its handlers installed.
    /// An engine whose start fails, or that is reset or stopped while it starts, is disposed of
    /// once and not kept. Marks the startup as under way on the engine's generation.
    private func validEngine() throws -> (any NativeHapticEngine, UInt64) {
        if let engine {
            startup = (engineGeneration, nil)
            return (engine, engineGeneration)
        }
        engineGeneration += 1
        let generation = engineGeneration
        let engine: any NativeHapticEngine
        do {
            engine = try driver.makeEngine()
        } catch {
            throw HapticPlaybackError(primary: NativeHapticError.couldNotCreateEngine(error))
        }
        engine.setHandlers(
            stopped: { [weak self] reason in self?.engineInvalidated(generation: generation, by: .stopped(reason)) },
            reset: { [weak self] in self?.engineInvalidated(generation: generation, by: .reset) })
        startup = (generation, nil)
        var failure: (any Error)?
        do {
            try engine.start()
        } catch {
            failure = error
        }
        if let reason = failure ?? startup?.invalidation {
            throw HapticPlaybackError(primary: NativeHapticError.couldNotStartEngine(reason), suppressed: Self.dispose(engine))
        }
        self.engine = engine
        return (engine, generation)
    }

    /// Throws `wrap(invalidation)` when the engine in use was reset or stopped during startup.
    private func checkStartup(_ wrap: (any Error) -> NativeHapticError) throws {
        if let invalidation = startup?.invalidation { throw wrap(invalidation) }
    }

    /// Makes `session` current, forgets it as it ends, and schedules the check at its deadline.
    /// Called with the lock held.
    func begin(_ session: PlaybackSession) {
        current = session
        session.onEnd = { [weak self] ended in
            if self?.current?.id == ended.id { self?.current = nil }
        }
        clock.schedule(atNanoseconds: session.deadlineNanoseconds) { [weak self, weak session] in
            guard let self, let session else { return }
            self.callbacks.enqueue {
                session.finishIfDone().forEach { $0() }
            }
        }
    }

    /// A player's completion as the engine reports it: counted at once (a failure is never lost,
    /// whatever ends the session before it is processed), then processed on the callback queue.
    private func completionHandler(session: PlaybackSession, index: Int) -> @Sendable ((any Error)?) -> Void {
        { [weak self, weak session] error in
            guard let self, let session, session.report(index, error: error) else { return }
            self.callbacks.enqueue {
                session.completed(index, error: error).forEach { $0() }
            }
        }
    }
}
