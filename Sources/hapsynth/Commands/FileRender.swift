import AudioCore
import AudioIO
import HapticPlanner
import HapticPlayback
import HapticSynth

/// Renders a plan into a sound file that appears only when complete (SYNTH.md §2 "Atomic
/// output"): the path shared by `render` and `check`.
enum FileRender {
    /// - Parameters:
    ///   - allowLong: whether a render over 24 hours is allowed (checked before anything is created).
    ///   - shouldContinue: asked between blocks with the frames written; false stops the render
    ///     (Ctrl-C), which leaves no file.
    static func render(
        _ playback: PlaybackPlan, profile: ActuatorProfile, to path: String, container: SoundFileContainer,
        encoding: SampleEncoding, allowLong: Bool = false, shouldContinue: (Int64) -> Bool = { _ in true }
    ) throws(CLIError) -> RenderSummary {
        _ = try checkedLength(playback, profile: profile, allowLong: allowLong)
        let target: AtomicFile
        do {
            target = try AtomicFile(targetPath: path)
        } catch {
            throw .cannotCreate("\(error)")
        }
        defer { target.discard() }
        let writer: SoundFileWriter
        do {
            writer = try SoundFileWriter(
                fileDescriptor: target.fileDescriptor, name: path, format: AudioFormat(sampleRate: profile.sampleRate),
                container: container, encoding: encoding)
        } catch {
            throw .cannotCreate("\(error)")
        }
        let summary: RenderSummary
        do {
            summary = try OfflineRender.render(
                playback, profile: profile, into: writer, allowLong: allowLong, shouldContinue: shouldContinue)
            try writer.finish()
        } catch is RenderStopped {
            throw .interrupted
        } catch {
            throw .ioError("\(error)")
        }
        do {
            try target.commit()
        } catch {
            throw .cannotCreate("\(error)")
        }
        return summary
    }

    /// The render's frame count, or exit 65 when the render-length guard refuses it.
    static func checkedLength(_ playback: PlaybackPlan, profile: ActuatorProfile, allowLong: Bool) throws(CLIError) -> Int64 {
        do {
            return try RenderLength.checked(playback, profile: profile, allowLong: allowLong)
        } catch {
            throw .invalidInput("\(error)")
        }
    }
}
