import Foundation
import Testing
import TestSupport
@testable import AudioCore

/// The spectral stage and the frequency envelope of from-audio, against the expected values of the
/// unit tests of Meta's published analysis (`spectrum_analysis`, `frequency_analyzer`), restated:
/// the frames within 1e-3 (their tolerance), the frequency points within 1e-4. Differs by design:
/// hapsynth's FFT runs in doubles, Meta's in 32-bit floats, and a frame's flux sums every bin's
/// change, so it carries the reference transform's rounding: where two tones of equal energy meet
/// (a flux that is that noise alone, 0.02 to 0.3) the test allows 0.02, and 1e-5 of a large flux.
@Suite struct SpectralFeaturesTests {
    /// `size` samples of a unit sine of `hz` at `rate`, computed in 32-bit floats as the tests do.
    static func sine(rate: Float, hz: Float, size: Int) -> [Float] {
        (0..<size).map { sinf(Float($0) / rate * (2 * Float.pi) * hz) }
    }

    /// A second each of Nyquist/8, /4 and 3/8.
    static func lowMidHigh(rate: Float) -> [Float] {
        let f = rate / 2 / 8, second = Int(rate)
        return sine(rate: rate, hz: f, size: second) + sine(rate: rate, hz: 2 * f, size: second) + sine(rate: rate, hz: 3 * f, size: second)
    }

    static func impulse(_ size: Int) -> [Float] {
        var samples = [Float](repeating: 0, count: size)
        samples[size / 2] = 1
        return samples
    }

    static func frames(_ input: [Float], rate: Float, lowpassHz: Float) -> [SpectralFeature] {
        var settings = SpectralFollower.Settings()
        (settings.fftSize, settings.overlap, settings.centroidLowpassHz) = (Int(rate), 1, lowpassHz)
        var follower = SpectralFollower(sampleRate: rate, settings: settings)
        return input.withUnsafeBufferPointer { follower.process($0) } + follower.finish()
    }

    static func matches(_ frames: [SpectralFeature], _ expected: [(Float, Float, Float)], fluxNoise: Float = 1e-3) -> Bool {
        frames.count >= expected.count && zip(frames, expected).allSatisfy { frame, want in
            abs(frame.time - want.0) < 1e-3 && abs(frame.centroid - want.1) < 1e-3
                && abs(frame.flux - want.2) < max(fluxNoise, 1e-5 * want.2)
        }
    }

    @Test func threeTonesWithoutTheLowPass1024() {
        let frames = Self.frames(Self.lowMidHigh(rate: 1024), rate: 1024, lowpassHz: 512)
        #expect(Self.matches(frames, [(0.5, 0.125, 512.256), (1.5, 0.25, 0.021), (2.5, 0.375, 0.046)], fluxNoise: 0.02), "\(frames)")
    }

    @Test func threeTonesWithoutTheLowPass2048() {
        let frames = Self.frames(Self.lowMidHigh(rate: 2048), rate: 2048, lowpassHz: 1024)
        #expect(Self.matches(frames, [(0.5, 0.125, 1024.328), (1.5, 0.25, 0.119), (2.5, 0.375, 0.315)], fluxNoise: 0.02), "\(frames)")
    }

    @Test func anImpulseUnderAHalfBandLowPass() {
        let frames = Self.frames(Self.impulse(1024), rate: 1024, lowpassHz: 256)
        #expect(Self.matches(frames, [(0.5, 0.252, 512)]), "\(frames)")
    }

    @Test func anImpulseLaterInTheSignalShowsAsFlux() {
        let frames = Self.frames(Self.impulse(3 * 1024), rate: 1024, lowpassHz: 512)
        #expect(Self.matches(frames, [(0.5, 0, 0), (1.5, 0.5, 512), (2.5, 0, 0)]), "\(frames)")
    }

    /// The frequency points of frames with these centroids, under `mapping`, at 1024 Hz.
    static func frequency(_ frames: [(Float, Float)], _ mapping: FrequencyMapping) -> [EnvelopePoint] {
        mapping.points(frames.map { SpectralFeature(time: $0.0, centroid: $0.1, flux: 0) }, sampleRate: 1024)
    }

    static func mapping(highHz: Float, outputLow: Float = 0, outputHigh: Float = 1) -> FrequencyMapping {
        var mapping = FrequencyMapping()
        (mapping.lowHz, mapping.highHz, mapping.outputLow, mapping.outputHigh) = (0, highHz, outputLow, outputHigh)
        return mapping
    }

    static func near(_ points: [EnvelopePoint], _ expected: [(Float, Float)]) -> Bool {
        points.count == expected.count && zip(points, expected).allSatisfy { abs($0.time - $1.0) < 1e-4 && abs($0.value - $1.1) < 1e-4 }
    }

    @Test func framesCentredBeforeTheStartAreLeftOut() {
        let points = Self.frequency([(-0.5, 0.0125), (0.5, 0.125), (1.5, 0.25), (2.5, 0.375)], Self.mapping(highHz: 512))
        #expect(Self.near(points, [(0.5, 0.125), (1.5, 0.25), (2.5, 0.375)]))
    }

    @Test func theOutputRangeScalesTheEnvelope() {
        let tones: [(Float, Float)] = [(0.5, 0.125), (1.5, 0.25), (2.5, 0.375)]
        #expect(Self.near(Self.frequency(tones, Self.mapping(highHz: 512, outputHigh: 0.5)), [(0.5, 0.0625), (1.5, 0.125), (2.5, 0.1875)]))
        #expect(Self.near(Self.frequency(tones, Self.mapping(highHz: 512 * 2 / 3)), [(0.5, 0.1875), (1.5, 0.375), (2.5, 0.5625)]))
        #expect(Self.near(Self.frequency(tones, Self.mapping(highHz: 512 * 2 / 3, outputLow: 0.5)), [(0.5, 0.59375), (1.5, 0.6875), (2.5, 0.78125)]))
    }
}

/// The four-lane transform (from-audio's frames, four at a time) gives each lane exactly what the
/// transform of that lane's input alone gives, whatever the other lanes hold, so where the frames
/// fall in groups (and which repeat as spare lanes) never changes a value.
@Suite struct FourLaneSpectrumTests {
    @Test(arguments: [16, 1_024])
    func eachLaneIsItsInputsTransformBitForBit(size: Int) {
        var generator = SeededGenerator(state: UInt64(size))
        let inputs = (0..<4).map { _ in (0..<size).map { _ in Double(Float.random(in: -1...1, using: &generator)) } }
        var spectrum = RealSpectrum(size: size)
        let outputs = (0..<4).map { _ in UnsafeMutableBufferPointer<Float>.allocate(capacity: size / 2) }
        defer { outputs.forEach { $0.deallocate() } }
        func four(_ lanes: [[Double]]) -> SIMD4<Double> {
            let values = (0..<size).map { SIMD4(lanes[0][$0], lanes[1][$0], lanes[2][$0], lanes[3][$0]) }
            return values.withUnsafeBufferPointer { spectrum.magnitudes(ofFour: $0, into: outputs) }
        }
        let nyquists = four(inputs), mixed = outputs.map(Array.init)
        for lane in 0..<4 {
            #expect(mixed[lane] == spectrum.magnitudes(of: inputs[lane], bins: 0...(size / 2 - 1)).map(Float.init), "lane \(lane)")
            // The same input in every lane: the same values and Nyquist bin.
            let alone = four(Array(repeating: inputs[lane], count: 4))
            #expect(Array(outputs[lane]) == mixed[lane] && alone[lane] == nyquists[lane], "lane \(lane)")
        }
    }
}
