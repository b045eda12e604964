#if canImport(Glibc)
import Glibc
#endif
import HapsynthKit
import Synchronization
import Testing

/// `Interruption`, the signal flag a program that writes files keeps (docs/command-line.md
/// "Signals"): a signal outside a deferred section ends the process at once with its status; inside
/// one it only raises the flag, so the work can clean up; once the output is settled it ends with 0.
@Suite struct InterruptionTests {
    /// An interruption whose "exit" records the statuses it was asked to end with.
    final class Ended: Sendable {
        let statuses = Mutex<[Int32]>([])
        lazy var interruption = Interruption { status in self.statuses.withLock { $0.append(status) } }
        var recorded: [Int32] { statuses.withLock { $0 } }
    }

    @Test func aSignalOutsideADeferredSectionEndsAtOnceWithItsStatus() {
        for (signal, status) in [(SIGINT, Int32(130)), (SIGTERM, 130), (SIGHUP, 129), (SIGQUIT, 131)] {
            let ended = Ended()
            ended.interruption.receive(signal)
            #expect(ended.recorded == [status] && ended.interruption.isRaised, "signal \(signal)")
        }
    }

    @Test func insideADeferredSectionTheWorkIsToldAndCleansUp() throws {
        let ended = Ended()
        let interruption = ended.interruption
        let polled = interruption.deferred(stopped: CancellationError()) { () -> Bool in
            interruption.receive(SIGTERM)
            return interruption.isRaised
        }
        #expect(polled && ended.recorded.isEmpty)
        // A later section does not start: the signal already asked to stop.
        #expect(throws: CancellationError.self) { try interruption.deferred(stopped: CancellationError()) { 1 } }
        // The first signal names the status; a second does not change it.
        interruption.receive(SIGHUP)
        #expect(ended.recorded == [130] && interruption.exitStatus == 130)
    }

    @Test func onceTheOutputIsSettledASignalEndsWithZero() {
        let ended = Ended()
        let interruption = ended.interruption
        interruption.deferred(stopped: CancellationError()) { interruption.settle() }
        interruption.receive(SIGINT)
        #expect(ended.recorded == [0])
    }

    @Test func theStatusOfAnInterruptionIsTheCallersToChoose() {
        let statuses = Mutex<[Int32]>([])
        let interruption = Interruption(interruptedStatus: 2) { status in statuses.withLock { $0.append(status) } }
        interruption.receive(SIGTERM)
        #expect(statuses.withLock { $0 } == [2])
    }
}
