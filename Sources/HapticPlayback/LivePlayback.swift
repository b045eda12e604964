import AudioCore
import HapticPlanner
import HapticSynth

/// Live playback (docs/files-and-limits.md): a render job whose sink is a device that paces it,
/// a period at a time. An iPhone's plan plays through its own executor on a freshly opened
/// device (starting a playback ends the previous one and closes its device first), mixed with an
/// AHAP file's audio track when it has one (stereo); an Android effect starts at once and a new
/// one replaces it from its start on the device already open, as a new `vibrate()` cancels the
/// one playing on a phone. The device closes when a playback ends.
///
/// Single-threaded: the caller drives it with `step`.
public final class LivePlayback {
    public let profile: ActuatorProfile
    private let openOutput: (_ channelCount: Int) throws -> any AudioOutput
    private let allowLong: Bool
    private var current: Playing?

    /// One playback: its device and what plays into it.
    private struct Playing {
        let output: any AudioOutput
        let job: RenderJob
    }

    /// - Parameters:
    ///   - allowLong: whether a playback over 24 hours is allowed.
    ///   - openOutput: opens the device for one playback, at `profile.sampleRate`, with the
    ///     channels asked (1, or 2 for a mix of haptics and audio).
    public init(profile: ActuatorProfile, allowLong: Bool = false, openOutput: @escaping (_ channelCount: Int) throws -> any AudioOutput) {
        self.profile = profile
        self.allowLong = allowLong
        self.openOutput = openOutput
    }

    /// A mono player (`openOutput` opens a one-channel device).
    public convenience init(profile: ActuatorProfile, allowLong: Bool = false, openOutput: @escaping () throws -> any AudioOutput) {
        self.init(profile: profile, allowLong: allowLong) { _ in try openOutput() }
    }

    /// The running playback's iOS session, if any.
    public var handle: HapticHandle? { current?.job.handle }
    /// Whether a playback is running.
    public var isPlaying: Bool { current != nil }

    /// Ends the previous playback and starts `plan` (iOS) on a freshly opened device.
    /// - Throws: `RenderLengthError` (before the device is opened), the device's open error, or the
    ///   executor's start error.
    @discardableResult
    public func play(_ plan: PlaybackPlan) throws -> HapticHandle {
        try play(.ios(plan)).handle!
    }

    /// Starts `plan` (iOS or Android; with `audio`, the stereo mix of haptics and audio), in place
    /// of what plays. Returns the job, whose `frameCount` says how long it plays.
    /// - Throws: `RenderLengthError` (before the device is opened), the device's open error, or the
    ///   executor's start error; nothing plays then.
    @discardableResult
    public func play(_ plan: PlatformPlan, audio: AudioTrack? = nil) throws -> RenderJob {
        let mix: RenderMix = audio != nil && plan.ios != nil ? .mix : .haptics
        _ = try RenderJob.checkedLength(plan, audio: audio, profile: profile, mixes: [mix], allowLong: allowLong)
        // An Android effect replaces the one playing on the device already open.
        let keep = plan.ios == nil && current.map { $0.output.format.channelCount == mix.channelCount && $0.job.plan.ios == nil } == true
        let output: any AudioOutput
        if keep, let current {
            current.job.release()
            output = current.output
            self.current = nil
        } else {
            close()
            output = try openOutput(mix.channelCount)
        }
        do {
            let job = try RenderJob(plan, audio: audio, profile: profile, sinks: [RenderSink(mix, output)], allowLong: allowLong)
            current = Playing(output: output, job: job)
            return job
        } catch {
            try? output.finish()
            throw error
        }
    }

    /// Renders and writes up to `maxFrames` of the running playback (the device paces the writes);
    /// once it has ended, plays out what the device holds and closes it.
    /// - Returns: whether a playback is still running.
    /// - Throws: the device's error when closing, or when writing an Android effect or after the
    ///   session ended; a write error of a running iOS playback becomes its session's failure (the
    ///   device is closed, nothing thrown).
    @discardableResult
    public func step(maxFrames: Int) throws -> Bool {
        guard let playing = current else { return false }
        do {
            if try playing.job.step(maxFrames: maxFrames) { return true }
        } catch {
            close()  // an iOS session has failed with the write error
            // Without a session, or when the session had already ended (a short pattern whose
            // frames the device failed to pass on after it completed), the error is the playback's.
            if playing.job.handle?.failure == nil { throw error }
            return false
        }
        end(playing, cancelling: false)
        try playing.output.finish()
        return false
    }

    /// Fades the running playback out over `fadeFrames` (a raised cosine), cancels its session and
    /// closes the device.
    public func stopWithFade(fadeFrames: Int) {
        guard let playing = current else { return }
        if playing.job.handle?.isActive ?? true { _ = try? playing.job.step(maxFrames: max(1, fadeFrames), fadeOut: true) }
        end(playing, cancelling: true)
        try? playing.output.finish()
    }

    /// Cancels the running playback and closes its device at once, dropping what it holds.
    public func close() {
        guard let playing = current else { return }
        end(playing, cancelling: true)
        if let closable = playing.output as? any ClosableOutput { closable.close() } else { try? playing.output.finish() }
    }

    /// Forgets the running playback and releases its executor (cancelling its session first when asked).
    private func end(_ playing: Playing, cancelling: Bool) {
        current = nil
        playing.job.release(cancelling: cancelling)
    }
}
