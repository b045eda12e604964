import AudioCore
import HapticPlanner
import HapticSynth

/// One plan played by its own executor on an audio engine whose clock is the frames written, with
/// the callbacks delivered between blocks: the loop shared by `OfflineRender` (as fast as the
/// output takes blocks) and `LivePlayback` (paced by the device).
struct EnginePlayback {
    let engine: AudioHapticEngine
    let callbacks: ManualCallbackQueue
    let executor: HapticExecutor
    let handle: HapticHandle
    /// Under `resonator`, the frame the render ends at: the mass rings on after the session ends
    /// (the −60 dB tail, docs/devices.md); 0 under `drive`.
    let tailEndFrame: Int64

    /// Starts `plan` on a new engine writing to `output`, once the render-length guard passed.
    /// - Throws: `RenderLengthError` for a render over 24 hours without `allowLong` (or beyond
    ///   what hapsynth can represent); the executor's start error (the executor is released first).
    init(_ plan: PlaybackPlan, profile: ActuatorProfile, output: any AudioOutput, allowLong: Bool = false, threads: Int = 1) throws {
        let frames = try RenderLength.checked(plan, profile: profile, allowLong: allowLong)
        tailEndFrame = profile.actuator == .resonator && plan.diagnostics.backend == .coreHaptics ? frames : 0
        engine = AudioHapticEngine(profile: profile, output: output, threads: threads)
        callbacks = ManualCallbackQueue()
        executor = HapticExecutor(driver: AudioEngineDriver(engine: engine), clock: engine.clock, callbackQueue: callbacks)
        do {
            handle = try executor.play(plan)
        } catch {
            executor.release()
            throw error
        }
        callbacks.drain()
    }

    /// Whether there is more to render: the session is running, or the resonator's tail is not
    /// yet out.
    var isPlaying: Bool { handle.isActive || (handle.failure == nil && engine.framePosition < tailEndFrame) }

    /// Renders up to `maxFrames`, stopping where a player completes or a deadline falls, then
    /// delivers the callbacks (also when the output's write fails: the players then completed with
    /// the error, and the session has failed). After the session, renders the tail.
    func advance(maxFrames: Int) throws {
        defer { callbacks.drain() }
        guard handle.isActive else {
            try engine.render(frameCount: Int(min(Int64(maxFrames), max(0, tailEndFrame - engine.framePosition))))
            return
        }
        try engine.render(frameCount: engine.framesUntilNextEvent(limit: maxFrames))
    }

    /// Cancels the session (when `cancelling`) and releases the executor.
    func release(cancelling: Bool = false) {
        if cancelling {
            try? handle.cancel()
            callbacks.drain()
        }
        executor.release()
    }
}
