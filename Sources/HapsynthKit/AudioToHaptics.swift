import FoundationEssentials
import Glibc
import AudioCore
import AudioIO
import HapticPlanner

/// Haptics from a sound (`hapsynth from-audio`, docs/from-audio.md): a sound file read twice, a
/// block at a time (first for its mean and peak, then for the analysis), mixed to mono as the mean
/// of its channels, its DC removed; the amplitude envelope is analysed at the file's level times
/// the gain, the frequency envelope normalised to a peak of `normalizeDb`; the result is a
/// `.haptic` clip, which every command and every writer of hapsynth takes.
public enum AudioToHaptics {
    public struct Settings: Sendable, Hashable {
        public var analysis = SoundAnalysis.Settings()
        /// The gain of the signal the amplitude is measured on, in dB (Studio's default 0).
        public var gainDb: Float = 0
        /// The peak the frequency analysis normalises the signal to, in dB (Studio's −0.3).
        public var normalizeDb: Float = -0.3

        public init() {}
    }

    /// A sound that cannot be analysed.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public let description: String
        /// Whether the file is missing (exit 66), rather than unreadable (65).
        public let isMissing: Bool
    }

    /// The clip of the sound file at `path`.
    /// - Parameter shouldContinue: asked between blocks with the fraction read (0…1); false stops.
    /// - Throws: `Failure` for a file that is missing or cannot be read as a sound.
    public static func clip(file path: String, settings: Settings = Settings(), shouldContinue: (Double) -> Bool = { _ in true }) throws(Failure) -> HapticClip {
        // The first pass: the mean (compensated) and the peak of the mono signal.
        var sum = 0.0, peak: Float = 0, count = 0
        try read(path, shouldContinue: { shouldContinue($0 / 2) }) { block in
            for sample in block {
                sum += Double(sample)
                peak = max(peak, abs(sample))
            }
            count += block.count
        }
        let mean = count > 0 ? Float(sum / Double(count)) : 0
        let gain = powf(10, settings.gainDb / 20)
        let normalised = peak - mean > 0 ? powf(10, settings.normalizeDb / 20) / (peak - mean) : gain
        var rate: Float = 48_000
        var amplitudeSignal: [Float] = [], frequencySignal: [Float] = []
        var analysis: SoundAnalysis?
        try read(path, shouldContinue: { shouldContinue(0.5 + $0 / 2) }, format: { rate = Float($0.sampleRate) }) { block in
            if analysis == nil { analysis = SoundAnalysis(sampleRate: rate, settings: settings.analysis) }
            amplitudeSignal = block.map { ($0 - mean) * gain }
            frequencySignal = block.map { ($0 - mean) * normalised }
            amplitudeSignal.withUnsafeBufferPointer { amplitude in
                frequencySignal.withUnsafeBufferPointer { frequency in analysis?.process(amplitude: amplitude, frequency: frequency) }
            }
        }
        var finished = analysis ?? SoundAnalysis(sampleRate: rate, settings: settings.analysis)
        return clip(finished.finish())
    }

    /// A clip of an analysis' envelopes: each emphasis as Meta's clips hold it.
    public static func clip(_ result: SoundAnalysis.Result, description: String? = nil) -> HapticClip {
        HapticClip(amplitude: result.amplitude.map { point in
            HapticClip.AmplitudePoint(timeS: point.time, amplitude: point.amplitude,
                                      emphasis: point.emphasis.map { HapticClip.Emphasis(amplitude: $0.intensity, frequency: $0.sharpness) })
        }, frequency: result.frequency.map { HapticClip.FrequencyPoint(timeS: $0.time, frequency: $0.value) }, description: description)
    }

    /// The AHAP file of a clip, as Core Haptics plays it on an iPhone (one player: its continuous
    /// envelope and its emphasis transients); nil when it does not fit one file.
    public static func ahap(_ clip: HapticClip) -> String? {
        let plan = clip.coreHapticsPlan(capabilities: .iPhone).plan
        guard let one = AHAPExport.onePlayer(plan), let file = AHAPExport.files(for: one.plan).first else { return nil }
        return file + "\n"
    }

    /// The `.haptic` text of a clip made from `source`.
    public static func text(_ clip: HapticClip, source: String) -> String { HapticClipExport.json(clip, source: source) }

    /// Reads the sound at `path` in blocks of mono samples (the mean of its channels).
    private static func read(_ path: String, shouldContinue: (Double) -> Bool, format: (AudioFormat) -> Void = { _ in },
                             _ body: ([Float]) -> Void) throws(Failure) {
        let reader: SoundFileReader
        do {
            reader = try SoundFileReader(path: path, limits: .recordings)
        } catch {
            throw Failure(description: "\(error)", isMissing: !FileManager.default.fileExists(atPath: path))
        }
        format(reader.format)
        let channels = reader.format.channelCount, blockFrames = 8_192
        var interleaved = [Float](repeating: 0, count: blockFrames * channels)
        var mono = [Float](repeating: 0, count: blockFrames)
        var framesRead: Int64 = 0
        while true {
            let frames = interleaved.withUnsafeMutableBufferPointer { reader.read(into: $0) }
            guard frames > 0 else { break }
            for frame in 0..<frames {
                var total: Float = 0
                for channel in 0..<channels { total += interleaved[frame * channels + channel] }
                mono[frame] = channels == 1 ? total : total / Float(channels)
            }
            body(Array(mono[0..<frames]))
            framesRead += Int64(frames)
            guard shouldContinue(reader.frameCount > 0 ? Double(framesRead) / Double(reader.frameCount) : 1) else {
                throw Failure(description: "stopped", isMissing: false)
            }
        }
    }
}
