import Glibc

/// What a device loses of a reference render, window by window (docs/devices.md, "The device
/// matrix"): each side in g of its own full scale, judged with the perceptual view against the
/// noticeable differences (level 1.65 dB, frequency 13 %, onset 5 ms; 24 ms audio–haptic).
public struct PerceptualLoss: Hashable, Sendable {
    /// The noticeable differences.
    public struct Limits: Hashable, Sendable {
        /// The amplitude JND, in dB (Israr, Tan, Reed, JASA 2006).
        public var levelDb = 1.65
        /// The frequency Weber fraction (ibid.).
        public var frequencyRatio = 0.13
        /// The tactile point of subjective simultaneity, in ms (Kaaresoja et al., ACM ToCHI 2014).
        public var onsetMs = 5.0
        /// The audio–haptic asynchrony people notice, in ms (Adelstein et al., ICMI 2003).
        public var audioSyncMs = 24.0

        public init() {}
    }

    /// An onset of one side that moved, or has no partner on the other.
    public struct Onset: Hashable, Sendable {
        /// The reference's onset time in ms, nil for an extra onset of the device.
        public let referenceMs: Double?
        /// The device's onset time in ms, nil for a missing onset.
        public let deviceMs: Double?
        /// Whether it moved by more than the audio–haptic asynchrony (or has no partner).
        public let audioSync: Bool
    }

    /// Windows the reference is felt in.
    public let referenceFelt: Int
    /// Windows felt in the reference and not on the device.
    public let missing: Int
    /// Windows felt on the device and not in the reference.
    public let extra: Int
    /// Windows felt on both whose sensation levels differ by more than the level limit.
    public let level: Int
    /// Windows felt on both, their spans filled, whose frequencies differ by more than the limit.
    public let frequency: Int
    /// Onsets moved by more than the onset limit, or without a partner.
    public let onsets: [Onset]
    /// (missing + level + frequency) ÷ reference-felt windows; nil when the reference is never felt
    /// (nothing to lose: not applicable).
    public var loss: Double? { referenceFelt == 0 ? nil : Double(missing + level + frequency) / Double(referenceFelt) }

    /// What most of the loss is: the largest of missing, level and frequency windows (in that order
    /// on a tie), with its count; nil when nothing is lost.
    public var mostly: (kind: String, windows: Int)? {
        let kinds = [("missing", missing), ("level", level), ("frequency", frequency)]
        guard let top = kinds.max(by: { $0.1 < $1.1 }), top.1 > 0 else { return nil }
        return kinds.first { $0.1 == top.1 }
    }

    /// Compares `device` with `reference` (mono, one rate; the shorter padded with zeros).
    public init(
        reference: [Float], referenceFullScaleG: Double, device: [Float], deviceFullScaleG: Double, sampleRate: Int, limits: Limits = Limits()
    ) {
        var meter = Meter(sampleRate: sampleRate, referenceFullScaleG: referenceFullScaleG, deviceFullScaleG: deviceFullScaleG, limits: limits)
        let frames = max(reference.count, device.count)
        let padded = { (samples: [Float]) in samples + [Float](repeating: 0, count: frames - samples.count) }
        padded(reference).withUnsafeBufferPointer { wanted in padded(device).withUnsafeBufferPointer { got in meter.feed(reference: wanted, device: got) } }
        self = meter.finish()
    }

    fileprivate init(counts: (felt: Int, missing: Int, extra: Int, level: Int, frequency: Int), onsets: [Onset]) {
        (referenceFelt, missing, extra, level, frequency) = counts
        self.onsets = onsets
    }

    /// The reference's dominant frequency of each window, measured once for several devices:
    /// 4 bytes a 5 ms window (NaN: not measured yet, −1: silent).
    public final class ReferenceFrequencies {
        private var values: [Float] = []

        public init() {}

        func value(window: Int, measure: () -> Double?) -> Double? {
            if window >= values.count { values += [Float](repeating: .nan, count: max(4_096, window + 1 - values.count)) }
            if values[window].isNaN { values[window] = measure().map(Float.init) ?? -1 }
            return values[window] < 0 ? nil : Double(values[window])
        }
    }

    /// The loss measured as the two renders arrive, a block of each at a time (the shorter fed
    /// zeros to the longer's end): memory holds a window's span of each, whatever the length (and,
    /// given `ReferenceFrequencies`, the reference's frequencies, shared by every device).
    public struct Meter {
        private let frequencies: ReferenceFrequencies?
        private var wanted: WindowMeter, got: WindowMeter
        private var wantedOnsets: OnsetDetector.Stream, gotOnsets: OnsetDetector.Stream
        private let limits: Limits
        private let sampleRate: Int
        private var counts = (felt: 0, missing: 0, extra: 0, level: 0, frequency: 0)
        /// The next window to judge.
        private var next = 0

