import AudioCore
import HapticPlanner
import HapticSynth

/// What a render produced.
public struct RenderSummary: Hashable, Sendable {
    /// Frames written.
    public let frameCount: Int64
    public let sampleRate: Int
    /// Players the plan started.
    public let playerCount: Int
    /// Largest |sample| written, after clamping.
    public let peak: Float
    /// Samples whose mixed value exceeded 1 in magnitude and were clamped.
    public let clampedSampleCount: Int
    /// The largest |sum| of the voices before clamping (above 1 when something clipped).
    public let mixPeak: Double
}

/// Plays a plan through the executor on the emulated device into an output as fast as blocks can be
/// written: a `RenderJob` of the iOS haptics alone, the path live playback takes too.
public enum OfflineRender {
    /// Renders until the session ends: exactly max(frame(D), the last voice's end frame) frames
    /// for a Core Haptics plan, round-half-up(D × rate / 1000) for a silent one (docs/synthesis.md).
    /// - Parameters:
    ///   - blockFrames: the most frames rendered at once (any size gives the same samples).
    ///   - allowLong: whether a render over 24 hours is allowed.
    ///   - threads: 1 renders and writes on the caller's thread; 2 writes on a second thread while
    ///     the caller renders; 3 or more also renders the mixer's second lane on a third. The
    ///     samples are the same for any count.
    ///   - shouldContinue: asked between blocks with the frames written; false stops the render
    ///     (`RenderStopped`).
    /// - Throws: `RenderLengthError` before any work for a render over 24 hours (without
    ///   `allowLong`) or beyond what hapsynth can represent; a playback failure, the output's
    ///   error, or `RenderStopped`.
    public static func render(
        _ plan: PlaybackPlan, profile: ActuatorProfile, into output: any AudioOutput, blockFrames: Int = 4096,
        allowLong: Bool = false, threads: Int = 1, shouldContinue: (Int64) -> Bool = { _ in true }
    ) throws -> RenderSummary {
        let job = try RenderJob(.ios(plan), profile: profile, sinks: [RenderSink(.haptics, output)], allowLong: allowLong, threads: threads)
        return try job.run(blockFrames: blockFrames, shouldContinue: shouldContinue).ios!
    }
}
