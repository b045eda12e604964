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
/// the published description of Meta's analysis (the FFT itself runs in doubles). A block's frames
/// may be computed in parts on several threads (`prepare`, `compute`, `complete`): each frame's
/// arithmetic is the same whatever the parts, so the frames are too.
public struct SpectralFollower: Sendable {
    /// Studio's defaults: 1024 points, 8 frames a window, the centroid under 1 kHz.
    public struct Settings: Sendable, Hashable {
        public var fftSize = 1024
        public var overlap = 8
        public var centroidLowpassHz: Float = 1000

        public init() {}
    }

    /// A block's frames, between `prepare` and `complete`: the samples they read and where each
    /// ends, filled in by `compute` a part at a time.
    public final class Block: @unchecked Sendable {
        /// The window before the block, then the block.
        fileprivate let samples: [Float]
        /// Each frame's end in `samples`, and its sample count from the start of the sound.
        fileprivate let ends: [(offset: Int, index: Int)]
        fileprivate let parts: Int
        /// The frames, each written by the one part that computes it.
        fileprivate let frames: UnsafeMutableBufferPointer<SpectralFeature>
        /// The last frame's magnitudes (the next block's previous), written by the last part.
        fileprivate var last: [Float] = []

        fileprivate init(samples: [Float], ends: [(offset: Int, index: Int)], parts: Int) {
            (self.samples, self.ends, self.parts) = (samples, ends, parts)
            frames = .allocate(capacity: ends.count)
            frames.initialize(repeating: SpectralFeature(time: 0, centroid: 0, flux: 0))
        }

        deinit { frames.deallocate() }

        /// How many parts `compute` takes.
        public var partCount: Int { parts }
    }

    /// One thread's transform and buffers.
    private final class Worker: @unchecked Sendable {
        var spectrum: RealSpectrum
        /// The last frame's magnitudes.
        var previous: [Float]
        /// Four frames' windowed samples, a lane each, and their magnitudes.
        var windowed4: [SIMD4<Double>]
        let magnitudes4: [UnsafeMutableBufferPointer<Float>]

        init(size: Int) {
            spectrum = RealSpectrum(size: size)
            previous = [Float](repeating: 0, count: size / 2)
            windowed4 = [SIMD4<Double>](repeating: .zero, count: size)
            magnitudes4 = (0..<4).map { _ in
                let buffer = UnsafeMutableBufferPointer<Float>.allocate(capacity: size / 2)
                buffer.initialize(repeating: 0)
                return buffer
            }
        }

        deinit { magnitudes4.forEach { $0.deallocate() } }
    }

    private let size: Int, hop: Int, half: Int
    private let window: [Float]
    /// The last `size` samples before the next block (zeros before the sound), oldest first.
    private var history: [Float]
    /// Samples taken so far.
    private var index = 0
    private let secondsPerSample: Float, halfWindowSeconds: Float
    /// Bins below `filterStart` count in the centroid; it is told when their magnitudes add up to
    /// `minimumEnergy`.
    private let filterStart: Int
    private let minimumEnergy: Float
    /// The last frame's magnitudes.
    private var previous: [Float]
    /// One a thread a block's frames are computed on (one part each).
    private let workers: [Worker]

    /// - Precondition: `settings.fftSize` is a power of two of at least 4, `overlap` divides it.
    /// - Parameter threads: the threads a long block's frames are computed on (`compute`, in twice
    ///   as many parts).
    public init(sampleRate: Float, settings: Settings = Settings(), threads: Int = 1) {
        size = settings.fftSize
        hop = max(1, settings.fftSize / max(1, settings.overlap))
        half = size / 2
        let step = (Float.pi * 2) / (Float(size) - 1)
        window = (0..<size).map { 0.5 * (1 - cosf(Float($0) * step)) }
        history = [Float](repeating: 0, count: size)
        secondsPerSample = 1 / sampleRate
        halfWindowSeconds = secondsPerSample * Float(size) / 2
        let lowpass = settings.centroidLowpassHz / (sampleRate / 2)
        filterStart = min(half, max(1, Int((Float(half) * lowpass).rounded(.up))))
        minimumEnergy = Float(filterStart - 1) * 0.3
        previous = [Float](repeating: 0, count: half)
        // Twice as many parts as threads, so that the threads (and a task beside them, such as the
        // amplitude's) share the work evenly.
        workers = (0..<(threads > 1 ? 2 * threads : 1)).map { _ in Worker(size: settings.fftSize) }
    }

