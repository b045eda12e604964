import IPhoneEmulation
import HapticPlayback

/// The player `makePlayer(with:)` and `makeAdvancedPlayer(with:)` return: its pattern, started on
/// the emulated device (docs/corehaptics.md, "Players"). A start begins a run, which plays in
/// segments: a pause, a resume, a seek, a loop or a new rate ends one and starts the next.
final class PatternPlayer: NSObject, CHHapticAdvancedPatternPlayer, DeviceSegmentOwner, @unchecked Sendable {
    let engine: CHHapticEngine
    let pattern: CHHapticPattern
    /// `player#3`, in the log and the timeline.
    let name: String
    private let resets: Int
    /// Made by `makeAdvancedPlayer(with:)`: its completion handler is called.
    let isAdvanced: Bool
    private var phone: EmulatedPhone { engine.phone }
    /// The segment playing now, if any.
    var playback: DeviceSegment?
    /// Where a paused run stands in its pattern (µs), while paused.
    private var pausedAtUs: Int64?
    /// Where the next start begins (µs; a seek before starting sets it).
    private var nextOffsetUs: Int64 = 0
    private var muted = false
    /// The last value of each control sent, in the order first sent: each later segment starts with them.
    private(set) var sentControls: [SentControl] = []
    /// The settable properties, read and written under the device's lock.
    private typealias State = (loopEnabled: Bool, loopEnd: Double, playbackRate: Float, completion: CHHapticAdvancedPatternPlayerCompletionHandler)
    private var state: State = (false, 0, 1, { _ in })

    /// A settable property, read and written through the phone's door.
    private subscript<Value>(locked key: WritableKeyPath<State, Value>) -> Value {
        get { phone.withLock { state[keyPath: key] } }
        set { phone.withLock { state[keyPath: key] = newValue } }
    }

    init(engine: CHHapticEngine, pattern: CHHapticPattern, name: String, isAdvanced: Bool) {
        (self.engine, self.pattern, self.name, resets, self.isAdvanced) = (engine, pattern, name, engine.resets, isAdvanced)
        super.init()
        state.loopEnd = pattern.duration
    }

    /// The rate its segments play at.
    var rateNow: Double { Double(state.playbackRate) }
    /// Where its segments loop, while it loops (µs of the pattern): `loopEnd`, or the duration when
    /// `loopEnd` is 0 or less; nil when the loop would have no length.
    var loopEndUsNow: Int64? {
        guard state.loopEnabled else { return nil }
        let seconds = state.loopEnd > 0 ? state.loopEnd : pattern.duration
        let us = EngineClock.microseconds(seconds)
        return us > 0 ? us : nil
    }
    /// The pattern's duration in µs.
    private var durationUs: Int64 { EngineClock.microseconds(pattern.duration) }

    // MARK: - CHHapticPatternPlayer

    func start(atTime time: TimeInterval) throws {
        try atFrame("start(atTime:)", time, done: "started") { frame in
            if let started = try self.engine.ensureRunning() { self.phone.record(object: self.name, call: "rule", result: "applied", rule: started) }
            self.phone.when(frame, self, "start") { self.beginRun() }
        }
    }

    func stop(atTime time: TimeInterval) throws {
        try atFrame("stop(atTime:)", time, running: true, done: "stopped") { frame in
            self.phone.when(frame, self, "stop") { self.endRun(reason: "stop", error: nil) }
        }
    }

    func sendParameters(_ parameters: [CHHapticDynamicParameter], atTime time: TimeInterval) throws {
        let args = parameters.map { ("\($0.parameterID.rawValue)@\($0.relativeTime)", "\($0.value)") } + [("time", "\(time)")]
        try phone.withLock {
            phone.sync()
            let (at, rule) = phone.frame(forTime: time)
            try phone.logged(name, "sendParameters(_:atTime:)", args, rule: "dynamic parameters: effective time = max(atTime, now) + relativeTime; \(rule)") {
                try checkValid()
                for parameter in parameters {
                    guard let control = SentControl(parameter.parameterID, timesSeconds: [0], values: [parameter.value]) else {
                        throw CHHapticError.with(.invalidParameterType, "unknown dynamic parameter \(parameter.parameterID.rawValue)")
                    }
                    guard parameter.relativeTime >= 0 else { throw CHHapticError.with(.invalidTime, "a parameter's relative time is negative") }
                    send(control, at: EngineClock.frame(at, plus: parameter.relativeTime, rate: phone.rate))
                }
            }
        }
    }

