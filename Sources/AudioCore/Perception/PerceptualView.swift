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
        var meter = WindowMeter(samples: samples, sampleRate: sampleRate, fullScaleG: fullScaleG)
        self.sampleRate = sampleRate
        self.fullScaleG = fullScaleG
        hopFrames = meter.hop
        levelsDb = (0..<meter.windowCount).map { WindowMeter.levelDb(hopPeaks: meter.hopPeaksG(window: $0)) }
        frequenciesHz = (0..<meter.windowCount).map { meter.dominantHz(window: $0) }
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
}
