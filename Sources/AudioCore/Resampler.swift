import Glibc

/// Rate conversion by a Kaiser-windowed sinc (docs/golden-tests.md, "ST-SIM and SPQI"): output frame n
/// reads the source at p = n·Rin/Rout (an exact ratio of integers) as Σ x[k]·h(p − k) over
/// |p − k| < W, with h(t) = c·sinc(c·t)·I0(8·√(1 − (t/W)²))/I0(8), c = min(1, Rout/Rin),
/// W = 16/c, and zeros outside the source; in Double throughout. Equal rates copy exactly.
public enum Resampler {
    /// `samples` at `rateIn` as ⌈count·rateOut/rateIn⌉ samples at `rateOut` (rates in Hz, > 0).
    public static func resample(_ samples: [Double], from rateIn: Int, to rateOut: Int) -> [Double] {
        precondition(rateIn > 0 && rateOut > 0, "rates must be positive")
        return resample(samples, sourceRate: Double(rateIn), to: rateOut)
    }

    /// `samples` played at `sourceRate` (a varispeed rate, Rin·2^pitch: not a whole number of
    /// hertz) as ⌈count·rateOut/sourceRate⌉ samples at `rateOut`, by the same kernel, each
    /// position n·sourceRate/rateOut computed in Double. A whole `sourceRate` takes the exact rule.
    public static func resample(_ samples: [Double], sourceRate: Double, to rateOut: Int) -> [Double] {
        var converter = RateConverter(sourceFrameCount: Int64(samples.count), channelCount: 1, sourceRate: sourceRate, rateOut: rateOut)
        var output = [[Double](repeating: 0, count: Int(converter.outputFrameCount))]
        var reader = ArrayReader(samples: samples)
        converter.render(frames: output[0].count, into: &output, from: &reader)
        return output[0]
    }

    /// Reads a whole signal held in memory.
    private struct ArrayReader: FrameReader {
        let samples: [Double]
        var position = 0

        mutating func read(frames: Int, appendingTo channels: inout [[Double]]) -> Int {
            let count = min(frames, samples.count - position)
            channels[0] += samples[position..<(position + count)]
            position += count
            return count
        }
    }

    /// The taps of one pair of whole rates, one set per phase of p (n·Rin mod Rout), made when
    /// first met and kept for the first 4,096 phases.
    public final class Kernel {
        /// W rounded up: the taps reach this many frames either side of p.
        public let reach: Int
        private let rateOut: Int64
        private let cutoff: Double, width: Double
        private var taps: [Int64: [Double]] = [:]

        init(rateIn: Int, rateOut: Int) {
            cutoff = min(1, Double(rateOut) / Double(rateIn))
            width = 16 / cutoff
            reach = Int(width.rounded(.up))
            self.rateOut = Int64(rateOut)
        }

        /// h(fraction − offset) for offsets −reach … reach + 1, fraction = phase / Rout.
        func taps(phase: Int64) -> [Double] {
            if let known = taps[phase] { return known }
            let fraction = Double(phase) / Double(rateOut)
            let made = (-reach...(reach + 1)).map { offset in tap(fraction - Double(offset), cutoff: cutoff, width: width) }
            if taps.count < 4096 { taps[phase] = made }
            return made
        }
    }

    /// Kernels shared by converters between the same rates (one per pair, made when first asked).
    public final class Kernels {
        private var byRates: [Int64: Kernel] = [:]

        public init() {}

        func kernel(rateIn: Int, rateOut: Int) -> Kernel {
            let key = Int64(rateIn) << 32 | Int64(rateOut)
            if let known = byRates[key] { return known }
            let made = Kernel(rateIn: rateIn, rateOut: rateOut)
            byRates[key] = made
            return made
        }
    }

    /// h(t) = c·sinc(c·t)·I0(8·√(1 − (t/W)²))/I0(8) for |t| < W, else 0.
    static func tap(_ t: Double, cutoff: Double, width: Double) -> Double {
        guard abs(t) < width else { return 0 }
        let u = cutoff * t
        let sinc = u == 0 ? 1 : sin(Double.pi * u) / (Double.pi * u)
        return cutoff * sinc * besselI0(8 * (1 - (t / width) * (t / width)).squareRoot()) / i0At8
    }

    /// I0(8), the window's normalisation, computed once.
    private static let i0At8 = besselI0(8)

    /// The modified Bessel function of the first kind, order 0, by its power series.
    static func besselI0(_ x: Double) -> Double {
        var sum = 1.0, term = 1.0, k = 1.0
        while term > 1e-17 * sum {
            term *= (x / (2 * k)) * (x / (2 * k))
            sum += term
            k += 1
        }
        return sum
    }
}
