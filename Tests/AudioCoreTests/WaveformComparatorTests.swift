import Testing
@testable import AudioCore

/// The pass/fail rule of every golden: max abs error and SNR against their limits, same lengths,
/// the first differing frame, and NaN counted as infinitely wrong.
@Suite struct WaveformComparatorTests {
    func compare(_ expected: [Float], _ actual: [Float], channels: Int = 1, tolerance: WaveformComparison.Tolerance = .init(),
                 frames: (Int64, Int64)? = nil) -> WaveformComparison {
        var comparator = WaveformComparator(channelCount: channels, tolerance: tolerance)
        expected.withUnsafeBufferPointer { e in actual.withUnsafeBufferPointer { a in _ = comparator.add(expected: e, actual: a) } }
        let count = Int64(expected.count / channels)
        return comparator.result(expectedFrames: frames?.0 ?? count, actualFrames: frames?.1 ?? count, sampleRate: 8_000)
    }

    @Test func identicalSignalsPassWithInfiniteSNR() {
        let result = compare([0.5, -0.5, 0.25], [0.5, -0.5, 0.25])
        #expect(result.pass && result.maxAbsError == 0 && result.snrDb == nil && result.firstDifferingFrame == nil && result.rmsError == 0)
    }

    @Test func anErrorOverTheLimitFailsAtItsFrame() {
        let result = compare([0, 0.5, 0.5, 0.5], [0, 0.5, 0.7, 0.5])
        #expect(!result.pass)
        #expect(abs(result.maxAbsError - 0.2) < 1e-6 && result.maxAbsErrorFrame == 2 && result.firstDifferingFrame == 2)
    }

    @Test func aSmallErrorPassesOnlyWithEnoughSNR() {
        let expected: [Float] = [0.5, -0.5, 0.5, -0.5], actual: [Float] = [0.50005, -0.5, 0.5, -0.5]
        // 5e-5 is within 1e-4, but the SNR is about 86 dB: below the default 90, above 60.
        #expect(!compare(expected, actual).pass)
        #expect(compare(expected, actual, tolerance: .init(maxAbsError: 1e-4, minSNRdB: 60)).pass)
    }

    @Test func differentLengthsFailAtTheShorterEnd() {
        let result = compare([0.1, 0.1], [0.1, 0.1], frames: (3, 2))
        #expect(!result.pass && result.firstDifferingFrame == 2)
    }

    @Test func nanIsInfinitelyWrong() {
        let result = compare([0.1, 0.1], [0.1, .nan])
        #expect(!result.pass && result.maxAbsError == .infinity && result.firstDifferingFrame == 1)
    }

    @Test func framesCountInterleavedChannelsTogether() {
        let result = compare([0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0.5], channels: 2)
        #expect(result.firstDifferingFrame == 2 && result.maxAbsErrorFrame == 2 && result.channelCount == 2)
    }

    @Test func silenceAgainstADifferenceIsMinusInfinityDB() {
        #expect(compare([0, 0], [0, 0.1]).snrDb == -.infinity)
    }
}
