import Dispatch
import Glibc

/// The realtime clock: the device's frames follow the monotonic clock, a thread catching the
/// render up every 5 ms and running the callbacks that fell due (for clients that sleep).
final class RealtimeClock: @unchecked Sendable {
    private let startNanoseconds: UInt64
    private let stopped = RecursiveLock()
    private var isStopped = false

    init(device: EmulatedDevice) {
        startNanoseconds = Self.nanoseconds()
        DispatchQueue(label: "hapsynth emulated device clock").async { [self] in
            while !stopping {
                usleep(5_000)
                guard !stopping else { break }
                device.withLock { if !stopping { device.sync() } }
                device.waitForLiveRoom()
                device.callbacks.drain()
            }
        }
    }

    private var stopping: Bool { stopped.withLock { isStopped } }

    /// Ends the thread (the device then moves only when advanced).
    func stop() { stopped.withLock { isStopped = true } }

    /// Frames since the clock started, at `rate`.
    func framesElapsed(rate: Int) -> Int64 {
        let elapsed = Self.nanoseconds() - startNanoseconds
        return Int64((Double(elapsed) * Double(rate) / 1e9).rounded(.down))
    }

    private static func nanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }
}
