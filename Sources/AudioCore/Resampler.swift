import Glibc

/// Rate conversion by a Kaiser-windowed sinc (docs/golden-tests.md, "ST-SIM and SPQI"): output frame n
/// reads the source at p = n·Rin/Rout (an exact ratio of integers) as Σ x[k]·h(p − k) over
/// |p − k| < W, with h(t) = c·sinc(c·t)·I0(8·√(1 − (t/W)²))/I0(8), c = min(1, Rout/Rin),
/// W = 16/c, and zeros outside the source; in Double throughout. Equal rates copy exactly.
public enum Resampler {
    /// `samples` at `rateIn` as ⌈count·rateOut/rateIn⌉ samples at `rateOut` (rates in Hz, > 0).
    public static func resample(_ samples: [Double], from rateIn: Int, to rateOut: Int) -> [Double] {
        precondition(rateIn > 0 && rateOut > 0, "rates must be positive")
        guard rateIn != rateOut else { return samples }
        let cutoff = min(1, Double(rateOut) / Double(rateIn)), width = 16 / cutoff
        let count = Int((Int64(samples.count) * Int64(rateOut) + Int64(rateIn) - 1) / Int64(rateIn))
        let reach = Int(width.rounded(.up))
        // The taps depend only on the fractional part of p: one set per phase, made when first met.
        var taps: [Int64: [Double]] = [:]
        func kernel(phase: Int64) -> [Double] {
            if let known = taps[phase] { return known }
            let fraction = Double(phase) / Double(rateOut)
            let made = (-reach...(reach + 1)).map { offset in tap(fraction - Double(offset), cutoff: cutoff, width: width) }
            if taps.count < 4096 { taps[phase] = made }
            return made
        }
        var output = [Double](repeating: 0, count: count)
        samples.withUnsafeBufferPointer { source in
            for n in 0..<count {
                let position = Int64(n) * Int64(rateIn)
                let whole = Int(position / Int64(rateOut))
                let first = whole - reach
                output[n] = kernel(phase: position % Int64(rateOut)).withUnsafeBufferPointer { taps in
                    var sum = 0.0
                    for index in max(0, -first)..<min(taps.count, source.count - first) { sum += source[first + index] * taps[index] }
                    return sum
                }
            }
        }
        return output
    }

    /// `samples` played at `sourceRate` (a varispeed rate, Rin·2^pitch: not a whole number of
    /// hertz) as ⌈count·rateOut/sourceRate⌉ samples at `rateOut`, by the same kernel, each
    /// position n·sourceRate/rateOut computed in Double. A whole `sourceRate` takes the exact rule.
    public static func resample(_ samples: [Double], sourceRate: Double, to rateOut: Int) -> [Double] {
        precondition(sourceRate > 0 && rateOut > 0, "rates must be positive")
        if sourceRate == sourceRate.rounded(), sourceRate < 1e9 { return resample(samples, from: Int(sourceRate), to: rateOut) }
        guard !samples.isEmpty else { return [] }
        let step = sourceRate / Double(rateOut)
        let cutoff = min(1, Double(rateOut) / sourceRate), width = 16 / cutoff
        let count = Int((Double(samples.count) / step).rounded(.up))
        let reach = Int(width.rounded(.up))
        var output = [Double](repeating: 0, count: count)
        samples.withUnsafeBufferPointer { source in
            for n in 0..<count {
                let position = Double(n) * step, whole = Int(position.rounded(.down))
                var sum = 0.0
                for k in max(0, whole - reach)...min(source.count - 1, whole + reach + 1) {
                    sum += source[k] * tap(position - Double(k), cutoff: cutoff, width: width)
                }
                output[n] = sum
            }
        }
        return output
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
