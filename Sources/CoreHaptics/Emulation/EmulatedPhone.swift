import AudioCore
import AudioIO
import HapticPlayback

/// The iPhone an app's Core Haptics code sees (docs/corehaptics.md): its engines, the runs of their
/// players, its audio resources and the names in its log, over the one emulated device that plays
/// them (HapticPlayback's `EmulatedDevice`: its clock, mixer, audio, actions, timeline, log and
/// callback queue). It keeps only what Apple's names need; every sample is the device's.
///
/// Everything happens under the device's lock; callbacks run on its queue, with no lock held.
package final class EmulatedPhone: DeviceClient, @unchecked Sendable {
    /// The process's phone: a plain program's, and a test's outside `HapticsEmulator.withDevice`.
    package static let process = EmulatedPhone()
    /// The phone bound to the current task (`HapticsEmulator.withDevice`), if any.
    @TaskLocal package static var bound: EmulatedPhone?
    /// The phone calls made here play on: the task's own; outside any Swift task (a `DispatchQueue`
    /// block, a thread of the app's), the one test's with a device of its own when one runs
    /// (`TestPhones`); else the process's (a task without a device of its own, such as a test that
    /// uses the process's device, stays on it). An engine and a generator keep the phone they were
    /// made on.
    package static var shared: EmulatedPhone {
        if let bound { return bound }
        let inTask = withUnsafeCurrentTask { $0 != nil }
        return (inTask ? nil : testPhones.outsideTask()) ?? process
    }
    /// The phones of the tests running now with devices of their own.
    package static let testPhones = TestPhones()

    package let device = EmulatedDevice()
    var lock: RecursiveLock { device.lock }

    package private(set) var settings = DeviceSettings()
    /// Why the phone cannot play (engines fail to start), when its settings are unusable.
    private(set) var problem: String?
    /// Why the live device named by `HAPSYNTH_COREHAPTICS_PLAY` (or `liveDevice`) does not play, if it does not.
    private var liveProblem: String?
    private(set) var hasHaptics = true
    private var configured = false
    /// Bumped at each configure: engines and players made before it are stale.
    private(set) var generation = 0
    private var engines: [WeakEngine] = []
    var resources: [CHHapticAudioResourceID: AudioResource] = [:]
    /// Resources registered since the phone was configured (IDs are not reused before).
    var resourceCount = 0
    private var counts = (engine: 0, player: 0)
    /// Players with a run in progress (playing or paused), in the order they started.
    private(set) var runs: [PatternPlayer] = []
    /// Objects numbered by kind (`UIImpactFeedbackGenerator#2`), and the players of the system's
    /// feedback by object (the device holds its segments' owners weakly).
    var counters: [String: Int] = [:]
    var feedbackPlayers: [String: SystemFeedbackPlayer] = [:]
    /// The system sounds made from files (`AudioServicesCreateSystemSoundID`), by ID, how many
    /// were made, and the plays of them in progress (the device holds its segments' owners weakly).
    package var systemSounds: [UInt32: SoundResource] = [:]
    package var systemSoundsMade = 0
    package var systemSoundPlays: [ObjectIdentifier: EmulatedSound] = [:]
    /// The completions registered for system sounds (`AudioServicesAddSystemSoundCompletion`), by ID.
    package var systemSoundCompletions: [UInt32: (UInt32) -> Void] = [:]

    package init() {}

    var frame: Int64 { device.frame }
    var rate: Int { device.rate }
    /// Engine seconds now.
    var now: Double { device.now }

    // MARK: - Set-up

    /// Resets the phone to `settings`: frame 0, nothing playing, nothing recorded; engines and
    /// players made before stop working (their calls fail with `invalidPatternPlayer` or
    /// `serverInitFailed` until a new engine is made).
    /// - Parameter keepsCapture: whether what it renders and logs is kept for `snapshot()` (a
    ///   test's set-up, `HAPSYNTH_COREHAPTICS_CAPTURE`); without, it stays flat in memory.
    package func configure(_ settings: DeviceSettings, keepsCapture: Bool = true) {
        lock.withLock {
            generation += 1
            self.settings = settings
            configured = true
            (engines, runs, resources, resourceCount, counts) = ([], [], [:], 0, (0, 0))
            (counters, feedbackPlayers, systemSounds, systemSoundsMade, systemSoundPlays, systemSoundCompletions) = ([:], [:], [:], 0, [:], [:])
            (hasHaptics, problem) = device.configure(settings, keepsCapture: keepsCapture)
            var liveFailure: (any Error)?
            if let name = settings.liveDevice {
                do {
                    device.play(through: try ALSAOutput(device: name, sampleRate: device.rate, channelCount: 2))
                } catch {
                    liveFailure = error
                }
            }
            device.attach(self)
            record(object: "device", call: "configure", args: [("device", settings.device), ("sampleRate", "\(settings.sampleRate)"),
                                                              ("supportsHaptics", "\(settings.supportsHaptics)"),
                                                              ("supportsAudio", "\(settings.supportsAudio)"),
                                                              ("clock", settings.realtime ? "realtime" : "virtual")],
                   result: problem == nil ? "configured" : nil, error: problem == nil ? nil : CHHapticError.Code.serverInitFailed.rawValue,
                   rule: problem)
            liveProblem = nil
            if let name = settings.liveDevice {
                if let liveFailure {
                    record(object: "device", call: "play", args: [("device", name)], error: CHHapticError.Code.resourceNotAvailable.rawValue,
                           rule: "\(liveFailure)")
                    liveProblem = "HAPSYNTH_COREHAPTICS_PLAY=\(name): \(liveFailure); the device renders without playing"
                } else {
                    record(object: "device", call: "play", args: [("device", name)], result: "playing")
                }
            }
        }
        // The session is the process's: its calls are logged by the phone of the caller's task
        // (never one captured here, which a test's own phone may outlive).
        AVAudioSession.sharedInstance().observer = { call, args in
            let phone = EmulatedPhone.shared
            phone.lock.withLock { phone.record(object: "audioSession", call: call, args: args, result: "accepted") }
        }
    }

    /// Configures the phone from the environment on its first use (frame 0 is then), and arms
    /// the capture at exit that `HAPSYNTH_COREHAPTICS_CAPTURE` asks for.
    package func prepare() {
        lock.withLock {
            guard !configured else { return }
            // A capture is kept when one is asked for; an app that only plays live keeps none.
            configure(.fromEnvironment(), keepsCapture: DeviceSettings.capturesFromEnvironment)
            // A process set up from its environment has no test reading its log: what went
            // wrong with the variables is said on stderr too.
            for problem in DeviceSettings.environmentProblems() + [problem.map { "HAPSYNTH_COREHAPTICS_DEVICE=\(settings.device): \($0); every engine fails "
                                                                    + "with serverInitFailed (-4810)" }, liveProblem].compactMap({ $0 }) {
                FileHandle.standardError.write(Data("hapsynth CoreHaptics: \(problem)\n".utf8))
            }
            CaptureAtExit.arm()
        }
    }

    /// Runs `body` under the device's lock, the phone set up and its clock caught up: how the
    /// emulator's calls and the other Apple products (UIKit, AudioToolbox, AVFAudio) act on it.
    package func locked<T>(_ body: () throws -> T) rethrows -> T {
        prepare()
        return try lock.withLock {
            sync()
            return try body()
        }
    }

    // MARK: - Objects

    func nextEngineName() -> String {
        counts.engine += 1
        return "engine#\(counts.engine)"
    }

    func attach(_ engine: CHHapticEngine) {
        engines.removeAll { $0.engine == nil }
        engines.append(WeakEngine(engine: engine))
    }

    func nextPlayerName() -> String {
        counts.player += 1
        return "player#\(counts.player)"
    }

    /// The live engines, in the order they were made.
    var liveEngines: [CHHapticEngine] { engines.compactMap(\.engine) }

    // MARK: - Log

    /// Appends a log entry at the current frame.
    package func record(object: String, call: String, args: [(String, String)] = [], result: String? = nil, error: Int? = nil, rule: String? = nil) {
        device.record(object: object, call: call, args: args, result: result, error: error, rule: rule)
    }

    /// Runs `body` as the API call `call` of `object`: the log says what it returned or threw.
    func logged<T>(_ object: String, _ call: String, _ args: [(String, String)] = [], rule: String? = nil, result: (T) -> String? = { _ in "ok" },
                   _ body: () throws -> T) throws -> T {
        do {
            let value = try body()
            record(object: object, call: call, args: args, result: result(value), rule: rule)
            return value
        } catch let error as CHHapticError {
            record(object: object, call: call, args: args, error: error.code.rawValue,
                   rule: error.userInfo[NSLocalizedDescriptionKey] as? String ?? rule)
            throw error
        }
    }

    // MARK: - Time and playing

    /// The frame an API time names, and the rule that decided it.
    func frame(forTime time: TimeInterval) -> (frame: Int64, rule: String) { device.frame(forTime: time) }

    /// Catches a realtime clock up with the monotonic clock.
    func sync() { device.sync() }

    /// Runs `body` at `at` (now, or at that frame, logged as `call` there).
    func when(_ at: Int64, _ player: PatternPlayer, _ call: String, _ body: @escaping () -> Void) {
        guard at > frame else { return body() }
        device.when(at, owner: player.engine) { [unowned self] in
            record(object: player.name, call: call, result: "done", rule: "clock: asked for this frame")
            body()
        }
    }

    func addRun(_ player: PatternPlayer) {
        if !runs.contains(where: { $0 === player }) { runs.append(player) }
    }

    func removeRun(_ player: PatternPlayer) { runs.removeAll { $0 === player } }

    /// Drops the later calls of `engine`'s players and ends their runs (with `error`).
    func stopAll(of engine: CHHapticEngine, reason: String, error: CHHapticError.Code?) {
        device.dropActions(of: engine)
        for player in runs where player.engine === engine { player.endRun(reason: reason, error: error) }
    }

    /// Whether anything of `engine` plays, is paused or waits to play.
    func isBusy(_ engine: CHHapticEngine) -> Bool {
        runs.contains { $0.engine === engine } || device.hasActions(of: engine)
    }

    /// Whether a playing pattern plays audio resource `id`.
    func isPlaying(_ id: CHHapticAudioResourceID) -> Bool { device.isPlaying(soundPath: AudioResources.path(of: id)) }

    // MARK: - DeviceClient

    /// The earliest auto-shutdown deadline of an engine.
    package var wakeFrame: Int64? { liveEngines.compactMap(\.shutdownFrame).min() }

    /// An engine waits for its players (which are the device's segments), not for time.
    package var waitsToPlay: Bool { false }

    package func deviceStepped(_ device: EmulatedDevice) {
        for engine in liveEngines { engine.checkIdle() }
    }

    // MARK: - The emulator's calls

    /// What the phone has made so far.
    package func snapshot() -> CaptureSnapshot {
        prepare()
        return device.snapshot()
    }

    /// Engine seconds now (a realtime clock caught up first).
    package var currentTime: Double { locked { now } }

    /// Renders `seconds` (to the nearest frame), then delivers the callbacks that fell due.
    package func advance(by seconds: TimeInterval) {
        prepare()
        device.advance(by: seconds)
    }

    /// Renders until nothing plays, waits, rings or calls back, or for `limit` seconds; returns
    /// the seconds rendered.
    package func runUntilIdle(limit: TimeInterval) -> TimeInterval {
        prepare()
        return device.runUntilIdle(limit: limit)
    }

    /// Stops every running engine as the system would, for `reason`: their players stop and
    /// each `stoppedHandler` is called.
    package func simulateStop(reason: CHHapticEngine.StoppedReason) {
        locked {
            record(object: "device", call: "simulateStop(reason:)", args: [("reason", reason.name)], result: "stopped")
            for engine in liveEngines where engine.isRunning { engine.stopBySystem(reason) }
            if reason == .audioSessionInterrupt {
                record(object: "audioSession", call: "interruptionNotification", args: [("type", "began")], result: "posted")
            }
        }
        // An interruption is the session's too: its observers hear of it (on this phone, no lock held).
        if reason == .audioSessionInterrupt {
            EmulatedPhone.$bound.withValue(self) { AVAudioSession.sharedInstance().postInterruption(.began) }
        }
        device.callbacks.drain()
    }

    /// Resets the haptic server: every engine stops, every player is invalid, every audio
    /// resource is unregistered, and each `resetHandler` is called.
    package func simulateReset() {
        locked {
            record(object: "device", call: "simulateReset()", result: "reset")
            device.dropAllActions()
            for player in runs { player.endRun(reason: "reset", error: .serverInterrupted) }
            resources = [:]
            for engine in liveEngines { engine.resetBySystem() }
        }
        device.callbacks.drain()
    }
}

private struct WeakEngine {
    weak var engine: CHHapticEngine?
}
