import Dispatch

/// Haptics from a sound (docs/from-audio.md): the amplitude envelope (RMS follower, reduced per
/// second, with emphasis) and the frequency envelope (spectral centroid, reduced per second) of a
/// mono signal, fed a block at a time. Memory holds a second of envelope in reduction, the analysis
/// windows, the reduced points (with each amplitude point's flux score, for emphasis) and the
/// frames' flux only until the points they score are reduced.
public struct SoundAnalysis: Sendable {
    /// What the analysis does; the defaults are Studio's (docs/from-audio.md lists each source).
    public struct Settings: Sendable, Hashable {
        public var amplitude = AmplitudeFollower.Settings()
        public var spectrum = SpectralFollower.Settings()
        public var frequency = FrequencyMapping()
        /// The most amplitude and frequency breakpoints in each second.
        public var amplitudePerSecond = 60
        public var frequencyPerSecond = 60
        public var emphasisEnabled = true
        public var emphasis = EmphasisDetection()
        /// Breakpoints whose triangle scores under this go (almost-silent stretches).
        public var minimumScore: Float = 1e-8

        public init() {}
    }

    /// The two envelopes, each ending at the sound's end (or the later of their last points).
    public struct Result: Sendable, Hashable {
        public var amplitude: [AmplitudeBreakpoint]
        public var frequency: [EnvelopePoint]
    }

    private let sampleRate: Float
    private let settings: Settings
    private var amplitudeFollower: AmplitudeFollower
    private var spectral: SpectralFollower
    private var amplitudeReducer: BreakpointReducer
    private var frequencyReducer: BreakpointReducer
    private var amplitude: [EnvelopePoint] = []
    private var frequency: [EnvelopePoint] = []
    /// The frames' flux not yet needed by a reduced point, in time order.
    private var flux: [(time: Float, flux: Float)] = []
    /// Each reduced amplitude point's score (the flux at its time), once frames after it are in.
    private var scores: [Float] = []
    /// The flux at 0 s, for the point put there if the envelope starts later.
    private var zeroScore: Float?
    /// How many frames no longer needed are kept before they are let go (tests keep them all).
    var spareFrames = 4_096
    private var sampleCount = 0

    /// Whether a block's amplitude and spectral frames are computed at once, on several threads.
    private let threads: Int

    /// - Parameter threads: the threads a block's work is spread over (the amplitude on one, the
    ///   spectral frames in parts on the others); the result is the same for any count.
    public init(sampleRate: Float, settings: Settings = Settings(), threads: Int = 1) {
        self.sampleRate = sampleRate
        self.settings = settings
        self.threads = max(1, threads)
        amplitudeFollower = AmplitudeFollower(sampleRate: sampleRate, settings: settings.amplitude)
        spectral = SpectralFollower(sampleRate: sampleRate, settings: settings.spectrum, threads: max(1, threads))
        amplitudeReducer = BreakpointReducer(maximumPerRegion: settings.amplitudePerSecond, minimumScore: settings.minimumScore)
        frequencyReducer = BreakpointReducer(maximumPerRegion: settings.frequencyPerSecond, minimumScore: settings.minimumScore)
    }

    /// Takes the next mono samples.
    public mutating func process(_ samples: UnsafeBufferPointer<Float>) {
        process(amplitude: samples, frequency: samples)
    }

    /// Takes the next mono samples as the amplitude is measured on them and as the spectrum is
    /// (the same samples at two levels: the gain's and the normalised one); equal counts.
    public mutating func process(amplitude: UnsafeBufferPointer<Float>, frequency: UnsafeBufferPointer<Float>) {
        sampleCount += amplitude.count
        guard threads > 1 else {
            self.amplitude += amplitudeReducer.add(amplitudeFollower.process(amplitude))
            take(spectral.process(frequency))
            return
        }
        // The amplitude as one task, the spectral frames' parts as the others.
        let block = spectral.prepare(frequency)
        let side = AmplitudeSide(follower: amplitudeFollower, reducer: amplitudeReducer, samples: amplitude)
        let (spectral, parts) = (self.spectral, block.partCount)
        // The amplitude's task first, the parts filling in beside it.
        DispatchQueue.concurrentPerform(iterations: parts + 1) { task in
            if task == 0 { side.run() } else { spectral.compute(block, part: task - 1) }
        }
        (amplitudeFollower, amplitudeReducer) = (side.follower, side.reducer)
        self.amplitude += side.points
        take(self.spectral.complete(block))
    }

