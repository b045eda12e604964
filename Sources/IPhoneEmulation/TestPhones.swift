import Foundation
import HapticPlayback

/// The phones of the tests running now with devices of their own (`HapticsEmulator.withDevice`),
/// so that a call made outside the test's task — in a `DispatchQueue` block, on a thread of the
/// app's, where the task's phone is not known — still reaches its test where that can be known:
/// while one such test runs, it is that test's. While several run it cannot be known: the call plays
/// on the process's phone, and each of them logs a rule entry saying so.
package final class TestPhones: @unchecked Sendable {
    private let lock = NSLock()
    private var phones: [EmulatedPhone] = []

    package init() {}

    /// Runs `body` with `phone` among the tests' phones.
    package func with<Result>(_ phone: EmulatedPhone, _ body: () throws -> Result) rethrows -> Result {
        lock.withLock { phones.append(phone) }
        defer { leave(phone) }
        return try body()
    }

    /// `with` for an async body.
    package func with<Result>(_ phone: EmulatedPhone, _ body: () async throws -> Result) async rethrows -> Result {
        lock.withLock { phones.append(phone) }
        defer { leave(phone) }
        return try await body()
    }

    private func leave(_ phone: EmulatedPhone) {
        lock.withLock { phones.removeAll { $0 === phone } }
    }

    /// The phone of a call made outside any task that has one: the one test's, or nil (the
    /// process's) when none or several run, each of several told.
    package func outsideTask() -> EmulatedPhone? {
        let running = lock.withLock { phones }
        guard running.count > 1 else { return running.first }
        for phone in running {
            phone.withLock {
                phone.record(object: "device", call: "call outside a test's task", result: "process device",
                             rule: "a call made outside any test's task (a DispatchQueue block or a thread of the app's) while \(running.count) tests "
                                 + "had devices of their own played on the process's device: run such a test alone (.serialized) to have it here")
            }
        }
        return nil
    }
}
