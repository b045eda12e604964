import AudioCore
import Dispatch
import Synchronization
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

        /// Whether every write goes through from now on.
        private let wideOpen = Mutex(false)

        func write(_ block: UnsafeBufferPointer<Float>) throws {
            entered.signal()
            if !wideOpen.withLock({ $0 }), gate.wait(timeout: .now() + 10) == .timedOut { timedOut = true }
            samples += block
        }

        func finish() throws {}
        func open() { gate.signal() }
        /// Lets the waiting write and every later one through.
        func openForGood() {
            wideOpen.withLock { $0 = true }
            gate.signal()
        }
        /// Waits until a write has begun (false after 10 s).
        func waitForWrite() -> Bool { entered.wait(timeout: .now() + 10) == .success }
    }

    @Test func aLiveOutputThatWaitsNeverHoldsTheDevicesLock() throws {
        let device = EmulatedDevice()
        device.configure(DeviceSettings(), keepsCapture: false)
        let output = GatedOutput()
        device.play(through: output)
        device.withLock { device.render(until: 480) }
        // The write waits at the gate, on the output's thread; the device is free meanwhile.
        #expect(output.waitForWrite())
        let free = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            device.withLock { _ = device.frame }
            free.signal()
        }
        #expect(free.wait(timeout: .now() + 5) == .success)
        output.open()
        device.finishLive()
        #expect(!output.timedOut)
        #expect(output.samples.count == 2 * 480)
    }

    /// A render far ahead of a live output whose writes wait never waits inside the lock for a
    /// place (issue 52, one door): it stops when the blocks in flight fill the output, the device
    /// stays free, and advancing waits for places outside the lock until every frame is played.
    @Test func aFullLiveOutputStopsTheRenderInsteadOfHoldingTheLock() throws {
        let device = EmulatedDevice()
        device.configure(DeviceSettings(), keepsCapture: false)
        let output = GatedOutput()
        device.play(through: output)
        let minute: Int64 = 48_000 * 60
        let rendered = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            device.withLock { device.render(until: minute) }
            rendered.signal()
        }
        #expect(rendered.wait(timeout: .now() + 10) == .success, "the render waited for the output inside the lock")
        let stoppedAt = device.withLock { device.frame }
        #expect(stoppedAt > 0 && stoppedAt <= Int64(LiveOutput.maxPendingBlocks + 1) * 4_096, "\(stoppedAt)")
        output.openForGood()
        device.advance(by: 60 - Double(stoppedAt) / 48_000)
        device.finishLive()
        #expect(device.withLock { device.frame } == minute)
        #expect(output.samples.count == 2 * Int(minute) && !output.timedOut)
    }

    /// A live output whose write fails (a sound card unplugged) is let go of and said in the log;
    /// the places it had taken are given back, so nothing traps when it goes.
    @Test func aLiveOutputThatFailsIsLetGoAndSaidInTheLog() throws {
        let device = EmulatedDevice()
        device.configure(DeviceSettings(), keepsCapture: true)
        device.play(through: FailingOutput(failingWrite: 1))
        var stopped: LogRecord?
        for _ in 0..<200 where stopped == nil {
            device.advance(by: 0.1)
            stopped = device.snapshot().log.first { $0.object == "device" && $0.call == "play" }
        }
        #expect(stopped?.result == "stopped" && stopped?.rule?.contains("device unplugged") == true, "\(String(describing: stopped))")
        device.advance(by: 0.1)  // renders on without it
        device.finishLive()
    }
}
