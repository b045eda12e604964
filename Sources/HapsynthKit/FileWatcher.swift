#if canImport(Glibc)
import Glibc
#endif

/// Watches the folders of a set of files with inotify, so that saves by rename (as editors do)
/// are seen as well as writes in place. A folder that is deleted (or moved away) is watched again
/// as soon as it exists again, and its files count as changed then.
package final class FileWatcher {
    private let descriptor: Int32
    private var watches: [Int32: String] = [:]
    /// Folders whose watch was lost (deleted or moved away), to watch again when they reappear.
    private var lost: Set<String> = []
    /// The watched files, by folder: base names.
    private var names: [String: Set<String>] = [:]

    package init() throws(WatchError) {
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { throw WatchError(reason: String(cString: strerror(errno))) }
    }

    deinit { close(descriptor) }

    /// Watches exactly these files (their folders); earlier watches are replaced.
    package func watch(files: [String]) {
        for watch in watches.keys { inotify_rm_watch(descriptor, watch) }
        watches = [:]
        names = [:]
        lost = []
        for file in files {
            let slash = file.lastIndex(of: "/")
            let folder = slash.map { String(file[..<$0]) } ?? "."
            let name = slash.map { String(file[file.index(after: $0)...]) } ?? file
            names[folder.isEmpty ? "/" : folder, default: []].insert(name)
        }
        for folder in names.keys where !add(folder) { lost.insert(folder) }
    }

    /// Watches `folder`; whether that worked (it exists).
    private func add(_ folder: String) -> Bool {
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_DELETE_SELF | IN_MOVE_SELF)
        let watch = inotify_add_watch(descriptor, folder, mask)
        guard watch >= 0 else { return false }
        watches[watch] = folder
        return true
    }

    /// Watches lost folders again that exist again; whether one of them holds a watched file now.
    private func reattach() -> Bool {
        var changed = false
        for folder in lost where add(folder) {
            lost.remove(folder)
            if names[folder]?.contains(where: { access(folder + "/" + $0, F_OK) == 0 }) == true { changed = true }
        }
        return changed
    }

    /// Waits up to `timeoutMs` for changes and reports whether a watched file changed. Events that
    /// arrive within 30 ms of the first are taken together (one save can be several events).
    package func waitForChange(timeoutMs: Int32) -> Bool {
        var changed = reattach()
        // While a folder is lost, look for it again every 100 ms.
        var timeout = lost.isEmpty ? timeoutMs : min(timeoutMs, 100)
        while true {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, timeout)
            guard ready > 0 else { return changed || reattach() }
            if readEvents() { changed = true }
            guard changed else { continue }
            timeout = 30
        }
    }

    /// Reads pending events; whether any named a watched file.
    private func readEvents() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        var relevant = false
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return relevant }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= count {
                let (watch, mask, nameLength) = buffer.withUnsafeBytes { raw -> (Int32, UInt32, Int) in
                    let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    return (event.wd, event.mask, Int(event.len))
                }
                if mask & UInt32(IN_IGNORED) != 0, let folder = watches.removeValue(forKey: watch) {
                    lost.insert(folder)  // the folder itself went away
                }
                let nameStart = offset + MemoryLayout<inotify_event>.size
                let nameBytes = buffer[nameStart..<(nameStart + nameLength)].prefix { $0 != 0 }
                let name = String(decoding: nameBytes, as: UTF8.self)
                if let folder = watches[watch], names[folder]?.contains(name) == true { relevant = true }
                offset = nameStart + nameLength
            }
        }
    }
}

/// Files that cannot be watched (the system's reason).
public struct WatchError: Error, Sendable, CustomStringConvertible {
    public let reason: String
    public var description: String { "cannot watch files: \(reason)" }
}
