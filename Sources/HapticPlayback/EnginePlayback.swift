import AudioCore
import HapticPlanner
import HapticSynth

/// One plan played by its own executor on an emulated device of its own, pulled a block at a
/// time, with the callbacks delivered between blocks: the loop shared by `OfflineRender` (as fast
/// as the output takes blocks) and `LivePlayback` (paced by the device).
struct EnginePlayback {
    let device: EmulatedDevice
    let engine: DeviceHapticEngine
    let executor: HapticExecutor
    let handle: HapticHandle
    /// Under `resonator`, the frame the render ends at: the mass rings on after the session ends
    /// (the −60 dB tail, docs/devices.md); 0 under `drive`.
    let tailEndFrame: Int64

    /// Starts `plan` on `device` (at its frame 0), once the render-length guard passed.
    /// - Throws: `RenderLengthError` for a render over 24 hours without `allowLong` (or beyond
    ///   what hapsynth can represent); the executor's start error (the executor is released first).
    init(_ plan: PlaybackPlan, on device: EmulatedDevice, allowLong: Bool = false) throws {
        let profile = device.profile
        let frames = try RenderLength.checked(plan, profile: profile, allowLong: allowLong)
        tailEndFrame = profile.actuator == .resonator && plan.diagnostics.backend == .coreHaptics ? frames : 0
        self.device = device
        engine = DeviceHapticEngine(device: device)
        executor = HapticExecutor(driver: DeviceEngineDriver(engine: engine), clock: engine.clock, callbackQueue: device.callbacks)
        do {
            handle = try executor.play(plan)
        } catch {
            executor.release()
            throw error
        }
        device.callbacks.drain()
    }

    /// Whether there is more to render: the session is running, or the resonator's tail is not
    /// yet out.
    var isPlaying: Bool { handle.isActive || (handle.failure == nil && device.withLock { device.frame } < tailEndFrame) }

    /// Renders into the start of `buffer` (and of each channel of `audio`, the device's sounds),
    /// stopping where a player completes or a deadline falls, then delivers the callbacks (the
    /// engine's clock and completions among them); after the session, renders the tail. Returns
    /// the frames rendered.
    func advance(into buffer: UnsafeMutableBufferPointer<Float>, audio: DeviceLane.Channels? = nil) -> Int {
        defer { device.callbacks.drain() }
        guard handle.isActive else {
            let count = Int(min(Int64(buffer.count), max(0, tailEndFrame - device.withLock { device.frame })))
            return count > 0 ? device.pull(into: UnsafeMutableBufferPointer(rebasing: buffer[0..<count]), audio: audio) : 0
        }
        return device.pull(into: buffer, audio: audio)
    }

    /// Completes every running player with `error` (an output failed), and delivers the callbacks.
    func fail(with error: any Error) {
        engine.failRunning(error)
        device.callbacks.drain()
    }

    /// Cancels the session (when `cancelling`) and releases the executor.
    func release(cancelling: Bool = false) {
        if cancelling {
            try? handle.cancel()
            device.callbacks.drain()
        }
        executor.release()
    }
}
