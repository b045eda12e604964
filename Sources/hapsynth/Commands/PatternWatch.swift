import HapsynthKit
#if canImport(Glibc)
import Glibc
#endif

/// The pattern `play --watch` follows, for either platform: its files watched, each save loaded
/// again (a file missing for a moment, as a save by move leaves it, is looked for again), a
/// version that does not load reported while the previous one stays, and a note when it loads
/// again, so that an error is not the last word.
struct PatternWatch {
    /// How long a watched file may be missing before that is an error: editors that save by
    /// moving the old file away and the new one in leave a moment without it.
    static let saveByMoveMs = 250

    let path: String
    private let watcher: FileWatcher
    /// The latest version that loaded.
    private(set) var loaded: LoadedPattern
    /// Set when the latest save could not be used; cleared, with a note, when a save loads again.
    var broken = false

    init(_ path: String, console: Console) throws(CLIError) {
        self.path = path
        watcher = try FileWatcher()
        loaded = try PatternInput.load(path, console: console)
        watcher.watch(files: loaded.files)
    }

    /// `watching PATTERN[ detail] (and N included files); Ctrl-C to stop`, on stderr.
    func announce(_ detail: String = "", console: Console) {
        let included = loaded.files.count - 1
        console.note("watching \(path)\(detail)\(included > 0 ? " (and \(included) included file\(included == 1 ? "" : "s"))" : ""); "
            + "Ctrl-C to stop")
    }

    /// Waits up to `timeoutMs` for a save; returns the new version when one loaded, nil otherwise.
    mutating func nextVersion(timeoutMs: Int32, console: Console) -> LoadedPattern? {
        guard watcher.waitForChange(timeoutMs: timeoutMs) else { return nil }
        do {
            loaded = try load(console: console)
        } catch {
            console.error(error.message)  // the previous version stays loaded and keeps playing
            broken = true
            return nil
        }
        if broken {
            console.note("\(path) loads again")
            broken = false
        }
        watcher.watch(files: loaded.files)
        return loaded
    }

    /// Loads the pattern after a change; a file that is missing is looked for again for up to
    /// `saveByMoveMs`, and only then an error.
    private func load(console: Console) throws(CLIError) -> LoadedPattern {
        var waitedMs = 0
        while true {
            do {
                return try PatternInput.load(path, console: console)
            } catch {
                guard case .missingInput = error, waitedMs < Self.saveByMoveMs else { throw error }
                usleep(25_000)
                waitedMs += 25
            }
        }
    }
}
