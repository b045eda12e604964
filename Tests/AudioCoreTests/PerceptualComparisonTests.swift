import AudioCore
import Foundation
import Testing

/// The perceptual gates at their boundaries (docs/golden-tests.md), at 8, 48 and 96 kHz: a 150 Hz
/// sine at amplitude 0.5, changed in level, frequency or timing.
@Suite struct PerceptualComparisonTests {
    /// `amplitude`·sin(2π·hz·t) from `startMs` for `lengthMs`, in a signal of `totalMs`; by default
    /// it ends on a window boundary (500 ms), so that its last window holds no fraction of a cycle.
    static func sine(rate: Int, hz: Double = 150, amplitude: Double = 0.5, startMs: Double = 100.5, lengthMs: Double = 400.5, totalMs: Double = 700) -> [Float] {
        let start = Int((startMs * Double(rate) / 1000).rounded()), end = start + Int((lengthMs * Double(rate) / 1000).rounded())
        return (0..<Int(totalMs * Double(rate) / 1000)).map { frame in
            frame >= start && frame < end ? Float(amplitude * sin(2 * Double.pi * hz * Double(frame - start) / Double(rate))) : 0
        }
    }

    static func compare(_ expected: [Float], _ actual: [Float], rate: Int) -> PerceptualComparison {
        PerceptualComparison(expected: [expected], actual: [actual], sampleRate: rate)
    }

    static let rates = [8000, 48000, 96000]

    @Test(arguments: rates) func aLevelChangeOf0_9dBPassesAnd1_1dBFails(rate: Int) {
        let expected = Self.sine(rate: rate)
        let louder = { (db: Double) in Self.sine(rate: rate, amplitude: 0.5 * pow(10, db / 20)) }
        let within = Self.compare(expected, louder(0.9), rate: rate)
        #expect(within.pass && abs(within.maxLevelDiffDb - 0.9) < 0.01 && within.judgedWindows > 70, "\(within)")
        let over = Self.compare(expected, louder(1.1), rate: rate)
        #expect(!over.pass && over.firstFailure?.gate == .level, "\(over)")
        #expect(abs((over.firstFailure?.actual ?? 0) - (over.firstFailure?.expected ?? 0) - 1.1) < 0.01)
        #expect(abs(over.firstFailure!.atMs - 100) <= 10, "the first window that hears the sine")
    }

    @Test(arguments: rates) func aFrequencyOf158HzPassesAnd160HzFails(rate: Int) {
        let expected = Self.sine(rate: rate)
        let near = Self.compare(expected, Self.sine(rate: rate, hz: 158), rate: rate)
        #expect(near.pass && abs(near.maxFrequencyError - 8.0 / 150) < 0.005, "\(near)")
        let far = Self.compare(expected, Self.sine(rate: rate, hz: 160), rate: rate)
        #expect(!far.pass && far.firstFailure?.gate == .frequency, "\(far)")
        #expect(abs((far.firstFailure?.expected ?? 0) - 150) < 1.5 && abs((far.firstFailure?.actual ?? 0) - 160) < 1.5)
    }

    @Test(arguments: rates) func anOnsetShiftOf2msPassesAnd3msFails(rate: Int) {
        let expected = Self.sine(rate: rate)
        let two = Self.compare(expected, Self.sine(rate: rate, startMs: 102.5), rate: rate)
        #expect(two.pass && two.expectedOnsets == 1 && two.actualOnsets == 1 && abs((two.maxOnsetShiftMs ?? 0) - 2) < 0.05, "\(two)")
        let three = Self.compare(expected, Self.sine(rate: rate, startMs: 103.5), rate: rate)
        #expect(!three.pass && three.firstFailure?.gate == .onset, "\(three)")
        #expect(abs((three.maxOnsetShiftMs ?? 0) - 3) < 0.05)
    }

    /// A short tap 10 ms late fails the level of the windows it left too; the failure names the
    /// onset move, its cause.
    @Test(arguments: rates) func aTapTenMillisecondsLateLeadsWithItsOnset(rate: Int) {
        let tap = Self.sine(rate: rate, startMs: 100.5, lengthMs: 20, totalMs: 300)
        let late = Self.compare(tap, Self.sine(rate: rate, startMs: 110.5, lengthMs: 20, totalMs: 300), rate: rate)
        #expect(!late.pass && late.firstFailure?.gate == .onset, "\(late)")
        #expect(abs((late.firstFailure?.actual ?? 0) - (late.firstFailure?.expected ?? 0) - 10) < 0.5, "\(String(describing: late.firstFailure))")
    }

    @Test(arguments: rates) func signalsNeverFeltPass(rate: Int) {
        // −80 dBFS at 150 Hz is 0.0002 g, far under the threshold of about −31 dB re 1 g.
        let faint = Self.compare(Self.sine(rate: rate, amplitude: 1e-4), Self.sine(rate: rate, hz: 300, amplitude: 5e-5), rate: rate)
        #expect(faint.pass && faint.judgedWindows == 0)
        let silence = Self.compare([Float](repeating: 0, count: rate), [], rate: rate)
        #expect(silence.pass && silence.judgedWindows == 0 && silence.expectedOnsets == 0)
    }

    @Test(arguments: rates) func aMissingOnsetFailsWhereItWas(rate: Int) {
        let two = zip(Self.sine(rate: rate, lengthMs: 100), Self.sine(rate: rate, startMs: 300.5, lengthMs: 100)).map { $0 + $1 }
        let one = Self.sine(rate: rate, lengthMs: 100)
        let result = Self.compare(two, one, rate: rate)
        #expect(!result.pass && result.expectedOnsets == 2 && result.actualOnsets == 1)
        #expect(result.firstFailure?.gate == .level || result.firstFailure?.gate == .onset)
        #expect(abs((result.firstFailure?.atMs ?? 0) - 300) < 10)
    }
}
