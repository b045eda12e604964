import Foundation

/// Waits for something to happen in a folder, woken by the kernel's inotify events (a file
/// created, written, renamed or removed there) rather than by polling on a timer.
public enum FolderEvents {
    /// Returns as soon as `condition` holds, checking it once at first and again after each event
    /// in `folder`; false when it still does not hold `seconds` later.
    public static func wait(in folder: String, seconds: Double, until condition: () -> Bool) -> Bool {
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return condition() }
        defer { close(descriptor) }
        let mask = UInt32(IN_CREATE | IN_CLOSE_WRITE | IN_MODIFY | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE)
        guard inotify_add_watch(descriptor, folder, mask) >= 0 else { return condition() }
        let deadline = Date().addingTimeInterval(seconds)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !condition() {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return false }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            if poll(&poller, 1, Int32(min(left * 1000, 1000))) > 0 {
                while buffer.withUnsafeMutableBytes({ read(descriptor, $0.baseAddress, $0.count) }) > 0 {}
            }
        }
        return true
    }
}