    func scheduleParameterCurve(_ parameterCurve: CHHapticParameterCurve, atTime time: TimeInterval) throws {
        try phone.withLock {
            phone.sync()
            let (at, rule) = phone.frame(forTime: time)
            try phone.logged(name, "scheduleParameterCurve(_:atTime:)", [("parameter", parameterCurve.parameterID.rawValue),
                                                                          ("points", "\(parameterCurve.controlPoints.count)"), ("time", "\(time)")],
                              rule: "dynamic parameters: a scheduled curve starts at atTime, not its relativeTime; \(rule)") {
                try checkValid()
                let points = parameterCurve.controlPoints
                guard !points.isEmpty else { throw CHHapticError.with(.invalidParameterType, "a curve needs a control point") }
                guard points.allSatisfy({ $0.relativeTime >= 0 }), zip(points, points.dropFirst()).allSatisfy({ $0.relativeTime < $1.relativeTime }) else {
                    throw CHHapticError.with(.invalidTime, "control point times must increase from 0")
                }
                guard let control = SentControl(parameterCurve.parameterID, timesSeconds: points.map(\.relativeTime), values: points.map(\.value)) else {
                    throw CHHapticError.with(.invalidParameterType, "unknown dynamic parameter \(parameterCurve.parameterID.rawValue)")
                }
                send(control, at: at, placedAsInAFile: true)
            }
        }
    }

    func cancel() throws {
        try phone.withLock {
            phone.sync()
            try phone.logged(name, "cancel()", result: { _ in self.isRunning ? "cancelled" : "not playing" }) {
                try checkValid()
                endRun(reason: "cancel", error: nil)
            }
        }
    }

    var isMuted: Bool {
        get { phone.withLock { muted } }
        set {
            phone.withLock {
                phone.sync()
                muted = newValue
                phone.record(object: name, call: "isMuted", args: [("value", "\(newValue)")], result: "set", rule: "audio: mutes act at once")
                phone.device.applyMuting()
            }
        }
    }

    // MARK: - CHHapticAdvancedPatternPlayer

    func pause(atTime time: TimeInterval) throws {
        try atFrame("pause(atTime:)", time, running: true, done: "paused") { frame in
            self.phone.when(frame, self, "pause") {
                guard let playback = self.playback else { return }
                self.pausedAtUs = playback.patternUs(at: self.phone.frame, sampleRate: self.phone.rate)
                self.phone.device.pauseSegment(playback)
                self.playback = nil
            }
        }
    }

    func resume(atTime time: TimeInterval) throws {
        try atFrame("resume(atTime:)", time, done: "resumed") { frame in
            if let started = try self.engine.ensureRunning() { self.phone.record(object: self.name, call: "rule", result: "applied", rule: started) }
            self.phone.when(frame, self, "resume") {
                guard let offset = self.pausedAtUs else { return }
                self.pausedAtUs = nil
                self.beginSegment(offsetUs: offset)
            }
        }
    }

    func seek(toOffset offsetTime: TimeInterval) throws {
        try phone.withLock {
            phone.sync()
            try phone.logged(name, "seek(toOffset:)", [("offset", "\(offsetTime)")], rule: "advanced player: a seek re-anchors the run at the offset") {
                try checkValid()
                let offset = max(0, EngineClock.microseconds(offsetTime))
                if pausedAtUs != nil {
                    pausedAtUs = offset
                } else if playback != nil {
                    reanchor(at: offset)
                } else {
                    nextOffsetUs = offset
                }
            }
        }
    }

    var loopEnabled: Bool {
        get { self[locked: \.loopEnabled] }
        set { changed("loopEnabled", "\(newValue)") { $0.state.loopEnabled = newValue } }
    }
    var loopEnd: TimeInterval {
        get { self[locked: \.loopEnd] }
        set { changed("loopEnd", "\(newValue)") { $0.state.loopEnd = newValue } }
    }
    /// The rates a player plays at: a thousandth to a thousand times (decided here; a rate past
    /// them is held at the nearest).
    static let rates: ClosedRange<Float> = 0.001...1_000

    var playbackRate: Float {
        get { self[locked: \.playbackRate] }
        set {
            guard newValue > 0, !newValue.isNaN else {
                return phone.withLock {
                    phone.record(object: name, call: "playbackRate", args: [("value", "\(newValue)")], result: "ignored",
                                  rule: "advanced player: a rate must be above 0")
                }
            }
            let rate = min(max(newValue, Self.rates.lowerBound), Self.rates.upperBound)
            changed("playbackRate", "\(newValue)") { $0.state.playbackRate = rate }
        }
    }
    var completionHandler: CHHapticAdvancedPatternPlayerCompletionHandler {
        get { self[locked: \.completion] }
        set { self[locked: \.completion] = newValue }
    }

    // MARK: - Runs

    /// Whether a run is in progress (playing, or paused).
    private(set) var isRunning = false

    /// Starts a run now from the next start's offset; a run in progress ends first (`stop`).
    private func beginRun() {
        if isRunning { endRun(reason: "stop", error: nil) }
        let offset = nextOffsetUs
        nextOffsetUs = 0
        isRunning = true
        phone.haptics.addRun(self)
        begin(at: offset)
    }

    /// Starts a segment at `offsetUs` (wrapped into the loop while looping); at or past the end of
    /// a pattern that does not loop, the run ends there.
    private func begin(at offsetUs: Int64) {
        if let loopEnd = loopEndUsNow {
            beginSegment(offsetUs: offsetUs % loopEnd)
        } else if offsetUs >= durationUs, offsetUs > 0 {
            endRun(reason: "end", error: nil)
        } else {
            beginSegment(offsetUs: offsetUs)
        }
    }

