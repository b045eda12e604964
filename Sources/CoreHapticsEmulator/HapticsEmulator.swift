import IPhoneEmulation
import CoreHaptics
import HapticPlayback

/// The emulated device as a test drives it: set it up, move its clock, read what it made, and
/// stop or reset it as the system would (docs/corehaptics.md).
public enum HapticsEmulator {
    /// Which clock drives the device.
    public enum Clock: Sendable, Equatable {
        /// Moves only when advanced: the same program makes the same bytes.
        case virtual
        /// Follows the monotonic clock, for programs that sleep.
        case realtime
    }

    /// How the device is set up.
    public struct Configuration: Sendable, Equatable {
        /// A catalogue device (`iphone`, `ipad`) or a device file.
        public var device: String
        /// Frames per second of the haptics and audio.
        public var sampleRate: Int
        public var supportsHaptics: Bool
        public var supportsAudio: Bool
        public var clock: Clock
        /// An ALSA device (`default`, `null`, `hw:0`…) the device plays through as it renders — the
        /// haptics with the audio, in stereo, as `hapsynth play` plays an AHAP file; nil: none.
        public var liveDevice: String?

        public init(device: String = "iphone", sampleRate: Int = 48000, supportsHaptics: Bool = true, supportsAudio: Bool = true, clock: Clock = .virtual,
                    liveDevice: String? = nil) {
            (self.device, self.sampleRate, self.supportsHaptics, self.supportsAudio, self.clock, self.liveDevice) =
                (device, sampleRate, supportsHaptics, supportsAudio, clock, liveDevice)
        }
    }

    private static var device: EmulatedPhone { .shared }

    /// Runs `body` on a device of its own, configured as `configuration`: engines made inside it,
    /// and every `HapticsEmulator` call made inside it (and in the callbacks of its engines), use
    /// that device, never the process's or another test's. A call made outside its task (in a
    /// `DispatchQueue` block) plays on it too while it is the one such test running; while several
    /// run, on the process's device, and each logs a rule entry saying so. Tests that run in parallel each wrap
    /// their body in it (docs/corehaptics.md, "A test gets its own device").
    public static func withDevice<Result>(_ configuration: Configuration = .init(), _ body: () throws -> Result) rethrows -> Result {
        let device = EmulatedPhone()
        return try EmulatedPhone.testPhones.with(device) {
            try EmulatedPhone.$bound.withValue(device) {
                configure(configuration)
                defer { device.configure(DeviceSettings(), keepsCapture: false) }  // stops its clock and closes a live device
                return try body()
            }
        }
    }

    /// `withDevice` for an async body.
    public static func withDevice<Result>(_ configuration: Configuration = .init(), _ body: () async throws -> Result) async rethrows -> Result {
        let device = EmulatedPhone()
        return try await EmulatedPhone.testPhones.with(device) {
            try await EmulatedPhone.$bound.withValue(device) {
                configure(configuration)
                defer { device.configure(DeviceSettings(), keepsCapture: false) }
                return try await body()
            }
        }
    }

    /// Resets the device to `configuration`: frame 0 of the capture is now; engines and players
    /// made before stop working. A device that cannot be set up (an unknown name, an Android
    /// device) makes every engine fail with `serverInitFailed`, the reason in the log.
    public static func configure(_ configuration: Configuration) {
        device.configure(DeviceSettings(device: configuration.device, sampleRate: configuration.sampleRate,
                                        supportsHaptics: configuration.supportsHaptics, supportsAudio: configuration.supportsAudio,
                                        realtime: configuration.clock == .realtime, liveDevice: configuration.liveDevice))
    }

    /// The engine clock now, in seconds (1000.0 at frame 0).
    public static var currentTime: TimeInterval { device.currentTime }

    /// Renders `seconds` (to the nearest frame), delivering each callback at the frame it fell due.
    public static func advance(by seconds: TimeInterval) {
        device.advance(by: seconds)
    }

    /// Renders until nothing plays, waits, rings or calls back, or for `limit` seconds.
    /// - Returns: the seconds rendered.
    @discardableResult
    public static func runUntilIdle(limit: TimeInterval = 300) -> TimeInterval {
        device.runUntilIdle(limit: limit)
    }

