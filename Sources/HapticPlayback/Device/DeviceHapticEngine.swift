import HapticPlanner
import HapticSynth

/// The emulated device as the executor sees it: a native haptic engine whose players are segments
/// of the device and whose clock counts the device's frames (docs/synthesis.md).
///
/// Whoever drives the device drives it: a render job pulling it (`EmulatedDevice.pull`) as fast as
/// blocks are written or paced by a live device, or a test advancing the device an app's Core
/// Haptics code plays on, the same device. After each step that moved the device, the engine's
/// clock catches up and its players' completions are reported, on the device's callback queue.
/// Players are placed from the moment they are started, with the requested lead in whole
/// milliseconds; a player completes once its last voice has been rendered.
package final class DeviceHapticEngine: NativeHapticEngine, DeviceClient, @unchecked Sendable {
    package let device: EmulatedDevice
    /// The engine's clock as the executor sees it: whole milliseconds of rendered frames.
    package let clock = VirtualClock()
    /// Started players not yet completed.
    private var running: [ObjectIdentifier: DevicePlayer] = [:]
    /// Completions that fell due in the last block, called by `blockRendered()`.
    private var finished: [@Sendable ((any Error)?) -> Void] = []
    private var started = 0
    /// Whether `blockRendered` waits on the callback queue.
    private var delivering = false

    package init(device: EmulatedDevice) {
        self.device = device
        device.withLock { device.attach(self) }
    }

    package var currentTime: Double { device.withLock { Double(device.frame) / Double(device.rate) } }

    package func setHandlers(stopped: @escaping @Sendable (String) -> Void, reset: @escaping @Sendable () -> Void) {}

    package func start() throws {}

    package func makePlayer(_ plan: PlayerPlan, completion: @escaping @Sendable ((any Error)?) -> Void) throws -> any NativeHapticPlayer {
        DevicePlayer(engine: self, plan: plan, completion: completion)
    }

    package func stop() throws {}

    /// Places a player's voices: pattern time 0 is `time − currentTime` (in whole milliseconds)
    /// after the current frame.
    func start(_ player: DevicePlayer, atTime time: Double) {
        device.withLock {
            let leadMs = max(0, Int64(((time - Double(device.frame) / Double(device.rate)) * 1000).rounded()))
            started += 1
            player.order = started
            running[ObjectIdentifier(player)] = player
            player.segment = device.beginSegment(player, SegmentContent(player.plan), placement: Placement(originFrame: device.frame, leadMs: leadMs))
        }
    }

    func cancel(_ player: DevicePlayer) {
        device.withLock {
            if let segment = player.segment, segment.isPlaying { device.endSegment(segment, reason: "cancel") }
            running[ObjectIdentifier(player)] = nil
        }
    }

    /// A player's last voice has been rendered: its completion is called after the block.
    func finish(_ player: DevicePlayer) {
        guard running.removeValue(forKey: ObjectIdentifier(player)) != nil else { return }
        finished.append(player.completion)
    }

    /// Moves the clock to the frames rendered (running the executor's deadlines that fell due),
    /// then reports the completion of every player whose last voice has been rendered.
    private func blockRendered() {
        let (elapsedMs, done) = device.withLock { () -> (Int64, [@Sendable ((any Error)?) -> Void]) in
            defer { (finished, delivering) = ([], false) }
            return (FrameTiming.elapsedMs(frame: device.frame, rate: device.rate), finished)
        }
        clock.advance(toNanoseconds: UInt64(elapsedMs) * 1_000_000)
        done.forEach { $0(nil) }
    }

    /// Completes every running player with `error` (an output failed): the session fails.
    package func failRunning(_ error: any Error) {
        let interrupted = device.withLock { () -> [@Sendable ((any Error)?) -> Void] in
            defer { running = [:] }
            // In the order they would have completed: by last frame, then start.
            return running.values.sorted { ($0.segment?.finishFrame ?? .max, $0.order) < ($1.segment?.finishFrame ?? .max, $1.order) }.map(\.completion)
        }
        interrupted.forEach { $0(error) }
    }

    // MARK: - DeviceClient

    /// The frame of the clock's next deadline (whole milliseconds, rounded up), while it is ahead.
    package var wakeFrame: Int64? {
        guard let deadline = clock.nextDeadlineNanoseconds else { return nil }
        // A saturated deadline stays far beyond any render.
        let deadlineMs = Int64(deadline / 1_000_000 + (deadline % 1_000_000 == 0 ? 0 : 1))
        let frame = FrameTiming.frame(atMs: deadlineMs, rate: device.rate)
        return frame > device.frame ? frame : nil
    }

    /// Once the device has moved past the clock or a player has completed, the clock and the
    /// completions are delivered on the callback queue.
    /// While a player plays or the executor waits for a deadline.
    package var waitsToPlay: Bool { !running.isEmpty || delivering || clock.nextDeadlineNanoseconds != nil }

    package func deviceStepped(_ device: EmulatedDevice) {
        guard !delivering, !finished.isEmpty || UInt64(FrameTiming.elapsedMs(frame: device.frame, rate: device.rate)) * 1_000_000 > clock.nowNanoseconds
        else { return }
        delivering = true
        device.callbacks.enqueue { [self] in blockRendered() }
    }
}

/// A player of the device's engine: its plan becomes a segment when started.
final class DevicePlayer: NativeHapticPlayer, DeviceSegmentOwner, @unchecked Sendable {
    unowned let engine: DeviceHapticEngine
    let plan: PlayerPlan
    let completion: @Sendable ((any Error)?) -> Void
    /// The segment it plays, once started.
    var segment: DeviceSegment?
    /// When it was started, among the engine's players.
    var order = 0

    init(engine: DeviceHapticEngine, plan: PlayerPlan, completion: @escaping @Sendable ((any Error)?) -> Void) {
        (self.engine, self.plan, self.completion) = (engine, plan, completion)
    }

    func start(atTime time: Double) throws { engine.start(self, atTime: time) }

    func cancel() throws { engine.cancel(self) }

    var segmentName: String { "executor#\(order)" }
    var mutesHapticsNow: Bool { false }
    var mutesAudioNow: Bool { false }
    func segmentReachedLoop(_ segment: DeviceSegment) {}
    func segmentFinished(_ segment: DeviceSegment) { engine.finish(self) }
}

/// A driver that hands out one device engine.
package struct DeviceEngineDriver: HapticEngineDriver {
    package let engine: DeviceHapticEngine

    package init(engine: DeviceHapticEngine) { self.engine = engine }

    package var supportsHaptics: Bool { true }

    package func makeEngine() throws -> any NativeHapticEngine { engine }
}
