import AudioCore
import Foundation
import HapticCore
import HapticPlanner
import Testing
@testable import HapticPlayback
@testable import HapticSynth

/// The synthesizer's kernel against the reference renderer: within 1e-6 for every sample under
/// several profiles, and independent of the block size.
@Suite struct KernelAccuracyTests {
    static let samplesFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Samples").path

    static var samples: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: samplesFolder)) ?? [])
            .filter { $0.hasSuffix(".json") || $0.hasSuffix(".ahap") }.sorted()
    }

    static func load(_ path: String) throws -> PlaybackPlan {
        if path.hasSuffix(".ahap") { return try AHAPImport.read(contentsOf: path).plan }
        return try plan(try PatternReader.read(contentsOf: path).pattern)
    }

    static let profiles: [(String, ActuatorProfile)] = {
        var result: [(String, ActuatorProfile)] = [("48 kHz", ActuatorProfile())]
        for rate in [8_000, 44_100, 96_000] {
            var profile = ActuatorProfile()
            profile.sampleRate = rate
            result.append(("\(rate) Hz", profile))
        }
        var squared = ActuatorProfile()
        squared.intensityExponent = 2
        result.append(("exponent 2", squared))
        var seamless = ActuatorProfile()
        seamless.splitRetrigger = false
        seamless.sampleRate = 8_000
        result.append(("seamless 8 kHz", seamless))
        return result
    }()

    @Test(arguments: samples)
    func everySampleRendersWithinOneMillionthOfTheReference(sample: String) throws {
        let playback = try Self.load(Self.samplesFolder + "/" + sample)
        for (name, profile) in Self.profiles {
            let kernel = try render(playback, profile: profile).samples
            let reference = ReferenceSynth.render(playback, profile: profile)
            #expect(kernel.count == reference.count, "\(sample) at \(name)")
            let error = zip(kernel, reference).map { abs(Double($0) - Double($1)) }.max() ?? 0
            #expect(error <= 1e-6, "\(sample) at \(name): max error \(error)")
        }
    }

    @Test(arguments: samples)
    func blockSizeNeverChangesASample(sample: String) throws {
        let playback = try Self.load(Self.samplesFolder + "/" + sample)
        var profile = ActuatorProfile()
        profile.sampleRate = 8_000
        let whole = try render(playback, profile: profile, blockFrames: 4096).samples
        for blockFrames in [1, 64] {
            #expect(try render(playback, profile: profile, blockFrames: blockFrames).samples == whole, "\(sample), blocks of \(blockFrames)")
        }
    }

    @Test func theStressPatternAndALongSeamlessSineStayWithinOneMillionth() throws {
        var profile = ActuatorProfile()
        profile.sampleRate = 8_000
        let stress = try Self.load(Self.samplesFolder + "/bench/stress-10k.json")
        let kernel = try render(stress, profile: profile).samples
        let reference = ReferenceSynth.render(stress, profile: profile)
        #expect(kernel.count == reference.count)
        #expect((zip(kernel, reference).map { abs(Double($0) - Double($1)) }.max() ?? 0) <= 1e-6)
        profile.splitRetrigger = false
        let sine = try Self.load(Self.samplesFolder + "/bench/sine-160.json")
        let long = try render(sine, profile: profile).samples
        let exact = ReferenceSynth.render(sine, profile: profile)
        // The reference has no seamless joins: compare inside the first part, away from its end ramp.
        let inside = 480..<(30_000 * 8)
        #expect((inside.map { abs(Double(long[$0]) - Double(exact[$0])) }.max() ?? 0) <= 1e-6)
    }
}
