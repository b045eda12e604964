import IPhoneEmulation

/// The haptic engine: it starts and stops, makes players, registers audio resources and tells
/// the app when it stops or resets. Every engine of the process plays on the one emulated
/// device (docs/corehaptics.md).
open class CHHapticEngine: NSObject {
    public typealias StoppedHandler = (CHHapticEngine.StoppedReason) -> Void
    public typealias ResetHandler = () -> Void
    public typealias CompletionHandler = ((any Error)?) -> Void
    public typealias FinishedHandler = ((any Error)?) -> CHHapticEngine.FinishedAction

    /// Why the engine stopped.
    public enum StoppedReason: Int, Sendable {
        case audioSessionInterrupt = 1
        case applicationSuspended = 2
        case idleTimeout = 3
        case notifyWhenFinished = 4
        case engineDestroyed = 5
        case gameControllerDisconnect = 6
        case systemError = -1

        /// The case's name, for the log.
        var name: String {
            switch self {
            case .audioSessionInterrupt: return "audioSessionInterrupt"
            case .applicationSuspended: return "applicationSuspended"
            case .idleTimeout: return "idleTimeout"
            case .notifyWhenFinished: return "notifyWhenFinished"
            case .engineDestroyed: return "engineDestroyed"
            case .gameControllerDisconnect: return "gameControllerDisconnect"
            case .systemError: return "systemError"
            }
        }
    }

    /// What a `notifyWhenPlayersFinished` handler asks the engine to do next.
    public enum FinishedAction: Int, Sendable {
        case stopEngine = 1
        case leaveEngineRunning = 2
    }

    let phone = EmulatedPhone.shared
    /// `engine#1`, in the log.
    let name: String
    private let generation: Int
    private(set) var isRunning = false
    /// `playsHapticsOnly` and `playsAudioOnly` as they were at the last `start()`.
    private(set) var playsHapticsOnlyNow = false
    private(set) var playsAudioOnlyNow = false
    /// The frame the engine fell idle at, while it runs with auto-shutdown.
    private var idleSince: Int64?
    private var finishWaiters: [FinishedHandler] = []
    /// Resets the engine has been through: players made before the last one are invalid.
    private(set) var resets = 0

    /// The settable properties, read and written under the device's lock.
    private typealias State = (stopped: StoppedHandler, reset: ResetHandler, hapticsOnly: Bool, audioOnly: Bool, mutedForAudio: Bool,
                               mutedForHaptics: Bool, autoShutdown: Bool)
    private var state: State = ({ _ in }, {}, false, false, false, false, false)

    /// A settable property, read and written through the phone's door.
    private subscript<Value>(locked key: WritableKeyPath<State, Value>) -> Value {
        get { phone.withLock { state[keyPath: key] } }
        set { phone.withLock { state[keyPath: key] = newValue } }
    }

    /// Called when the system stops the engine (never for the app's own `stop`).
    open var stoppedHandler: StoppedHandler {
        get { self[locked: \.stopped] }
        set { self[locked: \.stopped] = newValue }
    }
    /// Called after the haptic server reset: every player is invalid and every audio resource
    /// unregistered; the engine is stopped.
    open var resetHandler: ResetHandler {
        get { self[locked: \.reset] }
        set { self[locked: \.reset] = newValue }
    }
    /// Plays haptics only (audio events are skipped), from the next `start()`.
    open var playsHapticsOnly: Bool {
        get { self[locked: \.hapticsOnly] }
        set { self[locked: \.hapticsOnly] = newValue }
    }
    /// Plays audio only (haptic events are skipped), from the next `start()`.
    open var playsAudioOnly: Bool {
        get { self[locked: \.audioOnly] }
        set { self[locked: \.audioOnly] = newValue }
    }
    /// Silences the audio of every player at once (the timeline still records the voices).
    open var isMutedForAudio: Bool {
        get { self[locked: \.mutedForAudio] }
        set { changed("isMutedForAudio", newValue) { $0.state.mutedForAudio = newValue } }
    }
    /// Silences the haptics of every player at once (the timeline still records the voices).
    open var isMutedForHaptics: Bool {
        get { self[locked: \.mutedForHaptics] }
        set { changed("isMutedForHaptics", newValue) { $0.state.mutedForHaptics = newValue } }
    }
    /// Stops after 120 s with nothing to play (`stoppedHandler(.idleTimeout)`) and starts again
    /// when a player starts.
    open var isAutoShutdownEnabled: Bool {
        get { self[locked: \.autoShutdown] }
        set { self[locked: \.autoShutdown] = newValue }
    }

