import Glibc

/// One analysis frame of a sound (docs/from-audio.md, "The analysis"): its centre in seconds, the
/// spectral centroid of its bins under the low-pass (a fraction of the Nyquist frequency, 0 when
/// there is too little energy there to tell) and its spectral flux (the net rise of the bins'
/// magnitudes since the last frame, at least 0).
public struct SpectralFeature: Sendable, Hashable {
    public var time: Float
    public var centroid: Float
    public var flux: Float

    public init(time: Float, centroid: Float, flux: Float) {
        (self.time, self.centroid, self.flux) = (time, centroid, flux)
    }
}

/// The frames of a sound: a `fftSize`-point FFT under a Hann window (the symmetric one, zero at
/// both ends) every `fftSize / overlap` samples, fed a block at a time; the sound is followed by
/// half a window of silence so that its end is centred in a frame. Values are 32-bit floats, as in
/// the published description of Meta's analysis (the FFT itself runs in doubles).
public struct SpectralFollower: Sendable {
    /// Studio's defaults: 1024 points, 8 frames a window, the centroid under 1 kHz.
    public struct Settings: Sendable, Hashable {
        public var fftSize = 1024
        public var overlap = 8
        public var centroidLowpassHz: Float = 1000

        public init() {}
    }

    private let size: Int, hop: Int, half: Int
    private let window: [Float]
    /// The last `size` samples, oldest first from `position`.
    private var samples: [Float]
    private var position = 0
    private var sinceFrame = 0
    private var index = 0
    private let secondsPerSample: Float, halfWindowSeconds: Float
    /// Bins below `filterStart` count in the centroid; it is told when their magnitudes add up to
    /// `minimumEnergy`.
    private let filterStart: Int
    private let minimumEnergy: Float
    private var spectrum: RealSpectrum
    /// The last frame's magnitudes, and this frame's (and its windowed samples), reused.
    private var previous: [Float], magnitudes: [Float], windowed: [Double]

    /// - Precondition: `settings.fftSize` is a power of two of at least 4, `overlap` divides it.
    public init(sampleRate: Float, settings: Settings = Settings()) {
        size = settings.fftSize
        hop = max(1, settings.fftSize / max(1, settings.overlap))
        half = size / 2
        let step = (Float.pi * 2) / (Float(size) - 1)
        window = (0..<size).map { 0.5 * (1 - cosf(Float($0) * step)) }
        samples = [Float](repeating: 0, count: size)
        secondsPerSample = 1 / sampleRate
        halfWindowSeconds = secondsPerSample * Float(size) / 2
        let lowpass = settings.centroidLowpassHz / (sampleRate / 2)
        filterStart = min(half, max(1, Int((Float(half) * lowpass).rounded(.up))))
        minimumEnergy = Float(filterStart - 1) * 0.3
        spectrum = RealSpectrum(size: size)
        previous = [Float](repeating: 0, count: half)
        magnitudes = previous
        windowed = [Double](repeating: 0, count: size)
    }

    /// Takes the next samples; returns the frames they completed.
    public mutating func process(_ input: UnsafeBufferPointer<Float>) -> [SpectralFeature] {
        var frames: [SpectralFeature] = []
        for sample in input { if let frame = take(sample) { frames.append(frame) } }
        return frames
    }

    /// The frames of the half window of silence after the sound.
    public mutating func finish() -> [SpectralFeature] {
        (0..<half).compactMap { _ in take(0) }
    }

    private mutating func take(_ sample: Float) -> SpectralFeature? {
        samples[position] = sample
        position = (position + 1) % size
        index += 1
        sinceFrame += 1
        guard sinceFrame == hop else { return nil }
        sinceFrame = 0
        windowed.withUnsafeMutableBufferPointer { windowed in
            samples.withUnsafeBufferPointer { samples in
                window.withUnsafeBufferPointer { window in
                    // The ring from `position` on, then from its start: the oldest sample first.
                    let tail = size - position
                    for offset in 0..<tail { windowed[offset] = Double(samples[position + offset] * window[offset]) }
                    for offset in tail..<size { windowed[offset] = Double(samples[offset - tail] * window[offset]) }
                }
            }
        }
        let nyquist = windowed.withUnsafeBufferPointer { input in
            magnitudes.withUnsafeMutableBufferPointer { spectrum.magnitudes(of: input, into: $0) }
        }
        var change: Float = 0, energy: Float = 0, centroid: Float = 0
        magnitudes.withUnsafeBufferPointer { magnitudes in
            previous.withUnsafeBufferPointer { previous in
                for bin in 0..<half { change += magnitudes[bin] - previous[bin] }
            }
            for bin in 0..<filterStart { energy += magnitudes[bin] }
            if energy >= minimumEnergy {
                // Bins on 0…1 of the Nyquist frequency, N/2 + 1 of them; those from the low-pass up to
                // below Nyquist are 0. The Nyquist bin itself stays, as in the reference.
                let step = 1 / Float(half)
                var weighted: Float = 0, total: Float = 0
                for bin in 0..<filterStart {
                    weighted += magnitudes[bin] * (step * Float(bin))
                    total += magnitudes[bin]
                }
                weighted += Float(nyquist) * (step * Float(half))
                total += Float(nyquist)
                centroid = total != 0 ? weighted / total : 0
            }
        }
        swap(&previous, &magnitudes)
        return SpectralFeature(time: Float(index) * secondsPerSample - halfWindowSeconds, centroid: centroid, flux: max(change, 0))
    }
}

/// The frequency envelope: each frame's centroid mapped linearly from the audio filter's range
/// (`lowHz`…`highHz`) to the output range, clamped into 0…1; frames centred before 0 s are left out.
public struct FrequencyMapping: Sendable, Hashable {
    public var lowHz: Float = 30
    public var highHz: Float = 600
    public var outputLow: Float = 0
    public var outputHigh: Float = 1

    public init() {}

    /// The envelope points of `frames` of a sound at `sampleRate`.
    public func points(_ frames: [SpectralFeature], sampleRate: Float) -> [EnvelopePoint] {
        let nyquist = sampleRate / 2
        let low = lowHz / nyquist, range = highHz / nyquist - lowHz / nyquist, outputRange = outputHigh - outputLow
        return frames.filter { $0.time >= 0 }.map { frame in
            let scaled = (frame.centroid - low) / range * outputRange + outputLow
            return EnvelopePoint(time: frame.time, value: min(max(scaled, 0), 1))
        }
    }
}
