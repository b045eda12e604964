import Glibc

/// Magnitudes of a zero-padded real signal's discrete Fourier transform, by an iterative radix-2
/// FFT of one power-of-two size; made once per size and reused for every span of a signal.
struct RealSpectrum {
    /// The transform size (a power of two).
    let size: Int
    private let cosines: [Double], sines: [Double]
    private let reversed: [Int]
    private var real: [Double], imaginary: [Double]

    init(size: Int) {
        precondition(size >= 2 && size & (size - 1) == 0, "the FFT size must be a power of two")
        self.size = size
        cosines = (0..<(size / 2)).map { cos(2 * Double.pi * Double($0) / Double(size)) }
        sines = (0..<(size / 2)).map { -sin(2 * Double.pi * Double($0) / Double(size)) }
        let bits = size.trailingZeroBitCount
        reversed = (0..<size).map { index in
            var value = 0
            for bit in 0..<bits where index & (1 << bit) != 0 { value |= 1 << (bits - 1 - bit) }
            return value
        }
        real = [Double](repeating: 0, count: size)
        imaginary = [Double](repeating: 0, count: size)
    }

    /// |X[k]| for k in `bins` of `input` (at most `size` values, zeros after them).
    mutating func magnitudes(of input: [Double], bins: ClosedRange<Int>) -> [Double] {
        let size = self.size
        real.withUnsafeMutableBufferPointer { re in
            imaginary.withUnsafeMutableBufferPointer { im in
                reversed.withUnsafeBufferPointer { order in
                    for index in 0..<size {
                        let source = order[index]
                        re[index] = source < input.count ? input[source] : 0
                        im[index] = 0
                    }
                }
                cosines.withUnsafeBufferPointer { cosine in
                    sines.withUnsafeBufferPointer { sine in
                        var half = 1
                        while half < size {
                            let stride = size / (2 * half)
                            var start = 0
                            while start < size {
                                for offset in 0..<half {
                                    let twiddle = offset * stride
                                    let a = start + offset, b = a + half
                                    let wr = cosine[twiddle], wi = sine[twiddle]
                                    let tr = re[b] * wr - im[b] * wi, ti = re[b] * wi + im[b] * wr
                                    re[b] = re[a] - tr
                                    im[b] = im[a] - ti
                                    re[a] += tr
                                    im[a] += ti
                                }
                                start += 2 * half
                            }
                            half *= 2
                        }
                    }
                }
            }
        }
        return bins.map { (real[$0] * real[$0] + imaginary[$0] * imaginary[$0]).squareRoot() }
    }
}
