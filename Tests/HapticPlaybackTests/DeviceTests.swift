import AudioCore
import Dispatch
import Testing
@testable import HapticPlayback

/// The one emulated device: what it never does under its lock.
@Suite struct DeviceTests {
    /// An output whose writes wait until it is opened (or 10 s pass).
    final class GatedOutput: AudioOutput, @unchecked Sendable {
        let format = AudioFormat(sampleRate: 48_000, channelCount: 2)
        private let gate = DispatchSemaphore(value: 0)
        private let entered = DispatchSemaphore(value: 0)
        private(set) var samples: [Float] = []
        private(set) var timedOut = false

        func write(_ block: UnsafeBufferPointer<Float>) throws {
            entered.signal()
            if gate.wait(timeout: .now() + 10) == .timedOut { timedOut = true }
            samples += block
        }

        func finish() throws {}
        func open() { gate.signal() }
        /// Waits until a write has begun (false after 10 s).
        func waitForWrite() -> Bool { entered.wait(timeout: .now() + 10) == .success }
    }

    @Test func aLiveOutputThatWaitsNeverHoldsTheDevicesLock() throws {
        let device = EmulatedDevice()
        device.configure(DeviceSettings(), keepsCapture: false)
        let output = GatedOutput()
        device.play(through: output)
        device.lock.withLock { device.render(until: 480) }
        // The write waits at the gate, on the output's thread; the device is free meanwhile.
        #expect(output.waitForWrite())
        let free = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            device.lock.withLock { _ = device.frame }
            free.signal()
        }
        #expect(free.wait(timeout: .now() + 5) == .success)
        output.open()
        device.finishLive()
        #expect(!output.timedOut)
        #expect(output.samples.count == 2 * 480)
    }
}
