import AudioCore
import HapticPlanner
import HapticSynth

/// Live playback: each playback opens an output (the ALSA device), plays a plan through its own
/// executor on an audio engine paced by that output, and closes the output when the session ends
/// (SYNTH.md §2). Starting a playback ends the previous one first and closes its device, so every
/// playback starts on a freshly opened device.
///
/// Single-threaded: the caller drives it with `step` (one device period at a time).
public final class LivePlayback {
    public let profile: ActuatorProfile
    private let openOutput: () throws -> any AudioOutput
    private var current: Playing?

    /// One playback: its output, engine, executor and handle.
    private struct Playing {
        let output: any AudioOutput
        let engine: AudioHapticEngine
        let executor: HapticExecutor
        let callbacks: ManualCallbackQueue
        let handle: HapticHandle
    }

    /// - Parameter openOutput: opens the output for one playback (the device), at `profile.sampleRate`.
    public init(profile: ActuatorProfile, openOutput: @escaping () throws -> any AudioOutput) {
        self.profile = profile
        self.openOutput = openOutput
    }

    /// The running playback's handle, if any.
    public var handle: HapticHandle? { current?.handle }

    /// Ends the previous playback (its device closed at once), opens the output and starts `plan`.
    /// - Throws: the output's open error, or the executor's start error.
    public func play(_ plan: PlaybackPlan) throws -> HapticHandle {
        close()
        let output = try openOutput()
        let engine = AudioHapticEngine(profile: profile, output: output)
        let callbacks = ManualCallbackQueue()
        let executor = HapticExecutor(driver: AudioEngineDriver(engine: engine), clock: engine.clock, callbackQueue: callbacks)
        do {
            let handle = try executor.play(plan)
            callbacks.drain()
            current = Playing(output: output, engine: engine, executor: executor, callbacks: callbacks, handle: handle)
            return handle
        } catch {
            executor.release()
            try? output.finish()
            throw error
        }
    }

    /// Renders and writes up to `maxFrames` of the running playback (the output paces the
    /// writes); once its session has ended, plays out what the device holds and closes it.
    /// - Returns: whether a playback is still running.
    /// - Throws: the output's error when closing; write errors become the handle's failure.
    @discardableResult
    public func step(maxFrames: Int) throws -> Bool {
        guard let playing = current else { return false }
        if playing.handle.isActive {
            do {
                try playing.engine.render(frameCount: playing.engine.framesUntilNextEvent(limit: maxFrames))
            } catch {
                playing.callbacks.drain()  // the players completed with the error: the session failed
                close()
                return false
            }
            playing.callbacks.drain()
            if playing.handle.isActive { return true }
        }
        current = nil
        playing.executor.release()
        try playing.output.finish()
        return false
    }

    /// Fades the running playback out over `fadeFrames`, cancels its session and closes the device.
    public func stopWithFade(fadeFrames: Int) {
        guard let playing = current else { return }
        if playing.handle.isActive { try? playing.engine.render(frameCount: max(1, fadeFrames), fadeOut: true) }
        try? playing.handle.cancel()
        playing.callbacks.drain()
        current = nil
        playing.executor.release()
        try? playing.output.finish()
    }

    /// Cancels the running playback and closes its device at once.
    public func close() {
        guard let playing = current else { return }
        current = nil
        try? playing.handle.cancel()
        playing.callbacks.drain()
        playing.executor.release()
        if let closable = playing.output as? any ClosableOutput { closable.close() } else { try? playing.output.finish() }
    }
}