    /// An engine on the emulated device; `audioSession` is accepted and not used.
    /// - Throws: `notSupported` (−4809) on a device without haptics (`ipad`, or one configured
    ///   without them); `serverInitFailed` (−4810) when the device cannot be set up as configured.
    public init(audioSession: AVAudioSession? = nil) throws {
        let phone = EmulatedPhone.shared
        phone.prepare()
        (name, generation) = phone.withLock { (phone.haptics.nextEngineName(), phone.generation) }
        super.init()
        try phone.withLock {
            phone.haptics.attach(self)
            try phone.logged(name, "init(audioSession:)", [("audioSession", audioSession == nil ? "nil" : "shared")]) {
                if let problem = phone.problem { throw CHHapticError.with(.serverInitFailed, problem) }
                guard phone.hasHaptics else { throw CHHapticError.with(.notSupported, "the device has no haptics") }
            }
        }
    }

    /// `init()` as Objective-C names it.
    public convenience init(andReturnError: ()) throws {
        try self.init(audioSession: nil)
    }

    /// What the emulated device supports, and the ranges of every parameter.
    open class func capabilitiesForHardware() -> any CHHapticDeviceCapability {
        let phone = EmulatedPhone.shared
        phone.prepare()
        return phone.withLock { DeviceCapability(supportsHaptics: phone.hasHaptics, supportsAudio: phone.settings.supportsAudio) }
    }

    /// The engine clock in seconds: 1000.0 when the device was configured.
    open var currentTime: TimeInterval {
        phone.withLock {
            phone.sync()
            return phone.now
        }
    }

    /// Starts the engine (a running engine stays running).
    open func start() throws {
        try startLogged()
    }

    private func startLogged() throws {
        try phone.withLock {
            phone.sync()
            try phone.logged(name, "start()", result: { _ in "started" }) { try startNow() }
        }
    }

    /// Starts the engine; `completionHandler` runs on the callback queue with nil or the error.
    open func start(completionHandler: CompletionHandler? = nil) {
        phone.withLock {
            phone.sync()
            let error: (any Error)?
            do {
                try phone.logged(name, "start(completionHandler:)") { try startNow() }
                error = nil
            } catch let thrown {
                error = thrown
            }
            if let completionHandler { call("start completionHandler", args: [("error", Self.text(error))]) { completionHandler(error) } }
        }
    }

    /// Starts the engine.
    open func start() async throws {
        try startLogged()
    }

    /// Stops the engine: its players stop at once (they can start again after `start()`);
    /// `stoppedHandler` is not called.
    open func stop(completionHandler: CompletionHandler? = nil) {
        phone.withLock {
            phone.sync()
            let wasRunning = isRunning  // the result is worded after the stop
            _ = try? phone.logged(name, "stop(completionHandler:)", result: { _ in wasRunning ? "stopped" : "already stopped" }) {
                try checkCurrent()
                stopNow(error: nil)
            }
            if let completionHandler { call("stop completionHandler", args: [("error", "nil")]) { completionHandler(nil) } }
        }
    }

    /// Stops the engine.
    open func stop() async throws {
        stop(completionHandler: Optional<CompletionHandler>.none)
    }

    /// Calls `finishedHandler` when no player of this engine plays any more (at once when none
    /// does or the engine is stopped); `.stopEngine` then stops the engine and calls
    /// `stoppedHandler(.notifyWhenFinished)`.
    open func notifyWhenPlayersFinished(finishedHandler: @escaping FinishedHandler) {
        phone.withLock {
            phone.sync()
            phone.record(object: name, call: "notifyWhenPlayersFinished(finishedHandler:)", result: "waiting")
            finishWaiters.append(finishedHandler)
            playersMayHaveFinished()
        }
    }

    /// A player of `pattern`.
    /// - Throws: `invalidAudioResource` when the pattern plays a resource not registered with
    ///   this engine.
    open func makePlayer(with pattern: CHHapticPattern) throws -> any CHHapticPatternPlayer {
        try makeAdvancedPlayer(with: pattern, call: "makePlayer(with:)")
    }

    /// An advanced player of `pattern`.
    open func makeAdvancedPlayer(with pattern: CHHapticPattern) throws -> any CHHapticAdvancedPatternPlayer {
        try makeAdvancedPlayer(with: pattern, call: "makeAdvancedPlayer(with:)")
    }

