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
    /// (missing + level + frequency) ÷ reference-felt windows; 0 when the reference is never felt.
    public var loss: Double { referenceFelt == 0 ? 0 : Double(missing + level + frequency) / Double(referenceFelt) }

    /// A reference measured once for several devices: its windows' peaks and frequencies are
    /// kept as they are first measured.
    public final class Reference {
        let samples: [Float]
        let sampleRate: Int
        private var meter: WindowMeter
        private var peaks: [Int: [Double]] = [:]
        private var frequencies: [Int: Double?] = [:]

        /// `samples` (mono) at `sampleRate`, a full-scale sample being `fullScaleG` g.
        public init(samples: [Float], fullScaleG: Double, sampleRate: Int) {
            self.samples = samples
            self.sampleRate = sampleRate
            meter = WindowMeter(samples: samples, sampleRate: sampleRate, fullScaleG: fullScaleG)
        }

        func hopPeaksG(window: Int) -> [Double] {
            if let known = peaks[window] { return known }
            let measured = meter.hopPeaksG(window: window)
            peaks[window] = measured
            return measured
        }

        func dominantHz(window: Int) -> Double? {
            if let known = frequencies[window] { return known }
            let measured = meter.dominantHz(window: window)
            frequencies[window] = .some(measured)
            return measured
        }
    }

    /// Compares `device` with `reference` (mono, one rate; the shorter padded with zeros).
    public init(
        reference: [Float], referenceFullScaleG: Double, device: [Float], deviceFullScaleG: Double, sampleRate: Int, limits: Limits = Limits()
    ) {
        self.init(reference: Reference(samples: reference, fullScaleG: referenceFullScaleG, sampleRate: sampleRate), device: device,
                  deviceFullScaleG: deviceFullScaleG, limits: limits)
    }

    /// Compares `device` with a reference measured once (at its rate; the shorter padded with zeros).
    public init(reference: Reference, device: [Float], deviceFullScaleG: Double, limits: Limits = Limits()) {
        let sampleRate = reference.sampleRate
        let frames = max(reference.samples.count, device.count)
        let gotSamples = device + [Float](repeating: 0, count: frames - device.count)
        var got = WindowMeter(samples: gotSamples, sampleRate: sampleRate, fullScaleG: deviceFullScaleG)
        var counts = (felt: 0, missing: 0, extra: 0, level: 0, frequency: 0)
        for window in 0..<got.windowCount {
            let wantedPeaks = reference.hopPeaksG(window: window), gotPeaks = got.hopPeaksG(window: window)
            let wantedDb = WindowMeter.levelDb(hopPeaks: wantedPeaks), gotDb = WindowMeter.levelDb(hopPeaks: gotPeaks)
            guard max(wantedDb, gotDb) >= VibrotactileThreshold.lowestInBandDb else { continue }
            // The device's frequency is measured only where it is needed: for the threshold when the
            // reference has none, and for the frequency judgement.
            let wantedHz = reference.dominantHz(window: window)
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
        (referenceFelt, missing, extra, level, frequency) = counts
        let detector = OnsetDetector(), ms = { (frame: Int) in Double(frame) * 1000 / Double(sampleRate) }
        let wantedOnsets = detector.onsets(in: reference.samples, sampleRate: sampleRate), gotOnsets = detector.onsets(in: gotSamples, sampleRate: sampleRate)
        onsets = (0..<max(wantedOnsets.count, gotOnsets.count)).compactMap { index in
            let referenceMs = index < wantedOnsets.count ? ms(wantedOnsets[index]) : nil
            let deviceMs = index < gotOnsets.count ? ms(gotOnsets[index]) : nil
            guard let referenceMs, let deviceMs else { return Onset(referenceMs: referenceMs, deviceMs: deviceMs, audioSync: true) }
            let moved = abs(deviceMs - referenceMs)
            return moved > limits.onsetMs ? Onset(referenceMs: referenceMs, deviceMs: deviceMs, audioSync: moved > limits.audioSyncMs) : nil
        }
    }
}
