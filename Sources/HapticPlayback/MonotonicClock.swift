import Dispatch

/// The monotonic clock that session deadlines are measured on, in integer nanoseconds, so that
/// "exactly at the deadline" is exact. Tests replace it with `VirtualClock`.
public protocol MonotonicClock: AnyObject, Sendable {
    /// Nanoseconds since an arbitrary fixed origin.
    var nowNanoseconds: UInt64 { get }
    /// Runs `work` once, when the clock has reached `deadlineNanoseconds` (never before).
    func schedule(atNanoseconds deadlineNanoseconds: UInt64, _ work: @escaping @Sendable () -> Void)
}

/// The system's monotonic clock (Dispatch's uptime clock).
public final class SystemMonotonicClock: MonotonicClock {
    public init() {}

    public var nowNanoseconds: UInt64 { DispatchTime.now().uptimeNanoseconds }

    public func schedule(atNanoseconds deadlineNanoseconds: UInt64, _ work: @escaping @Sendable () -> Void) {
        DispatchQueue.global().asyncAfter(deadline: DispatchTime(uptimeNanoseconds: deadlineNanoseconds), execute: work)
    }
}

/// A serial queue for native callbacks: work runs one item at a time, in order, and never inside
/// the call that enqueued it.
public protocol CallbackQueue: Sendable {
    func enqueue(_ work: @escaping @Sendable () -> Void)
}

extension DispatchQueue: CallbackQueue {
    public func enqueue(_ work: @escaping @Sendable () -> Void) { async(execute: work) }
}
