import FoundationEssentials
import Glibc
import HapticPlanner
import HapticPlayback

/// An error a test injects into the scripted engine.
public struct ScriptedError: Error, Equatable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Failures to inject, each keyed by the index of the engine or player it hits (0-based, in
/// creation order over the driver's lifetime). Creation failures count attempts (a failed
/// attempt makes nothing); the others count engines or players made.
public struct ScriptedFailures: Sendable {
    public var engineCreation: [Int: ScriptedError] = [:]
    public var engineStart: [Int: ScriptedError] = [:]
    /// `stop()`, the engine's disposal.
    public var engineDispose: [Int: ScriptedError] = [:]
    public var playerCreation: [Int: ScriptedError] = [:]
    public var playerStart: [Int: ScriptedError] = [:]
    public var playerCancel: [Int: ScriptedError] = [:]

    public init() {}
}

/// A native call of the scripted engine, as the driver's log records it, in call order.
public enum NativeCall: Equatable, Sendable, CustomStringConvertible {
    /// Engine n was made.
    case engineMade(Int)
    /// `start()` of engine n was called.
    case engineStarted(Int)
    /// Player n was made on engine e.
    case playerMade(Int, engine: Int)
    /// `start(atTime:)` of player n was called with the engine time, in seconds.
    case playerStarted(Int, atTime: Double)
    /// `cancel()` of player n was called.
    case playerCancelled(Int)
    /// `stop()` (disposal) of engine n was called.
    case engineDisposed(Int)

    public var description: String {
        switch self {
        case .engineMade(let engine): return "engine \(engine) made"
        case .engineStarted(let engine): return "engine \(engine) started"
        case .playerMade(let player, let engine): return "player \(player) made on engine \(engine)"
        case .playerStarted(let player, let time): return "player \(player) started at \(time)"
        case .playerCancelled(let player): return "player \(player) cancelled"
        case .engineDisposed(let engine): return "engine \(engine) disposed"
        }
    }
}

/// Where a test can act from inside a native call (on the calling thread, as a system handler or
/// a completion may): the engine's `start()`, a `makePlayer` attempt (after the player is made,
/// before it is returned), a player's `start(atTime:)` or `cancel()`, the engine's `stop()`.
public enum NativeCallPoint: Hashable, Sendable {
    case engineStart(engine: Int)
    case makePlayer(attempt: Int)
    case playerStart(player: Int)
    case playerCancel(player: Int)
    case engineStop(engine: Int)
}

/// A deterministic stand-in for Core Haptics: engines on a `VirtualClock`, players that never
/// complete on their own (a test fires each completion, reset and stop, from outside or from
/// inside a native call), callbacks held in a `ManualCallbackQueue` until drained, injectable
/// failures, counters and an ordered log of every native call.
public final class ScriptedHapticDriver: HapticEngineDriver, @unchecked Sendable {
    public let clock: VirtualClock
    /// Pass this to the executor as its callback queue, and drain it to deliver callbacks.
    public let callbacks = ManualCallbackQueue()
    public let supportsHaptics: Bool

    let lock = RecursiveLock()
    private var injected = ScriptedFailures()
    private var actions: [NativeCallPoint: @Sendable () -> Void] = [:]
    private var calls: [NativeCall] = []
    private var madeEngines: [ScriptedEngine] = []
    private var madePlayers: [ScriptedPlayer] = []
    private var engineAttempts = 0
    private var playerAttempts = 0

    public init(supportsHaptics: Bool = true, clock: VirtualClock = VirtualClock()) {
        self.supportsHaptics = supportsHaptics
        self.clock = clock
    }

    /// The failures to inject; set before the calls they should hit.
    public var failures: ScriptedFailures {
        get { lock.withLock { injected } }
        set { lock.withLock { injected = newValue } }
    }

    /// Runs `action` inside every native call at `point`, before the call returns or throws its
    /// injected failure; nil removes it.
    public func inside(_ point: NativeCallPoint, _ action: (@Sendable () -> Void)?) {
        lock.withLock { actions[point] = action }
    }

    /// Every native call so far, in order.
    public var log: [NativeCall] { lock.withLock { calls } }

    /// Every engine made, in order.
    public var engines: [ScriptedEngine] { lock.withLock { madeEngines } }
    /// Every player made, on any engine, in order.
    public var players: [ScriptedPlayer] { lock.withLock { madePlayers } }

    public var engineStartCount: Int { engines.reduce(0) { $0 + $1.startCount } }
    public var engineDisposalCount: Int { engines.reduce(0) { $0 + $1.stopCount } }
    public var playerStartCount: Int { players.reduce(0) { $0 + $1.startTimes.count } }
    public var playerCancelCount: Int { players.reduce(0) { $0 + $1.cancelCount } }

    public func makeEngine() throws -> any NativeHapticEngine {
        try lock.withLock {
            let attempt = engineAttempts
            engineAttempts += 1
            if let error = injected.engineCreation[attempt] { throw error }
            let engine = ScriptedEngine(driver: self, index: madeEngines.count)
            madeEngines.append(engine)
            calls.append(.engineMade(engine.index))
            return engine
        }
    }

    /// Logs `call`, runs the action at `point` (outside the driver's lock), then throws the
    /// injected failure, if any.
    func perform(_ call: NativeCall?, at point: NativeCallPoint, failure: ScriptedError?) throws {
        let action = lock.withLock { () -> (@Sendable () -> Void)? in
            if let call { calls.append(call) }
            return actions[point]
        }
        action?()
        if let failure { throw failure }
    }

    func failure(_ keyPath: WritableKeyPath<ScriptedFailures, [Int: ScriptedError]>, _ index: Int) -> ScriptedError? {
        lock.withLock { injected[keyPath: keyPath][index] }
    }

    func makePlayer(
        on engine: ScriptedEngine, plan: PlayerPlan, completion: @escaping @Sendable ((any Error)?) -> Void
    ) throws -> ScriptedPlayer {
        let (attempt, player): (Int, ScriptedPlayer) = try lock.withLock {
            let attempt = playerAttempts
            playerAttempts += 1
            if let error = injected.playerCreation[attempt] { throw error }
            let player = ScriptedPlayer(driver: self, engine: engine, index: madePlayers.count, plan: plan, completion: completion)
            madePlayers.append(player)
            return (attempt, player)
        }
        try perform(.playerMade(player.index, engine: engine.index), at: .makePlayer(attempt: attempt), failure: nil)
        return player
    }
}

/// A scripted engine; its clock is the driver's virtual clock, in seconds.
public final class ScriptedEngine: NativeHapticEngine, @unchecked Sendable {
    unowned let driver: ScriptedHapticDriver
    /// Index among the driver's engines.
    public let index: Int
    private var stopped: (@Sendable (String) -> Void)?
    private var reset: (@Sendable () -> Void)?
    private var starts = 0
    private var stops = 0

    init(driver: ScriptedHapticDriver, index: Int) {
        self.driver = driver
        self.index = index
    }

    /// Calls of `start()`.
    public var startCount: Int { driver.lock.withLock { starts } }
    /// Calls of `stop()` (disposals).
    public var stopCount: Int { driver.lock.withLock { stops } }

    public var currentTime: Double { Double(driver.clock.nowNanoseconds) / 1_000_000_000 }

    public func setHandlers(stopped: @escaping @Sendable (String) -> Void, reset: @escaping @Sendable () -> Void) {
        driver.lock.withLock {
            self.stopped = stopped
            self.reset = reset
        }
    }

    public func start() throws {
        driver.lock.withLock { starts += 1 }
        try driver.perform(.engineStarted(index), at: .engineStart(engine: index), failure: driver.failure(\.engineStart, index))
    }

    public func makePlayer(_ plan: PlayerPlan, completion: @escaping @Sendable ((any Error)?) -> Void) throws -> any NativeHapticPlayer {
        try driver.makePlayer(on: self, plan: plan, completion: completion)
    }

    public func stop() throws {
        driver.lock.withLock { stops += 1 }
        try driver.perform(.engineDisposed(index), at: .engineStop(engine: index), failure: driver.failure(\.engineDispose, index))
    }

    /// Fires the engine's reset handler, as the system does after a media-server reset.
    public func fireReset() {
        driver.lock.withLock { reset }?()
    }

    /// Fires the engine's stopped handler, as the system does when it stops the engine.
    public func fireStopped(reason: String = "system stop") {
        driver.lock.withLock { stopped }?(reason)
    }
}

/// A scripted player: records its starts and cancels and completes only when told to.
public final class ScriptedPlayer: NativeHapticPlayer, @unchecked Sendable {
    unowned let driver: ScriptedHapticDriver
    public let engine: ScriptedEngine
    /// Index among the driver's players.
    public let index: Int
    public let plan: PlayerPlan
    private let completion: @Sendable ((any Error)?) -> Void
    private var starts: [Double] = []
    private var cancels = 0

    init(driver: ScriptedHapticDriver, engine: ScriptedEngine, index: Int, plan: PlayerPlan,
         completion: @escaping @Sendable ((any Error)?) -> Void) {
        self.driver = driver
        self.engine = engine
        self.index = index
        self.plan = plan
        self.completion = completion
    }

    /// Engine times, in seconds, of every successful `start(atTime:)`.
    public var startTimes: [Double] { driver.lock.withLock { starts } }
    /// Calls of `cancel()`, failed ones included.
    public var cancelCount: Int { driver.lock.withLock { cancels } }

    public func start(atTime time: Double) throws {
        try driver.perform(.playerStarted(index, atTime: time), at: .playerStart(player: index), failure: driver.failure(\.playerStart, index))
        driver.lock.withLock { starts.append(time) }
    }

    public func cancel() throws {
        driver.lock.withLock { cancels += 1 }
        try driver.perform(.playerCancelled(index), at: .playerCancel(player: index), failure: driver.failure(\.playerCancel, index))
    }

    /// Reports the player's completion, with an error or none (as Core Haptics may, more than once).
    public func complete(error: (any Error)? = nil) {
        completion(error)
    }
}
