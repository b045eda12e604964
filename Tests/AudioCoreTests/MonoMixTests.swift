import AudioCore
import Testing
import TestSupport

/// The mixing and levels of from-audio's reading (`MonoMix`): the vector paths give the numbers of
/// the sample-by-sample definition, clamping and counting where a sample passes the limit.
@Suite struct MonoMixTests {
    /// A frame's samples added from 0 in order, each clamped to ±limit, over the channel count.
    static func reference(_ samples: [Float], channels: Int, limit: Float) -> (mono: [Float], clamped: Int) {
        var clamped = 0
        let mono = (0..<(samples.count / channels)).map { frame -> Float in
            var total: Float = 0
            for channel in 0..<channels {
                var sample = samples[frame * channels + channel]
                if abs(sample) > limit { (sample, clamped) = (sample > 0 ? limit : -limit, clamped + 1) }
                total += sample
            }
            return total / Float(channels)
        }
        return (mono, clamped)
    }

    static func mix(_ samples: [Float], channels: Int, limit: Float) -> (mono: [Float], clamped: Int) {
        let frames = samples.count / channels
        var mono = [Float](repeating: .nan, count: frames)
        let clamped = samples.withUnsafeBufferPointer { input in
            mono.withUnsafeMutableBufferPointer { MonoMix.mix(input, channels: channels, frames: frames, limit: limit, into: $0) }
        }
        return (mono, clamped)
    }

    @Test(arguments: [1, 2, 3, 6])
    func mixingGivesTheMeanOfEachFrameBitForBit(channels: Int) {
        var generator = SeededGenerator(state: UInt64(channels))
        // Lengths around the vector widths, so that every tail is taken.
        for frames in [0, 1, 3, 7, 8, 9, 1_001] {
            let samples = (0..<(frames * channels)).map { _ in Float.random(in: -1..<1, using: &generator) }
            let (mono, clamped) = Self.mix(samples, channels: channels, limit: 1_000)
            let expected = Self.reference(samples, channels: channels, limit: 1_000)
            #expect(mono.map(\.bitPattern) == expected.mono.map(\.bitPattern) && clamped == 0, "\(channels) channels, \(frames) frames")
        }
    }

    @Test func samplesPastTheLimitAreClampedAndCounted() {
        // Stereo: one sample far past the limit each way, one exactly at it (kept, not counted).
        var samples = [Float](repeating: 0.25, count: 40)
        (samples[3], samples[20], samples[33]) = (5e6, -2e4, 1_000)
        let (mono, clamped) = Self.mix(samples, channels: 2, limit: 1_000)
        #expect(clamped == 2)
        #expect(mono == Self.reference(samples, channels: 2, limit: 1_000).mono)
        #expect(mono[1] == (0.25 + 1_000) / 2 && mono[10] == (-1_000 + 0.25) / 2 && mono[16] == (0.25 + 1_000) / 2)
    }

    @Test func levelsAreTheSumInFourLanesAndTheExtremes() {
        var generator = SeededGenerator(state: 7)
        for count in [0, 1, 4, 5, 999] {
            let samples = (0..<count).map { _ in Float.random(in: -0.3..<0.7, using: &generator) }
            let levels = samples.withUnsafeBufferPointer { MonoMix.levels($0) }
            var lanes = [Double](repeating: 0, count: 4)
            for index in 0..<(count / 4 * 4) { lanes[index % 4] += Double(samples[index]) }
            var sum = lanes.reduce(0, +)
            for index in (count / 4 * 4)..<count { sum += Double(samples[index]) }
            #expect(levels.sum == sum, "\(count) samples")
            #expect(levels.highest == (samples.max() ?? -.infinity) && levels.lowest == (samples.min() ?? .infinity), "\(count) samples")
        }
    }
}
