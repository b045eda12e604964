import Glibc

/// How close two signals must feel to pass the perceptual gate (docs/golden-tests.md): each limit
/// is below the smallest published just-noticeable difference.
public struct PerceptualTolerance: Hashable, Sendable {
    /// Largest |SL_actual − SL_expected| in a window where either is felt, in dB (JND 1.65–2.98).
    public var levelDb: Double
    /// Largest |f_actual / f_expected − 1| where both are felt (half the Weber fraction 0.13).
    public var frequencyRatio: Double
    /// Largest shift of a paired onset, in milliseconds (under the 5 ms simultaneity point).
    public var onsetMs: Double

    public init(levelDb: Double = 1.0, frequencyRatio: Double = 0.06, onsetMs: Double = 2.0) {
        self.levelDb = levelDb
        self.frequencyRatio = frequencyRatio
        self.onsetMs = onsetMs
    }

    /// The largest onset tolerance the view can allow at `sampleRate`, in ms: a window's 20 ms
    /// level span moves by at most half its length (2H frames, about 10 ms).
    public static func maxOnsetMs(sampleRate: Int) -> Double {
        Double(2 * WindowMeter.hopFrames(sampleRate: sampleRate)) * 1000 / Double(sampleRate)
    }

    /// The onset tolerance in frames at `sampleRate`.
    func slackFrames(sampleRate: Int) -> Int { Int((onsetMs * Double(sampleRate) / 1000).rounded()) }

    /// What the view cannot do with these limits at `sampleRate` (an onset tolerance longer than
    /// a window can move), or nil.
    public func problem(sampleRate: Int) -> String? {
        guard slackFrames(sampleRate: sampleRate) > 2 * WindowMeter.hopFrames(sampleRate: sampleRate) else { return nil }
        return "an onset tolerance of \(onsetMs) ms is more than the \((Self.maxOnsetMs(sampleRate: sampleRate) * 1000).rounded(.down) / 1000) ms "
            + "the perceptual view can move a window at \(sampleRate) Hz"
    }
}

/// Two signals of one rate compared as a person would feel them: levels, frequencies and onsets
/// against `PerceptualTolerance`, window by window and channel by channel.
public struct PerceptualComparison: Hashable, Sendable {
    /// The three gates.
    public enum Gate: String, Hashable, Sendable, CaseIterable { case level, frequency, onset }

    /// Where a gate first failed. `expected` and `actual` are sensation levels in dB (level),
    /// dominant frequencies in Hz (frequency) or onset times in ms (onset; nil for a missing
    /// or an extra onset).
    public struct Failure: Hashable, Sendable {
        public let gate: Gate
        /// A window's centre or the expected onset, in milliseconds from the start.
        public let atMs: Double
        public let expected: Double?
        public let actual: Double?
        /// The channel, from 0.
        public let channel: Int
    }

    public let sampleRate: Int
    public let channelCount: Int
    public let tolerance: PerceptualTolerance
    /// Windows where either side is felt (summed over channels).
    public let judgedWindows: Int
    /// The level difference SL_actual − SL_expected largest in size over judged windows, in dB.
    public let maxLevelDiffDb: Double
    /// f_actual / f_expected − 1 largest in size where both are felt.
    public let maxFrequencyError: Double
    /// Onsets found in each signal (summed over channels).
    public let expectedOnsets: Int, actualOnsets: Int
    /// The paired onset shift (actual − expected) largest in size, in ms; nil with no pair.
    public let maxOnsetShiftMs: Double?
    /// The failure to name: the earliest onset failure when onsets moved, else the earliest of any
    /// gate (at one time: level, then frequency, then onset).
    public let firstFailure: Failure?
    /// ST-SIM and SPQI of the actual against the expected (figures, never a gate).
    public let stSim: VibroMetrics.Score, spqi: VibroMetrics.Score

    public var pass: Bool { firstFailure == nil }

