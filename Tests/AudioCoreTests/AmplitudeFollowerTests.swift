import Foundation
import Testing
@testable import AudioCore

/// The amplitude stage of from-audio, against the expected values of the unit tests of Meta's
/// published analysis (`core/dsp` and `audio_analysis`), restated here: the same inputs and
/// settings must give the same 32-bit values (exactly where those tests compare exactly, within
/// 1e-4 where they allow it).
@Suite struct AmplitudeFollowerTests {
    @Test func theRMSOfATwoSampleWindow() {
        var rms = MovingRMS(windowSeconds: 2, sampleRate: 1)
        let inputs: [Float] = [0, 0, 0.5, 0.5, 0.5, 0, 0, 0, 0, 1, 1]
        let expected: [Float] = [0, 0, ((0.5 * 0.5) / 2 as Float).squareRoot(), 0.5, 0.5, ((0.5 * 0.5) / 2 as Float).squareRoot(), 0, 0, 0,
                                 (1 / 2 as Float).squareRoot(), 1]
        #expect(inputs.map { rms.process($0) } == expected)
    }

    @Test func theRMSOfAFourSampleWindow() {
        var rms = MovingRMS(windowSeconds: 0.5, sampleRate: 8)
        let inputs: [Float] = [0, 0, 0, 0, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0.5, 0.5, 0.5, 0.5]
        func root(_ x: Float) -> Float { x.squareRoot() }
        let expected: [Float] = [0, 0, 0, 0, root(1 / 4), root(2 / 4), root(3 / 4), 1, 1, root(3 / 4), root(2 / 4), root(1 / 4), 0, 0, 0, 0, 0,
                                 root(1 * (0.5 * 0.5) / 4), root(2 * (0.5 * 0.5) / 4), root(3 * (0.5 * 0.5) / 4), 0.5]
        #expect(inputs.map { rms.process($0) } == expected)
    }

    @Test func theRMSStaysExactOverLongInputs() {
        var rms = MovingRMS(windowSeconds: 1, sampleRate: 4)
        var x: Float = 0.1
        for _ in 0..<500 {
            _ = rms.process(x)
            x += Float.ulpOfOne
        }
        _ = (0..<3).map { _ in rms.process(1) }
        #expect(rms.process(1) == 1)
    }

    @Test func theFollowerWithOneSecondStages() {
        var follower = EnvelopeFollower(attackSeconds: 1, holdSeconds: 1, releaseSeconds: 1, sampleRate: 4)
        let inputs: [Float] = [0, 0, 0, 0, 1, 1, 1, 1, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0]
        let expected: [Float] = [0, 0, 0, 0, 0.6837722, 0.9, 0.96837723, 0.99, 0.99, 0.99, 0.99, 0.99, 0.6549516, 0.54899997, 0.5154951, 0.5049,
                                 0.84343565, 0.95049, 0.95049, 0.95049, 0.95049, 0.95049, 0.30057132, 0.095048994, 0.03005713, 0.009504899]
        #expect(inputs.map { follower.process($0) } == expected)
    }

    @Test func theFollowerWithNoHoldAndDifferentTimes() {
        var follower = EnvelopeFollower(attackSeconds: 0.5, holdSeconds: 0, releaseSeconds: 1, sampleRate: 8)
        let inputs: [Float] = [1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0]
        let expected: [Float] = [0.6837722, 0.9, 0.96837723, 0.99, 0.55671793, 0.3130655, 0.17604966, 0.099, 0.055671792, 0.03130655, 0.017604968,
                                 0.009900001]
        #expect(inputs.map { follower.process($0) } == expected)
    }

    @Test func theRMSIntoTheFollower() {
        var follower = RMSEnvelopeFollower(windowSeconds: 1, attackSeconds: 1, holdSeconds: 1, releaseSeconds: 1, sampleRate: 4)
        let inputs: [Float] = [0, 0, 0, 0, 1, 1, 1, 1, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0]
        let expected: [Float] = [0, 0, 0, 0, 0.3418861, 0.5916138, 0.77924883, 0.93019235, 0.93019235, 0.93019235, 0.93019235, 0.93019235,
                                 0.6360388, 0.54301924, 0.51360387, 0.5043019, 0.6117471, 0.7340208, 0.74494696, 0.74494696, 0.74494696,
                                 0.74494696, 0.74494696, 0.2355729, 0.07449469, 0.023557289, 0.0074494686]
        #expect(inputs.map { follower.process($0) } == expected)
    }

