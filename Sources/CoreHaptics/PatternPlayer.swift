/// The player `makePlayer(with:)` and `makeAdvancedPlayer(with:)` return: its pattern, started
/// on the emulated device (docs/corehaptics.md, "Players").
final class PatternPlayer: NSObject, CHHapticAdvancedPatternPlayer, @unchecked Sendable {
    let engine: CHHapticEngine
    let pattern: CHHapticPattern
    /// `player#3`, in the log and the timeline.
    let name: String
    private let resets: Int
    /// Made by `makeAdvancedPlayer(with:)`: its completion handler is called.
    let isAdvanced: Bool
    private var device: EmulatedDevice { engine.device }
    /// What plays now, if anything.
    var playback: Playback?
    private var muted = false

    init(engine: CHHapticEngine, pattern: CHHapticPattern, name: String, isAdvanced: Bool) {
        (self.engine, self.pattern, self.name, resets, self.isAdvanced) = (engine, pattern, name, engine.resets, isAdvanced)
        super.init()
        state.loopEnd = pattern.duration
    }

    /// Whether the player is muted now.
    var isMutedNow: Bool { muted }

    // MARK: - CHHapticPatternPlayer

    func start(atTime time: TimeInterval) throws {
        try device.lock.withLock {
            device.sync()
            let (frame, rule) = device.frame(forTime: time)
            var rules = [rule]
            try device.logged(name, "start(atTime:)", [("time", "\(time)")], rule: rule,
                              result: { _ in frame > self.device.frame ? "scheduled" : "started" }) {
                try checkValid()
                if let started = try engine.ensureRunning() { rules.append(started) }
                if playback != nil, frame <= device.frame { rules.append("clock: starting a playing player restarts it") }
                device.startPlayback(self, at: frame)
            }
            if rules.count > 1 { device.record(object: name, call: "rule", result: "applied", rule: rules.dropFirst().joined(separator: "; ")) }
        }
    }

    func stop(atTime time: TimeInterval) throws {
        try device.lock.withLock {
            device.sync()
            let (frame, rule) = device.frame(forTime: time)
            try device.logged(name, "stop(atTime:)", [("time", "\(time)")], rule: rule,
                              result: { _ in frame > self.device.frame ? "scheduled" : (self.playback == nil ? "not playing" : "stopped") }) {
                try checkValid()
                guard engine.isRunning else { throw CHHapticError.with(.engineNotRunning, "engine life: the engine is stopped") }
                device.stopPlayback(self, at: frame, reason: "stop")
            }
        }
    }

    func sendParameters(_ parameters: [CHHapticDynamicParameter], atTime time: TimeInterval) throws {
        try notYet("sendParameters(_:atTime:)", [("count", "\(parameters.count)"), ("time", "\(time)")])
    }

    func scheduleParameterCurve(_ parameterCurve: CHHapticParameterCurve, atTime time: TimeInterval) throws {
        try notYet("scheduleParameterCurve(_:atTime:)", [("parameter", parameterCurve.parameterID.rawValue), ("time", "\(time)")])
    }

    func cancel() throws {
        try device.lock.withLock {
            device.sync()
            try device.logged(name, "cancel()", result: { _ in self.playback == nil ? "not playing" : "cancelled" }) {
                try checkValid()
                device.stopPlayback(self, at: device.frame, reason: "cancel")
            }
        }
    }

    var isMuted: Bool {
        get { device.lock.withLock { muted } }
        set {
            device.lock.withLock {
                device.sync()
                muted = newValue
                device.record(object: name, call: "isMuted", args: [("value", "\(newValue)")], result: "set", rule: "audio: mutes act at once")
                device.applyMuting()
            }
        }
    }

    // MARK: - CHHapticAdvancedPatternPlayer

    func pause(atTime time: TimeInterval) throws { try notYet("pause(atTime:)", [("time", "\(time)")]) }
    func resume(atTime time: TimeInterval) throws { try notYet("resume(atTime:)", [("time", "\(time)")]) }
    func seek(toOffset offsetTime: TimeInterval) throws { try notYet("seek(toOffset:)", [("offset", "\(offsetTime)")]) }

    /// The settable properties, read and written under the device's lock.
    private var state = (loopEnabled: false, loopEnd: 0.0, playbackRate: Float(1), completion: { _ in } as CHHapticAdvancedPatternPlayerCompletionHandler)

    var loopEnabled: Bool {
        get { device.lock.withLock { state.loopEnabled } }
        set { noted("loopEnabled", "\(newValue)") { $0.state.loopEnabled = newValue } }
    }
    var loopEnd: TimeInterval {
        get { device.lock.withLock { state.loopEnd } }
        set { noted("loopEnd", "\(newValue)") { $0.state.loopEnd = newValue } }
    }
    var playbackRate: Float {
        get { device.lock.withLock { state.playbackRate } }
        set { noted("playbackRate", "\(newValue)") { $0.state.playbackRate = newValue } }
    }
    var completionHandler: CHHapticAdvancedPatternPlayerCompletionHandler {
        get { device.lock.withLock { state.completion } }
        set { device.lock.withLock { state.completion = newValue } }
    }

    // MARK: - The emulation

    /// Throws `invalidPatternPlayer` after a reset (or a new configuration of the device).
    private func checkValid() throws {
        try engine.checkCurrent()
        guard resets == engine.resets else {
            throw CHHapticError.with(.invalidPatternPlayer, "engine life: players made before a reset are invalid")
        }
    }

    /// `playback` has ended, as `reason` says: the completion handler runs (with an error when
    /// the engine stopped or reset under it), and the engine hears of it.
    func ended(_ playback: Playback, reason: String, error: CHHapticError.Code?) {
        defer { engine.playersMayHaveFinished() }
        guard isAdvanced else { return }
        let handler = state.completion
        let failure = error.map { CHHapticError.with($0, reason == "reset" ? "the haptic server reset" : "the engine stopped") }
        engine.call("completionHandler", args: [("player", name), ("ended", reason), ("error", error.map { "\($0.rawValue)" } ?? "nil")]) {
            handler(failure)
        }
    }

    /// What changes a pattern as it plays is emulated in a later version: the call is logged
    /// and throws `notSupported`.
    private func notYet(_ call: String, _ args: [(String, String)]) throws {
        try device.lock.withLock {
            device.sync()
            try device.logged(name, call, args) {
                throw CHHapticError.with(.notSupported, "not emulated yet: \(call) (docs/corehaptics.md, \"Not emulated yet\")")
            }
        }
    }

    private func noted(_ property: String, _ value: String, _ set: (PatternPlayer) -> Void) {
        device.lock.withLock {
            set(self)
            device.record(object: name, call: property, args: [("value", value)], result: "ignored", rule: "not emulated yet: \(property)")
        }
    }
}
