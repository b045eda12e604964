import Dispatch
import Foundation
import Testing
@testable import HapticSynth

/// The second thread of two-thread renders: an owner that lets go while a job runs (an interrupted
/// render drops its background writer mid-chunk) must get its thread back, never hang.
@Suite struct WorkerThreadTests {
    /// Runs `body` on another thread; false when it has not returned within `seconds` (the thread
    /// is then left behind, and the test fails instead of hanging).
    func returns(within seconds: Double, _ body: @escaping @Sendable () -> Void) -> Bool {
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            body()
            done.signal()
        }
        return done.wait(timeout: .now() + seconds) == .success
    }

    @Test func shuttingDownDuringAJobWaitsForItAndStops() {
        for _ in 0..<20 {
            let worker = WorkerThread()
            let ran = Counter()
            let started = DispatchSemaphore(value: 0)
            worker.post {
                started.signal()
                _ = DispatchSemaphore(value: 0).wait(timeout: .now() + .milliseconds(20))  // 20 ms of work
                ran.add()
            }
            started.wait()  // the job is running
            guard returns(within: 5, { worker.shutDown() }) else {
                Issue.record("shutDown hung while a job ran")
                return
            }
            #expect(ran.value == 1)
        }
    }

    @Test func postWaitAndShutDownInTurn() {
        let worker = WorkerThread()
        let ran = Counter()
        for _ in 0..<1_000 {
            worker.post { ran.add() }
            worker.wait()
        }
        #expect(ran.value == 1_000)
        #expect(returns(within: 5) { worker.shutDown() })
    }
}

/// A count shared with a worker's jobs.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func add() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