    /// The envelope of `input`, fed in blocks of `block` samples.
    static func envelope(_ input: [Float], rate: Float, settings: AmplitudeFollower.Settings, block: Int = 3) -> [EnvelopePoint] {
        var follower = AmplitudeFollower(sampleRate: rate, settings: settings)
        var points: [EnvelopePoint] = []
        var start = 0
        while start < input.count {
            let end = min(input.count, start + block)
            points += input[start..<end].withUnsafeBufferPointer { follower.process($0) }
            start = end
        }
        return points + follower.finish()
    }

    static func instant(updateSeconds: Float, rmsWindowSeconds: Float) -> AmplitudeFollower.Settings {
        var settings = AmplitudeFollower.Settings()
        (settings.updateSeconds, settings.attackSeconds, settings.holdSeconds, settings.releaseSeconds, settings.rmsWindowSeconds) =
            (updateSeconds, 0, 0, 0, rmsWindowSeconds)
        return settings
    }

    static func near(_ points: [EnvelopePoint], _ expected: [(Float, Float)]) -> Bool {
        points.count == expected.count && zip(points, expected).allSatisfy { abs($0.time - $1.0) <= 1e-4 && abs($0.value - $1.1) <= 1e-4 }
    }

    @Test func theEnvelopeIsTheRMSAtEachUpdate() {
        let points = Self.envelope([1, 1, 0, 0], rate: 1, settings: Self.instant(updateSeconds: 1, rmsWindowSeconds: 2))
        #expect(Self.near(points, [(1, 0.70710677), (2, 1), (3, 0.70710677), (4, 0)]), "\(points)")
    }

    @Test func theEnvelopeIsCappedAtOne() {
        let points = Self.envelope([0, 1, 2, 3], rate: 1, settings: Self.instant(updateSeconds: 1, rmsWindowSeconds: 1))
        #expect(Self.near(points, [(1, 0), (2, 1), (3, 1), (4, 1)]), "\(points)")
    }

    @Test func anyBlockSizeGivesTheSamePointsAndAnEmptySoundOne() {
        let input: [Float] = (0..<4_800).map { index in
            let level: Float = index < 2_400 ? 1 : 0.1
            return Float(sin(Double(index) * 0.05)) * level
        }
        let one = Self.envelope(input, rate: 48_000, settings: .init(), block: 1)
        #expect(one == Self.envelope(input, rate: 48_000, settings: .init(), block: 4_096))
        // Update times add up in 32-bit floats, as the reference's do: the 100th lands a sample
        // after the sound's end, fed silence.
        #expect(one.count == 100 && abs((one.last?.time ?? 0) - 0.1) <= 1.001 / 48_000)
        #expect(Self.envelope([], rate: 48_000, settings: .init()).count == 1)
    }

    /// Issue 62 (A015): past 2^15 s (9.1 hours) a millisecond no longer moves a 32-bit time, and
    /// the reference's update sum stood still, appending points for ever; the next update is then
    /// the next float, and below 2^15 s it is the reference's sum, bit for bit.
    @Test func updatesAdvancePast32768Seconds() {
        for time: Float in [40_000, 86_400, 32_768] {
            #expect(AmplitudeFollower.update(after: time, step: 1e-3) > time, "\(time)")
        }
        #expect(AmplitudeFollower.update(after: 40_000, step: 1e-3) == Float(40_000).nextUp)
        #expect(AmplitudeFollower.update(after: 12.345, step: 1e-3) == Float(12.345) + Float(1e-3))
    }

    /// A window that rounds to no sample (0.1 ms at 1 kHz) is one sample long: its mean was 0/0,
    /// and a silent sound's amplitude NaN (written `null`).
    @Test func aWindowOfLessThanASampleIsOneSample() {
        var rms = MovingRMS(windowSeconds: 1e-4, sampleRate: 1_000)
        #expect(rms.process(0) == 0 && rms.process(0.5) == 0.5)
    }
}
