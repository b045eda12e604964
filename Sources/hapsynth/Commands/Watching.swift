import HapsynthKit

/// `play --watch` in the command line's words: the watch's announcement, its warnings and errors.
struct Watching {
    let watch: PatternWatch

    /// Loads the pattern (its warnings on stderr) and starts watching it.
    init(_ path: String, console: Console, capabilities: DeviceCapabilities = .iPhone, pattern: String? = nil, command: String? = nil) throws(CLIError) {
        do {
            watch = try PatternWatch(path, capabilities: capabilities, pattern: pattern)
        } catch let error as LoadError {
            throw CLIError(error, command: command)
        } catch {
            throw .ioError("\(error)")
        }
        watch.loaded.groupedWarnings.forEach { console.warning($0.line) }
    }

    var loaded: LoadedPattern { watch.loaded }

    /// `watching PATTERN[ detail] (and N included files); Ctrl-C to stop`, on stderr.
    func announce(_ detail: String = "", console: Console) {
        let included = loaded.files.count - 1
        console.note("watching \(watch.path)\(detail)\(included > 0 ? " (and \(included) included file\(included == 1 ? "" : "s"))" : ""); "
            + "Ctrl-C to stop")
    }

    /// A save that loaded: its warnings, and a note when it loads again after a broken one.
    func told(_ loaded: LoadedPattern, recovered: Bool, console: Console) {
        loaded.groupedWarnings.forEach { console.warning($0.line) }
        if recovered { console.note("\(watch.path) loads again") }
    }
}