    /// Ends the playing segment and plays on from `offsetUs` (a seek, a new rate or loop).
    private func reanchor(at offsetUs: Int64) {
        guard playback != nil else { return }
        endSegment(reason: "stop")
        begin(at: offsetUs)
    }

    /// Ends the run now, as `reason` says: its segment stops, and the completion handler runs
    /// (with an error when the engine stopped or reset under it).
    func endRun(reason: String, error: CHHapticError.Code?) {
        guard isRunning else { return }
        endSegment(reason: reason)
        pausedAtUs = nil
        isRunning = false
        phone.haptics.removeRun(self)
        defer { engine.playersMayHaveFinished() }
        guard isAdvanced else { return }
        let handler = state.completion
        let failure = error.map { CHHapticError.with($0, reason == "reset" ? "the haptic server reset" : "the engine stopped") }
        engine.call("completionHandler", args: [("player", name), ("ended", reason), ("error", error.map { "\($0.rawValue)" } ?? "nil")]) {
            handler(failure)
        }
    }

    /// Applies a control now: remembered for later segments, and acting on the segment playing.
    private func apply(_ control: SentControl) {
        sentControls.removeAll { $0.id == control.id }
        sentControls.append(control.last)
        if let playback { phone.device.apply(control.deviceControl, to: playback) }
    }

    /// Starts a segment at the current frame: the pattern from `offsetUs` at the player's rate,
    /// looping if it loops; the controls sent so far apply from this frame.
    private func beginSegment(offsetUs: Int64) {
        let content = SegmentContent(pattern.document, durationUs: EngineClock.microseconds(pattern.duration),
                                     soundOptions: pattern.soundOptions(resources: phone.haptics.resources), hapticsOff: engine.playsAudioOnlyNow,
                                     audioOff: engine.playsHapticsOnlyNow)
        playback = phone.device.beginSegment(self, content, offsetUs: offsetUs, rate: rateNow, loopEndUs: loopEndUsNow,
                                             controls: sentControls.map(\.deviceControl))
    }

    // MARK: - DeviceSegmentOwner

    var segmentName: String { name }
    var mutesHapticsNow: Bool { muted || engine.mutesHaptics }
    var mutesAudioNow: Bool { muted || engine.mutesAudio }

    func segmentReachedLoop(_ segment: DeviceSegment) {
        endSegment(reason: "loop")
        beginSegment(offsetUs: 0)
    }

    /// Ends the segment playing now, if any, as `reason` says.
    private func endSegment(reason: String) {
        guard let playback else { return }
        phone.device.endSegment(playback, reason: reason)
        self.playback = nil
    }

    func segmentFinished(_ segment: DeviceSegment) {
        if playback === segment { playback = nil }
        endRun(reason: "end", error: nil)
    }

    /// Sends `control` at frame `at` (now or later).
    private func send(_ control: SentControl, at: Int64, placedAsInAFile: Bool = false) {
        guard control.isEmulated else {
            phone.record(object: name, call: "rule", result: "ignored", rule: "dynamic parameters: \(control.id.rawValue) is not emulated (as in files)")
            return
        }
        phone.when(at, self, "parameter") {
            var placed = control
            if placedAsInAFile, let playback = self.playback {
                let us = playback.patternUs(at: self.phone.frame, sampleRate: self.phone.rate)
                placed = SentControl(control.id, timesSeconds: control.timesSeconds, values: control.values, startMs: Double(us) / 1000) ?? control
            }
            self.apply(placed)
        }
    }

    // MARK: - The emulation

    /// Runs a timed call: logged, checked, then `body` with the frame its time names.
    private func atFrame(_ call: String, _ time: TimeInterval, running: Bool = false, done: String, _ body: @escaping (Int64) throws -> Void) throws {
        try phone.withLock {
            phone.sync()
            let (frame, rule) = phone.frame(forTime: time)
            try phone.logged(name, call, [("time", "\(time)")], rule: rule,
                              result: { _ in frame > self.phone.frame ? "scheduled" : done }) {
                try checkValid()
                if running, !engine.isRunning { throw CHHapticError.with(.engineNotRunning, "engine life: the engine is stopped") }
                try body(frame)
            }
        }
    }

    /// Throws `invalidPatternPlayer` after a reset (or a new configuration of the device).
    private func checkValid() throws {
        try engine.checkCurrent()
        guard resets == engine.resets else {
            throw CHHapticError.with(.invalidPatternPlayer, "engine life: players made before a reset are invalid")
        }
    }

    /// Sets a property of the loop or the rate; a playing run re-anchors at where it is.
    private func changed(_ property: String, _ value: String, _ set: (PatternPlayer) -> Void) {
        phone.withLock {
            phone.sync()
            set(self)
            phone.record(object: name, call: property, args: [("value", value)], result: "set",
                          rule: playback == nil ? nil : "advanced player: a change re-anchors at the current offset")
            if let playback { reanchor(at: playback.patternUs(at: phone.frame, sampleRate: phone.rate)) }
        }
    }
}
