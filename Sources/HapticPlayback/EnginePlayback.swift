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

    /// Starts `plan` on a new engine writing to `output`, once the render-length guard passed.
    /// - Throws: `RenderLengthError` for a render over 24 hours without `allowLong` (or beyond
    ///   what hapsynth can represent); the executor's start error (the executor is released first).
    init(_ plan: PlaybackPlan, profile: ActuatorProfile, output: any AudioOutput, allowLong: Bool = false, threads: Int = 1) throws {
        _ = try RenderLength.checked(plan, profile: profile, allowLong: allowLong)
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

    /// Renders up to `maxFrames`, stopping where a player completes or a deadline falls, then
    /// delivers the callbacks (also when the output's write fails: the players then completed with
    /// the error, and the session has failed).
    func advance(maxFrames: Int) throws {
        defer { callbacks.drain() }
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
