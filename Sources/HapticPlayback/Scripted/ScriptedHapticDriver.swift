import Foundation
import HapticPlanner

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

/// A deterministic stand-in for Core Haptics: engines on a `VirtualClock`, players that never
/// complete on their own (a test fires each completion, reset and stop), callbacks held in a
/// `ManualCallbackQueue` until drained, injectable failures and counters of every native call.
public final class ScriptedHapticDriver: HapticEngineDriver, @unchecked Sendable {
    public let clock: VirtualClock
    /// Pass this to the executor as its callback queue, and drain it to deliver callbacks.
    public let callbacks = ManualCallbackQueue()
    public let supportsHaptics: Bool

    let lock = NSRecursiveLock()
    private var injected = ScriptedFailures()
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
            return engine
        }
    }

    func failure(_ keyPath: WritableKeyPath<ScriptedFailures, [Int: ScriptedError]>, _ index: Int) -> ScriptedError? {
        lock.withLock { injected[keyPath: keyPath][index] }
    }

    func makePlayer(
        on engine: ScriptedEngine, plan: PlayerPlan, completion: @escaping @Sendable ((any Error)?) -> Void
    ) throws -> ScriptedPlayer {
        try lock.withLock {
            let attempt = playerAttempts
            playerAttempts += 1
            if let error = injected.playerCreation[attempt] { throw error }
            let player = ScriptedPlayer(driver: self, engine: engine, index: madePlayers.count, plan: plan, completion: completion)
            madePlayers.append(player)
            return player
        }
    }
}

/// A scripted engine; its clock is the driver's virtual clock, in seconds.
public final class ScriptedEngine: NativeHapticEngine, @unchecked Sendable {
    unowned let driver: ScriptedHapticDriver
    /// Index among the driver's engines.
    public let index: Int
    private var stopped: (@Sendable (String) -> Void)?
    private var reset: (@Sendable () -> Void)?
    public private(set) var startCount = 0
    /// Calls of `stop()` (disposals).
    public private(set) var stopCount = 0

    init(driver: ScriptedHapticDriver, index: Int) {
        self.driver = driver
        self.index = index
    }

    public var currentTime: Double { Double(driver.clock.nowNanoseconds) / 1_000_000_000 }

    public func setHandlers(stopped: @escaping @Sendable (String) -> Void, reset: @escaping @Sendable () -> Void) {
        driver.lock.withLock {
            self.stopped = stopped
            self.reset = reset
        }
    }

    public func start() throws {
        try driver.lock.withLock {
            startCount += 1
            if let error = driver.failure(\.engineStart, index) { throw error }
        }
    }

    public func makePlayer(_ plan: PlayerPlan, completion: @escaping @Sendable ((any Error)?) -> Void) throws -> any NativeHapticPlayer {
        try driver.makePlayer(on: self, plan: plan, completion: completion)
    }

    public func stop() throws {
        try driver.lock.withLock {
            stopCount += 1
            if let error = driver.failure(\.engineDispose, index) { throw error }
        }
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
    /// Engine times, in seconds, of every `start(atTime:)`.
    public private(set) var startTimes: [Double] = []
    public private(set) var cancelCount = 0

    init(driver: ScriptedHapticDriver, engine: ScriptedEngine, index: Int, plan: PlayerPlan,
         completion: @escaping @Sendable ((any Error)?) -> Void) {
        self.driver = driver
        self.engine = engine
        self.index = index
        self.plan = plan
        self.completion = completion
    }

    public func start(atTime time: Double) throws {
        try driver.lock.withLock {
            if let error = driver.failure(\.playerStart, index) { throw error }
            startTimes.append(time)
        }
    }

    public func cancel() throws {
        try driver.lock.withLock {
            cancelCount += 1
            if let error = driver.failure(\.playerCancel, index) { throw error }
        }
    }

    /// Reports the player's completion, with an error or none (as Core Haptics may, more than once).
    public func complete(error: (any Error)? = nil) {
        completion(error)
    }
}
