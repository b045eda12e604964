#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Ctrl-C, SIGTERM, SIGHUP and SIGQUIT for a program that writes files (docs/files-and-limits.md
/// "Signals"): `install()` blocks all four before any thread starts and takes them on a `sigwait`
/// thread. Outside a deferred section the process exits at once; inside one (a render writing its
/// temporary file) the flag is raised and the work stops and cleans up. The exit status is
/// `interruptedStatus` (130, the command line's "interrupted") for SIGINT and SIGTERM and 128 + n
/// for SIGHUP (129) and SIGQUIT (131), and it means that nothing changed: once the output is in
/// place (`settle()`), a signal ends the process with 0.
public final class Interruption: Sendable {
    /// The process's own, which `install()` feeds.
    public static let process = Interruption { _exit($0) }

    /// The signals taken, in the order `install()` adds them.
    public static let signals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    private let raised = Atomic<Bool>(false)
    private let deferring = Atomic<Bool>(false)
    private let received = Atomic<Int32>(0)
    private let settled = Atomic<Bool>(false)
    /// Ends the process with a status (`_exit` for the process's own; a test records it).
    private let exit: @Sendable (Int32) -> Void
    /// The status of SIGINT and SIGTERM.
    private let interruptedStatus: Int32

    /// - Parameters:
    ///   - interruptedStatus: the exit status for SIGINT and SIGTERM.
    ///   - exit: what ends the process, given its status.
    public init(interruptedStatus: Int32 = 130, exit: @escaping @Sendable (Int32) -> Void) {
        (self.interruptedStatus, self.exit) = (interruptedStatus, exit)
    }

    /// The exit status for the signal that arrived (`interruptedStatus` before any did).
    public var exitStatus: Int32 {
        let signal = received.load(ordering: .sequentiallyConsistent)
        return signal == SIGHUP || signal == SIGQUIT ? 128 + signal : interruptedStatus
    }

    /// Whether a signal has arrived.
    public var isRaised: Bool { raised.load(ordering: .sequentiallyConsistent) }

    /// Blocks the four signals and starts the thread that waits for them and hands them to the
    /// process's own `Interruption`. Call first in main.
    public static func install() {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in signals { sigaddset(&set, signal) }
        pthread_sigmask(SIG_BLOCK, &set, nil)
        var waiter = pthread_t()
        if pthread_create(&waiter, nil, waitForSignals, nil) == 0 { pthread_detach(waiter) }
    }

    /// Records a signal: outside a deferred section the process ends at once with its status (0
    /// once settled).
    public func receive(_ signal: Int32) {
        _ = received.compareExchange(expected: 0, desired: signal, ordering: .sequentiallyConsistent)
        raised.store(true, ordering: .sequentiallyConsistent)
        if !deferring.load(ordering: .sequentiallyConsistent) { exit(settled.load(ordering: .sequentiallyConsistent) ? 0 : exitStatus) }
    }

    /// Marks the output as in place: from now on a signal ends the process with 0. Call inside the
    /// deferred section, right after the output was committed.
    public func settle() {
        settled.store(true, ordering: .sequentiallyConsistent)
    }

    /// Runs `body` with the end on a signal deferred: `body` polls `isRaised` and cleans up
    /// itself. A signal that arrived before it starts throws `stopped`.
    public func deferred<T, Failure: Error>(stopped: @autoclosure () -> Failure, _ body: () throws(Failure) -> T) throws(Failure) -> T {
        deferring.store(true, ordering: .sequentiallyConsistent)
        defer { deferring.store(false, ordering: .sequentiallyConsistent) }
        if isRaised { throw stopped() }
        return try body()
    }
}

/// The signal thread: takes the blocked signals one by one (see `Interruption.install`).
private func waitForSignals(_: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    var set = sigset_t()
    sigemptyset(&set)
    for signal in Interruption.signals { sigaddset(&set, signal) }
    var received: Int32 = 0
    while sigwait(&set, &received) == 0 { Interruption.process.receive(received) }
    return nil
}
