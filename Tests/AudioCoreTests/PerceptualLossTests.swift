import AudioCore
import Foundation
import Testing

/// The device matrix's judgement on synthetic signals (docs/devices.md, "The device matrix"): a
/// 1 g sine at 150 Hz against copies changed just under and just over what people notice.
@Suite struct PerceptualLossTests {
    static let rate = 48000

    static func sine(hz: Double = 150, amplitude: Double = 0.5, startMs: Double = 100, lengthMs: Double = 500) -> [Float] {
        PerceptualComparisonTests.sine(rate: rate, hz: hz, amplitude: amplitude, startMs: startMs, lengthMs: lengthMs, totalMs: 800)
    }

    static func loss(_ device: [Float]) -> PerceptualLoss {
        PerceptualLoss(reference: sine(), referenceFullScaleG: 2, device: device, deviceFullScaleG: 2, sampleRate: rate)
    }

    @Test func aOneGSineAt150HzIsFeltAt31_35dB() {
        let view = PerceptualView(samples: Self.sine(), sampleRate: Self.rate, fullScaleG: 2)
        let middle = view.windowCount / 2
        #expect(abs(view.levelsDb[middle]) < 0.01)
        #expect(abs(view.sensationLevelDb(ofWindow: middle) - 31.35) < 0.02)
        #expect(abs((view.frequency(ofWindow: middle) ?? 0) / 150 - 1) < 0.005)
    }

    @Test func aLevelLossStartsPast1_65dB() {
        let softer = { (db: Double) in Self.sine(amplitude: 0.5 * pow(10, -db / 20)) }
        let slight = Self.loss(softer(1.5))
        #expect(slight.level == 0 && slight.missing == 0 && slight.loss == 0 && slight.referenceFelt > 90)
        let felt = Self.loss(softer(2))
        #expect(felt.loss == 1 && felt.level > 0, "\(felt)")
    }

    @Test func anOnsetLossStartsPast5ms() {
        #expect(Self.loss(Self.sine(startMs: 104)).onsets.isEmpty)
        let late = Self.loss(Self.sine(startMs: 106))
        #expect(late.onsets.count == 1 && late.onsets[0].audioSync == false)
        #expect(abs((late.onsets[0].deviceMs ?? 0) - (late.onsets[0].referenceMs ?? 0) - 6) < 0.1)
    }

    @Test func aFrequencyLossStartsPast13PerCent() {
        #expect(Self.loss(Self.sine(hz: 165)).frequency == 0)
        let far = Self.loss(Self.sine(hz: 172.5))
        // Every window whose 40 ms span lies inside the sine (100–600 ms): k from 23 to 114.
        #expect(far.frequency >= 114 - 23 + 1 && far.frequency <= 114 - 23 + 3 && far.level == 0, "\(far)")
    }

    @Test func aDeviceWithoutHapticsMissesEveryWindow() {
        let none = Self.loss([])
        #expect(none.missing == none.referenceFelt && none.loss == 1 && none.onsets.count == 1 && none.onsets[0].deviceMs == nil)
    }
}

/// Rate conversion by the windowed sinc (docs/audio.md).
@Suite struct ResamplerTests {
    @Test func a1kHzSineFrom44_1To48kHzIsWithin1e4OfTheIdeal() {
        let input = (0..<44100).map { sin(2 * Double.pi * 1000 * Double($0) / 44100) }
        let output = Resampler.resample(input, from: 44100, to: 48000)
        #expect(output.count == 48000)
        // Away from the edges (the kernel's reach of 16 samples and more).
        var worst = 0.0
        for frame in 1000..<47000 {
            let ideal = sin(2 * Double.pi * 1000 * Double(frame) / 48000)
            worst = max(worst, abs(output[frame] - ideal))
        }
        #expect(worst < 1e-4, "largest error \(worst)")
        #expect(Resampler.resample(input, from: 44100, to: 44100) == input)
    }
}
