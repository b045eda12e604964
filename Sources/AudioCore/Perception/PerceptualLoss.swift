import Glibc

/// What a device loses of a reference render, window by window (docs/devices.md, "The device
/// matrix"): each side in g of its own full scale, judged with the perceptual view against the
/// noticeable differences (level 1.65 dB, frequency 13 %, onset 5 ms; 24 ms audio–haptic) as the
/// perceptual gate judges them: a window's level against the range the other side's takes within
/// the onset limit, so that timing within it is the onsets' alone to judge. A device that plays
/// the whole pattern weaker or stronger has not lost it: that overall level offset (the median of
/// the level differences where both are felt) is reported apart, and the windows are judged after
/// it is taken out. A window is lost once, whatever loses it.
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
        /// How far apart two onsets may be and still be one tap played early or late, in ms
        /// (assumed: under the 60–70 ms a person needs to tell two taps apart, over any latency a
        /// catalogue device adds); farther, one is missing and the other extra.
        public var onsetPairingMs = 50.0

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
    /// Windows felt on both whose sensation levels differ by more than the level limit once the
    /// level offset is taken out, each side's level against the nearest the other's takes within
    /// the onset limit (a window felt on one side that the other reaches within it is judged so
    /// too).
    public let level: Int
    /// Windows felt on both, their spans filled and their levels within the limit, whose
    /// frequencies differ by more than the limit.
    public let frequency: Int
    /// Onsets moved by more than the onset limit, or without a partner within the pairing window.
    public let onsets: [Onset]
    /// The device's overall level against the reference's, in dB (negative: weaker): the median
    /// of the level differences of the windows felt on both; nil when no window is.
    public let levelOffsetDb: Double?
    /// The reference's onsets (taps and the starts of what it plays).
    public let referenceOnsets: Int
    /// Windows lost, each once: the missing, level and frequency windows and the
    /// `windowsPerOnset` windows of each onset missing, extra or moved (its attack), together.
    public let lostWindows: Int

    /// What a lost window lost (the first of these that holds it: an onset's attack, then the
    /// window's own judgement).
    public enum LostKind: UInt8, Hashable, Sendable { case onset, missing, level, frequency }

    /// One lost window: its index (window k measures the 5 ms hop from k × `hopMs`, its level over
    /// [(k − 1), (k + 3)) hops) and what it lost. 8 bytes a window.
    public struct LostWindow: Hashable, Sendable {
        public let window: Int32
        public let kind: LostKind
        /// The window's centre on the renders' timeline, in ms.
        public func centreMs(hopMs: Double) -> Double { (Double(window) + 1) * hopMs }
    }

    /// Every lost window once, in window order (`lostWindows` of them).
    public let lost: [LostWindow]
    /// The hop between windows, in ms.
    public let hopMs: Double

    /// How many windows an onset missing, extra or moved stands for: its attack, the 40 ms span a
    /// window measures at its 5 ms hop (derived), from the first window whose level span holds
    /// it, so a device that merges taps into a buzz loses them however felt the buzz is.
    public static let windowsPerOnset = 8

    /// The lost windows ÷ the reference's felt windows, at most 1 (an extra onset's windows may
    /// lie where the reference is not felt); nil when the reference is never felt (nothing to
    /// lose: not applicable).
    public var loss: Double? {
        referenceFelt == 0 ? nil : min(1, Double(lostWindows) / Double(referenceFelt))
    }

    /// What most of the loss is: the largest of missing, level and frequency windows and the
    /// onsets' windows (in that order on a tie), with its count (windows, or onsets) and what it
    /// is out of; nil when nothing is lost.
    public var mostly: (kind: String, count: Int, of: Int)? {
        if referenceFelt > 0, missing == referenceFelt { return ("missing", missing, referenceFelt) }  // nothing felt at all
        let kinds = [("missing", missing), ("level", level), ("frequency", frequency), ("onsets", Self.windowsPerOnset * onsets.count)]
        guard let top = kinds.max(by: { $0.1 < $1.1 }), top.1 > 0, let first = kinds.first(where: { $0.1 == top.1 }) else { return nil }
        return first.0 == "onsets" ? ("onsets", onsets.count, referenceOnsets) : (first.0, first.1, referenceFelt)
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

    fileprivate init(
        counts: (felt: Int, missing: Int, extra: Int, level: Int, frequency: Int), onsets: [Onset], referenceOnsets: Int, levelOffsetDb: Double?,
        lost: [LostWindow], hopMs: Double
    ) {
        (referenceFelt, missing, extra, level, frequency) = counts
        self.onsets = onsets
        self.referenceOnsets = referenceOnsets
        self.levelOffsetDb = levelOffsetDb
        self.lost = lost
        self.hopMs = hopMs
        lostWindows = lost.count
    }

    /// The windows an onset at `ms` stands for: `windowsPerOnset` from the first whose 20 ms level
    /// span, [(k − 1)H, (k + 3)H), holds it.
    static func attackWindows(ms: Double, hopMs: Double) -> ClosedRange<Int> {
        let first = max(0, Int((ms / hopMs).rounded(.down)) - 2)
        return first...(first + windowsPerOnset - 1)
    }

    /// Pairs each onset of one side with its nearest of the other within `withinMs`, nearest pairs
    /// first; what is left is missing (the reference's) or extra (the device's). Only pairs moved
    /// by more than `movedMs` are kept, and every unpaired onset; in time order.
    package static func pair(reference: [Double], device: [Double], withinMs: Double, movedMs: Double, audioSyncMs: Double) -> [Onset] {
        var candidates: [(distance: Double, reference: Int, device: Int)] = []
        var start = 0
        for (index, time) in reference.enumerated() {
            while start < device.count, device[start] < time - withinMs { start += 1 }
            var other = start
            while other < device.count, device[other] <= time + withinMs {
                candidates.append((abs(device[other] - time), index, other))
                other += 1
            }
        }
        candidates.sort { ($0.distance, $0.reference, $0.device) < ($1.distance, $1.reference, $1.device) }
        var partnerOf = [Int?](repeating: nil, count: reference.count), taken = [Bool](repeating: false, count: device.count)
        for candidate in candidates where partnerOf[candidate.reference] == nil && !taken[candidate.device] {
            partnerOf[candidate.reference] = candidate.device
            taken[candidate.device] = true
        }
        var onsets: [Onset] = []
        for (index, time) in reference.enumerated() {
            guard let partner = partnerOf[index] else {
                onsets.append(Onset(referenceMs: time, deviceMs: nil, audioSync: true))
                continue
            }
            let moved = abs(device[partner] - time)
            if moved > movedMs { onsets.append(Onset(referenceMs: time, deviceMs: device[partner], audioSync: moved > audioSyncMs)) }
        }
        for (index, time) in device.enumerated() where !taken[index] { onsets.append(Onset(referenceMs: nil, deviceMs: time, audioSync: true)) }
        return onsets.sorted { ($0.referenceMs ?? $0.deviceMs ?? 0) < ($1.referenceMs ?? $1.deviceMs ?? 0) }
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
        /// A window judged for level at the end, once the offset is known: with the offset s taken
        /// out, its level is lost when max(`lowDb` − s, s − `highDb`) passes the limit, that is when
        /// either side's level lies farther than the limit from the range the other's takes within
        /// the onset limit (`lowDb`, `highDb`: the bounds of device − reference that keep both
        /// within it, in dB). 16 bytes a window (a 30-minute pattern holds up to 360,000).
        private struct Judged {
            /// The window, shifted left once, and whether the frequencies differ past the limit.
            private let windowAndFrequency: UInt32
            /// Device − reference at the window's centre, in dB (for the offset: NaN when the
            /// window is felt on one side only and the other reaches it within the onset limit).
            let centreDb: Float
            let lowDb: Float, highDb: Float

            init(window: Int, centreDb: Float, lowDb: Float, highDb: Float, frequencyDiffers: Bool) {
                windowAndFrequency = UInt32(clamping: window) << 1 | (frequencyDiffers ? 1 : 0)
                (self.centreDb, self.lowDb, self.highDb) = (centreDb, lowDb, highDb)
            }

            var window: Int { Int(windowAndFrequency >> 1) }
            var frequencyDiffers: Bool { windowAndFrequency & 1 == 1 }
        }

        private let frequencies: ReferenceFrequencies?
        private var wanted: WindowMeter, got: WindowMeter
        private var wantedOnsets: OnsetDetector.Stream, gotOnsets: OnsetDetector.Stream
        private let limits: Limits
        private let sampleRate: Int
        /// The onset limit in frames, as far as a window's level span can move.
        private let slackFrames: Int
        private var counts = (felt: 0, missing: 0, extra: 0, level: 0, frequency: 0)
        private var judged: [Judged] = []
        /// Windows felt on one side only (and not reached by the other within the onset limit):
        /// which, and by how much, in dB over its threshold.
        private var referenceOnly: [(window: Int32, marginDb: Float)] = [], deviceOnlyMarginDb: [Float] = []
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
            slackFrames = min(max(0, Int((limits.onsetMs * Double(sampleRate) / 1000).rounded())), 2 * WindowMeter.hopFrames(sampleRate: sampleRate))
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
            let referenceOnsets = wantedOnsets.finish().map(ms)
            let onsets = PerceptualLoss.pair(reference: referenceOnsets, device: gotOnsets.finish().map(ms),
                                             withinMs: limits.onsetPairingMs, movedMs: limits.onsetMs, audioSyncMs: limits.audioSyncMs)
            // The offset is the median level difference of the windows felt on both; a window
            // felt on one side only counts when the offset does not explain it (the other side,
            // moved by the offset, is felt).
            let offset = Self.median(judged.map(\.centreDb).filter { !$0.isNaN }), limit = Float(limits.levelDb)
            let shift = offset ?? 0
            var counts = self.counts
            var lost: [LostWindow] = []
            for window in referenceOnly where window.marginDb + shift >= 0 {
                counts.missing += 1
                lost.append(LostWindow(window: window.window, kind: .missing))
            }
            counts.extra = deviceOnlyMarginDb.filter { $0 - shift >= 0 }.count
            for window in judged {
                let kind: LostKind
                if max(window.lowDb - shift, shift - window.highDb) > limit {
                    counts.level += 1
                    kind = .level
                } else if window.frequencyDiffers {
                    counts.frequency += 1
                    kind = .frequency
                } else {
                    continue
                }
                lost.append(LostWindow(window: Int32(clamping: window.window), kind: kind))
            }
            // Each onset's attack, and the windows lost, each once (an attack's first).
            let hopMs = Double(wanted.hop) * 1000 / rate
            var attacks = Set<Int>()
            for onset in onsets { attacks.formUnion(PerceptualLoss.attackWindows(ms: onset.referenceMs ?? onset.deviceMs ?? 0, hopMs: hopMs)) }
            let all = attacks.map { LostWindow(window: Int32(clamping: $0), kind: .onset) } + lost.filter { !attacks.contains(Int($0.window)) }
            return PerceptualLoss(counts: counts, onsets: onsets, referenceOnsets: referenceOnsets.count, levelOffsetDb: offset.map(Double.init),
                                  lost: all.sorted { $0.window < $1.window }, hopMs: hopMs)
        }

        /// The median of `values` (the mean of the middle two for an even count); nil for none.
        static func median(_ values: [Float]) -> Float? {
            let sorted = values.sorted(), middle = sorted.count / 2
            guard !sorted.isEmpty else { return nil }
            return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        }

        /// Window `next`: felt on one side, the other, or both (at its centre, or within the onset
        /// limit), and then whether its level or its frequency differs past the limits.
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
            // Both levels as their spans move within the onset limit.
            let wantedRange = wantedFelt || gotFelt ? wanted.levelsDb(window: window, slackFrames: slackFrames) : nil
            let gotRange = wantedFelt || gotFelt ? got.levelsDb(window: window, slackFrames: slackFrames) : nil
            guard let wantedRange, let gotRange else { return }
            if wantedFelt { counts.felt += 1 }
            // The bounds of device − reference within which each side lies inside the other's range,
            // in sensation levels floored as the perceptual view floors them (so a silent side is
            // a finite distance away).
            let level = { (db: Double) in max(PerceptualView.floorDb, db - threshold) }
            let low = Float(max(level(gotRange.lowest) - level(wantedDb), level(gotDb) - level(wantedRange.highest)))
            let high = Float(min(level(gotRange.highest) - level(wantedDb), level(gotDb) - level(wantedRange.lowest)))
            switch (wantedFelt, gotFelt) {
            case (true, false) where gotRange.highest - threshold >= 0, (false, true) where wantedRange.highest - threshold >= 0:
                // Felt on one side; the other reaches it within the onset limit: a level to judge.
                guard wantedFelt else { return }  // not felt on the reference: nothing of it to lose
                judged.append(Judged(window: window, centreDb: .nan, lowDb: low, highDb: high, frequencyDiffers: false))
            case (true, false): referenceOnly.append((Int32(clamping: window), Float(wantedDb - threshold)))
            case (false, true): deviceOnlyMarginDb.append(Float(gotDb - threshold))
            case (true, true):
                var differs = false
                if let wantedHz, WindowMeter.fillsSpan(wantedPeaks, thresholdDb: threshold), WindowMeter.fillsSpan(gotPeaks, thresholdDb: threshold) {
                    gotHz = gotHz ?? got.dominantHz(window: window)
                    if let gotHz { differs = abs(gotHz / wantedHz - 1) > limits.frequencyRatio }
                }
                judged.append(Judged(window: window, centreDb: Float(gotDb - wantedDb), lowDb: low, highDb: high, frequencyDiffers: differs))
            case (false, false): break
            }
        }
    }
}
