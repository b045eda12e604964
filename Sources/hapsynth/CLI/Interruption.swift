#if canImport(Glibc)
import Glibc
#endif
import FoundationEssentials
import Synchronization

/// Ctrl-C, SIGTERM, SIGHUP and SIGQUIT (docs/command-line.md "Signals"): all are blocked before any thread
/// starts and taken by a `sigwait` thread. Outside a critical section the process exits at once;
/// inside one (a render writing its temporary file) the flag is raised and the work stops and
/// cleans up. The exit status is 130 for SIGINT and SIGTERM (the documented "interrupted") and
/// 128 + n for SIGHUP (129) and SIGQUIT (131), and it means that nothing changed: once a command's
/// output is in place (`settle()`), a signal ends the process with 0.
enum Interruption {
    private static let raised = Atomic<Bool>(false)
    private static let deferring = Atomic<Bool>(false)
    private static let received = Atomic<Int32>(0)
    private static let settled = Atomic<Bool>(false)

    /// The exit status for the signal that interrupted the command.
    static var exitStatus: Int32 {
        let signal = received.load(ordering: .sequentiallyConsistent)
        return signal == SIGHUP || signal == SIGQUIT ? 128 + signal : ExitCode.interrupted.rawValue
    }

    /// Blocks the four signals and starts the thread that waits for them. Call first in main.
    static func install() {
        var signals = sigset_t()
        sigemptyset(&signals)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] { sigaddset(&signals, signal) }
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        var waiter = pthread_t()
        let started = pthread_create(&waiter, nil, waitForSignals, nil)
        if started == 0 { pthread_detach(waiter) }
    }

    /// Records a signal: outside a deferred section the process exits at once with its status.
    fileprivate static func note(_ signal: Int32) {
        _ = received.compareExchange(expected: 0, desired: signal, ordering: .sequentiallyConsistent)
        raised.store(true, ordering: .sequentiallyConsistent)
        if !deferring.load(ordering: .sequentiallyConsistent) { _exit(settled.load(ordering: .sequentiallyConsistent) ? 0 : exitStatus) }
    }

    /// Marks the command's output as in place: from now on a signal exits 0, never 130. Call inside
    /// the deferred section, right after the output was committed.
    static func settle() {
        settled.store(true, ordering: .sequentiallyConsistent)
    }

    /// Whether a signal arrived during the current critical section.
    static var isRaised: Bool { raised.load(ordering: .sequentiallyConsistent) }

    /// Runs `body` with exit on signal deferred: `body` polls `isRaised` and cleans up itself.
    static func deferred<T>(_ body: () throws(CLIError) -> T) throws(CLIError) -> T {
        deferring.store(true, ordering: .sequentiallyConsistent)
        defer { deferring.store(false, ordering: .sequentiallyConsistent) }
        if isRaised { throw .interrupted }
        return try body()
    }
}

/// The signal thread: takes the blocked signals one by one (see `Interruption.install`).
private func waitForSignals(_: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    var signals = sigset_t()
    sigemptyset(&signals)
    for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] { sigaddset(&signals, signal) }
    var received: Int32 = 0
    while sigwait(&signals, &received) == 0 { Interruption.note(received) }
    return nil
}