    /// Compares the channels of `actual` with those of `expected` (equal counts; each channel's
    /// samples at `sampleRate`, full scale `fullScaleG` g); the shorter is padded with zeros.
    /// `scoring` false leaves out ST-SIM and SPQI (their scores are then null), for a caller that
    /// needs the gates alone.
    public init(
        expected: [[Float]], actual: [[Float]], sampleRate: Int, fullScaleG: Double = 2.0,
        tolerance: PerceptualTolerance = PerceptualTolerance(), scoring: Bool = true
    ) {
        precondition(expected.count == actual.count, "both signals need the same channels")
        self.sampleRate = sampleRate
        channelCount = expected.count
        self.tolerance = tolerance
        var judged = 0, levelDiff = 0.0, frequencyError = 0.0, counts = (0, 0), shift: Double?
        var failures: [Failure] = []
        let detector = OnsetDetector()
        for channel in 0..<expected.count {
            let frames = max(expected[channel].count, actual[channel].count)
            let padded = { (samples: [Float]) in samples + [Float](repeating: 0, count: frames - samples.count) }
            let wanted = padded(expected[channel]), got = padded(actual[channel])
            let onsets = Self.onsets(detector.onsets(in: wanted, sampleRate: sampleRate), detector.onsets(in: got, sampleRate: sampleRate),
                                     sampleRate: sampleRate, tolerance: tolerance, channel: channel)
            counts = (counts.0 + onsets.counts.expected, counts.1 + onsets.counts.actual)
            shift = onsets.shift.map { Self.larger(shift ?? 0, $0) } ?? shift
            failures += onsets.failure.map { [$0] } ?? []
            let windows = Self.windows(
                WindowMeter(samples: wanted, sampleRate: sampleRate, fullScaleG: fullScaleG),
                WindowMeter(samples: got, sampleRate: sampleRate, fullScaleG: fullScaleG),
                // At most what a window can move (`PerceptualTolerance.problem` says so before any work).
                slackFrames: min(tolerance.slackFrames(sampleRate: sampleRate), 2 * WindowMeter.hopFrames(sampleRate: sampleRate)),
                tolerance: tolerance, channel: channel)
            judged += windows.judged
            levelDiff = Self.larger(levelDiff, windows.levelDiff)
            frequencyError = Self.larger(frequencyError, windows.frequencyError)
            failures += windows.failures
        }
        judgedWindows = judged
        maxLevelDiffDb = levelDiff
        maxFrequencyError = frequencyError
        (expectedOnsets, actualOnsets) = counts
        maxOnsetShiftMs = shift
        // When onsets moved, that is the cause to name first (a shifted tap also fails the level
        // of the windows it left); otherwise the earliest failure.
        let moved = failures.filter { $0.gate == .onset }
        firstFailure = (moved.isEmpty ? failures : moved).min {
            ($0.atMs, Self.rank($0.gate), $0.channel) < ($1.atMs, Self.rank($1.gate), $1.channel)
        }
        guard scoring else {
            (stSim, spqi) = (VibroMetrics.Score(null: "not measured"), VibroMetrics.Score(null: "not measured"))
            return
        }
        let scores = (0..<expected.count).map { VibroMetrics.scores(actual: actual[$0], expected: expected[$0], sampleRate: sampleRate) }
        stSim = VibroMetrics.Score.lowest(scores.map(\.stSim))
        spqi = VibroMetrics.Score.lowest(scores.map(\.spqi))
    }

