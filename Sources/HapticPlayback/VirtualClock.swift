import FoundationEssentials
import Glibc

/// A monotonic clock that moves only when it is advanced, in integer nanoseconds: by a test, or
/// by the emulated device's engine as the device renders frames.
///
/// Scheduled work runs inside `advance`, in deadline order (ties in scheduling order), once the
/// clock has reached its deadline; work scheduled for a time already reached runs at once.
public final class VirtualClock: MonotonicClock, @unchecked Sendable {
    private let lock = RecursiveLock()
    private var now: UInt64
    private var scheduled: [(deadline: UInt64, order: Int, work: @Sendable () -> Void)] = []
    private var scheduleCount = 0

    public init(nanoseconds: UInt64 = 0) { now = nanoseconds }

    public var nowNanoseconds: UInt64 { lock.withLock { now } }

    public func schedule(atNanoseconds deadlineNanoseconds: UInt64, _ work: @escaping @Sendable () -> Void) {
        let due: Bool = lock.withLock {
            guard deadlineNanoseconds > now else { return true }
            scheduleCount += 1
            scheduled.append((deadlineNanoseconds, scheduleCount, work))
            return false
        }
        if due { work() }
    }

    /// Moves the clock forward and runs the work that has become due.
    public func advance(byNanoseconds nanoseconds: UInt64) {
        let due: [@Sendable () -> Void] = lock.withLock {
            now += nanoseconds
            let ready = scheduled.filter { $0.deadline <= now }.sorted { ($0.deadline, $0.order) < ($1.deadline, $1.order) }
            scheduled.removeAll { $0.deadline <= now }
            return ready.map(\.work)
        }
        due.forEach { $0() }
    }

    /// Moves the clock to `nanoseconds` (never backwards) and runs the work that has become due.
    public func advance(toNanoseconds nanoseconds: UInt64) {
        let delta = lock.withLock { nanoseconds > now ? nanoseconds - now : 0 }
        advance(byNanoseconds: delta)
    }

    /// The earliest deadline still waiting, if any.
    public var nextDeadlineNanoseconds: UInt64? {
        lock.withLock { scheduled.map(\.deadline).min() }
    }

    /// Moves the clock forward by whole milliseconds.
    public func advance(byMilliseconds milliseconds: UInt64) {
        advance(byNanoseconds: milliseconds * 1_000_000)
    }
}

/// A callback queue that holds work until it is drained, so every callback's moment is chosen by
/// the one who drains it (a test, the render loop between blocks, the emulated device). The one
/// queue every callback of a device runs on, in the order they fell due; a callback may enqueue
/// more, which wait their turn.
public final class ManualCallbackQueue: CallbackQueue, @unchecked Sendable {
    private let lock = RecursiveLock()
    private var pending: [() -> Void] = []
    private var draining = false
    /// The thread running the callbacks, while `drain` does.
    private var drainer: pthread_t?
    /// Where another thread's `drain` waits for the running one to end (taken before `lock`).
    private let drained = ConditionLock()

    public init() {}

    public func enqueue(_ work: @escaping @Sendable () -> Void) {
        lock.withLock { pending.append(work) }
    }

    /// Enqueues work that is not `Sendable`: an app's handler, which runs on this queue only.
    package func enqueueHandler(_ work: @escaping () -> Void) {
        lock.withLock { pending.append(work) }
    }

    /// How many callbacks are waiting.
    public var pendingCount: Int { lock.withLock { pending.count } }

    /// Drops every waiting callback.
    package func clear() { lock.withLock { pending.removeAll() } }

    /// Runs the first waiting callback, if any; returns whether one ran.
    @discardableResult
    public func runNext() -> Bool {
        guard let work = lock.withLock({ pending.isEmpty ? nil : pending.removeFirst() }) else { return false }
        work()
        return true
    }

    /// Runs every waiting callback in order, including those enqueued while draining, one at a
    /// time and with no lock held; returns how many ran. A call from another thread while they
    /// run sleeps until that drain ends and returns 0 (the running drain delivers its callbacks:
    /// they stay serial; a caller that renders on does not spin meanwhile). A call from a callback
    /// itself (one that advances the emulator, waits until it is idle, or exits the process) runs
    /// the callbacks that wait, in their order, before it goes on: a render cannot move past a
    /// callback that waits, so returning would spin. Never call it holding a lock a callback takes.
    @discardableResult
    public func drain() -> Int {
        // true: this call drains; false: a callback of this thread's drain calls it; nil: another thread drains.
        let outermost: Bool? = lock.withLock {
            guard draining else {
                (draining, drainer) = (true, pthread_self())
                return true
            }
            return drainer.map { pthread_equal($0, pthread_self()) != 0 } == true ? false : nil
        }
        guard let outermost else {
            drained.lock()
            while lock.withLock({ draining }) { drained.wait(milliseconds: 100) }
            drained.unlock()
            return 0
        }
        var count = 0
        while runNext() { count += 1 }
        if outermost {
            drained.lock()
            lock.withLock { (draining, drainer) = (false, nil) }
            drained.broadcast()
            drained.unlock()
        }
        return count
    }
}
