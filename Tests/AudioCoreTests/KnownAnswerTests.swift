import Foundation
import Testing
@testable import AudioCore

/// Sounds with a known answer, analysed with Studio's default settings at 48 kHz: hits at known
/// times, a tone under a known envelope, a sweep, silence (issue 42, item 4).
@Suite struct KnownAnswerTests {
    static let rate: Float = 48_000

    static func analyse(_ samples: [Float], settings: SoundAnalysis.Settings = .init()) -> SoundAnalysis.Result {
        var analysis = SoundAnalysis(sampleRate: rate, settings: settings)
        var start = 0
        while start < samples.count {
            let end = min(samples.count, start + 4_096)
            samples[start..<end].withUnsafeBufferPointer { analysis.process($0) }
            start = end
        }
        return analysis.finish()
    }

    /// Decaying 180 Hz hits (30 ms time constant) at `times`, in `seconds` of sound.
    static func hits(at times: [Double], seconds: Double) -> [Float] {
        var samples = [Float](repeating: 0, count: Int(seconds * Double(rate)))
        for time in times {
            let first = Int(time * Double(rate))
            for index in first..<min(samples.count, first + Int(0.25 * Double(rate))) {
                let t = Double(index - first) / Double(rate)
                samples[index] += Float(0.8 * exp(-t / 0.03) * sin(2 * Double.pi * 180 * t))
            }
        }
        return samples
    }

    /// At full sensitivity: Studio's 50 % keeps the peaks scored in the upper half of the range of
    /// scores, so of identical hits (whose flux differs only by where the frames fall) about half.
    @Test func hitsAtKnownTimesAreTheEmphasesAndNothingElse() {
        let times = [0.2, 0.55, 0.9, 1.3, 1.7, 2.05]
        var settings = SoundAnalysis.Settings()
        settings.emphasis.sensitivityPercent = 100
        let result = Self.analyse(Self.hits(at: times, seconds: 2.4), settings: settings)
        let found = result.amplitude.filter { $0.emphasis != nil }.map { Double($0.time) }
        let matched = times.filter { time in found.contains { abs($0 - time) <= 0.02 } }.count
        let precision = Double(found.filter { time in times.contains { abs($0 - time) <= 0.02 } }.count) / Double(max(1, found.count))
        let recall = Double(matched) / Double(times.count)
        let f1 = precision + recall > 0 ? 2 * precision * recall / (precision + recall) : 0
        #expect(f1 >= 0.9, "emphases at \(found), precision \(precision), recall \(recall)")
    }

    @Test func silenceIsAValidClipWithNothingToFeel() {
        let result = Self.analyse([Float](repeating: 0, count: 48_000))
        #expect(result.amplitude.allSatisfy { $0.amplitude == 0 && $0.emphasis == nil })
        #expect(result.amplitude.first?.time == 0 && abs((result.amplitude.last?.time ?? 0) - 1) < 1e-3)
        #expect(!result.frequency.isEmpty && result.frequency.allSatisfy { $0.value == 0 })
    }

    @Test func aToneUnderAKnownEnvelopeGivesThatEnvelope() {
        // 160 Hz under a rise over 0.5 s, a hold, and a fall over 0.7 s.
        func envelope(_ t: Double) -> Double { t < 0.5 ? t / 0.5 : t < 1 ? 1 : max(0, 1 - (t - 1) / 0.7) }
        let samples = (0..<Int(1.8 * Double(Self.rate))).map { index -> Float in
            let t = Double(index) / Double(Self.rate)
            return Float(0.7 * envelope(t) * sin(2 * Double.pi * 160 * t))
        }
        let result = Self.analyse(samples)
        let measured = result.amplitude.map { Double($0.amplitude) }, expected = result.amplitude.map { envelope(Double($0.time)) }
        #expect(Self.pearson(measured, expected) >= 0.9)
    }

    @Test func aSweepGivesARisingFrequencyEnvelope() {
        // 40 Hz to 560 Hz over 2 s, at a steady level.
        var phase = 0.0
        let samples = (0..<Int(2 * Double(Self.rate))).map { index -> Float in
            let t = Double(index) / Double(Self.rate)
            phase += 2 * Double.pi * (40 + 260 * t) / Double(Self.rate)
            return Float(0.5 * sin(phase))
        }
        let points = Self.analyse(samples).frequency.filter { $0.time > 0.05 && $0.time < 1.95 }
        #expect(points.count > 10)
        #expect(Self.spearman(points.map { Double($0.time) }, points.map { Double($0.value) }) >= 0.8)
    }

    static func pearson(_ a: [Double], _ b: [Double]) -> Double { Correlation.pearson(a, b) ?? 0 }

    static func spearman(_ a: [Double], _ b: [Double]) -> Double { Correlation.spearman(a, b) ?? 0 }
}
