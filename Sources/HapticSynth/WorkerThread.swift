import CSynthKernel
import Dispatch
import FoundationEssentials
import Glibc
import Synchronization

/// A second thread that runs one job at a time: the caller posts a job, goes on with its own
/// work, then waits for the job to finish before posting another.
///
/// Jobs can be short (tens of microseconds), so both sides spin a little before sleeping on a
/// semaphore; each post and each finish signals its semaphore exactly once and is waited for
/// exactly once, so a side that saw the state change while spinning only collects the signal.
/// Spins are short, so a machine with more busy threads than cores loses little to them.
package final class WorkerThread: @unchecked Sendable {
    private enum State: Int {
        case idle = 0, posted, finished, quitting
    }

    private let state = Atomic<Int>(State.idle.rawValue)
    private let wake = DispatchSemaphore(value: 0)
    private let finishedSignal = DispatchSemaphore(value: 0)
    /// The posted job; written by the caller before `posted` is published, read by the worker after.
    private var job: (() -> Void)?
    private var thread = pthread_t()

    /// Pauses before either side sleeps (about 100 µs).
    private static let spins = 4_000

    /// Starts the thread. It holds the worker until `shutDown()`, which the owner must call.
    package init() {
        // The thread holds the worker (retained here, released when its loop ends).
        let context = Unmanaged.passRetained(self).toOpaque()
        let created = pthread_create(&thread, nil, { context in
            let worker = Unmanaged<WorkerThread>.fromOpaque(context!).takeRetainedValue()
            worker.loop()
            return nil
        }, context)
        precondition(created == 0, "cannot start a thread: \(String(cString: strerror(created)))")
    }

    /// Stops the thread and waits for it (a job in flight finishes first); the worker must not be
    /// used after.
    package func shutDown() {
        state.store(State.quitting.rawValue, ordering: .releasing)
        wake.signal()
        pthread_join(thread, nil)
    }

    /// Runs `job` on the worker thread; call `wait()` before posting another.
    package func post(_ job: @escaping () -> Void) {
        self.job = job
        state.store(State.posted.rawValue, ordering: .releasing)
        wake.signal()
    }

    /// Waits until the posted job has finished.
    package func wait() {
        Self.spin { state.load(ordering: .acquiring) == State.finished.rawValue }
        finishedSignal.wait()
        state.store(State.idle.rawValue, ordering: .relaxed)
    }

    private func loop() {
        while true {
            Self.spin {
                let current = state.load(ordering: .acquiring)
                return current == State.posted.rawValue || current == State.quitting.rawValue
            }
            wake.wait()
            if state.load(ordering: .acquiring) == State.quitting.rawValue { break }
            job?()
            job = nil
            // A shutDown during the job (an owner let go without waiting, as an interrupted render
            // does) left `quitting`: overwriting it with `finished` would sleep on `wake` forever
            // while the owner joins.
            let (finished, _) = state.compareExchange(
                expected: State.posted.rawValue, desired: State.finished.rawValue, ordering: .acquiringAndReleasing)
            guard finished else { break }
            finishedSignal.signal()
        }
    }

    /// Spins until `done` or the spin budget is spent.
    private static func spin(until done: () -> Bool) {
        var spins = 0
        while !done() && spins < Self.spins {
            hapsynth_spin_pause()
            spins += 1
        }
    }
}
