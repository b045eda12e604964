@_exported import Foundation

/// The app's audio session, as far as haptics code uses it: categories, modes and options set and
/// the session activated, each call accepted (Linux has no audio session; the emulated device plays
/// every engine). Each call is reported to the emulated device's log.
open class AVAudioSession: NSObject, @unchecked Sendable {
    /// The session every app has.
    private static let shared = AVAudioSession(shared: ())

    open private(set) var category: Category = .soloAmbient
    open private(set) var mode: Mode = .default
    open private(set) var categoryOptions: CategoryOptions = []
    private let lock = NSLock()
    /// Calls not yet reported: each call's name and arguments.
    private var unreported: [(call: String, args: [(String, String)])] = []
    /// Where calls are reported (the emulated device's log); calls made before it is set wait.
    package var observer: (@Sendable (String, [(String, String)]) -> Void)? {
        get { lock.withLock { reporter } }
        set {
            let waiting = lock.withLock {
                reporter = newValue
                defer { unreported = [] }
                return newValue == nil ? [] : unreported
            }
            for call in waiting { newValue?(call.call, call.args) }
        }
    }
    private var reporter: (@Sendable (String, [(String, String)]) -> Void)?

    private init(shared: ()) { super.init() }

    open class func sharedInstance() -> AVAudioSession { shared }