    /// The amplitude's follower and reducer, run on a thread of their own for a block.
    private final class AmplitudeSide: @unchecked Sendable {
        var follower: AmplitudeFollower, reducer: BreakpointReducer
        var points: [EnvelopePoint] = []
        /// The block's samples, alive for the call that made the side.
        let samples: UnsafeBufferPointer<Float>

        init(follower: AmplitudeFollower, reducer: BreakpointReducer, samples: UnsafeBufferPointer<Float>) {
            (self.follower, self.reducer, self.samples) = (follower, reducer, samples)
        }

        func run() { points = reducer.add(follower.process(samples)) }
    }

    private mutating func take(_ frames: [SpectralFeature]) {
        if settings.emphasisEnabled { flux += frames.map { (time: $0.time, flux: $0.flux) } }
        frequency += frequencyReducer.add(settings.frequency.points(frames, sampleRate: sampleRate))
        score(final: false)
    }

    /// Scores the reduced amplitude points that a frame after them is in for (all of them when
    /// `final`), as `EmphasisDetection.flux` reads the whole list, and lets go of the frames before
    /// the last one at or before the earliest point left to score.
    private mutating func score(final: Bool) {
        guard settings.emphasisEnabled, !flux.isEmpty else { return }
        if zeroScore == nil, final || flux[flux.count - 1].time > 0 { zeroScore = EmphasisDetection.flux(flux, at: 0) }
        while scores.count < amplitude.count, final || flux[flux.count - 1].time > amplitude[scores.count].time {
            scores.append(EmphasisDetection.flux(flux, at: amplitude[scores.count].time))
        }
        // Points still to come (the reducer's) lie after the last one given.
        guard let next = scores.count < amplitude.count ? amplitude[scores.count].time : amplitude.last?.time else { return }
        // The last frame at or before `next` stays (interpolation and the first frame's value need it).
        var keep = flux.count - 1
        while keep > 0, flux[keep].time > next { keep -= 1 }
        if keep > spareFrames, zeroScore != nil { flux.removeFirst(keep) }
    }

    /// The envelopes, once every sample has been given.
    public mutating func finish() -> Result {
        amplitude += amplitudeReducer.add(amplitudeFollower.finish())
        amplitude += amplitudeReducer.finish()
        take(spectral.finish())
        frequency += frequencyReducer.finish()
        score(final: true)
        var points = amplitude.map { AmplitudeBreakpoint(time: $0.time, amplitude: $0.value) }
        var scores = self.scores
        // A point at 0 s, as loud as the first.
        if let first = points.first {
            if first.time != 0 {
                points.insert(AmplitudeBreakpoint(time: 0, amplitude: first.amplitude), at: 0)
                if let zeroScore { scores.insert(zeroScore, at: 0) }
            }
        } else {
            points = [AmplitudeBreakpoint(time: 0, amplitude: 0)]
            scores = zeroScore.map { [$0] } ?? []
        }
        if settings.emphasisEnabled, !flux.isEmpty { points = settings.emphasis.assign(points, scores: scores) }
        // Both envelopes last as long as the sound, or the later of their last points.
        let end = max(Float(sampleCount) / sampleRate, frequency.last?.time ?? 0, points.last?.time ?? 0)
        if let last = points.last, last.time < end { points.append(AmplitudeBreakpoint(time: end, amplitude: last.amplitude)) }
        var frequency = self.frequency
        if let last = frequency.last, last.time < end { frequency.append(EnvelopePoint(time: end, value: last.value)) }
        // Past 2^15 s frames can fall on one 32-bit time: each time once, the later point's.
        frequency = Self.distinctTimes(frequency)
        return Result(amplitude: points, frequency: frequency)
    }

    /// `points` with each time once (the later of points at one time), in time order.
    static func distinctTimes(_ points: [EnvelopePoint]) -> [EnvelopePoint] {
        guard zip(points, points.dropFirst()).contains(where: { $0.time >= $1.time }) else { return points }
        var kept: [EnvelopePoint] = []
        for point in points {
            if let last = kept.last, last.time >= point.time { kept[kept.count - 1] = EnvelopePoint(time: last.time, value: point.value) } else { kept.append(point) }
        }
        return kept
    }
}
