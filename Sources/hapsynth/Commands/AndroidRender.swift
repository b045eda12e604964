#if canImport(Glibc)
import Glibc
#endif
import AudioCore
import AudioIO
import HapticCore
import HapticPlanner
import HapticPlayback
import HapticSynth

/// `render --platform android` (mono: the Android effect) and `--platform both` (stereo: iOS left,
/// Android right, both timed from the moment playback is requested, so iOS's 10 ms lead shows),
/// written atomically like every render (docs/android.md).
enum AndroidRender {
    /// What was written: frames, peak and the Android plan.
    struct Summary {
        let frameCount: Int64
        let peak: Float
        let plan: AndroidPlan
    }

    /// - Parameters:
    ///   - pattern: the pattern file, for a refusal's message (nil: no prefix).
    ///   - iosPlan: with `--platform both`, the Core Haptics plan for the left channel; nil for a
    ///     mono Android render.
    static func render(
        _ plan: AndroidPlan, of pattern: String?, iosPlan: PlaybackPlan?, profile: ActuatorProfile, to path: String,
        container: SoundFileContainer, encoding: SampleEncoding, allowLong: Bool
    ) throws(CLIError) -> Summary {
        // Both renders pass the render-length guard before any file is created.
        _ = try FileRender.checkedLength(plan, of: pattern, profile: profile, allowLong: allowLong)
        if let iosPlan { _ = try FileRender.checkedLength(iosPlan, of: pattern, profile: profile, allowLong: allowLong) }
        let both = iosPlan != nil
        let actuator = AndroidActuator(profile: profile)
        let format = AudioFormat(sampleRate: profile.sampleRate, channelCount: both ? 2 : 1)
        let output = try FileRender.write(to: path, format: format, container: container, encoding: encoding) { writer in
            let output = PairedOutput(writer: writer, stereo: both, player: AndroidEffectPlayer(plan: plan, actuator: actuator))
            if let iosPlan {
                _ = try OfflineRender.render(iosPlan, profile: profile, into: output, allowLong: allowLong) { _ in !Interruption.isRaised }
            }
            try output.drain(until: max(output.player.frameCount, output.framesWritten)) { Interruption.isRaised }
            return output
        }
        return Summary(frameCount: output.framesWritten, peak: output.peak, plan: plan)
    }

    /// `out.wav: 0.541 s, 25968 frames at 48000 Hz, android androidWaveform on phone-api26, peak 0.6399 (-3.9 dBFS)`.
    static func summaryLine(_ summary: Summary, path: String, rate: Int, both: Bool) -> String {
        "\(path): \(RenderCommand.lengthText(frames: summary.frameCount, rate: rate)), "
            + "\(both ? "left ios, right " : "")android \(summary.plan.backend.rawValue) on \(summary.plan.device.name), "
            + "peak \(RenderCommand.peakText(summary.peak))"
    }
}

/// Receives the iOS render's mono blocks (with `--platform both`) and pairs each frame with the
/// Android effect's, writing stereo frames; `drain` then writes the Android effect to its end.
private final class PairedOutput: AudioOutput {
    let format: AudioFormat
    private let writer: SoundFileWriter
    private let stereo: Bool
    private(set) var player: AndroidEffectPlayer
    private(set) var framesWritten: Int64 = 0
    private(set) var peak: Float = 0
    private var android: [Float] = []
    private var frames: [Float] = []

    init(writer: SoundFileWriter, stereo: Bool, player: AndroidEffectPlayer) {
        self.writer = writer
        self.stereo = stereo
        self.player = player
        format = AudioFormat(sampleRate: writer.format.sampleRate)
    }

    /// A block of the iOS render: written beside as many frames of the Android effect.
    func write(_ samples: UnsafeBufferPointer<Float>) throws {
        try writeFrames(count: samples.count, ios: samples)
    }

    /// Completes nothing: the writer is finished by its owner.
    func finish() throws {}

    /// Writes frames (iOS silent) until `frameCount`, a block at a time.
    func drain(until frameCount: Int64, interrupted: () -> Bool) throws {
        while framesWritten < frameCount {
            guard !interrupted() else { throw RenderStopped() }
            try writeFrames(count: Int(min(4096, frameCount - framesWritten)), ios: nil)
        }
    }

    private func writeFrames(count: Int, ios: UnsafeBufferPointer<Float>?) throws {
        let channels = stereo ? 2 : 1
        if android.count < count { android = [Float](repeating: 0, count: count) }
        if frames.count < count * channels { frames = [Float](repeating: 0, count: count * channels) }
        android.withUnsafeMutableBufferPointer { player.render(into: UnsafeMutableBufferPointer(rebasing: $0[0..<count])) }
        // Through buffers and locals: a class's stored properties cost an exclusivity check per access.
        var peak = self.peak
        android.withUnsafeBufferPointer { android in
            frames.withUnsafeMutableBufferPointer { frames in
                for index in 0..<count {
                    let right = android[index]
                    peak = max(peak, abs(right))
                    guard channels == 2 else {
                        frames[index] = right
                        continue
                    }
                    let left = ios?[index] ?? 0
                    peak = max(peak, abs(left))
                    frames[2 * index] = left
                    frames[2 * index + 1] = right
                }
            }
        }
        self.peak = peak
        try frames.withUnsafeBufferPointer { try writer.write(UnsafeBufferPointer(rebasing: $0[0..<(count * channels)])) }
        framesWritten += Int64(count)
    }
}
