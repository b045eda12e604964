import AudioCore
import Foundation
import Testing
import TestSupport
@testable import AudioIO

/// ST-SIM and SPQI against the reference implementation (vibromaf 0.0.8): the committed fixtures
/// (Fixtures/vibromaf, made by its make_fixtures.py) and their scores, within 1e-6.
@Suite struct VibroMetricsTests {
    static let folder = packageRoot + "/Tests/AudioIOTests/Fixtures/vibromaf"

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String, reference: String, distorted: String
        /// A score, or nil where the reference gives none (a complex number or too short a signal).
        let stSim: Double?, spqi: Double?
        var testDescription: String { name }
    }

    static func cases() throws -> [Case] {
        let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/scores.json"))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let cases = try #require(root["cases"] as? [[String: Any]])
        return cases.map { entry in
            Case(name: entry["name"] as? String ?? "", reference: entry["reference"] as? String ?? "",
                 distorted: entry["distorted"] as? String ?? "", stSim: entry["stSim"] as? Double, spqi: entry["spqi"] as? Double)
        }
    }

    func samples(_ file: String) throws -> [Double] {
        let reader = try SoundFileReader(path: Self.folder + "/" + file)
        #expect(reader.format.sampleRate == 8000 && reader.format.channelCount == 1)
        return reader.readAll().map(Double.init)
    }

    @Test(arguments: try cases())
    func scoresMatchTheReference(_ fixture: Case) throws {
        let reference = try samples(fixture.reference), distorted = try samples(fixture.distorted)
        let stSim = VibroMetrics.stSim(distorted: distorted, reference: reference)
        let spqi = VibroMetrics.spqi(distorted: distorted, reference: reference)
        for (name, ours, theirs) in [("ST-SIM", stSim, fixture.stSim), ("SPQI", spqi, fixture.spqi)] {
            if let theirs {
                let value = try #require(ours.value, "\(name) is null: \(ours.whyNull ?? "")")
                #expect(abs(value - theirs) <= 1e-6, "\(name) \(value), reference \(theirs)")
            } else {
                #expect(ours.value == nil && ours.whyNull?.isEmpty == false, "\(name) \(String(describing: ours.value)) where the reference has none")
            }
        }
    }

    /// The anchors of the reference, r = 0.5·sin(2π·150·n/8000), n < 4000, to 6 decimals.
    @Test func anchorsAreTheReferences() throws {
        let anchors: [(String, Double?, Double)] = [
            ("louder", 1.001601, 0.516665), ("softer", 0.985880, 0.037314), ("sine-160", 0.032371, 0.010841),
            ("delay-8", 0.691696, 0.056217), ("delay-24", nil, 0.241548),
        ]
        for (name, stSim, spqi) in anchors {
            let distorted = try samples(name + ".distorted.wav"), reference = try samples(name + ".reference.wav")
            let ours = (VibroMetrics.stSim(distorted: distorted, reference: reference), VibroMetrics.spqi(distorted: distorted, reference: reference))
            #expect(ours.0.value.map { ($0 * 1e6).rounded() / 1e6 } == stSim, "\(name) ST-SIM \(String(describing: ours.0.value))")
            #expect(ours.1.value.map { ($0 * 1e6).rounded() / 1e6 } == spqi, "\(name) SPQI \(String(describing: ours.1.value))")
        }
    }

    /// Other rates are resampled to 8000 Hz first; a signal and itself score 1 at any length.
    @Test func otherRatesAreResampledAndEqualSignalsScoreOne() throws {
        let reference = try samples("louder.reference.wav").map(Float.init), louder = try samples("louder.distorted.wav").map(Float.init)
        let up = { (signal: [Float]) in Resampler.resample(signal.map(Double.init), from: 8000, to: 48000).map(Float.init) }
        let scores = VibroMetrics.scores(actual: up(louder), expected: up(reference), sampleRate: 48000)
        #expect(abs((scores.stSim.value ?? 0) - 1.001601) < 1e-3 && abs((scores.spqi.value ?? 0) - 0.516665) < 1e-2)
        let short: [Float] = [0.1, 0.2, 0.3]
        #expect(VibroMetrics.scores(actual: short, expected: short, sampleRate: 8000).stSim.value == 1)
        #expect(VibroMetrics.scores(actual: short, expected: [0, 0, 0], sampleRate: 8000).spqi.whyNull == "3 samples at 8000 Hz, under one block of 512")
    }
}
