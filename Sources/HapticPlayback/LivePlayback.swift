import AudioCore
import HapticPlanner
import HapticSynth

/// Live playback: each playback opens an output (the ALSA device), plays a plan through its own
/// executor on an audio engine paced by that output, and closes the output when the session ends
/// (docs/files-and-limits.md). Starting a playback ends the previous one first and closes its device, so every
/// playback starts on a freshly opened device.
///
/// Single-threaded: the caller drives it with `step` (one device period at a time).
public final class LivePlayback {
    public let profile: ActuatorProfile
    private let openOutput: () throws -> any AudioOutput
    private let allowLong: Bool
    private var current: Playing?

    /// One playback: its output and what plays into it.
    private struct Playing {
        let output: any AudioOutput
        let playback: EnginePlayback
    }

    /// - Parameters:
    ///   - allowLong: whether a playback over 24 hours is allowed.
    ///   - openOutput: opens the output for one playback (the device), at `profile.sampleRate`.
    public init(profile: ActuatorProfile, allowLong: Bool = false, openOutput: @escaping () throws -> any AudioOutput) {
        self.profile = profile
        self.allowLong = allowLong
        self.openOutput = openOutput
    }

    /// The running playback's handle, if any.
    public var handle: HapticHandle? { current?.playback.handle }

    /// Ends the previous playback (its device closed at once), opens the output and starts `plan`.
    /// - Throws: `RenderLengthError` (before the output is opened), the output's open error, or the
    ///   executor's start error.
    public func play(_ plan: PlaybackPlan) throws -> HapticHandle {
        close()
        _ = try RenderLength.checked(plan, profile: profile, allowLong: allowLong)
        let output = try openOutput()
        do {
            let playback = try EnginePlayback(plan, profile: profile, output: output, allowLong: allowLong)
            current = Playing(output: output, playback: playback)
            return playback.handle
        } catch {
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
        if playing.playback.isPlaying {
            do {
                try playing.playback.advance(maxFrames: maxFrames)
            } catch {
                close()  // the session has failed with the write error
                return false
            }
            if playing.playback.isPlaying { return true }
        }
        end(playing, cancelling: false)
        try playing.output.finish()
        return false
    }

    /// Fades the running playback out over `fadeFrames`, cancels its session and closes the device.
    public func stopWithFade(fadeFrames: Int) {
        guard let playing = current else { return }
        if playing.playback.handle.isActive {
            try? playing.playback.engine.render(frameCount: max(1, fadeFrames), fadeOut: true)
        }
        end(playing, cancelling: true)
        try? playing.output.finish()
    }

    /// Cancels the running playback and closes its device at once.
    public func close() {
        guard let playing = current else { return }
        end(playing, cancelling: true)
        if let closable = playing.output as? any ClosableOutput { closable.close() } else { try? playing.output.finish() }
    }

    /// Forgets the running playback and releases its executor (cancelling its session first when asked).
    private func end(_ playing: Playing, cancelling: Bool) {
        current = nil
        playing.playback.release(cancelling: cancelling)
    }
}
