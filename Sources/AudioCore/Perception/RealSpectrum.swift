import Glibc
#if arch(x86_64)
import _Builtin_intrinsics.intel
#endif

/// Magnitudes of a zero-padded real signal's discrete Fourier transform of one power-of-two size N,
/// made once per size and reused for every span of a signal: the N real samples are packed as
/// N/2 complex ones (even samples real, odd imaginary), transformed by an iterative radix-2 FFT,
/// and the bins asked for unpacked. Four signals can go through at once, a lane each
/// (`magnitudes(ofFour:into:)`): the same operations on each lane, so the same values bit for bit.
struct RealSpectrum {
    /// The transform size N (a power of two, at least 4).
    let size: Int
    /// cos and −sin of 2πk/N for k < N/2: the unpacking twiddles, and (every other one) the FFT's.
    private let cosines: [Double], sines: [Double]
    private let reversed: [Int]
    private var real: [Double], imaginary: [Double]
    /// Four transforms' values at once, a lane each (empty until used).
    private var real4: [SIMD4<Double>] = [], imaginary4: [SIMD4<Double>] = []

    init(size: Int) {
        precondition(size >= 4 && size & (size - 1) == 0, "the FFT size must be a power of two, at least 4")
        self.size = size
        cosines = (0..<(size / 2)).map { cos(2 * Double.pi * Double($0) / Double(size)) }
        sines = (0..<(size / 2)).map { -sin(2 * Double.pi * Double($0) / Double(size)) }
        let half = size / 2, bits = half.trailingZeroBitCount
        reversed = (0..<half).map { index in
            var value = 0
            for bit in 0..<bits where index & (1 << bit) != 0 { value |= 1 << (bits - 1 - bit) }
            return value
        }
        real = [Double](repeating: 0, count: half)
        imaginary = [Double](repeating: 0, count: half)
    }

    /// |X[k]| for k in `bins` (all below N/2) of `input` (at most N values, zeros after them).
    mutating func magnitudes(of input: [Double], bins: ClosedRange<Int>) -> [Double] {
        input.withUnsafeBufferPointer { transform($0) }
        return real.withUnsafeBufferPointer { re in
            imaginary.withUnsafeBufferPointer { im in
                cosines.withUnsafeBufferPointer { cosine in
                    sines.withUnsafeBufferPointer { sine in bins.map { Self.magnitude($0, re, im, cosine, sine) } }
                }
            }
        }
    }

    /// The magnitudes of four inputs at once, input `lane` in lane `lane` of each of the N values of
    /// `inputs`, each into `outputs[lane]` (N/2 values, as 32-bit floats); returns their Nyquist
    /// bins, |X[N/2]|: each lane what `magnitudes(of:bins:)` gives its input alone, bit for bit,
    /// whatever the other lanes hold.
    mutating func magnitudes(ofFour inputs: UnsafeBufferPointer<SIMD4<Double>>, into outputs: [UnsafeMutableBufferPointer<Float>]) -> SIMD4<Double> {
        let half = size / 2
        if real4.isEmpty { (real4, imaginary4) = ([SIMD4<Double>](repeating: .zero, count: half), [SIMD4<Double>](repeating: .zero, count: half)) }
        real4.withUnsafeMutableBufferPointer { re in
            imaginary4.withUnsafeMutableBufferPointer { im in
                reversed.withUnsafeBufferPointer { order in
                    for index in 0..<half {
                        re[index] = inputs[2 * order[index]]
                        im[index] = inputs[2 * order[index] + 1]
                    }
                }
                cosines.withUnsafeBufferPointer { cosine in
                    sines.withUnsafeBufferPointer { sine in
                        Self.butterflies(re, im, cosine, sine)
                        let lanes = (outputs[0], outputs[1], outputs[2], outputs[3])
                        for k in 0..<half {
                            let magnitude = Self.magnitude(k, UnsafeBufferPointer(re), UnsafeBufferPointer(im), cosine, sine)
                            (lanes.0[k], lanes.1[k], lanes.2[k], lanes.3[k]) = (Float(magnitude[0]), Float(magnitude[1]), Float(magnitude[2]), Float(magnitude[3]))
                        }
                    }
                }
            }
        }
        let difference = real4[0] - imaginary4[0]
        return SIMD4(abs(difference[0]), abs(difference[1]), abs(difference[2]), abs(difference[3]))
    }