    /// The level and frequency gates over one channel's windows: judged windows, the largest
    /// differences, and each gate's first failure. A window's level is judged against the range
    /// the other side's level takes as its span moves by up to the onset tolerance (`slackFrames`)
    /// either way, both ways round, so that timing within the onset tolerance is the onset gate's
    /// alone to judge.
    private static func windows(
        _ wanted: WindowMeter, _ got: WindowMeter, slackFrames: Int, tolerance: PerceptualTolerance, channel: Int
    ) -> (judged: Int, levelDiff: Double, frequencyError: Double, failures: [Failure]) {
        var wanted = wanted, got = got
        var judged = 0, levelDiff = 0.0, frequencyError = 0.0
        var level: Failure?, frequency: Failure?
        let hop = wanted.hop
        for window in 0..<wanted.windowCount {
            let wantedDb = wanted.levelsDb(window: window, slackFrames: slackFrames), gotDb = got.levelsDb(window: window, slackFrames: slackFrames)
            // Under the lowest threshold there is, neither side is felt at any frequency.
            guard max(wantedDb.highest, gotDb.highest) >= VibrotactileThreshold.lowestInBandDb else { continue }
            let wantedHz = wanted.dominantHz(window: window)
            var gotHz: Double??
            func actualHz() -> Double? {
                if let known = gotHz { return known }
                let measured = got.dominantHz(window: window)
                gotHz = .some(measured)
                return measured
            }
            // One threshold for both sides, so that a difference never comes from the threshold.
            let threshold = VibrotactileThreshold.db(atHz: wantedHz ?? actualHz() ?? PerceptualView.fallbackHz)
            let sensation = { (db: Double) in max(PerceptualView.floorDb, db - threshold) }
            let wantedLevel = sensation(wantedDb.centre), gotLevel = sensation(gotDb.centre)
            guard wantedLevel >= 0 || gotLevel >= 0 else { continue }
            judged += 1
            let at = Double(window * hop + hop) * 1000 / Double(wanted.sampleRate)
            // Each side's level against the nearest the other's takes within the slack.
            let nearestGot = min(max(wantedLevel, sensation(gotDb.lowest)), sensation(gotDb.highest))
            let nearestWanted = min(max(gotLevel, sensation(wantedDb.lowest)), sensation(wantedDb.highest))
            let (expectedLevel, actualLevel) = abs(nearestGot - wantedLevel) >= abs(gotLevel - nearestWanted)
                ? (wantedLevel, nearestGot) : (nearestWanted, gotLevel)
            levelDiff = larger(levelDiff, actualLevel - expectedLevel)
            if level == nil, !(abs(actualLevel - expectedLevel) <= tolerance.levelDb) {
                level = Failure(gate: .level, atMs: at, expected: expectedLevel, actual: actualLevel, channel: channel)
            }
            guard WindowMeter.fillsSpan(wanted.hopPeaksG(window: window), thresholdDb: threshold),
                  WindowMeter.fillsSpan(got.hopPeaksG(window: window), thresholdDb: threshold), let wantedHz, let gotHz = actualHz() else { continue }
            let error = gotHz / wantedHz - 1
            frequencyError = larger(frequencyError, error)
            if frequency == nil, !(abs(error) <= tolerance.frequencyRatio) {
                frequency = Failure(gate: .frequency, atMs: at, expected: wantedHz, actual: gotHz, channel: channel)
            }
        }
        return (judged, levelDiff, frequencyError, [level, frequency].compactMap { $0 })
    }

    /// The onset gate over one channel: onsets pair in order; the largest shift, and the first pair
    /// out of tolerance or onset without a partner.
    private static func onsets(
        _ wanted: [Int], _ got: [Int], sampleRate: Int, tolerance: PerceptualTolerance, channel: Int
    ) -> (counts: (expected: Int, actual: Int), shift: Double?, failure: Failure?) {
        let ms = { (frame: Int) in Double(frame) * 1000 / Double(sampleRate) }
        var shift: Double?, failure: Failure?
        for index in 0..<max(wanted.count, got.count) {
            let wantedMs = index < wanted.count ? ms(wanted[index]) : nil, gotMs = index < got.count ? ms(got[index]) : nil
            if let wantedMs, let gotMs {
                shift = larger(shift ?? 0, gotMs - wantedMs)
                if failure == nil, !(abs(gotMs - wantedMs) <= tolerance.onsetMs + 1e-9) {
                    failure = Failure(gate: .onset, atMs: wantedMs, expected: wantedMs, actual: gotMs, channel: channel)
                }
            } else if failure == nil {
                failure = Failure(gate: .onset, atMs: wantedMs ?? gotMs ?? 0, expected: wantedMs, actual: gotMs, channel: channel)
            }
        }
        return ((wanted.count, got.count), shift, failure)
    }

    /// Whichever of two signed figures is larger in size (the first on a tie).
    private static func larger(_ a: Double, _ b: Double) -> Double { abs(b) > abs(a) || b.isNaN ? b : a }

    private static func rank(_ gate: Gate) -> Int { Gate.allCases.firstIndex(of: gate) ?? 0 }
}
