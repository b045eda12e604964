#if canImport(Glibc)
import Glibc
#endif
import AudioCore
import AudioIO
import HapticPlanner
import HapticPlayback
import HapticSynth

/// Renders a plan into a sound file that appears only when complete (docs/files-and-limits.md "Atomic
/// output"): the path shared by `render` and `check`. Callers run `checkedLength` first, so a
/// refused render never opens its target (the engine checks the length again, as every render does).
enum FileRender {
    /// - Parameters:
    ///   - allowLong: whether a render over 24 hours is allowed (the engine refuses it otherwise).
    ///   - threads: threads the mixer may use (the samples are the same for any count).
    ///   - shouldContinue: asked between blocks with the frames written; false stops the render
    ///     (Ctrl-C), which leaves no file.
    static func render(
        _ playback: PlaybackPlan, profile: ActuatorProfile, to path: String, container: SoundFileContainer,
        encoding: SampleEncoding, allowLong: Bool = false, threads: Int = 1, shouldContinue: (Int64) -> Bool = { _ in true }
    ) throws(CLIError) -> RenderSummary {
        try write(to: path, format: AudioFormat(sampleRate: profile.sampleRate), container: container, encoding: encoding) { writer in
            try OfflineRender.render(playback, profile: profile, into: writer, allowLong: allowLong, threads: threads, shouldContinue: shouldContinue)
        }
    }

    /// Opens `path` for a sound file (atomically, or written through for a device or a FIFO), lets
    /// `body` write it, finishes it and moves it into place. `RenderStopped` from `body` leaves no
    /// file and exits 130.
    static func write<Result>(
        to path: String, format: AudioFormat, container: SoundFileContainer, encoding: SampleEncoding,
        _ body: (SoundFileWriter) throws -> Result
    ) throws(CLIError) -> Result {
        let target: OutputFile
        do {
            target = try OutputFile(path: path)
        } catch {
            throw .cannotCreate("\(error)")
        }
        defer { target.discard() }
        if target.isStream, container == .wav, lseek(target.fileDescriptor, 0, SEEK_CUR) < 0 {
            close(target.fileDescriptor)
            throw .cannotCreate("cannot stream WAV to \(path == "-" ? "standard output" : path): libsndfile must seek to finish a WAV "
                + "header, which a pipe cannot; use --format flac (or write to a file)")
        }
        let writer: SoundFileWriter
        do {
            writer = try SoundFileWriter(fileDescriptor: target.fileDescriptor, name: path, format: format, container: container, encoding: encoding)
        } catch {
            throw .cannotCreate("\(error)")
        }
        let result: Result
        do {
            result = try body(writer)
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
        return result
    }

    /// The Android render's frame count, or exit 65 when the render-length guard refuses it
    /// (`PATTERN: ` before the message when `pattern` is given).
    static func checkedLength(_ plan: AndroidPlan, of pattern: String?, profile: ActuatorProfile, allowLong: Bool) throws(CLIError) -> Int64 {
        try refusingAsInput(of: pattern) { () throws(RenderLengthError) in
            try RenderLength.checked(plan, rate: profile.sampleRate, allowLong: allowLong)
        }
    }

    /// The render's frame count, or exit 65 when the render-length guard refuses it (`PATTERN: `
    /// before the message when `pattern` is given).
    static func checkedLength(_ playback: PlaybackPlan, of pattern: String?, profile: ActuatorProfile, allowLong: Bool) throws(CLIError) -> Int64 {
        try refusingAsInput(of: pattern) { () throws(RenderLengthError) in
            try RenderLength.checked(playback, profile: profile, allowLong: allowLong)
        }
    }

    /// The guard's refusal as exit 65, after `PATTERN: ` when `pattern` is given.
    private static func refusingAsInput(of pattern: String?, _ check: () throws(RenderLengthError) -> Int64) throws(CLIError) -> Int64 {
        do {
            return try check()
        } catch {
            throw .invalidInput((pattern.map { "\($0): " } ?? "") + "\(error)")
        }
    }

    /// Refuses an output that is one of the inputs (the pattern or a file it includes), which a
    /// render would otherwise replace.
    static func refuseOverwritingInputs(_ output: String, inputs: [String]) throws(CLIError) {
        var target = stat()
        guard output != "-", stat(output, &target) == 0, (target.st_mode & S_IFMT) == S_IFREG else { return }
        for input in inputs {
            var source = stat()
            if stat(input, &source) == 0, source.st_dev == target.st_dev, source.st_ino == target.st_ino {
                throw .cannotCreate("refusing to write \(output): it is the input \(input)")
            }
        }
    }
}
