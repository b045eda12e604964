import Glibc

/// Measures one 10 ms window of a mono signal (docs/golden-tests.md, "The perceptual view"): the
/// peaks, in g, of the eight 5 ms hops of the 40 ms span centred on it, and the span's dominant
/// frequency. Window k is frames [kH, kH + 2H); its level
/// span is hops 2…5 of the span, 20 ms; zeros lie outside the signal.
/// `levelsDb(window:slackFrames:)` also gives the range of the level span's peak as the span moves
/// by up to a slack either way. It holds the whole signal, or (streaming) the part of it from
/// frame `base` on, which `append` and `forget` move along.
struct WindowMeter {
    /// The signal's frames from `base` on.
    private(set) var samples: [Float]
    private(set) var base = 0
    let sampleRate: Int
    /// H, frames per 5 ms hop.
    let hop: Int
    let fullScaleG: Double
    private var spectrum: RealSpectrum
    private let hann: [Double]
    /// The windowed span, reused from window to window.
    private var span: [Double]

    init(samples: [Float], sampleRate: Int, fullScaleG: Double) {
        self.samples = samples
        self.sampleRate = sampleRate
        self.fullScaleG = fullScaleG
        hop = Self.hopFrames(sampleRate: sampleRate)
        spectrum = RealSpectrum(size: PerceptualView.fftSize(span: 8 * hop))
        let span = 8 * hop
        hann = (0..<span).map { 0.5 - 0.5 * cos(2 * Double.pi * Double($0) / Double(span - 1)) }
        self.span = [Double](repeating: 0, count: span)
    }

    /// H at `sampleRate`: round-half-up(rate / 200), at least 1.
    static func hopFrames(sampleRate: Int) -> Int { max(1, (sampleRate + 100) / 200) }

    /// The signal's frames so far.
    var frameCount: Int { base + samples.count }

    /// The number of windows: ⌈frames / H⌉.
    var windowCount: Int { (frameCount + hop - 1) / hop }

    /// Takes the signal's next frames.
    mutating func append(_ block: UnsafeBufferPointer<Float>) { samples.append(contentsOf: block) }

    /// Forgets the frames before `frame` (no window read later reaches them).
    mutating func forget(before frame: Int) {
        let count = min(samples.count, frame - base)
        guard count >= 16_384 else { return }
        samples.removeFirst(count)
        base += count
    }

    /// The peaks of the 40 ms span's eight hops, in g.
    func hopPeaksG(window: Int) -> [Double] {
        let start = (window - 3) * hop - base, hop = self.hop, scale = fullScaleG
        return samples.withUnsafeBufferPointer { samples in
            (0..<8).map { index in
                var peak: Float = 0
                var frame = max(0, start + index * hop)
                let end = min(samples.count, start + (index + 1) * hop)
                while frame < end {
                    peak = max(peak, abs(samples[frame]))
                    frame += 1
                }
                return Double(peak) * scale
            }
        }
    }

    /// The window's level: the peak of its 20 ms span, in dB re 1 g (−∞ when silent).
    static func levelDb(hopPeaks peaks: [Double]) -> Double { 20 * log10(peaks[2...5].reduce(0, max)) }

    /// Whether a signal fills the 40 ms span: every hop's peak (`peaks`, in g) at or above
    /// `thresholdDb`. A frequency is only judged then: over a partly silent span it moves by several
    /// per cent with where the signal is cut.
    static func fillsSpan(_ peaks: [Double], thresholdDb: Double) -> Bool { peaks.allSatisfy { 20 * log10($0) >= thresholdDb } }

    /// The window's level in dB re 1 g, and the lowest and highest it takes as its 20 ms span moves
    /// by up to `slack` frames either way (slack ≤ 2H). Linear in the span: the moved spans share
    /// a core, and the parts before and after it grow and shrink by one frame a step.
    func levelsDb(window: Int, slackFrames slack: Int) -> (centre: Double, lowest: Double, highest: Double) {
        let start = (window - 1) * hop, length = 4 * hop
        precondition(slack >= 0 && 2 * slack <= length, "the slack must be at most half the level span")
        func magnitude(_ frame: Int) -> Double { frame >= base && frame - base < samples.count ? Double(abs(samples[frame - base])) : 0 }
        var core = 0.0
        for frame in (start + slack)..<(start + length - slack) { core = max(core, magnitude(frame)) }
        // before[i]: the peak of [start − slack + i, start + slack); after[i]: of the i frames from
        // start + length − slack. The span moved by i − slack is before[i] ∪ core ∪ after[i].
        var before = [Double](repeating: 0, count: 2 * slack + 1), after = before
        for index in stride(from: 2 * slack - 1, through: 0, by: -1) { before[index] = max(before[index + 1], magnitude(start - slack + index)) }
        for index in 0..<(2 * slack) { after[index + 1] = max(after[index], magnitude(start + length - slack + index)) }
        var lowest = Double.infinity, highest = 0.0
        for index in 0...(2 * slack) {
            let peak = max(core, before[index], after[index])
            lowest = min(lowest, peak)
            highest = max(highest, peak)
        }
        let db = { (peak: Double) in 20 * log10(peak * fullScaleG) }
        return (db(max(core, before[slack], after[slack])), db(lowest), db(highest))
    }

    /// The largest bin in 20–500 Hz of the Hann-windowed span, zero-padded to `spectrum.size`,
    /// refined by a parabola through its dB value and its neighbours' (by at most half a bin);
    /// nil when the span is silent.
    mutating func dominantHz(window: Int) -> Double? {
        let start = (window - 3) * hop - base
        var silent = true
        samples.withUnsafeBufferPointer { samples in
            hann.withUnsafeBufferPointer { hann in
                span.withUnsafeMutableBufferPointer { span in
                    for index in 0..<span.count {
                        let frame = start + index
                        let sample = frame >= 0 && frame < samples.count ? samples[frame] : 0
                        if sample != 0 { silent = false }
                        span[index] = Double(sample) * hann[index]
                    }
                }
            }
        }
        guard !silent else { return nil }
        let binHz = Double(sampleRate) / Double(spectrum.size)
        let band = PerceptualView.bandHz
        let first = Int((band.lowerBound / binHz).rounded(.up)), last = Int((band.upperBound / binHz).rounded(.down))
        guard first >= 1, first <= last, last + 1 < spectrum.size / 2 else { return nil }
        let magnitudes = spectrum.magnitudes(of: span, bins: (first - 1)...(last + 1))
        var best = 1
        for index in 1...(last - first + 1) where magnitudes[index] > magnitudes[best] { best = index }
        guard magnitudes[best] > 0 else { return nil }
        let left = 20 * log10(magnitudes[best - 1]), centre = 20 * log10(magnitudes[best]), right = 20 * log10(magnitudes[best + 1])
        let curvature = left - 2 * centre + right
        let offset = left.isFinite && right.isFinite && curvature < 0 ? min(0.5, max(-0.5, 0.5 * (left - right) / curvature)) : 0
        return (Double(first - 1 + best) + offset) * binHz
    }
}
