#if arch(x86_64)
import _Builtin_intrinsics.intel
#endif

/// A block of interleaved samples mixed to mono, and a mono block's sum and extremes: the reading
/// of a sound for its analysis (docs/from-audio.md), written so that the compiler can use vector
/// instructions on the common case (every sample within the limit).
public enum MonoMix {
    /// Writes into `mono` the mean of each of `frames` frames of `channels` interleaved samples,
    /// each sample first clamped to ±`limit` (in full scales); returns how many were clamped.
    /// The same numbers as adding each frame's samples from 0 in order and dividing by `channels`.
    public static func mix(_ interleaved: UnsafeBufferPointer<Float>, channels: Int, frames: Int, limit: Float,
                           into mono: UnsafeMutableBufferPointer<Float>) -> Int {
        precondition(channels > 0 && interleaved.count >= frames * channels && mono.count >= frames)
        let samples = UnsafeBufferPointer(rebasing: interleaved[0..<(frames * channels)])
        // The common layouts within the limit in vector-friendly loops; the rest sample by sample.
        guard channels <= 2, largestMagnitude(samples) <= limit else { return clampedMix(samples, channels: channels, limit: limit, into: mono) }
        if channels == 1 {
            for frame in 0..<frames { mono[frame] = 0 + samples[frame] }
        } else {
            for frame in 0..<frames { mono[frame] = (0 + samples[2 * frame] + samples[2 * frame + 1]) / 2 }
        }
        return 0
    }

    /// The sum of `samples` (in lanes of four, each in Double, added at the end: the same for a
    /// block wherever it is read) and their largest and smallest values (−∞ and +∞ when empty).
    public static func levels(_ samples: UnsafeBufferPointer<Float>) -> (sum: Double, highest: Float, lowest: Float) {
        var sums = SIMD4<Double>(), highest = SIMD4<Float>(repeating: -.infinity), lowest = SIMD4<Float>(repeating: .infinity)
        let lanes = samples.count / 4
        if let base = samples.baseAddress {
            let raw = UnsafeRawPointer(base)
            for lane in 0..<lanes {
                let four = raw.loadUnaligned(fromByteOffset: lane * 16, as: SIMD4<Float>.self)
                sums += SIMD4<Double>(Double(four[0]), Double(four[1]), Double(four[2]), Double(four[3]))
                highest = lanesMax(highest, four)
                lowest = lanesMin(lowest, four)
            }
        }
        var sum = sums.sum(), high = highest.max(), low = lowest.min()
        for index in (lanes * 4)..<samples.count {
            sum += Double(samples[index])
            (high, low) = (max(high, samples[index]), min(low, samples[index]))
        }
        return (sum, high, low)
    }

    /// The largest magnitude among `samples` (0 when empty).
    static func largestMagnitude(_ samples: UnsafeBufferPointer<Float>) -> Float {
        var largest = SIMD4<Float>()
        let lanes = samples.count / 4
        if let base = samples.baseAddress {
            let raw = UnsafeRawPointer(base)
            for lane in 0..<lanes {
                let four = raw.loadUnaligned(fromByteOffset: lane * 16, as: SIMD4<Float>.self)
                largest = lanesMax(largest, lanesMax(four, -four))
            }
        }
        var result = largest.max()
        for index in (lanes * 4)..<samples.count { result = max(result, abs(samples[index])) }
        return result
    }

    /// Each lane's larger value (of finite values: the generic `pointwiseMax` is a call a lane).
    @inline(__always)
    private static func lanesMax(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> SIMD4<Float> {
        #if arch(x86_64)
        _mm_max_ps(a, b)
        #else
        pointwiseMax(a, b)
        #endif
    }

    /// Each lane's smaller value (of finite values).
    @inline(__always)
    private static func lanesMin(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> SIMD4<Float> {
        #if arch(x86_64)
        _mm_min_ps(a, b)
        #else
        pointwiseMin(a, b)
        #endif
    }

    /// `mix` sample by sample, clamping and counting (for a block within the limit, the same loop
    /// without a clamp).
    private static func clampedMix(_ samples: UnsafeBufferPointer<Float>, channels: Int, limit: Float,
                                   into mono: UnsafeMutableBufferPointer<Float>) -> Int {
        var clamped = 0
        for frame in 0..<(samples.count / channels) {
            var total: Float = 0
            for channel in 0..<channels {
                var sample = samples[frame * channels + channel]
                if abs(sample) > limit {
                    sample = sample > 0 ? limit : -limit
                    clamped += 1
                }
                total += sample
            }
            mono[frame] = total / Float(channels)
        }
        return clamped
    }
}
