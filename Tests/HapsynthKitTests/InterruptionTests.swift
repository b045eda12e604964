#if canImport(Glibc)
import Glibc
#endif
import HapsynthKit
import Synchronization
import Testing

/// `Interruption`, the signal flag a program that writes files keeps (docs/files-and-limits.md
/// "Signals"): a signal outside a deferred section ends the process at once with its status; inside
/// one it only raises the flag, so the work can clean up; once the output is settled it ends with 0.
@Suite struct InterruptionTests {
    /// The statuses an interruption was asked to end the process with.
    final class Statuses: Sendable {
        let list = Mutex<[Int32]>([])
        var recorded: [Int32] { list.withLock { $0 } }
    }

    /// An interruption whose "exit" records the statuses it was asked to end with.
    struct Ended {
        let statuses = Statuses()
        let interruption: Interruption
        var recorded: [Int32] { statuses.recorded }

        init(interruptedStatus: Int32 = 130) {
            let statuses = self.statuses
            interruption = Interruption(interruptedStatus: interruptedStatus) { status in statuses.list.withLock { $0.append(status) } }
        }
    }

    struct Stop: Error {}

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
        let polled = try interruption.deferred(stopped: Stop()) { () throws(Stop) -> Bool in
            interruption.receive(SIGTERM)
            return interruption.isRaised
        }
        #expect(polled && ended.recorded.isEmpty)
        // A later section does not start: the signal already asked to stop.
        #expect(throws: Stop.self) { try interruption.deferred(stopped: Stop()) { () throws(Stop) in 1 } }
        // The first signal names the status; a second does not change it.
        interruption.receive(SIGHUP)
        #expect(ended.recorded == [130] && interruption.exitStatus == 130)
    }

    @Test func onceTheOutputIsSettledASignalEndsWithZero() throws {
        let ended = Ended()
        let interruption = ended.interruption
        try interruption.deferred(stopped: Stop()) { () throws(Stop) in interruption.settle() }
        interruption.receive(SIGINT)
        #expect(ended.recorded == [0])
    }

    @Test func theStatusOfAnInterruptionIsTheCallersToChoose() {
        let ended = Ended(interruptedStatus: 2)
        ended.interruption.receive(SIGTERM)
        #expect(ended.recorded == [2])
    }
}