    /// What the device has made since it was configured.
    public static func capture() -> HapticsCapture {
        HapticsCapture(device.snapshot())
    }

    /// Stops every running engine as the system would: its players stop and its
    /// `stoppedHandler` is called with `reason`.
    public static func simulateStop(reason: CHHapticEngine.StoppedReason) {
        device.simulateStop(reason: reason)
    }

    /// Resets the haptic server: engines stop, players become invalid, audio resources are
    /// unregistered and each `resetHandler` is called.
    public static func simulateReset() {
        device.simulateReset()
    }
}

/// What the emulated device made: the haptics, the audio, each voice that sounded and every
/// call, callback and rule, in order.
public struct HapticsCapture: Sendable {
    /// One voice that sounded.
    public struct Voice: Sendable, Equatable {
        /// `player#3`.
        public let player: String
        /// The event's index among its pattern's events.
        public let event: Int
        /// `hapticTransient`, `hapticContinuous`, `audioCustom`, `audioContinuous`.
        public let kind: String
        /// Engine seconds and frames.
        public let startTime: TimeInterval
        public let startFrame: Int
        public let endTime: TimeInterval
        public let endFrame: Int
        /// Effective intensity and sharpness at the onset (audio: volume and brightness).
        public let intensity: Float
        public let sharpness: Float
        /// `end`, `stop`, `cut30s`, `cancel`, `reset`.
        public let ended: String
    }

    /// One API call, callback or rule applied; printed as a person would write it:
    /// `#3 at 1000.010 s (frame 480): engine#1 start() -> started`.
    public struct LogEntry: Sendable, Equatable, CustomStringConvertible {
        public let seq: Int
        /// Engine seconds and the frame.
        public let time: TimeInterval
        public let frame: Int
        /// `engine#1`, `player#3`, `device`.
        public let object: String
        public let call: String
        public let args: [String: String]
        public let result: String?
        /// The error code, when the call threw.
        public let error: Int?
        /// The rule that decided it.
        public let rule: String?

        public var description: String {
            let arguments = args.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
            var text = "#\(seq) at \(String(format: "%.3f", time)) s (frame \(frame)): \(object) \(call)"
            if !arguments.isEmpty { text += " [\(arguments)]" }
            if let result { text += " -> \(result)" }
            if let error { text += " -> error \(error)\(CHHapticError.Code(rawValue: error).map { " (\($0))" } ?? "")" }
            if let rule { text += "; \(rule)" }
            return text
        }
    }

    public let sampleRate: Int
    /// Mono haptics.
    public let haptics: [Float]
    /// Interleaved stereo audio, as many frames as `haptics`.
    public let audio: [Float]
    public let timeline: [Voice]
    public let log: [LogEntry]
    private let snapshot: CaptureSnapshot

    init(_ snapshot: CaptureSnapshot) {
        self.snapshot = snapshot
        sampleRate = snapshot.sampleRate
        haptics = snapshot.haptics
        audio = snapshot.audio
        timeline = snapshot.timeline.map { voice in
            Voice(player: voice.player, event: voice.event, kind: voice.kind, startTime: snapshot.time(voice.startFrame), startFrame: Int(voice.startFrame),
                  endTime: snapshot.time(voice.endFrame), endFrame: Int(voice.endFrame), intensity: voice.intensity, sharpness: voice.sharpness,
                  ended: voice.ended)
        }
        log = snapshot.log.map { entry in
            LogEntry(seq: entry.seq, time: snapshot.time(entry.frame), frame: Int(entry.frame), object: entry.object, call: entry.call,
                     args: Dictionary(entry.args, uniquingKeysWith: { _, last in last }), result: entry.result, error: entry.error, rule: entry.rule)
        }
    }

    /// Writes `haptics.wav` (float mono), `audio.wav` (float stereo), `timeline.json` and
    /// `log.jsonl` into `directory` (made when missing).
    public func write(to directory: URL) throws {
        try snapshot.write(toDirectory: directory.path)
    }
}
