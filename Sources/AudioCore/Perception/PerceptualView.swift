import Glibc

/// One mono signal as a person would feel it (docs/golden-tests.md, "The perceptual view"): 10 ms
/// windows every 5 ms, each with its level in dB re 1 g, its dominant frequency and, against the
/// vibrotactile threshold, its sensation level; and the signal's onsets.
public struct PerceptualView: Sendable {
    /// Frequencies a dominant frequency is looked for in, in Hz.
    public static let bandHz: ClosedRange<Double> = 20...500
    /// The sensation level nothing is below, in dB: a silent window's.
    public static let floorDb = -20.0
    /// The frequency a sensation level is taken at when no dominant frequency is known, in Hz.
    public static let fallbackHz = 150.0

    /// Frames per second.
    public let sampleRate: Int
    /// The hop H between windows, in frames: round-half-up(rate / 200), 5 ms. Window k covers
    /// frames [kH, kH + 2H).
    public let hopFrames: Int
    /// The acceleration of a full-scale sample, in g.
    public let fullScaleG: Double
    /// Each window's level: 20·log10 of the largest |sample| × fullScaleG over the 20 ms centred on
    /// it, in dB re 1 g peak (−∞ where that span is silent).
    public let levelsDb: [Double]
    /// Each window's dominant frequency in 20–500 Hz, in Hz, over the 40 ms centred on it (nil
    /// where that span is silent).
    public let frequenciesHz: [Double?]
    /// The frames where something starts (`OnsetDetector`), in order.
    public let onsetFrames: [Int]

    /// The view of `samples` (mono, full scale ±1) at `sampleRate` frames per second.
    public init(samples: [Float], sampleRate: Int, fullScaleG: Double = 2.0, onsets: OnsetDetector = OnsetDetector()) {
        self.sampleRate = sampleRate
        self.fullScaleG = fullScaleG
        let hop = max(1, (sampleRate + 100) / 200)
        hopFrames = hop
        let count = (samples.count + hop - 1) / hop
        // The largest |sample| of each hop; spans are whole hops around a window.
        var peaks = [Double](repeating: 0, count: count)
        for (index, sample) in samples.enumerated() { peaks[index / hop] = max(peaks[index / hop], Double(abs(sample))) }
        func peak(_ hops: ClosedRange<Int>) -> Double {
            let first = max(0, hops.lowerBound), last = min(count - 1, hops.upperBound)
            return first > last ? 0 : peaks[first...last].reduce(0, max)
        }
        levelsDb = (0..<count).map { 20 * log10(peak(($0 - 1)...($0 + 2)) * fullScaleG) }
        var spectrum = RealSpectrum(size: Self.fftSize(span: 8 * hop))
        let hann = (0..<(8 * hop)).map { 0.5 - 0.5 * cos(2 * Double.pi * Double($0) / Double(8 * hop - 1)) }
        frequenciesHz = (0..<count).map { window in
            guard peak((window - 3)...(window + 4)) > 0 else { return nil }
            let start = (window - 3) * hop
            let span = (0..<(8 * hop)).map { offset in
                let frame = start + offset
                return frame >= 0 && frame < samples.count ? Double(samples[frame]) * hann[offset] : 0
            }
            return Self.dominantHz(span, spectrum: &spectrum, sampleRate: sampleRate)
        }
        onsetFrames = onsets.onsets(in: samples, sampleRate: sampleRate)
    }

    /// The number of windows: ⌈frames / H⌉.
    public var windowCount: Int { levelsDb.count }

    /// The time of window `index`'s centre, in milliseconds.
    public func centreMs(ofWindow index: Int) -> Double { Double(index * hopFrames + hopFrames) * 1000 / Double(sampleRate) }

    /// Window `index`'s sensation level at `hz`: its level above the threshold there, in dB,
    /// floored at −20.
    public func sensationLevelDb(ofWindow index: Int, atHz hz: Double) -> Double {
        let level = index < levelsDb.count ? levelsDb[index] : -.infinity
        return max(Self.floorDb, level - VibrotactileThreshold.db(atHz: hz))
    }

    /// Window `index`'s sensation level at its own dominant frequency (150 Hz when it has none).
    public func sensationLevelDb(ofWindow index: Int) -> Double {
        sensationLevelDb(ofWindow: index, atHz: frequency(ofWindow: index) ?? Self.fallbackHz)
    }

    /// Window `index`'s dominant frequency in Hz, nil when silent or past the end.
    public func frequency(ofWindow index: Int) -> Double? { index < frequenciesHz.count ? frequenciesHz[index] : nil }

    /// The FFT size for a span of `frames`: the power of two at least 4 × the span.
    static func fftSize(span frames: Int) -> Int {
        var size = 2
        while size < 4 * frames { size *= 2 }
        return size
    }

    /// The largest bin in the band, refined by a parabola through its dB value and its neighbours'.
    private static func dominantHz(_ span: [Double], spectrum: inout RealSpectrum, sampleRate: Int) -> Double? {
        let binHz = Double(sampleRate) / Double(spectrum.size)
        let first = Int((bandHz.lowerBound / binHz).rounded(.up)), last = Int((bandHz.upperBound / binHz).rounded(.down))
        guard first <= last, first >= 1, last + 1 < spectrum.size / 2 else { return nil }
        let magnitudes = spectrum.magnitudes(of: span, bins: (first - 1)...(last + 1))
        var best = 1
        for index in 1...(last - first + 1) where magnitudes[index] > magnitudes[best] { best = index }
        guard magnitudes[best] > 0 else { return nil }
        let left = 20 * log10(magnitudes[best - 1]), centre = 20 * log10(magnitudes[best]), right = 20 * log10(magnitudes[best + 1])
        let curvature = left - 2 * centre + right
        let offset = left.isFinite && right.isFinite && curvature < 0 ? 0.5 * (left - right) / curvature : 0
        return (Double(first - 1 + best) + offset) * binHz
    }
}