        public init(
            sampleRate: Int, referenceFullScaleG: Double, deviceFullScaleG: Double, limits: Limits = Limits(),
            referenceFrequencies: ReferenceFrequencies? = nil
        ) {
            frequencies = referenceFrequencies
            wanted = WindowMeter(samples: [], sampleRate: sampleRate, fullScaleG: referenceFullScaleG)
            got = WindowMeter(samples: [], sampleRate: sampleRate, fullScaleG: deviceFullScaleG)
            wantedOnsets = OnsetDetector.Stream(OnsetDetector(), sampleRate: sampleRate)
            gotOnsets = OnsetDetector.Stream(OnsetDetector(), sampleRate: sampleRate)
            self.limits = limits
            self.sampleRate = sampleRate
        }

        /// Takes the next frames of both renders (as many of each).
        public mutating func feed(reference: UnsafeBufferPointer<Float>, device: UnsafeBufferPointer<Float>) {
            wanted.append(reference)
            got.append(device)
            wantedOnsets.feed(reference)
            gotOnsets.feed(device)
            // A window is judged once its 40 ms span has arrived.
            while (next + 5) * wanted.hop <= got.frameCount { judge() }
            wanted.forget(before: (next - 3) * wanted.hop)
            got.forget(before: (next - 3) * got.hop)
        }

        /// Judges the remaining windows (the renders end here) and returns the loss.
        public mutating func finish() -> PerceptualLoss {
            while next < got.windowCount { judge() }
            let rate = Double(sampleRate), limits = self.limits
            let ms = { (frame: Int) in Double(frame) * 1000 / rate }
            let wantedFrames = wantedOnsets.finish(), gotFrames = gotOnsets.finish()
            let onsets = (0..<max(wantedFrames.count, gotFrames.count)).compactMap { index -> Onset? in
                let referenceMs = index < wantedFrames.count ? ms(wantedFrames[index]) : nil
                let deviceMs = index < gotFrames.count ? ms(gotFrames[index]) : nil
                guard let referenceMs, let deviceMs else { return Onset(referenceMs: referenceMs, deviceMs: deviceMs, audioSync: true) }
                let moved = abs(deviceMs - referenceMs)
                return moved > limits.onsetMs ? Onset(referenceMs: referenceMs, deviceMs: deviceMs, audioSync: moved > limits.audioSyncMs) : nil
            }
            return PerceptualLoss(counts: counts, onsets: onsets)
        }

        /// Window `next`: felt on one side, the other, or both, and then whether its level or its
        /// frequency differs past the limits.
        private mutating func judge() {
            let window = next
            next += 1
            let wantedPeaks = wanted.hopPeaksG(window: window), gotPeaks = got.hopPeaksG(window: window)
            let wantedDb = WindowMeter.levelDb(hopPeaks: wantedPeaks), gotDb = WindowMeter.levelDb(hopPeaks: gotPeaks)
            guard max(wantedDb, gotDb) >= VibrotactileThreshold.lowestInBandDb else { return }
            // The device's frequency is measured only where it is needed: for the threshold when the
            // reference has none, and for the frequency judgement.
            let wantedHz = frequencies.map { cache in cache.value(window: window) { wanted.dominantHz(window: window) } } ?? wanted.dominantHz(window: window)
            var gotHz = wantedHz == nil ? got.dominantHz(window: window) : nil
            let threshold = VibrotactileThreshold.db(atHz: wantedHz ?? gotHz ?? PerceptualView.fallbackHz)
            let wantedFelt = wantedDb - threshold >= 0, gotFelt = gotDb - threshold >= 0
            if wantedFelt { counts.felt += 1 }
            switch (wantedFelt, gotFelt) {
            case (true, false): counts.missing += 1
            case (false, true): counts.extra += 1
            case (true, true):
                if abs(gotDb - wantedDb) > limits.levelDb {
                    counts.level += 1
                } else if let wantedHz, WindowMeter.fillsSpan(wantedPeaks, thresholdDb: threshold),
                          WindowMeter.fillsSpan(gotPeaks, thresholdDb: threshold) {
                    gotHz = gotHz ?? got.dominantHz(window: window)
                    if let gotHz, abs(gotHz / wantedHz - 1) > limits.frequencyRatio { counts.frequency += 1 }
                }
            case (false, false): break
            }
        }
    }
}