    private func makeAdvancedPlayer(with pattern: CHHapticPattern, call: String) throws -> PatternPlayer {
        try phone.withLock {
            phone.sync()
            let player = PatternPlayer(engine: self, pattern: pattern, name: phone.haptics.nextPlayerName(),
                                       isAdvanced: call == "makeAdvancedPlayer(with:)")
            try phone.logged(name, call, [("player", player.name), ("duration", "\(pattern.duration)")], result: { _ in player.name }) {
                try checkCurrent()
                try checkResources(of: pattern)
            }
            for warning in pattern.document.warnings {
                phone.record(object: player.name, call: "pattern", args: [("entry", "\(warning.path)")], result: "read", rule: warning.message)
            }
            return player
        }
    }

    /// Plays an AHAP file at once, on a player of its own.
    open func playPattern(from fileURL: URL) throws {
        let read = Result { try CHHapticPattern(contentsOf: fileURL) }  // read and parsed before the lock
        try phone.withLock {
            let pattern = try phone.logged(name, "playPattern(from: URL)", [("url", fileURL.lastPathComponent)], result: { _ in "read" }) {
                try read.get()
            }
            try makePlayer(with: pattern).start(atTime: CHHapticTimeImmediate)
        }
    }

    /// Plays AHAP data at once, on a player of its own; its sounds are looked for in the bundle.
    open func playPattern(from data: Data) throws {
        let read = Result { try CHHapticPattern(data: data, folder: nil) }  // parsed before the lock
        try phone.withLock {
            let pattern = try phone.logged(name, "playPattern(from: Data)", [("bytes", "\(data.count)")], result: { _ in "read" }) {
                try read.get()
            }
            try makePlayer(with: pattern).start(atTime: CHHapticTimeImmediate)
        }
    }

    /// Reads a sound file once and registers it: events made with the ID play it.
    /// - Parameter options: `CHHapticAudioResourceKeyLoopEnabled` (default false) and
    ///   `CHHapticAudioResourceKeyUseVolumeEnvelope` (default true).
    /// - Throws: `fileNotFound` without a file; `invalidAudioResource` when it cannot be read.
    open func registerAudioResource(_ resourceURL: URL, options: [AnyHashable: Any] = [:]) throws -> CHHapticAudioResourceID {
        let read = Result { try AudioResources.read(resourceURL.path) }  // read before the lock
        return try phone.withLock {
            phone.sync()
            let loops = AudioResources.flag(options, CHHapticAudioResourceKeyLoopEnabled, default: false)
            let envelope = AudioResources.flag(options, CHHapticAudioResourceKeyUseVolumeEnvelope, default: true)
            return try phone.logged(name, "registerAudioResource(_:options:)",
                                     [("url", resourceURL.lastPathComponent), ("loopEnabled", "\(loops)"), ("useVolumeEnvelope", "\(envelope)")],
                                     result: { "\($0)" }) {
                try checkCurrent()
                let sound = try read.get()
                phone.haptics.resourceCount += 1
                phone.haptics.resources[phone.haptics.resourceCount] = AudioResource(engine: ObjectIdentifier(self), path: resourceURL.path, sound: sound,
                                                                       loops: loops, usesVolumeEnvelope: envelope)
                return phone.haptics.resourceCount
            }
        }
    }

    /// Unregisters a resource.
    /// - Throws: `operationNotPermitted` while a playing pattern uses it; `invalidAudioResource`
    ///   for an ID this engine did not register.
    open func unregisterAudioResource(_ resourceID: CHHapticAudioResourceID) throws {
        try phone.withLock {
            phone.sync()
            try phone.logged(name, "unregisterAudioResource(_:)", [("id", "\(resourceID)")]) {
                guard let resource = phone.haptics.resources[resourceID], resource.engine == ObjectIdentifier(self) else {
                    throw CHHapticError.with(.invalidAudioResource, "audio resource \(resourceID) is not registered with this engine")
                }
                guard !phone.haptics.isPlaying(resourceID) else {
                    throw CHHapticError.with(.operationNotPermitted, "audio resource \(resourceID) is in use by a playing pattern")
                }
                phone.haptics.resources[resourceID] = nil
            }
        }
    }

    // MARK: - The emulation

    /// Whether the device mutes this engine's haptics and audio now.
    var mutesHaptics: Bool { state.mutedForHaptics }
    var mutesAudio: Bool { state.mutedForAudio }

    /// Throws unless the engine belongs to the device as now configured.
    func checkCurrent() throws {
        guard generation == phone.generation else {
            throw CHHapticError.with(.serverInterrupted, "the emulated device was configured again after this engine was made")
        }
    }

