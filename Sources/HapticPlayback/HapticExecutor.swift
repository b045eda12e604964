import Dispatch
import FoundationEssentials
import Glibc
import HapticCore
import HapticPlanner

/// Plays patterns on a haptic engine with the semantics an iOS app gets from Jindong's Core
/// Haptics executor (docs/playback.md): one current session at a time, every player started at one
/// engine time 10 ms ahead, sessions that end when every player has completed and the timeline
/// (with its trailing silence) is over, and failures that are never lost.
///
/// Thread-safe. State is guarded by one recursive lock (a callback may cancel the session it runs
/// in); native callbacks are moved onto `callbackQueue`, so they never re-enter a caller.
public final class HapticExecutor: @unchecked Sendable {
    let driver: any HapticEngineDriver
    let clock: any MonotonicClock
    let callbacks: any CallbackQueue
    let lock = RecursiveLock()

    /// The engine kept for reuse; nil until made, and again once it is invalidated or released.
    var engine: (any NativeHapticEngine)?
    /// Counts engines made; handlers carry the generation of their engine.
    var engineGeneration: UInt64 = 0
    /// While `play` makes and starts native objects: the engine generation in use, and the reset or
    /// stop that invalidated it meanwhile (on the calling thread, inside a native call).
    var startup: (generation: UInt64, invalidation: EngineInvalidation?)?
    /// The session that is going, if any; it is forgotten as it ends.
    var current: PlaybackSession?
    /// Counts sessions made: each gets a number never given to another.
    var sessionCount: UInt64 = 0
    /// Cleanups of invalidated engines queued on the callback queue, by number; `release()` runs
    /// those still waiting.
    var pendingCleanups: [UInt64: (engine: any NativeHapticEngine, session: PlaybackSession?)] = [:]
    var cleanupCount: UInt64 = 0
    var released = false

    /// - Parameters:
    ///   - driver: makes engines and says whether the device has haptics.
    ///   - clock: the monotonic clock of session deadlines.
    ///   - callbackQueue: the serial queue native callbacks are delivered on.
    public init(
        driver: any HapticEngineDriver, clock: any MonotonicClock = SystemMonotonicClock(),
        callbackQueue: any CallbackQueue = DispatchQueue(label: "hapsynth.executor.callbacks")
    ) {
        self.driver = driver
        self.clock = clock
        self.callbacks = callbackQueue
    }

    /// Whether the device supports haptics.
    public var isSupported: Bool { driver.supportsHaptics }

    /// Whether amplitude can be controlled (equal to `isSupported` on Core Haptics devices).
    public var hasAmplitudeControl: Bool { driver.supportsHaptics }

    var capabilities: DeviceCapabilities { DeviceCapabilities(supportsHaptics: driver.supportsHaptics) }

    /// The plan's diagnostics for this device, without touching the engine.
    public func diagnose(_ pattern: Pattern) throws(PlanError) -> PlanDiagnostics {
        try plan(pattern, capabilities: capabilities).diagnostics
    }

    /// Plans `pattern` for this device and plays it (see `play(_: PlaybackPlan)`).
    public func play(_ pattern: Pattern) throws -> HapticHandle {
        try play(plan(pattern, capabilities: capabilities))
    }

    /// Plays `pattern` and returns when its session ends (see `HapticHandle.completion()`); throws
    /// at once when the task is already cancelled.
    public func playAndWait(_ pattern: Pattern) async throws {
        try Task.checkCancellation()
        try await play(pattern).completion()
    }

    /// Plays a plan, cancelling the current session first.
    ///
    /// A silent plan gives a session with no native work, active for the pattern's duration; an
    /// unsupported plan gives an inactive handle. Otherwise the engine is reused while valid (or
    /// made and started), every player is made, and all start at engine time now + 0.010 s.
    /// - Throws: `NativeHapticError.released` after `release()`; a `HapticPlaybackError` whose
    ///   primary is the native failure (engine creation or start, player creation or start) with
    ///   the cancel errors of the players already made suppressed onto it. No session stays
    ///   current after a failure.
    public func play(_ plan: PlaybackPlan) throws -> HapticHandle {
        var resumptions: [PlaybackSession.Resumption] = []
        defer { resumptions.forEach { $0() } }
        lock.lock()
        defer { lock.unlock() }
        guard !released else { throw NativeHapticError.released }
        resumptions += current?.cancel(recording: true).resumptions ?? []
        let startNanoseconds = clock.nowNanoseconds
        let durationMs = plan.diagnostics.logicalDurationMs
        switch plan.diagnostics.backend {
        case .unsupported:
            return HapticHandle(session: makeSession(engineGeneration: nil, deadlineNanoseconds: startNanoseconds, ended: true))
        case .silent:
            let session = makeSession(engineGeneration: nil, deadlineNanoseconds: Self.deadline(startNanoseconds, plusMs: durationMs))
            begin(session)
            return HapticHandle(session: session)
        case .coreHaptics:
            let session = try startPlayers(of: plan, deadlineNanoseconds: Self.deadline(
                startNanoseconds, plusMs: durationMs.addingReportingOverflow(CoreHapticsRules.schedulingLeadMs).partialValue))
            begin(session)
            return HapticHandle(session: session)
        }
    }

    /// Cancels the current session and disposes of the engine; `play` throws afterwards.
    /// Idempotent. Runs the cleanups of reset or stopped engines still queued, so their failures
    /// are among those returned; cancel and dispose failures are recorded on their sessions'
    /// `failure` and returned.
    @discardableResult
    public func release() -> [any Error] {
        var resumptions: [PlaybackSession.Resumption] = []
        defer { resumptions.forEach { $0() } }
        return lock.withLock {
            guard !released else { return [] }
            released = true
            var errors: [any Error] = []
            for id in pendingCleanups.keys.sorted() {
                let (cleanupErrors, work) = runCleanup(id)
                errors += cleanupErrors
                resumptions += work
            }
            if let session = current {
                let (shutDownErrors, work) = session.shutDown(disposing: engine)
                errors += shutDownErrors
                resumptions += work
            } else if let engine {
                errors += Self.dispose(engine)
            }
            engine = nil
            current = nil
            return errors
        }
    }

    /// `start + milliseconds` in nanoseconds, saturating instead of overflowing.
    static func deadline(_ startNanoseconds: UInt64, plusMs milliseconds: Int64) -> UInt64 {
        let (nanoseconds, overflow) = UInt64(max(0, milliseconds)).multipliedReportingOverflow(by: 1_000_000)
        let (deadline, overflowSum) = startNanoseconds.addingReportingOverflow(nanoseconds)
        return overflow || overflowSum ? .max : deadline
    }

    /// A new session with a number of its own. Called with the lock held.
    func makeSession(engineGeneration: UInt64?, deadlineNanoseconds: UInt64, ended: Bool = false) -> PlaybackSession {
        sessionCount += 1
        return PlaybackSession(
            id: sessionCount, engineGeneration: engineGeneration, lock: lock, clock: clock,
            deadlineNanoseconds: deadlineNanoseconds, ended: ended)
    }

    /// Disposes of `engine` (`stop()`); returns its failure.
    static func dispose(_ engine: any NativeHapticEngine) -> [any Error] {
        do {
            try engine.stop()
            return []
        } catch {
            return [NativeHapticError.couldNotStopEngine(error)]
        }
    }
}