    /// Transforms `input` into `real` and `imaginary` (the packed half-size transform).
    private mutating func transform(_ x: UnsafeBufferPointer<Double>) {
        let half = size / 2
        real.withUnsafeMutableBufferPointer { re in
            imaginary.withUnsafeMutableBufferPointer { im in
                reversed.withUnsafeBufferPointer { order in
                    for index in 0..<half {
                        let source = 2 * order[index]
                        re[index] = source < x.count ? x[source] : 0
                        im[index] = source + 1 < x.count ? x[source + 1] : 0
                    }
                }
                cosines.withUnsafeBufferPointer { cosine in
                    sines.withUnsafeBufferPointer { sine in Self.butterflies(re, im, cosine, sine) }
                }
            }
        }
    }

    /// The radix-2 stages over values in bit-reversed order, in place.
    @inline(__always)
    private static func butterflies<Value: SpectrumLane>(_ re: UnsafeMutableBufferPointer<Value>, _ im: UnsafeMutableBufferPointer<Value>,
                                                         _ cosine: UnsafeBufferPointer<Double>, _ sine: UnsafeBufferPointer<Double>) {
        let half = re.count
        // The first stage's twiddle is 1.
        var pair = 0
        while pair < half {
            let (ar, ai, br, bi) = (re[pair], im[pair], re[pair + 1], im[pair + 1])
            (re[pair], im[pair], re[pair + 1], im[pair + 1]) = (ar + br, ai + bi, ar - br, ai - bi)
            pair += 2
        }
        var span = 2
        while span < half {
            // The size-N/2 transform's twiddle k is the size-N table's 2k; each twiddle is read
            // once for every butterfly it serves (all of it in L1).
            let stride = 2 * (half / (2 * span))
            for offset in 0..<span {
                let wr = Value(lane: cosine[offset * stride]), wi = Value(lane: sine[offset * stride])
                var a = offset
                while a < half {
                    let b = a + span
                    let tr = re[b] * wr - im[b] * wi, ti = re[b] * wi + im[b] * wr
                    re[b] = re[a] - tr
                    im[b] = im[a] - ti
                    re[a] += tr
                    im[a] += ti
                    a += 2 * span
                }
            }
            span *= 2
        }
    }

    /// |X[k]| of the transform in `re` and `im` (k below N/2): X[k] = E[k] + W^k·O[k],
    /// E = (Z[k] + conj Z[N/2−k])/2, O = (Z[k] − conj Z[N/2−k])/(2i).
    @inline(__always)
    private static func magnitude<Value: SpectrumLane>(_ k: Int, _ re: UnsafeBufferPointer<Value>, _ im: UnsafeBufferPointer<Value>,
                                                       _ cosine: UnsafeBufferPointer<Double>, _ sine: UnsafeBufferPointer<Double>) -> Value {
        let mirror = (re.count - k) & (re.count - 1)
        let zr = re[k], zi = im[k], mr = re[mirror], mi = -im[mirror]
        let er = (zr + mr).halved, ei = (zi + mi).halved
        let or = (zi - mi).halved, oi = -(zr - mr).halved
        let wr = Value(lane: cosine[k]), wi = Value(lane: sine[k])
        let xr = er + wr * or - wi * oi, xi = ei + wr * oi + wi * or
        return (xr * xr + xi * xi).laneSquareRoots
    }
}

/// What the transform computes on: one value (`Double`) or four at once (`SIMD4<Double>`), each
/// operation the same IEEE operation on every lane.
protocol SpectrumLane {
    init(lane value: Double)
    static func + (a: Self, b: Self) -> Self
    static func - (a: Self, b: Self) -> Self
    static func * (a: Self, b: Self) -> Self
    static func += (a: inout Self, b: Self)
    static prefix func - (a: Self) -> Self
    /// The value divided by 2.
    var halved: Self { get }
    /// Each lane's square root (IEEE, correctly rounded).
    var laneSquareRoots: Self { get }
}

extension Double: SpectrumLane {
    init(lane value: Double) { self = value }
    var halved: Double { self / 2 }
    var laneSquareRoots: Double { squareRoot() }
}

extension SIMD4: SpectrumLane where Scalar == Double {
    init(lane value: Double) { self.init(repeating: value) }
    var halved: SIMD4<Double> { self / 2 }
    /// Two SSE2 square roots of two lanes each where there are, the same values lane by lane.
    var laneSquareRoots: SIMD4<Double> {
        #if arch(x86_64)
        let low = _mm_sqrt_pd(lowHalf), high = _mm_sqrt_pd(highHalf)
        return SIMD4(lowHalf: low, highHalf: high)
        #else
        return squareRoot()
        #endif
    }
}
