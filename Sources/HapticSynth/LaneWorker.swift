import CSynthKernel
import Dispatch
import Foundation
import Synchronization

/// A second thread that runs one job at a time for the mixer: the caller posts a job, does its own
/// share of the block, then waits for the job to finish.
///
/// Blocks are short (tens of microseconds of work), so both sides spin briefly before sleeping:
/// the worker on a semaphore, the caller by yielding. One job is in flight at most.
final class LaneWorker: @unchecked Sendable {
    private enum State: Int {
        case idle = 0, posted, finished, quitting
    }

    private let state = Atomic<Int>(State.idle.rawValue)
    private let wake = DispatchSemaphore(value: 0)
    /// The posted job; written by the caller before `posted` is published, read by the worker after.
    private var job: (() -> Void)?
    private let thread: Thread
    private let exited = DispatchSemaphore(value: 0)

    /// Spins before the worker sleeps (a few milliseconds: longer than the work between two blocks).
    private static let spinsBeforeSleeping = 2_000_000

    /// Starts the thread. It holds the worker until `shutDown()`, which the owner must call.
    init() {
        let box = WorkerBox()
        thread = Thread { box.worker?.loop() }
        thread.name = "hapsynth-mixer"
        box.worker = self
        thread.start()
    }

    /// Stops the thread and waits for it; the worker must not be used after.
    func shutDown() {
        state.store(State.quitting.rawValue, ordering: .releasing)
        wake.signal()
        exited.wait()
    }

    /// Runs `job` on the worker thread; call `wait()` before posting another.
    func post(_ job: @escaping () -> Void) {
        self.job = job
        state.store(State.posted.rawValue, ordering: .releasing)
        wake.signal()
    }

    /// Waits until the posted job has finished.
    func wait() {
        var spins = 0
        while state.load(ordering: .acquiring) != State.finished.rawValue {
            spins += 1
            hapsynth_spin_pause()
            if spins > 1_000_000 { sched_yield() }
        }
        state.store(State.idle.rawValue, ordering: .relaxed)
    }

    private func loop() {
        while true {
            var spins = 0
            var current = state.load(ordering: .acquiring)
            while current != State.posted.rawValue && current != State.quitting.rawValue {
                spins += 1
                hapsynth_spin_pause()
                if spins > Self.spinsBeforeSleeping {
                    wake.wait()  // A signal left from an earlier post only makes one more round.
                    spins = 0
                }
                current = state.load(ordering: .acquiring)
            }
            if current == State.quitting.rawValue { break }
            job?()
            job = nil
            state.store(State.finished.rawValue, ordering: .releasing)
        }
        exited.signal()
    }
}

/// Hands the thread its worker, which exists only after the thread object does.
private final class WorkerBox: @unchecked Sendable {
    var worker: LaneWorker?
}