    private func startNow() throws {
        try checkCurrent()
        if let problem = phone.problem { throw CHHapticError.with(.serverInitFailed, problem) }
        (playsHapticsOnlyNow, playsAudioOnlyNow) = (state.hapticsOnly, state.audioOnly)
        isRunning = true
        idleSince = nil
    }

    /// Starts the engine for a player, when auto-shutdown allows it.
    /// - Throws: `engineNotRunning` (−4805) when it is stopped without auto-shutdown.
    func ensureRunning() throws -> String? {
        guard !isRunning else { return nil }
        guard state.autoShutdown else { throw CHHapticError.with(.engineNotRunning, "engine life: a player cannot start while its engine is stopped") }
        try startNow()
        phone.record(object: name, call: "start()", result: "started", rule: "engine life: auto-shutdown starts a stopped engine for a player")
        return "engine life: auto-shutdown started the engine"
    }

    private func stopNow(error: CHHapticError.Code?) {
        isRunning = false
        idleSince = nil
        phone.haptics.stopAll(of: self, reason: "stop", error: error)
        playersMayHaveFinished()
    }

    /// The system stops the engine: its players stop and `stoppedHandler(reason)` is called.
    func stopBySystem(_ reason: StoppedReason, ) {
        stopNow(error: .engineNotRunning)
        let handler = state.stopped
        call("stoppedHandler", args: [("reason", reason.name)]) { handler(reason) }
    }

    /// The server reset: the engine stops and `resetHandler` is called.
    func resetBySystem() {
        resets += 1
        isRunning = false
        idleSince = nil
        finishWaiters = []
        let handler = state.reset
        call("resetHandler") { handler() }
    }

    /// The auto-shutdown deadline, while one runs.
    var shutdownFrame: Int64? {
        guard isRunning, state.autoShutdown, let idleSince else { return nil }
        return idleSince + Int64(120 * phone.rate)
    }

    /// Follows the engine's idleness under auto-shutdown; stops it after 120 s of it.
    func checkIdle() {
        guard isRunning, state.autoShutdown, !phone.haptics.isBusy(self) else {
            idleSince = nil
            return
        }
        if idleSince == nil { idleSince = phone.frame }
        if let deadline = shutdownFrame, phone.frame >= deadline {
            phone.record(object: name, call: "stop", result: "stopped", rule: "engine life: auto-shutdown after 120 s idle")
            stopBySystem(.idleTimeout)
        }
    }

    /// Calls the `notifyWhenPlayersFinished` handlers when nothing of this engine plays.
    func playersMayHaveFinished() {
        guard !finishWaiters.isEmpty, !isRunning || !phone.haptics.isBusy(self) else { return }
        let waiters = finishWaiters
        finishWaiters = []
        for waiter in waiters {
            call("finishedHandler") { [self] in
                let action = waiter(nil)
                phone.withLock {
                    phone.record(object: name, call: "finishedHandler returned", args: [("action", action == .stopEngine ? "stopEngine" : "leaveEngineRunning")])
                    guard action == .stopEngine, isRunning else { return }
                    stopBySystem(.notifyWhenFinished)
                }
            }
        }
    }

    /// Queues a callback; the log records it when it runs.
    func call(_ what: String, args: [(String, String)] = [], _ body: @escaping () -> Void) {
        phone.device.callbacks.enqueueHandler { [self] in
            phone.withLock { phone.record(object: name, call: what, args: args, result: "called") }
            // A callback plays on its engine's device, whichever thread delivers it.
            EmulatedPhone.$bound.withValue(phone) { body() }
        }
    }

    private func changed(_ property: String, _ value: Bool, _ set: (CHHapticEngine) -> Void) {
        phone.withLock {
            phone.sync()
            set(self)
            phone.record(object: name, call: property, args: [("value", "\(value)")], result: "set", rule: "audio: mutes act at once")
            phone.device.applyMuting()
        }
    }

    /// Throws unless every audio resource `pattern` plays is registered with this engine.
    private func checkResources(of pattern: CHHapticPattern) throws {
        for id in pattern.resourceIDs where phone.haptics.resources[id]?.engine != ObjectIdentifier(self) {
            throw CHHapticError.with(.invalidAudioResource, "audio resource \(id) is not registered with this engine")
        }
    }

    static func text(_ error: (any Error)?) -> String {
        guard let error else { return "nil" }
        return "\((error as NSError).code)"
    }
}
