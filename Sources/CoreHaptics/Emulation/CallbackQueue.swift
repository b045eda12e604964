/// The one serial queue every callback of the emulated device runs on, in the order they fell
/// due. A callback may call the API again (and make more callbacks, which wait their turn).
final class CallbackQueue: @unchecked Sendable {
    private let lock = NSLock()
    private var pending: [() -> Void] = []
    private var draining = false
    /// The thread running the callbacks, while one does.
    private var drainer: pthread_t?

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

    /// Runs the callbacks waiting, and those they add, one at a time and with no lock held. A call
    /// from another thread while they run returns at once (the running drain delivers its
    /// callbacks). A call from a callback itself (one that advances the emulator, waits until it
    /// is idle, or exits the process) runs the callbacks that wait, in their order, before it
    /// goes on: the render cannot move past a callback that waits, so returning would spin.
    func drain() {
        lock.lock()
        if draining {
            guard let drainer, pthread_equal(drainer, pthread_self()) != 0 else {
                lock.unlock()
                return
            }
        }
        let outermost = !draining
        draining = true
        drainer = pthread_self()
        while !pending.isEmpty {
            let next = pending.removeFirst()
            lock.unlock()
            next()
            lock.lock()
        }
        if outermost {
            draining = false
            drainer = nil
        }
        lock.unlock()
    }
}
