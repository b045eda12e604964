import Testing
@testable import AudioCore

/// The whole analysis, against the expected envelopes of the offline tests of Meta's published
/// analysis, restated (within 1e-4; their breakpoint times are exact).
@Suite struct SoundAnalysisTests {
    /// The settings of Meta's offline tests at `rate`: one update and one breakpoint per sample,
    /// an instant follower over a 1 s RMS, a 4-point FFT, no emphasis, no minimum score.
    static func settings(rate: Float, overlap: Int) -> SoundAnalysis.Settings {
        var settings = SoundAnalysis.Settings()
        (settings.spectrum.fftSize, settings.spectrum.overlap, settings.spectrum.centroidLowpassHz) = (4, overlap, rate / 2)
        (settings.amplitude.updateSeconds, settings.amplitude.attackSeconds, settings.amplitude.holdSeconds) = (1 / rate, 0, 0)
        (settings.amplitude.releaseSeconds, settings.amplitude.rmsWindowSeconds) = (0, 1)
        (settings.frequency.lowHz, settings.frequency.highHz) = (0, rate / 2)
        (settings.amplitudePerSecond, settings.frequencyPerSecond, settings.minimumScore, settings.emphasisEnabled) = (Int(rate), Int(rate), 0, false)
        return settings
    }

    static func analyse(_ input: [Float], rate: Float, _ settings: SoundAnalysis.Settings) -> SoundAnalysis.Result {
        var analysis = SoundAnalysis(sampleRate: rate, settings: settings)
        input.withUnsafeBufferPointer { analysis.process($0) }
        return analysis.finish()
    }

    static func near(_ actual: [(Float, Float)], _ expected: [(Float, Float)]) -> Bool {
        actual.count == expected.count && zip(actual, expected).allSatisfy { $0.0 == $1.0 && abs($0.1 - $1.1) <= 1e-4 }
    }

    @Test func twoSecondsAtFourSamplesASecond() {
        let result = Self.analyse([1, 1, 1, 1, 0, 0, 0, 0], rate: 4, Self.settings(rate: 4, overlap: 2))
        let amplitude = result.amplitude.map { ($0.time, $0.amplitude) }, frequency = result.frequency.map { ($0.time, $0.value) }
        #expect(Self.near(amplitude, [(0, 0.5), (0.25, 0.5), (0.5, 0.70710677), (0.75, 0.8660254), (1, 1), (1.25, 0.8660254), (1.5, 0.70710677),
                                      (1.75, 0.5), (2, 0)]), "\(amplitude)")
        #expect(Self.near(frequency, [(0, 0.5), (0.5, 0.2071068), (1, 0.5), (1.5, 0), (2, 0)]), "\(frequency)")
    }

    @Test func oneSecondAtEightSamplesASecond() {
        let result = Self.analyse([Float](repeating: 1, count: 8), rate: 8, Self.settings(rate: 8, overlap: 4))
        let amplitude = result.amplitude.map { ($0.time, $0.amplitude) }, frequency = result.frequency.map { ($0.time, $0.value) }
        #expect(Self.near(amplitude, [(0, 0.35355338), (0.125, 0.35355338), (0.25, 0.5), (0.375, 0.61237246), (0.5, 0.70710677),
                                      (0.625, 0.7905694), (0.75, 0.8660254), (0.875, 0.9354144), (1, 1)]), "\(amplitude)")
        #expect(Self.near(frequency, [(0, 0.5), (0.125, 0.2071068), (0.25, 0.2071068), (0.375, 0.2071068), (0.5, 0.2071068), (0.625, 0.2071068),
                                      (0.75, 0.2071068), (0.875, 0.2071068), (1, 0.5)]), "\(frequency)")
    }
}
