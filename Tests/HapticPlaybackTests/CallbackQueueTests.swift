import Dispatch
import Foundation
@testable import HapticPlayback
import Testing

/// The device's one callback queue across threads (issue 52, item 2: no busy-wait across threads):
/// a drain from another thread while one runs sleeps until it ends instead of returning at once to
/// a render loop that would come straight back.
@Suite struct CallbackQueueTests {
    @Test func aDrainFromAnotherThreadWaitsForTheRunningOne() async {
        let queue = ManualCallbackQueue()
        let (entered, release, returned) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
        let order = Order()
        queue.enqueue {
            entered.signal()
            release.wait()  // a callback that takes its time, on the first thread
            order.add("callback done")
        }
        Thread.detachNewThread { _ = queue.drain() }
        entered.wait()
        Thread.detachNewThread {
            let ran = queue.drain()  // another thread, while the first drains
            order.add("second drain returned \(ran)")
            returned.signal()
        }
        // It does not come back while the callback runs.
        let early = returned.wait(timeout: .now() + 0.2) == .success
        #expect(!early, "the second drain returned while the first was running its callback")
        release.signal()
        if !early { returned.wait() }
        #expect(early || order.entries == ["callback done", "second drain returned 0"])
    }
}

/// What happened, in order, from several threads.
private final class Order: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []
    func add(_ entry: String) { lock.withLock { list.append(entry) } }
    var entries: [String] { lock.withLock { list } }
}
