import FoundationEssentials
import Glibc

/// A monotonic clock that moves only when it is advanced, in integer nanoseconds: by a test, or
/// by the audio engine as it writes frames.
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
/// the one who drains it (a test, or the offline render loop between blocks).
public final class ManualCallbackQueue: CallbackQueue, @unchecked Sendable {
    private let lock = RecursiveLock()
    private var pending: [@Sendable () -> Void] = []

    public init() {}

    public func enqueue(_ work: @escaping @Sendable () -> Void) {
        lock.withLock { pending.append(work) }
    }

    /// How many callbacks are waiting.
    public var pendingCount: Int { lock.withLock { pending.count } }

    /// Runs the first waiting callback, if any; returns whether one ran.
    @discardableResult
    public func runNext() -> Bool {
        guard let work = lock.withLock({ pending.isEmpty ? nil : pending.removeFirst() }) else { return false }
        work()
        return true
    }

    /// Runs every waiting callback in order, including those enqueued while draining; returns how
    /// many ran.
    @discardableResult
    public func drain() -> Int {
        var count = 0
        while runNext() { count += 1 }
        return count
    }
}
