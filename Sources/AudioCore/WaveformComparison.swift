import FoundationEssentials
import Glibc

/// How far an actual waveform is from an expected one (docs/command-line.md `compare`).
public struct WaveformComparison: Hashable, Sendable {
    /// What counts as equal enough.
    public struct Tolerance: Hashable, Sendable {
        /// Largest allowed |actual − expected| of any sample.
        public var maxAbsError: Double
        /// Smallest allowed SNR in dB (unless the error energy is 0).
        public var minSNRdB: Double

        public init(maxAbsError: Double = 1e-4, minSNRdB: Double = 90) {
            self.maxAbsError = maxAbsError
            self.minSNRdB = minSNRdB
        }
    }

    public let expectedFrames: Int64
    public let actualFrames: Int64
    public let sampleRate: Int
    public let channelCount: Int
    /// The largest |actual − expected|, and the frame where it first occurs (frames from 0).
    public let maxAbsError: Double
    public let maxAbsErrorFrame: Int64
    /// √(error energy / samples compared).
    public let rmsError: Double
    /// 10 log10(expected energy / error energy); nil when the error energy is 0 (infinite).
    public let snrDb: Double?
    /// The first frame with a sample whose |difference| exceeds the tolerance, if any.
    public let firstDifferingFrame: Int64?
    /// Same length, max abs error within tolerance, zero error energy or enough SNR, and no NaN or
    /// infinite sample in either file.
    public private(set) var pass: Bool
    /// NaN and infinite samples of each file (nil: none). The reader reads them as 0 so that the
    /// figures stay numbers; any of them fails the comparison.
    public private(set) var nonFiniteExpected: NonFinite?, nonFiniteActual: NonFinite?

    /// A file's NaN and infinite samples: how many, and the frame (from 0) of the first.
    public struct NonFinite: Hashable, Sendable {
        public let samples: Int
        public let firstFrame: Int64

        public init(samples: Int, firstFrame: Int64) {
            self.samples = samples
            self.firstFrame = firstFrame
        }
    }

    /// Where frame `frame` of the files is, in milliseconds.
    public func milliseconds(atFrame frame: Int64) -> Double { Double(frame) * 1000 / Double(sampleRate) }

    /// Whether either file holds a NaN or infinite sample.
    public var hasNonFinite: Bool { nonFiniteExpected != nil || nonFiniteActual != nil }

    /// The comparison with each file's NaN and infinite samples, which fail it.
    public func withNonFinite(expected: NonFinite?, actual: NonFinite?) -> WaveformComparison {
        var copy = self
        (copy.nonFiniteExpected, copy.nonFiniteActual) = (expected, actual)
        copy.pass = pass && expected == nil && actual == nil
        return copy
    }
}

/// Accumulates a comparison block by block, so memory does not grow with the files' length; the
/// shorter stream is padded with zeros by the caller.
public struct WaveformComparator {
    public let tolerance: WaveformComparison.Tolerance
    public let channelCount: Int
    private var samplesSeen: Int64 = 0
    private var maxAbsError = 0.0
    private var maxAbsErrorSample: Int64 = 0
    private var errorEnergy = 0.0
    private var signalEnergy = 0.0
    private var firstDifferingSample: Int64?

    public init(channelCount: Int, tolerance: WaveformComparison.Tolerance) {
        self.channelCount = max(1, channelCount)
        self.tolerance = tolerance
    }

    /// Adds equally long blocks of interleaved samples; returns the difference (actual − expected).
    @discardableResult
    public mutating func add(expected: UnsafeBufferPointer<Float>, actual: UnsafeBufferPointer<Float>) -> [Float] {
        precondition(expected.count == actual.count, "blocks must be equally long")
        var difference = [Float](repeating: 0, count: expected.count)
        for index in 0..<expected.count {
            let wanted = Double(expected[index]), got = Double(actual[index])
            let error = got - wanted
            difference[index] = Float(error)
            // A NaN difference (a NaN or infinite sample on either side) counts as infinitely wrong.
            let magnitude = error.isNaN ? Double.infinity : abs(error)
            if magnitude > maxAbsError {
                maxAbsError = magnitude
                maxAbsErrorSample = samplesSeen + Int64(index)
            }
            if firstDifferingSample == nil, magnitude > tolerance.maxAbsError { firstDifferingSample = samplesSeen + Int64(index) }
            errorEnergy += magnitude * magnitude
            signalEnergy += wanted * wanted
        }
        samplesSeen += Int64(expected.count)
        return difference
    }

    /// The comparison of everything added, for files of these lengths and rate.
    public func result(expectedFrames: Int64, actualFrames: Int64, sampleRate: Int) -> WaveformComparison {
        // Silence against a difference is −∞ dB; a non-finite signal energy (infinite samples) too.
        let snr: Double? = errorEnergy == 0 ? nil : signalEnergy.isFinite ? 10 * log10(signalEnergy / errorEnergy) : -.infinity
        let pass = expectedFrames == actualFrames && maxAbsError <= tolerance.maxAbsError
            && (errorEnergy == 0 || (snr ?? .infinity) >= tolerance.minSNRdB)
        return WaveformComparison(
            expectedFrames: expectedFrames, actualFrames: actualFrames, sampleRate: sampleRate, channelCount: channelCount,
            maxAbsError: maxAbsError, maxAbsErrorFrame: maxAbsErrorSample / Int64(channelCount),
            rmsError: samplesSeen == 0 ? 0 : (errorEnergy / Double(samplesSeen)).squareRoot(), snrDb: snr,
            firstDifferingFrame: firstDifferingSample.map { $0 / Int64(channelCount) }
                ?? (expectedFrames != actualFrames ? min(expectedFrames, actualFrames) : nil),
            pass: pass)
    }
}
