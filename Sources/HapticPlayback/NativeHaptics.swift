import HapticPlanner

/// Makes haptic engines, as `CHHapticEngine(…)` does, and says whether the device has haptics.
public protocol HapticEngineDriver: Sendable {
    /// Whether the device supports haptics (`capabilitiesForHardware().supportsHaptics`).
    var supportsHaptics: Bool { get }
    /// Makes a new, unstarted engine.
    func makeEngine() throws -> any NativeHapticEngine
}

/// A haptic engine with the shape of `CHHapticEngine`.
///
/// Handlers and completions may be called on any thread; the executor moves them onto its serial
/// callback queue. An engine never calls its stopped handler from its own `stop()`.
public protocol NativeHapticEngine: AnyObject, Sendable {
    /// The engine clock, in seconds (`currentTime`).
    var currentTime: Double { get }
    /// Installs the stopped handler (the engine stopped on its own; the reason as text) and the
    /// reset handler (the engine was reset by the system).
    func setHandlers(stopped: @escaping @Sendable (String) -> Void, reset: @escaping @Sendable () -> Void)
    /// Starts the engine.
    func start() throws
    /// Makes a player for one planned player; `completion` reports its end, with an error or none.
    func makePlayer(_ plan: PlayerPlan, completion: @escaping @Sendable ((any Error)?) -> Void) throws -> any NativeHapticPlayer
    /// Stops and disposes of the engine.
    func stop() throws
}

/// A pattern player with the shape of `CHHapticPatternPlayer`.
public protocol NativeHapticPlayer: AnyObject, Sendable {
    /// Starts playback at `time` on the engine clock, in seconds.
    func start(atTime time: Double) throws
    /// Stops playback at once (`cancel()`).
    func cancel() throws
}

/// A native failure, in the words an iOS app sees (docs/playback.md).
public enum NativeHapticError: Error, CustomStringConvertible {
    case couldNotCreateEngine(any Error)
    case couldNotStartEngine(any Error)
    case couldNotCreatePlayer(any Error)
    case couldNotStartPlayer(any Error)
    case couldNotStopPlayer(any Error)
    /// The engine could not be disposed of (`stop()` failed); hapsynth's wording.
    case couldNotStopEngine(any Error)
    /// A player's completion reported an error.
    case playerFailed(any Error)
    /// `play` after `release()`.
    case released

    public var description: String {
        switch self {
        case .couldNotCreateEngine(let error): return "Could not create haptic engine: \(error)"
        case .couldNotStartEngine(let error): return "Could not start haptic engine: \(error)"
        case .couldNotCreatePlayer(let error): return "Could not create haptic player: \(error)"
        case .couldNotStartPlayer(let error): return "Could not start haptic player: \(error)"
        case .couldNotStopPlayer(let error): return "Could not stop haptic player: \(error)"
        case .couldNotStopEngine(let error): return "Could not stop haptic engine: \(error)"
        case .playerFailed(let error): return "Core Haptics player failed: \(error)"
        case .released: return "HapticExecutor has been released"
        }
    }
}

/// A primary error with the errors suppressed onto it (cleanup failures that happened while
/// handling it). Swift errors have no slot for suppressed errors, so hapsynth carries them here.
public struct HapticPlaybackError: Error, CustomStringConvertible {
    public let primary: any Error
    public let suppressed: [any Error]

    public init(primary: any Error, suppressed: [any Error] = []) {
        self.primary = primary
        self.suppressed = suppressed
    }

    /// A primary error with the rest suppressed, or nil for no errors.
    static func combining(_ errors: [any Error]) -> HapticPlaybackError? {
        guard let first = errors.first else { return nil }
        return HapticPlaybackError(primary: first, suppressed: Array(errors.dropFirst()))
    }

    public var description: String {
        guard !suppressed.isEmpty else { return "\(primary)" }
        return "\(primary) (suppressed: \(suppressed.map { "\($0)" }.joined(separator: "; ")))"
    }
}
