import Foundation
import HapticCore
import HapticPlanner
import Testing
import TestSupport
@testable import HapticPlayback
import HapticPlaybackTesting

/// Thousands of seeded interleavings of play, cancel, replacement, reset, stop, release,
/// completions, native and cleanup failures, resets inside native calls and callback delivery on
/// the scripted engine, with docs/playback.md's invariants checked after every step. A failure names its
/// seed and step; `RandomSchedule(seed:).run()` replays it exactly.
@Suite struct RandomScheduleTests {
    @Test func seededInterleavingsKeepThePlaybackRules() throws {
        for seed in UInt64(0)..<2_000 {
            let problems = try RandomSchedule(seed: seed).run()
            #expect(problems.isEmpty, "seed \(seed): \(problems.joined(separator: "; "))")
            if !problems.isEmpty { break }
        }
    }
}


/// One seeded schedule and what it has seen.
final class RandomSchedule: @unchecked Sendable {
    static let steps = 40
    let rig = Rig()
    var random: SeededGenerator
    var handles: [HapticHandle] = []
    /// The first failure reported by a player of each session while it was going, by session number.
    var expectedPrimary: [UInt64: String] = [:]
    /// Cancel failures `HapticHandle.cancel()` threw to its caller, by session number.
    var thrownToCaller: [UInt64: [String]] = [:]
    /// Failures `release()` returned and `play` threw.
    var returnedElsewhere: [String] = []
    /// Injected cancel failures, by player index (injected before the player was made).
    var cancelFailures: [Int: String] = [:]
    var problems: [String] = []
    var step = 0

    init(seed: UInt64) { random = SeededGenerator(state: seed) }

    func problem(_ text: String) { problems.append("step \(step): \(text)") }

    func run() throws -> [String] {
        let patterns = [try transientPattern(), try threePlayerPattern(), try Pattern(events: [], durationMs: 40)]
        for index in 0..<Self.steps {
            step = index
            try act(patterns)
            check()
            if !problems.isEmpty { return problems }
        }
        step = Self.steps
        returnedElsewhere += rig.executor.release().flatMap { texts($0) }
        rig.drain()
        check()
        if handles.contains(where: \.isActive) { problem("a session is still active after release") }
        return problems
    }

    func act(_ patterns: [Pattern]) throws {
        switch random.below(12) {
        case 0, 1: play(patterns[random.below(patterns.count)])
        case 2: cancelSomeHandle()
        case 3, 4: invalidateSomeEngine(stop: random.below(2) == 0)
        case 5, 6: completeSomePlayer(withError: random.below(3) == 0)
        case 7: injectFailure()
        case 8: rig.clock.advance(byMilliseconds: UInt64(random.below(120)))
        case 9: rig.driver.callbacks.runNext()
        case 10: invalidateInsideANativeCall()
        default:
            if random.below(8) == 0 { returnedElsewhere += rig.executor.release().flatMap { texts($0) } } else { rig.drain() }
        }
    }

    func play(_ pattern: Pattern) {
        do {
            let handle = try rig.executor.play(pattern)
            handles.append(handle)
            let session = handle.session
            session.addWaiter { [self] result in waiterResumed(session, result) }
        } catch {
            returnedElsewhere += texts(error)
            if rig.executor.current != nil { problem("a failed play left a current session") }
        }
    }

    func cancelSomeHandle() {
        guard !handles.isEmpty else { return }
        let handle = handles[random.below(handles.count)]
        do {
            try handle.cancel()
        } catch {
            thrownToCaller[handle.session.id, default: []] += texts(error)
        }
    }

    /// A reset or stop of some engine; one that is not the executor's engine is stale and must
    /// change nothing.
    func invalidateSomeEngine(stop: Bool) {
        guard !rig.driver.engines.isEmpty else { return }
        let engine = rig.driver.engines[random.below(rig.driver.engines.count)]
        let fire = { if stop { engine.fireStopped(reason: "interrupted") } else { engine.fireReset() } }
        if rig.executor.engine === engine { fire() } else { expectNoChange(fire) }
    }

    /// A player's completion. While its session is going, a failure must become that session's
    /// primary failure when it is the first reported; otherwise the completion is stale.
    func completeSomePlayer(withError: Bool) {
        guard !rig.driver.players.isEmpty else { return }
        let player = rig.driver.players[random.below(rig.driver.players.count)]
        let error = withError ? ScriptedError("fault \(step)") : nil
        let session = handles.map(\.session).first { $0.players.contains { $0 === player } }
        guard let session, !session.closing,
              let slot = session.slots.first(where: { $0.player === player }), !slot.reported else {
            expectNoChange { player.complete(error: error) }
            return
        }
        if let error, expectedPrimary[session.id] == nil { expectedPrimary[session.id] = "Core Haptics player failed: \(error)" }
        player.complete(error: error)
    }

