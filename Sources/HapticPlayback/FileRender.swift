import AudioCore
import AudioIO
import HapticCore
import HapticPlanner
import HapticSynth

extension AndroidEffectPlayer: FrameSource {}

/// The one file renderer (docs/files-and-limits.md "Atomic output"): a pattern planned for a
/// platform, rendered into a sound file that appears only when complete. iOS renders through the
/// executor on the audio engine (mono); Android plays its effect on the emulated actuator (mono);
/// both is a stereo file, iOS left and Android right, both timed from the moment playback is
/// requested (so iOS's 10 ms lead shows). `render`, `check` and `Hapsynth.render(_:to:)` use it.
public enum FileRender {
    /// What a file render wrote.
    public struct Summary: Sendable {
        public let frameCount: Int64
        public let sampleRate: Int
        /// The largest |sample| written, over every channel.
        public let peak: Float
        /// The iOS render's own summary (players, clamping), when iOS plays.
        public let ios: RenderSummary?
        /// The Android effect, when Android plays.
        public let android: AndroidPlan?

        /// What is worth telling about the render: clamping in the iOS render.
        public func warnings(profile: ActuatorProfile) -> [RenderWarning] {
            guard let ios, ios.clampedSampleCount > 0, let plan = iosPlan else { return [] }
            return [.clamped(count: ios.clampedSampleCount, mixPeak: ios.mixPeak,
                             overlappingClicks: TransientOverlap.count(in: plan, profile: profile))]
        }

        fileprivate var iosPlan: PlaybackPlan?

        /// `out.wav: 0.550 s, 26400 frames at 48000 Hz, 2 players, peak 0.8000 (-1.9 dBFS), 0 clamped samples`;
        /// for Android: `out.wav: 0.541 s, 25968 frames at 48000 Hz, android androidWaveform on phone-api26, peak 0.6399 (-3.9 dBFS)`,
        /// after `left ios, right ` for both.
        public func line(path: String) -> String {
            let length = NumberText.length(frames: frameCount, rate: sampleRate)
            if let android = android {
                return "\(path): \(length), \(ios != nil ? "left ios, right " : "")android \(android.backend.rawValue) on "
                    + "\(android.device.name), peak \(NumberText.peak(peak))"
            }
            let ios = ios!
            return "\(path): \(length), \(NumberText.count(ios.playerCount, "player")), peak \(NumberText.peak(ios.peak)), "
                + "\(NumberText.count(ios.clampedSampleCount, "clamped sample"))"
        }
    }

    /// The frame count of `plan`'s render, under the guard every render passes (every platform's
    /// plan is checked, so a refused render never opens its target).
    public static func checkedLength(_ plan: PlatformPlan, profile: ActuatorProfile, allowLong: Bool) throws(RenderLengthError) -> Int64 {
        var frames: Int64 = 0
        if let android = plan.android { frames = try RenderLength.checked(android, rate: profile.sampleRate, allowLong: allowLong) }
        if let ios = plan.ios { frames = max(frames, try RenderLength.checked(ios, profile: profile, allowLong: allowLong)) }
        return frames
    }

    /// Renders `plan` into the file at `path` (atomically, or through to a stream).
    /// - Parameters:
    ///   - threads: threads the iOS render may use (the samples are the same for any count).
    ///   - shouldContinue: asked between blocks with the frames written; false stops the render,
    ///     which leaves no file (`FileRenderError.output(.stopped)`).
    public static func render(
        _ plan: PlatformPlan, profile: ActuatorProfile, to path: String, container: SoundFileContainer, encoding: SampleEncoding,
        allowLong: Bool = false, threads: Int = 1, shouldContinue: (Int64) -> Bool = { _ in true }
    ) throws(FileRenderError) -> Summary {
        do {
            _ = try checkedLength(plan, profile: profile, allowLong: allowLong)
        } catch {
            throw .length(error)
        }
        let stereo: Bool
        if case .both = plan { stereo = true } else { stereo = false }
        let format = AudioFormat(sampleRate: profile.sampleRate, channelCount: stereo ? 2 : 1)
        do {
            return try SoundFileTarget.write(to: path, format: format, container: container, encoding: encoding) { writer in
                try render(plan, profile: profile, into: writer, stereo: stereo, allowLong: allowLong, threads: threads,
                           shouldContinue: shouldContinue)
            }
        } catch {
            throw .output(error)
        }
    }

    /// Renders into an open writer: iOS alone through the engine, else the Android effect paired
    /// with the iOS render (stereo) or alone (mono).
    private static func render(
        _ plan: PlatformPlan, profile: ActuatorProfile, into writer: any AudioOutput, stereo: Bool, allowLong: Bool, threads: Int,
        shouldContinue: (Int64) -> Bool
    ) throws -> Summary {
        guard let android = plan.android else {
            let ios = plan.ios!
            let summary = try OfflineRender.render(ios, profile: profile, into: writer, allowLong: allowLong, threads: threads,
                                                   shouldContinue: shouldContinue)
            return Summary(frameCount: summary.frameCount, sampleRate: summary.sampleRate, peak: summary.peak, ios: summary,
                           android: nil, iosPlan: ios)
        }
        let player = AndroidEffectPlayer(plan: android, actuator: AndroidActuator(profile: profile))
        let output = StereoPairOutput(destination: writer, stereo: stereo, source: player)
        var ios: RenderSummary?
        if let iosPlan = plan.ios {
            ios = try OfflineRender.render(iosPlan, profile: profile, into: output, allowLong: allowLong, shouldContinue: shouldContinue)
        }
        try output.drain(until: max(output.source.frameCount, output.framesWritten), shouldContinue: { shouldContinue(output.framesWritten) },
                         stopped: { RenderStopped() })
        return Summary(frameCount: output.framesWritten, sampleRate: profile.sampleRate, peak: output.peak, ios: ios, android: android,
                       iosPlan: plan.ios)
    }
}

/// A file render that did not complete; the target is as it was.
public enum FileRenderError: Error, Sendable, CustomStringConvertible {
    /// Refused before any work by the render-length guard.
    case length(RenderLengthError)
    /// The output could not be written (or the render was stopped: `.output(.stopped)`).
    case output(OutputError)

    public var description: String {
        switch self {
        case .length(let error): return "\(error)"
        case .output(let error): return "\(error)"
        }
    }
}