    /// A category of audio use.
    public struct Category: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let ambient = Category(rawValue: "AVAudioSessionCategoryAmbient")
        public static let soloAmbient = Category(rawValue: "AVAudioSessionCategorySoloAmbient")
        public static let playback = Category(rawValue: "AVAudioSessionCategoryPlayback")
        public static let record = Category(rawValue: "AVAudioSessionCategoryRecord")
        public static let playAndRecord = Category(rawValue: "AVAudioSessionCategoryPlayAndRecord")
        public static let multiRoute = Category(rawValue: "AVAudioSessionCategoryMultiRoute")
    }

    /// A mode of a category.
    public struct Mode: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let `default` = Mode(rawValue: "AVAudioSessionModeDefault")
        public static let gameChat = Mode(rawValue: "AVAudioSessionModeGameChat")
        public static let measurement = Mode(rawValue: "AVAudioSessionModeMeasurement")
        public static let moviePlayback = Mode(rawValue: "AVAudioSessionModeMoviePlayback")
        public static let spokenAudio = Mode(rawValue: "AVAudioSessionModeSpokenAudio")
        public static let videoChat = Mode(rawValue: "AVAudioSessionModeVideoChat")
        public static let voiceChat = Mode(rawValue: "AVAudioSessionModeVoiceChat")
        public static let voicePrompt = Mode(rawValue: "AVAudioSessionModeVoicePrompt")
    }

    /// Options of a category (Apple's bit values).
    public struct CategoryOptions: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let mixWithOthers = CategoryOptions(rawValue: 0x1)
        public static let duckOthers = CategoryOptions(rawValue: 0x2)
        public static let allowBluetooth = CategoryOptions(rawValue: 0x4)
        public static let defaultToSpeaker = CategoryOptions(rawValue: 0x8)
        public static let interruptSpokenAudioAndMixWithOthers = CategoryOptions(rawValue: 0x11)
        public static let allowBluetoothA2DP = CategoryOptions(rawValue: 0x20)
        public static let allowAirPlay = CategoryOptions(rawValue: 0x40)
    }

    /// Options of activating.
    public struct SetActiveOptions: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let notifyOthersOnDeactivation = SetActiveOptions(rawValue: 1)
    }

    open func setCategory(_ category: Category) throws {
        try setCategory(category, mode: mode, options: [])
    }

    open func setCategory(_ category: Category, options: CategoryOptions = []) throws {
        try setCategory(category, mode: mode, options: options)
    }

    open func setCategory(_ category: Category, mode: Mode, options: CategoryOptions = []) throws {
        lock.withLock { (self.category, self.mode, categoryOptions) = (category, mode, options) }
        report("setCategory(_:mode:options:)", [("category", category.rawValue), ("mode", mode.rawValue), ("options", "\(options.rawValue)")])
    }

    /// How a category's audio is routed beside other apps' (Apple's raw values).
    public enum RouteSharingPolicy: UInt, Sendable {
        case `default` = 0, longFormAudio = 1, independent = 2, longFormVideo = 3
    }

    /// An output route forced for `playAndRecord`.
    public enum PortOverride: UInt, Sendable {
        case none = 0
        /// `'spkr'`.
        case speaker = 0x73706B72
    }

    /// Whether an interruption began or ended (`AVAudioSessionInterruptionTypeKey`'s value).
    public enum InterruptionType: UInt, Sendable {
        case ended = 0, began = 1
    }

    /// Posted (by the session) when the system interrupts the app's audio: on the emulated iPhone,
    /// when a test stops its engines for an interruption (`simulateStop(reason: .audioSessionInterrupt)`).
    public static let interruptionNotification = Notification.Name("AVAudioSessionInterruptionNotification")

    open private(set) var routeSharingPolicy: RouteSharingPolicy = .default
    /// Whether haptics and system sounds play while recording (false, as on iOS, until set).
    open private(set) var allowHapticsAndSystemSoundsDuringRecording = false
    /// Whether another app plays audio: none does on the emulated iPhone.
    open var isOtherAudioPlaying: Bool { false }
    /// The system's output volume, 0…1: the emulated iPhone's is full (1), as its captures are.
    open var outputVolume: Float { 1 }

    open func setCategory(_ category: Category, mode: Mode, policy: RouteSharingPolicy, options: CategoryOptions = []) throws {
        lock.withLock { (self.category, self.mode, routeSharingPolicy, categoryOptions) = (category, mode, policy, options) }
        report("setCategory(_:mode:policy:options:)", [("category", category.rawValue), ("mode", mode.rawValue), ("policy", "\(policy.rawValue)"),
                                                       ("options", "\(options.rawValue)")])
    }

    /// Forces the output to the speaker, or back. As on iOS, `.speaker` needs the `playAndRecord`
    /// category: otherwise it throws `NSOSStatusErrorDomain` −50 (a bad parameter).
    open func overrideOutputAudioPort(_ portOverride: PortOverride) throws {
        let current = lock.withLock { category }
        guard portOverride == .none || current == .playAndRecord else {
            report("overrideOutputAudioPort(_:)", [("port", "speaker"), ("error", "-50")])
            throw NSError(domain: NSOSStatusErrorDomain, code: -50,
                          userInfo: [NSLocalizedDescriptionKey: "overriding the output to the speaker needs the playAndRecord category, not \(current.rawValue)"])
        }
        report("overrideOutputAudioPort(_:)", [("port", portOverride == .none ? "none" : "speaker")])
    }

    open func setAllowHapticsAndSystemSoundsDuringRecording(_ inValue: Bool) throws {
        lock.withLock { allowHapticsAndSystemSoundsDuringRecording = inValue }
        report("setAllowHapticsAndSystemSoundsDuringRecording(_:)", [("value", "\(inValue)")])
    }

    /// Posts `interruptionNotification` with its type (the emulated device's interruptions).
    package func postInterruption(_ type: InterruptionType) {
        NotificationCenter.default.post(name: Self.interruptionNotification, object: self, userInfo: [AVAudioSessionInterruptionTypeKey: type.rawValue])
    }

    open func setActive(_ active: Bool, options: SetActiveOptions = []) throws {
        report("setActive(_:options:)", [("active", "\(active)"), ("options", "\(options.rawValue)")])
    }

    private func report(_ call: String, _ args: [(String, String)]) {
        let observer: (@Sendable (String, [(String, String)]) -> Void)? = lock.withLock {
            if reporter == nil { unreported.append((call, args)) }
            return reporter
        }
        observer?(call, args)
    }
}

/// The `interruptionNotification` key of the interruption's type (an `InterruptionType` raw value).
public let AVAudioSessionInterruptionTypeKey = "AVAudioSessionInterruptionTypeKey"