    func injectFailure() {
        let error = ScriptedError("injected \(step)")
        let nextPlayer = rig.driver.players.count + random.below(4)
        switch random.below(6) {
        case 0:
            rig.driver.failures.playerCancel[nextPlayer] = error
            cancelFailures[nextPlayer] = "Could not stop haptic player: \(error)"
        case 1: rig.driver.failures.engineDispose[rig.driver.engines.count + random.below(2)] = error
        case 2: rig.driver.failures.playerStart[nextPlayer] = error
        case 3: rig.driver.failures.playerCreation[nextPlayer] = error
        case 4: rig.driver.failures.engineStart[rig.driver.engines.count + random.below(2)] = error
        default: rig.driver.failures.engineCreation[rig.driver.engines.count + random.below(2)] = error
        }
    }

    /// A reset or stop of the newest engine fired from inside a future native call.
    func invalidateInsideANativeCall() {
        let driver = rig.driver
        let points: [NativeCallPoint] = [
            .engineStart(engine: driver.engines.count + random.below(2)), .makePlayer(attempt: driver.players.count + random.below(4)),
            .playerStart(player: driver.players.count + random.below(4)), .playerCancel(player: random.below(driver.players.count + 4)),
        ]
        let stop = random.below(2) == 0
        driver.inside(points[random.below(points.count)]) {
            guard let engine = driver.engines.last else { return }
            if stop { engine.fireStopped(reason: "inside") } else { engine.fireReset() }
        }
    }

    /// Runs a stale callback and checks that no session changed (callbacks due anyway are
    /// delivered before and after).
    func expectNoChange(_ action: () -> Void) {
        rig.drain()
        let before = snapshot()
        action()
        rig.drain()
        let after = snapshot()
        if after != before { problem("a stale callback changed \(before) into \(after)") }
    }

    func snapshot() -> [String] {
        handles.map { "session \($0.session.id) active \($0.isActive) failure \(texts($0.failure))" }
            + ["engine \(rig.executor.engine.map { ObjectIdentifier($0).hashValue } ?? 0)", "current \(rig.executor.current?.id ?? 0)"]
    }

    /// Waiters resume only once the session has ended and cleaned up, with its failure.
    func waiterResumed(_ session: PlaybackSession, _ result: Result<Void, any Error>) {
        if !session.ended { problem("session \(session.id) resumed a waiter before it ended") }
        for slot in session.slots where slot.player != nil && !slot.completed && !slot.cancelled {
            problem("session \(session.id) resumed a waiter before cancelling all its players")
        }
        var resultTexts: [String] = []
        if case .failure(let error) = result { resultTexts = texts(error) }
        if resultTexts != texts(session.failure) {
            problem("session \(session.id) resumed with \(resultTexts) while its failure is \(texts(session.failure))")
        }
    }

    func check() {
        let active = handles.filter(\.isActive)
        if active.count > 1 { problem("\(active.count) sessions are active at once") }
        if let current = rig.executor.current, current.ended { problem("an ended session is still current") }
        // A session going on an engine that was reset or stopped has its cleanup queued.
        for session in active.map(\.session) {
            guard let generation = session.engineGeneration else { continue }
            let onValidEngine = rig.executor.engine != nil && rig.executor.engineGeneration == generation
            let cleanupQueued = rig.executor.pendingCleanups.values.contains { $0.session === session }
            if !onValidEngine && !cleanupQueued { problem("session \(session.id) is active on an invalid engine") }
            let disposed = session.players.compactMap { ($0 as? ScriptedPlayer)?.engine.stopCount }.contains { $0 > 0 }
            if disposed && !cleanupQueued { problem("session \(session.id) is active on a disposed engine") }
        }
        for player in rig.driver.players where player.cancelCount > 1 {
            problem("player \(player.index) was cancelled \(player.cancelCount) times")
        }
        for handle in handles where handle.session.ended {
            let session = handle.session
            let failure = texts(session.failure)
            if let primary = expectedPrimary[session.id], failure.first != primary {
                problem("session \(session.id) has failure \(failure); \(primary) was reported first")
            }
            for player in session.players.compactMap({ $0 as? ScriptedPlayer }) where player.cancelCount == 1 {
                guard let text = cancelFailures[player.index] else { continue }
                if !failure.contains(text), !(thrownToCaller[session.id] ?? []).contains(text), !returnedElsewhere.contains(where: { $0 == text }) {
                    problem("session \(session.id) lost \(text)")
                }
            }
        }
    }
}
