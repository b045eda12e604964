import Glibc

/// Magnitudes of a zero-padded real signal's discrete Fourier transform of one power-of-two size N,
/// made once per size and reused for every span of a signal: the N real samples are packed as
/// N/2 complex ones (even samples real, odd imaginary), transformed by an iterative radix-2 FFT,
/// and the bins asked for unpacked.
struct RealSpectrum {
    /// The transform size N (a power of two, at least 4).
    let size: Int
    /// cos and −sin of 2πk/N for k < N/2: the unpacking twiddles, and (every other one) the FFT's.
    private let cosines: [Double], sines: [Double]
    private let reversed: [Int]
    private var real: [Double], imaginary: [Double]
    /// Four transforms' values at once, a lane each (`magnitudes(ofFour:into:)`; empty until used).
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
        return bins.map(magnitude)
    }

    /// |X[k]| for every k below N/2 of `input` (at most N values, zeros after them), into `output`
    /// (N/2 values, as 32-bit floats); returns |X[N/2]|, the Nyquist bin.
    mutating func magnitudes(of input: UnsafeBufferPointer<Double>, into output: UnsafeMutableBufferPointer<Float>) -> Double {
        transform(input)
        let half = size / 2
        real.withUnsafeBufferPointer { re in
            imaginary.withUnsafeBufferPointer { im in
                cosines.withUnsafeBufferPointer { cosine in
                    sines.withUnsafeBufferPointer { sine in
                        // As `magnitude(k)` unpacks one bin, for every bin at once.
                        for k in 0..<half {
                            let mirror = (half - k) & (half - 1)
                            let zr = re[k], zi = im[k], mr = re[mirror], mi = -im[mirror]
                            let er = (zr + mr) / 2, ei = (zi + mi) / 2
                            let or = (zi - mi) / 2, oi = -(zr - mr) / 2
                            let wr = cosine[k], wi = sine[k]
                            let xr = er + wr * or - wi * oi, xi = ei + wr * oi + wi * or
                            output[k] = Float((xr * xr + xi * xi).squareRoot())
                        }
                    }
                }
            }
        }
        // Z[0] is the sum of the even samples plus i times the odd ones': X[N/2] is their difference.
        return abs(real[0] - imaginary[0])
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
                    sines.withUnsafeBufferPointer { sine in
                        // The first stage's twiddle is 1.
                        var pair = 0
                        while pair < half {
                            let (ar, ai, br, bi) = (re[pair], im[pair], re[pair + 1], im[pair + 1])
                            (re[pair], im[pair], re[pair + 1], im[pair + 1]) = (ar + br, ai + bi, ar - br, ai - bi)
                            pair += 2
                        }
                        var span = 2
                        while span < half {
                            // The size-N/2 transform's twiddle k is the size-N table's 2k; each
                            // twiddle is read once for every butterfly it serves (all of it in L1).
                            let stride = 2 * (half / (2 * span))
                            for offset in 0..<span {
                                let wr = cosine[offset * stride], wi = sine[offset * stride]
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
                }
            }
        }
    }

    /// |X[k]| of the last transform (k below N/2): X[k] = E[k] + W^k·O[k], E = (Z[k] + conj Z[N/2−k])/2,
    /// O = (Z[k] − conj Z[N/2−k])/(2i).
    private func magnitude(_ k: Int) -> Double {
        let half = size / 2
        let mirror = (half - k) % half
        let zr = real[k], zi = imaginary[k], mr = real[mirror], mi = -imaginary[mirror]
        let er = (zr + mr) / 2, ei = (zi + mi) / 2
        let or = (zi - mi) / 2, oi = -(zr - mr) / 2
        let wr = cosines[k], wi = sines[k]
        let xr = er + wr * or - wi * oi, xi = ei + wr * oi + wi * or
        return (xr * xr + xi * xi).squareRoot()
    }

    /// The magnitudes of four inputs at once, input `lane` in lane `lane` of each of the N values of
    /// `inputs`, each into `outputs[lane]` (N/2 values); returns their Nyquist bins. Every lane's
    /// arithmetic is the scalar transform's, operation for operation, so each lane's magnitudes are
    /// `magnitudes(of:into:)`'s bit for bit, four at the cost of little more than one.
    mutating func magnitudes(ofFour inputs: UnsafeBufferPointer<SIMD4<Double>>, into outputs: [UnsafeMutableBufferPointer<Float>]) -> SIMD4<Double> {
        let half = size / 2
        if real4.isEmpty { (real4, imaginary4) = ([SIMD4<Double>](repeating: .zero, count: half), [SIMD4<Double>](repeating: .zero, count: half)) }
        real4.withUnsafeMutableBufferPointer { re in
            imaginary4.withUnsafeMutableBufferPointer { im in
                reversed.withUnsafeBufferPointer { order in
                    for index in 0..<half {
                        let source = 2 * order[index]
                        re[index] = inputs[source]
                        im[index] = inputs[source + 1]
                    }
                }
                var pair = 0
                while pair < half {
                    let (ar, ai, br, bi) = (re[pair], im[pair], re[pair + 1], im[pair + 1])
                    (re[pair], im[pair], re[pair + 1], im[pair + 1]) = (ar + br, ai + bi, ar - br, ai - bi)
                    pair += 2
                }
                cosines.withUnsafeBufferPointer { cosine in
                    sines.withUnsafeBufferPointer { sine in
                        var span = 2
                        while span < half {
                            let stride = 2 * (half / (2 * span))
                            for offset in 0..<span {
                                let wr = SIMD4(repeating: cosine[offset * stride]), wi = SIMD4(repeating: sine[offset * stride])
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
                        for k in 0..<half {
                            let mirror = (half - k) & (half - 1)
                            let zr = re[k], zi = im[k], mr = re[mirror], mi = -im[mirror]
                            let er = (zr + mr) / 2, ei = (zi + mi) / 2
                            let or = (zi - mi) / 2, oi = -(zr - mr) / 2
                            let wr = SIMD4(repeating: cosine[k]), wi = SIMD4(repeating: sine[k])
                            let xr = er + wr * or - wi * oi, xi = ei + wr * oi + wi * or
                            let magnitude = (xr * xr + xi * xi).squareRoot()
                            for lane in 0..<4 { outputs[lane][k] = Float(magnitude[lane]) }
                        }
                    }
                }
            }
        }
        let difference = real4[0] - imaginary4[0]
        return SIMD4(abs(difference[0]), abs(difference[1]), abs(difference[2]), abs(difference[3]))
    }
}
