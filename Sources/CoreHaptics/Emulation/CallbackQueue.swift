/// The one serial queue every callback of the emulated device runs on, in the order they fell
/// due. A callback may call the API again (and make more callbacks, which wait their turn).
final class CallbackQueue: @unchecked Sendable {
    private let lock = NSLock()
    private var pending: [() -> Void] = []
    private var draining = false

    func enqueue(_ callback: @escaping () -> Void) {
        lock.lock()
        pending.append(callback)
        lock.unlock()
    }

    var isEmpty: Bool {
        lock.lock()
        defer { lock.unlock() }
        return pending.isEmpty
    }

    func clear() {
        lock.lock()
        pending.removeAll()
        lock.unlock()
    }

    /// Runs the callbacks waiting, and those they add, one at a time and with no lock held; a
    /// call made while they run (from a callback, or another thread) returns at once.
    func drain() {
        lock.lock()
        guard !draining else {
            lock.unlock()
            return
        }
        draining = true
        while !pending.isEmpty {
            let next = pending.removeFirst()
            lock.unlock()
            next()
            lock.lock()
        }
        draining = false
        lock.unlock()
    }
}
