/// Haptics from a sound (docs/from-audio.md): the amplitude envelope (RMS follower, reduced per
/// second, with emphasis) and the frequency envelope (spectral centroid, reduced per second) of a
/// mono signal, fed a block at a time. Memory holds a second of envelope, the analysis windows and
/// each frame's time and flux (8 bytes every `fftSize / overlap` samples, for emphasis).
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
    private var flux: [(time: Float, flux: Float)] = []
    private var sampleCount = 0

    public init(sampleRate: Float, settings: Settings = Settings()) {
        self.sampleRate = sampleRate
        self.settings = settings
        amplitudeFollower = AmplitudeFollower(sampleRate: sampleRate, settings: settings.amplitude)
        spectral = SpectralFollower(sampleRate: sampleRate, settings: settings.spectrum)
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
        self.amplitude += amplitudeReducer.add(amplitudeFollower.process(amplitude))
        take(spectral.process(frequency))
    }

    private mutating func take(_ frames: [SpectralFeature]) {
        flux += frames.map { (time: $0.time, flux: $0.flux) }
        frequency += frequencyReducer.add(settings.frequency.points(frames, sampleRate: sampleRate))
    }

    /// The envelopes, once every sample has been given.
    public mutating func finish() -> Result {
        amplitude += amplitudeReducer.add(amplitudeFollower.finish())
        amplitude += amplitudeReducer.finish()
        take(spectral.finish())
        frequency += frequencyReducer.finish()
        var points = amplitude.map { AmplitudeBreakpoint(time: $0.time, amplitude: $0.value) }
        // A point at 0 s, as loud as the first.
        if let first = points.first {
            if first.time != 0 { points.insert(AmplitudeBreakpoint(time: 0, amplitude: first.amplitude), at: 0) }
        } else {
            points = [AmplitudeBreakpoint(time: 0, amplitude: 0)]
        }
        if settings.emphasisEnabled { points = settings.emphasis.assign(points, flux: flux) }
        // Both envelopes last as long as the sound, or the later of their last points.
        let end = max(Float(sampleCount) / sampleRate, frequency.last?.time ?? 0, points.last?.time ?? 0)
        if let last = points.last, last.time < end { points.append(AmplitudeBreakpoint(time: end, amplitude: last.amplitude)) }
        var frequency = self.frequency
        if let last = frequency.last, last.time < end { frequency.append(EnvelopePoint(time: end, value: last.value)) }
        return Result(amplitude: points, frequency: frequency)
    }
}
