import HapsynthKit

/// `play --watch` in the command line's words: the watch's announcement, its warnings and errors.
struct Watching {
    let watch: PatternWatch

    /// Loads the pattern (its warnings on stderr) and starts watching it.
    init(_ path: String, console: Console, capabilities: DeviceCapabilities = .iPhone) throws(CLIError) {
        do {
            watch = try PatternWatch(path, capabilities: capabilities)
        } catch let error as LoadError {
            throw CLIError(error)
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

    /// Waits up to `timeoutMs` for a save; returns the new version when one loaded (its warnings
    /// printed, and a note when it loads again after a broken one), nil otherwise.
    func nextVersion(timeoutMs: Int32, console: Console) -> LoadedPattern? {
        switch watch.nextChange(timeoutMs: timeoutMs) {
        case nil: return nil
        case .failed(let error):
            console.error(CLIError(error).message)  // the previous version stays loaded and keeps playing
            return nil
        case .loaded(let loaded, let recovered):
            loaded.groupedWarnings.forEach { console.warning($0.line) }
            if recovered { console.note("\(watch.path) loads again") }
            return loaded
        }
    }
}