    /// Takes the next samples; returns the frames they completed.
    public mutating func process(_ input: UnsafeBufferPointer<Float>) -> [SpectralFeature] {
        let block = prepare(input)
        for part in 0..<block.partCount { compute(block, part: part) }
        return complete(block)
    }

    /// The frames of the half window of silence after the sound.
    public mutating func finish() -> [SpectralFeature] {
        let silence = [Float](repeating: 0, count: half)
        return silence.withUnsafeBufferPointer { process($0) }
    }

    /// The frames `input` completes, to compute (in parts, on any threads) and then `complete`.
    public mutating func prepare(_ input: UnsafeBufferPointer<Float>) -> Block {
        let samples = history + input
        var ends: [(offset: Int, index: Int)] = []
        var next = (index / hop + 1) * hop
        while next <= index + input.count {
            ends.append((size + next - index, next))
            next += hop
        }
        index += input.count
        history = Array(samples.suffix(size))
        // Parts of fewer than 32 frames are not worth a thread.
        return Block(samples: samples, ends: ends, parts: max(1, min(workers.count, ends.count / 32)))
    }

    /// Computes part `part` of `block`'s frames (each part on its own worker; parts may run at once).
    public func compute(_ block: Block, part: Int) {
        let count = block.ends.count, worker = workers[part]
        let first = count * part / block.parts, end = count * (part + 1) / block.parts
        guard first < end else { return }
        if first == 0 { worker.previous = previous }
        // Four frames at a time through the four-lane transform, the last group's spare lanes
        // repeating its last frame. A part after the first starts from the frame before it,
        // computed again here for its magnitudes (the flux's previous) alone.
        var number = first == 0 ? first : first - 1
        while number < end {
            let nyquists = frames(block, (0..<4).map { min(number + $0, end - 1) }, worker)
            for lane in 0..<min(4, end - number) {
                let frame = feature(worker, UnsafeBufferPointer(worker.magnitudes4[lane]), nyquist: nyquists[lane], index: block.ends[number + lane].index)
                if number + lane >= first { block.frames[number + lane] = frame }
            }
            number += 4
        }
        if end == count { block.last = worker.previous }
    }

    /// The frames of `block`, once every part is computed.
    public mutating func complete(_ block: Block) -> [SpectralFeature] {
        if !block.ends.isEmpty { previous = block.last }
        return Array(block.frames)
    }

    /// Frames `numbers` (four) of `block` into the worker's four-lane magnitudes; returns their
    /// Nyquist bins.
    private func frames(_ block: Block, _ numbers: [Int], _ worker: Worker) -> SIMD4<Double> {
        let ends = numbers.map { block.ends[$0].offset - size }
        worker.windowed4.withUnsafeMutableBufferPointer { windowed in
            block.samples.withUnsafeBufferPointer { samples in
                window.withUnsafeBufferPointer { window in
                    for offset in 0..<size {
                        let weight = window[offset]
                        windowed[offset] = SIMD4(Double(samples[ends[0] + offset] * weight), Double(samples[ends[1] + offset] * weight),
                                                 Double(samples[ends[2] + offset] * weight), Double(samples[ends[3] + offset] * weight))
                    }
                }
            }
        }
        return worker.windowed4.withUnsafeBufferPointer { worker.spectrum.magnitudes(ofFour: $0, into: worker.magnitudes4) }
    }

    /// The feature of a frame of `magnitudes` (its flux against the worker's previous), which then
    /// become the previous.
    private func feature(_ worker: Worker, _ magnitudes: UnsafeBufferPointer<Float>, nyquist: Double, index: Int) -> SpectralFeature {
        var change: Float = 0, energy: Float = 0, centroid: Float = 0
        do {
            worker.previous.withUnsafeBufferPointer { previous in
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
        worker.previous.withUnsafeMutableBufferPointer { previous in
            for bin in 0..<half { previous[bin] = magnitudes[bin] }
        }
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
