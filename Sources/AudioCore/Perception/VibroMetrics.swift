import Glibc

/// ST-SIM (Hassen & Steinbach, IEEE ToH 2020) and SPQI (Noll et al., IEEE HAPTICS 2022) as the
/// reference implementation vibromaf 0.0.8 computes them (docs/golden-tests.md, "ST-SIM and
/// SPQI"): 512-sample blocks of signals at 8000 Hz, an orthonormal DCT-II, and a perceptual
/// threshold. Figures only: neither has been shown to follow what people feel.
public enum VibroMetrics {
    /// The rate both metrics assume, in Hz.
    public static let sampleRate = 8000
    /// Samples per block; a shorter remainder is dropped.
    public static let blockLength = 512

    /// A score, or why there is none.
    public struct Score: Hashable, Sendable {
        public let value: Double?
        /// Why `value` is nil.
        public let whyNull: String?

        init(_ value: Double) {
            self.value = value
            whyNull = nil
        }

        init(null why: String) {
            value = nil
            whyNull = why
        }

        /// The lowest of several channels' scores; nil as soon as one is.
        static func lowest(_ scores: [Score]) -> Score {
            if let missing = scores.first(where: { $0.value == nil }) { return missing }
            return scores.compactMap(\.value).min().map(Score.init) ?? Score(null: "no channels")
        }
    }

    /// ST-SIM and SPQI of `actual` (distorted) against `expected` (reference), both at
    /// `sampleRate`: resampled to 8000 Hz and the shorter padded with zeros.
    public static func scores(actual: [Float], expected: [Float], sampleRate: Int) -> (stSim: Score, spqi: Score) {
        var distorted = Resampler.resample(actual.map(Double.init), from: sampleRate, to: Self.sampleRate)
        var reference = Resampler.resample(expected.map(Double.init), from: sampleRate, to: Self.sampleRate)
        let count = max(distorted.count, reference.count)
        distorted += [Double](repeating: 0, count: count - distorted.count)
        reference += [Double](repeating: 0, count: count - reference.count)
        return (stSim(distorted: distorted, reference: reference), spqi(distorted: distorted, reference: reference))
    }

    /// ST-SIM = temporal^η · spectral^(1−η) of equally long 8 kHz signals; nil below one block
    /// (unless equal) and when the temporal similarity is negative (no real power).
    public static func stSim(distorted: [Double], reference: [Double], eta: Double = 2.0 / 3.0) -> Score {
        if distorted == reference { return Score(1) }
        guard let dist = spectra(distorted), let ref = spectra(reference) else { return tooShort(distorted.count) }
        let support = { (spectrum: [Double]) in spectrum.map { 0.5 * erfc(-$0 / 12 / 2.0.squareRoot()) } }
        let spectral = similarity(ref.map(support), dist.map(support))
        let temporal = similarity(blocks(reference).map(standardised), blocks(distorted).map(standardised))
        guard temporal >= 0 else {
            return Score(null: "the temporal similarity is negative (\(temporal)), so ST-SIM has no real value")
        }
        return Score(pow(temporal, eta) * pow(spectral, 1 - eta))
    }

    /// SPQI = the mean over blocks of (1 − tanh(η·e − t))/2, e the normalised perceptual
    /// difference in dB; nil below one block (unless equal).
    public static func spqi(distorted: [Double], reference: [Double], eta: Double = 0.3, threshold: Double = -2) -> Score {
        if distorted == reference { return Score(1) }
        guard let dist = spectra(distorted), let ref = spectra(reference) else { return tooShort(distorted.count) }
        let scores = zip(ref, dist).map { reference, distorted -> Double in
            var difference = 0.0, energy = 0.0
            for (r, d) in zip(reference, distorted) {
                difference += abs(pow(10, r / 10) - pow(10, d / 10))
                energy += abs(pow(10, r / 10))
            }
            let error = 10 * log10(difference / (energy + epsilon))
            return (1 - tanh(eta * error - threshold)) / 2
        }
        return Score(scores.reduce(0, +) / Double(scores.count))
    }

    private static let epsilon = Double.ulpOfOne

    private static func tooShort(_ count: Int) -> Score {
        Score(null: "\(count) samples at 8000 Hz, under one block of \(blockLength)")
    }

    /// The whole blocks of a signal.
    private static func blocks(_ signal: [Double]) -> [ArraySlice<Double>] {
        stride(from: 0, to: signal.count / blockLength * blockLength, by: blockLength).map { signal[$0..<($0 + blockLength)] }
    }

    /// Each block's perceptual spectrum S[k] = 20·log10|DCT[k]| − T[k], in dB; nil under one block.
    private static func spectra(_ signal: [Double]) -> [[Double]]? {
        guard signal.count >= blockLength else { return nil }
        return blocks(signal).map { block in
            let coefficients = dct(block)
            return (0..<blockLength).map { 20 * log10(abs(coefficients[$0])) - threshold[$0] }
        }
    }

    /// mean over blocks of Σ r·d / (Σ r² + ε).
    private static func similarity(_ reference: [[Double]], _ distorted: [[Double]]) -> Double {
        let sims = zip(reference, distorted).map { r, d in
            zip(r, d).reduce(0) { $0 + $1.0 * $1.1 } / (r.reduce(0) { $0 + $1 * $1 } + epsilon)
        }
        return sims.reduce(0, +) / Double(sims.count)
    }

    /// (block − mean) / (population std + ε).
    private static func standardised(_ block: ArraySlice<Double>) -> [Double] {
        let mean = block.reduce(0, +) / Double(block.count)
        let std = (block.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(block.count)).squareRoot()
        return block.map { ($0 - mean) / (std + epsilon) }
    }

    /// The perceptual threshold per DCT bin, in dB: |62/(log10 β)²·(log10(f/550 + β))²| − 77 with
    /// β = 1 − 250/550 and f_k = k·8000/(2N − 1), held from the first positive value on.
    static let threshold: [Double] = {
        let beta = 1 - 250 * (1.0 / 550)
        var values = (0..<blockLength).map { k -> Double in
            let hz = Double(k) * Double(sampleRate) / Double(2 * blockLength - 1)
            return abs(62 / pow(log10(beta), 2) * pow(log10(1.0 / 550 * hz + beta), 2)) - 77
        }
        if let first = values.firstIndex(where: { $0 > 0 }) {
            for k in first..<values.count { values[k] = values[first] }
        }
        return values
    }()

    /// cos(π·k·(2n + 1)/(2N)) for k, n < N, row by row, with the orthonormal scales folded in.
    private static let dctMatrix: [Double] = {
        let n = blockLength
        var matrix = [Double](repeating: 0, count: n * n)
        for k in 0..<n {
            let scale = (k == 0 ? 1.0 : 2.0) / Double(n)
            for i in 0..<n { matrix[k * n + i] = scale.squareRoot() * cos(Double.pi * Double(k * (2 * i + 1)) / Double(2 * n)) }
        }
        return matrix
    }()

    /// The orthonormal DCT-II of one block.
    static func dct(_ block: ArraySlice<Double>) -> [Double] {
        let n = blockLength, input = Array(block)
        return dctMatrix.withUnsafeBufferPointer { matrix in
            input.withUnsafeBufferPointer { x in
                (0..<n).map { k in
                    var sum = 0.0
                    for i in 0..<n { sum += matrix[k * n + i] * x[i] }
                    return sum
                }
            }
        }
    }
}
