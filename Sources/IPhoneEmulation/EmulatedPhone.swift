import _AVFAudioSession
import AudioCore
import AudioIO
import Foundation
import HapticPlayback

/// The iPhone an app's code sees (docs/corehaptics.md), below Apple's names: what each framework
/// keeps on it (`PhoneService`: Core Haptics' engines, players and audio resources), the system's
/// feedback and sounds, and the names in its log, over the one emulated device that plays them
/// (HapticPlayback's `EmulatedDevice`: its clock, mixer, audio, actions, timeline, log and
/// callback queue). CoreHaptics, UIKit, AudioToolbox and AVFAudio each stand on it and on none of
/// each other. It keeps only what Apple's names need; every sample is the device's.
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
    /// The device's one door (`EmulatedDevice.withLock`), re-entrant on its thread: everything of
    /// the phone and of the services on it is read and changed inside it.
    package func withLock<T>(_ body: () throws -> T) rethrows -> T { try device.withLock(body) }

    package private(set) var settings = DeviceSettings()
    /// Why the phone cannot play (engines fail to start), when its settings are unusable.
    package private(set) var problem: String?
    /// Why the live device named by `HAPSYNTH_COREHAPTICS_PLAY` (or `liveDevice`) does not play, if it does not.
    private var liveProblem: String?
    package private(set) var hasHaptics = true
    private var configured = false
    /// Bumped at each configure: engines and players made before it are stale.
    package private(set) var generation = 0
    /// What each framework keeps on the phone, by its type; dropped at each configure.
    private var services: [ObjectIdentifier: any PhoneService] = [:]
    /// Objects numbered by kind (`UIImpactFeedbackGenerator#2`), and the players of the system's
    /// feedback by object (the device holds its segments' owners weakly).
    package var counters: [String: Int] = [:]
    var feedbackPlayers: [String: SystemFeedbackPlayer] = [:]
    /// The system sounds made from files (`AudioServicesCreateSystemSoundID`), by ID, how many
    /// were made, and the plays of them in progress (the device holds its segments' owners weakly).
    package var systemSounds: [UInt32: SoundResource] = [:]
    package var systemSoundsMade = 0
    package var systemSoundPlays: [ObjectIdentifier: EmulatedSound] = [:]
    /// The completions registered for system sounds (`AudioServicesAddSystemSoundCompletion`), by ID.
    package var systemSoundCompletions: [UInt32: (UInt32) -> Void] = [:]

    package init() {}

    package var frame: Int64 { device.frame }
    package var rate: Int { device.rate }
    /// Engine seconds now.
    package var now: Double { device.now }

    /// Core Haptics' error codes the phone's own log entries carry (Apple's values).
    package enum ErrorCode {
        /// `CHHapticError.Code.serverInitFailed`: the phone's settings are unusable.
        package static let serverInitFailed = -4810
        /// `CHHapticError.Code.resourceNotAvailable`: the live device does not play.
        package static let resourceNotAvailable = -4825
    }

    // MARK: - Set-up

    /// Resets the phone to `settings`: frame 0, nothing playing, nothing recorded; engines and
    /// players made before stop working (their calls fail with `invalidPatternPlayer` or
    /// `serverInitFailed` until a new engine is made).
    /// - Parameter keepsCapture: whether what it renders and logs is kept for `snapshot()` (a
    ///   test's set-up, `HAPSYNTH_COREHAPTICS_CAPTURE`); without, it stays flat in memory.
    package func configure(_ settings: DeviceSettings, keepsCapture: Bool = true) {
        // The sound card is let go of and opened outside the lock: no app call waits for it.
        device.finishLive()
        let opened = settings.liveDevice.map { name in
            Result { try ALSAOutput(device: name, sampleRate: settings.resolvedOrFallback().profile.sampleRate, channelCount: 2) }
        }
        withLock {
            generation += 1
            self.settings = settings
            configured = true
            services = [:]
            (counters, feedbackPlayers, systemSounds, systemSoundsMade, systemSoundPlays, systemSoundCompletions) = ([:], [:], [:], 0, [:], [:])
            (hasHaptics, problem) = device.configure(settings, keepsCapture: keepsCapture)
            var liveFailure: (any Error)?
            switch opened {
            case .success(let output)?: device.play(through: output)
            case .failure(let error)?: liveFailure = error
            case nil: break
            }
            device.attach(self)
            record(object: "device", call: "configure", args: [("device", settings.device), ("sampleRate", "\(settings.sampleRate)"),
                                                              ("supportsHaptics", "\(settings.supportsHaptics)"),
                                                              ("supportsAudio", "\(settings.supportsAudio)"),
                                                              ("clock", settings.realtime ? "realtime" : "virtual")],
                   result: problem == nil ? "configured" : nil, error: problem == nil ? nil : ErrorCode.serverInitFailed,
                   rule: problem)
            liveProblem = nil
            if let name = settings.liveDevice {
                if let liveFailure {
                    record(object: "device", call: "play", args: [("device", name)], error: ErrorCode.resourceNotAvailable,
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
            phone.withLock { phone.record(object: "audioSession", call: call, args: args, result: "accepted") }
        }
    }

    /// Configures the phone from the environment on its first use (frame 0 is then), and arms
    /// the capture at exit that `HAPSYNTH_COREHAPTICS_CAPTURE` asks for.
    package func prepare() {
        withLock {
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
        return try withLock {
            sync()
            return try body()
        }
    }

    // MARK: - Services

    /// What `Service`'s framework keeps on this phone, made on first use after each configure.
    /// Call under the lock.
    package func service<Service: PhoneService>(_ type: Service.Type) -> Service {
        if let made = services[ObjectIdentifier(type)] as? Service { return made }
        let made = Service(phone: self)
        services[ObjectIdentifier(type)] = made
        return made
    }

    // MARK: - Log

    /// Appends a log entry at the current frame.
    package func record(object: String, call: String, args: [(String, String)] = [], result: String? = nil, error: Int? = nil, rule: String? = nil) {
        device.record(object: object, call: call, args: args, result: result, error: error, rule: rule)
    }

    // MARK: - Time and playing

    /// The frame an API time names, and the rule that decided it.
    package func frame(forTime time: TimeInterval) -> (frame: Int64, rule: String) { device.frame(forTime: time) }

    /// Catches a realtime clock up with the monotonic clock.
    package func sync() { device.sync() }

    // MARK: - DeviceClient

    /// The earliest frame a service must wake at (an engine's auto-shutdown deadline).
    package var wakeFrame: Int64? { services.values.compactMap(\.wakeFrame).min() }

    /// An engine waits for its players (which are the device's segments), not for time.
    package var waitsToPlay: Bool { false }

    package func deviceStepped(_ device: EmulatedDevice) {
        for service in services.values { service.deviceStepped() }
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
}

/// What an Apple framework keeps on a phone (Core Haptics' engines, players and audio resources):
/// made on the phone's first use of it after each configure, told when the device has stepped, and
/// asked for the earliest frame it must wake at. Reached under the phone's lock.
package protocol PhoneService: AnyObject {
    init(phone: EmulatedPhone)
    /// The earliest frame something of the service is due at (nil: none).
    var wakeFrame: Int64? { get }
    /// The device has rendered a step: what came due is checked.
    func deviceStepped()
}
