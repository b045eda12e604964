#if canImport(Glibc)
import Glibc
#endif

/// A pattern followed as it is edited (`play --watch`): its files are watched (saves by rename,
/// as editors make them, included), each save is loaded again, a file missing for a moment (a
/// save by move leaves it so) is looked for again, and a version that does not load is reported
/// while the previous one stays, with a word when it loads again.
public final class PatternWatch {
    /// How long a watched file may be missing before that is an error, in milliseconds: editors
    /// that save by moving the old file away and the new one in leave a moment without it.
    public static let saveByMoveMs = 250

    /// What a save brought.
    public enum Change: Sendable {
        /// A new version loaded; `recovered` after versions that did not.
        case loaded(LoadedPattern, recovered: Bool)
        /// The save does not load; the previous version stays.
        case failed(LoadError)
    }

    public let path: String
    private let capabilities: DeviceCapabilities
    /// A Kotlin file's pattern (`--pattern`).
    private let pattern: String?
    private let watcher: FileWatcher
    /// The latest version that loaded.
    public private(set) var loaded: LoadedPattern
    /// Set when the latest save could not be used (a version or its playback); cleared when a save
    /// loads again.
    public var broken = false

    /// Loads the pattern (a Kotlin file's `pattern`) and starts watching its files (for a Kotlin
    /// file, the `.kt` files its pattern includes from too).
    /// - Throws: `LoadError` or `WatchError`.
    public init(_ path: String, capabilities: DeviceCapabilities = .iPhone, pattern: String? = nil) throws {
        self.path = path
        self.capabilities = capabilities
        self.pattern = pattern
        watcher = try FileWatcher()
        loaded = try PatternLoader.load(path, capabilities: capabilities, pattern: pattern)
        watcher.watch(files: loaded.files)
    }

    /// `watching PATTERN[detail] (and N included files); Ctrl-C to stop`: what a watch says as it
    /// starts; `detail` follows the path (` as android on pixel-5`).
    public func announcement(detail: String = "") -> String {
        let included = loaded.files.count - 1
        return "watching \(path)\(detail)\(included > 0 ? " (and \(NumberText.count(included, "included file")))" : ""); Ctrl-C to stop"
    }

    /// Waits up to `timeoutMs` for a save; nil when none came.
    public func nextChange(timeoutMs: Int32) -> Change? {
        guard watcher.waitForChange(timeoutMs: timeoutMs) else { return nil }
        do {
            loaded = try load()
        } catch {
            broken = true
            return .failed(error)
        }
        let recovered = broken
        broken = false
        watcher.watch(files: loaded.files)
        return .loaded(loaded, recovered: recovered)
    }

    /// Loads the pattern after a change; a file that is missing is looked for again for up to
    /// `saveByMoveMs`, and only then an error.
    private func load() throws(LoadError) -> LoadedPattern {
        var waitedMs = 0
        while true {
            do {
                return try PatternLoader.load(path, capabilities: capabilities, pattern: pattern)
            } catch {
                guard error.isMissingInput, waitedMs < Self.saveByMoveMs else { throw error }
                usleep(25_000)
                waitedMs += 25
            }
        }
    }
}
