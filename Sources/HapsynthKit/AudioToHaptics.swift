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
    /// What the analysis does. The defaults are those Haptics Studio applies to a sound it analyses
    /// (its analyser configuration, `AudioAnalyzerConfig.json` in facebook/haptics-studio, filled
    /// in for every key a clip's settings leave out), where they differ from the SDK's offline
    /// defaults: 40 amplitude and 30 frequency breakpoints a second (SDK: 60 and 60), emphasis peaks
    /// 20 ms apart at least (SDK: 100 ms) rising at least 0.05 (SDK: 0.1), no normalisation.
    public struct Settings: Sendable, Hashable {
        public var analysis = Self.studioAnalysis
        /// The gain of the signal the amplitude is measured on, in dB (Studio's default 0).
        public var gainDb: Float = 0
        /// Whether the frequency analysis normalises the signal (else it takes the gain's; Studio's
        /// default: not), and the peak it normalises to, in dB (Studio's −0.3).
        public var normalizes = false
        public var normalizeDb: Float = -0.3

        public init() {}

        /// The SDK's analysis settings with Studio's defaults where they differ.
        static var studioAnalysis: SoundAnalysis.Settings {
            var analysis = SoundAnalysis.Settings()
            (analysis.amplitudePerSecond, analysis.frequencyPerSecond) = (40, 30)
            (analysis.emphasis.peakWindowMs, analysis.emphasis.minimumRise) = (20, 0.05)
            analysis.emphasis.scale = .belowHighest(decibels: 40)
            return analysis
        }
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
    /// - Parameters:
    ///   - limitSeconds: the longest sound analysed (`maxSeconds`; smaller in tests).
    ///   - warning: told what was read other than as written: samples that were not numbers,
    ///     samples far past full scale, a file that ends before its header says.
    ///   - peak: told the sound's peak (its DC removed, before the gain), in dBFS (−∞ for silence),
    ///     once the first pass has read it.
    ///   - threads: the threads the analysis spreads each block over (the clip is the same for any).
    public static func clip(file path: String, settings: Settings = Settings(), limitSeconds: Double = maxSeconds, threads: Int = 1,
                            warning: (String) -> Void = { _ in }, peak peakDbfs: (Float) -> Void = { _ in },
                            shouldContinue: (Double) -> Bool = { _ in true }) throws(Failure) -> HapticClip {
        // The first pass: the mean and the peak of the mono signal.
        let (mean, peak) = try levels(path, threads: threads, limitSeconds: limitSeconds, shouldContinue: { shouldContinue($0 / 2) }, warning: warning).meanAndPeak
        peakDbfs(20 * log10f(peak))
        let gain = powf(10, settings.gainDb / 20)
        let normalised = settings.normalizes && peak > 0 ? powf(10, settings.normalizeDb / 20) / peak : gain
        var rate: Float = 48_000
        var analysis: SoundAnalysis?
        try read(path, shouldContinue: { shouldContinue(0.5 + $0 / 2) }, format: { rate = Float($0.sampleRate) }) { block in
            if analysis == nil { analysis = SoundAnalysis(sampleRate: rate, settings: settings.analysis, threads: threads) }
            let amplitude = block.map { ($0 - mean) * gain }
            amplitude.withUnsafeBufferPointer { amplitude in
                // Without normalisation the spectrum takes the amplitude's signal itself.
                if normalised == gain {
                    analysis?.process(amplitude: amplitude, frequency: amplitude)
                } else {
                    block.map { ($0 - mean) * normalised }.withUnsafeBufferPointer { analysis?.process(amplitude: amplitude, frequency: $0) }
                }
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

    /// The `.haptic` text of a clip made from `source`, handed to `emit` a point at a time.
    public static func write(_ clip: HapticClip, source: String, to emit: (String) -> Void) {
        HapticClipExport.write(clip, source: source, to: emit)
    }

    /// Below this peak, in dBFS, a sound is quiet: its haptics are weak unless it is raised.
    public static let quietPeakDbfs: Float = -18

    /// The longest sound analysed, in seconds: 24 hours, as long as a render without
    /// `--allow-long`. Past 2^15 s (9.1 hours) the envelopes' 32-bit times step by 3.9 ms and more,
    /// and the amplitude is followed at that step (the reference's millisecond sum would stand still).
    public static let maxSeconds: Double = 86_400

    /// Reads the sound at `path` in blocks of `blockFrames` mono samples (the mean of its channels):
    /// the analysis' reading, and the report's; a sound longer than `maxSeconds` (by its header, or
    /// as read) is refused. With `stretch`, only those frames, sought to (a file that `seeksExactly`),
    /// and `shouldContinue` is told the fraction of the stretch read. `body` borrows each block for
    /// the call.
    static func read(_ path: String, stretch: Range<Int64>? = nil, limitSeconds: Double = maxSeconds, shouldContinue: (Double) -> Bool,
                     format: (AudioFormat) -> Void = { _ in }, warning: (String) -> Void = { _ in },
                     _ body: (UnsafeBufferPointer<Float>) -> Void) throws(Failure) {
        let reader: SoundFileReader
        do {
            reader = try SoundFileReader(path: path, limits: .recordings)
        } catch {
            throw Failure(description: "\(error)", isMissing: !FileManager.default.fileExists(atPath: path))
        }
        format(reader.format)
        let rate = Double(max(1, reader.format.sampleRate))
        func tooLong(_ frames: Int64) -> Failure {
            Failure(description: "cannot read \(path): it lasts \(NumberText.significant(Double(frames) / rate)) s or more, "
                + "longer than the \(NumberText.significant(limitSeconds)) s\(limitSeconds == maxSeconds ? " (24 hours)" : "") from-audio analyses", isMissing: false)
        }
        if Double(reader.frameCount) / rate > limitSeconds { throw tooLong(reader.frameCount) }
        if let stretch {
            do { try reader.seek(toFrame: stretch.lowerBound) } catch { throw Failure(description: "\(error)", isMissing: false) }
        }
        let channels = reader.format.channelCount, length = stretch.map { Int64($0.count) } ?? reader.frameCount
        var interleaved = [Float](repeating: 0, count: blockFrames * channels)
        var mono = [Float](repeating: 0, count: blockFrames)
        var framesRead: Int64 = 0, clamped = 0
        while true {
            let wanted = stretch == nil ? blockFrames : Int(min(Int64(blockFrames), length - framesRead))
            guard wanted > 0 else { break }
            let frames = interleaved.withUnsafeMutableBufferPointer { reader.read(into: UnsafeMutableBufferPointer(rebasing: $0[0..<(wanted * channels)])) }
            guard frames > 0 else { break }
            interleaved.withUnsafeBufferPointer { samples in
                mono.withUnsafeMutableBufferPointer { mono in
                    // A float file may hold any number: past 1000 times full scale its square
                    // would overflow the envelope, so it is clamped there (and said).
                    clamped += MonoMix.mix(samples, channels: channels, frames: frames, limit: maxSampleMagnitude, into: mono)
                    body(UnsafeBufferPointer(rebasing: mono[0..<frames]))
                }
            }
            framesRead += Int64(frames)
            if Double(framesRead) / rate > limitSeconds { throw tooLong(framesRead) }
            guard shouldContinue(length > 0 ? Double(framesRead) / Double(length) : 1) else {
                throw Failure(description: "stopped", isMissing: false)
            }
        }
        func seconds(_ frames: Int64) -> String { NumberText.fixed(Double(frames) / rate, 3) + " s" }
        if reader.silencedSampleCount > 0 {
            warning("\(path): \(NumberText.count(reader.silencedSampleCount, "sample")) that \(reader.silencedSampleCount == 1 ? "was" : "were") not a number "
                + "(NaN or infinite) read as 0, the first at \(seconds(reader.firstSilencedFrame ?? 0))")
        }
        if clamped > 0 {
            warning("\(path): \(NumberText.count(clamped, "sample")) past \(Int(maxSampleMagnitude)) times full scale clamped to it")
        }
        let declared = stretch == nil ? max(reader.frameCount, reader.declaredFrameCount ?? 0) : length
        if declared > 0, framesRead < declared {
            warning("\(path): the sound ends after \(seconds(framesRead)) of the \(seconds(declared)) its header gives "
                + "(a truncated or damaged file): the rest is not analysed")
        }
        if let note = reader.decoderNotes.first {
            let more = reader.decoderNotes.count - 1
            warning("\(path): the MP3 decoder (libmpg123) noted: \(note)\(more > 0 ? " (and \(NumberText.count(more, "note")) more)" : "")")
        }
    }

    /// The frames `read` reads at a time.
    static let blockFrames = 32_768

    /// The largest sample magnitude analysed, in full scales.
    static let maxSampleMagnitude: Float = 1_000
}
