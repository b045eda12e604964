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
