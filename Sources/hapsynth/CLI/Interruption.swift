#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Synchronization

/// Ctrl-C and SIGTERM (SYNTH.md §3 "Signals"): both are blocked before any thread starts and taken
/// by a `sigwait` thread. Outside a critical section the process exits 130 at once; inside one
/// (a render writing its temporary file) the flag is raised and the work stops and cleans up.
enum Interruption {
    private static let raised = Atomic<Bool>(false)
    private static let deferring = Atomic<Bool>(false)

    /// Blocks SIGINT and SIGTERM and starts the thread that waits for them. Call first in main.
    static func install() {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        let waited = signals
        let waiter = Thread {
            var signals = waited
            var received: Int32 = 0
            while sigwait(&signals, &received) == 0 {
                raised.store(true, ordering: .sequentiallyConsistent)
                if !deferring.load(ordering: .sequentiallyConsistent) { _exit(ExitCode.interrupted.rawValue) }
            }
        }
        waiter.start()
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
