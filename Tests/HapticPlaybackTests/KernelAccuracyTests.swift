import AudioCore
import Foundation
import HapticCore
import HapticPlanner
import Testing
@testable import HapticPlayback
@testable import HapticSynth

/// The synthesizer's kernel against the reference renderer: within 1e-6 for every sample under
/// several profiles, and independent of the block size and of the thread count.
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

    @Test(arguments: samples + ["bench/stress-overlap.json"])
    func blockSizeAndThreadCountNeverChangeASample(sample: String) throws {
        let playback = try Self.load(Self.samplesFolder + "/" + sample)
        var profile = ActuatorProfile()
        profile.sampleRate = 8_000
        let whole = try render(playback, profile: profile, blockFrames: 4096, threads: 1).samples
        // Blocks of 1 frame for the samples; the 10-minute stress pattern (4.8 M frames here) is
        // held to 64 and 4096 (blocks of one frame would take minutes in a debug build).
        for blockFrames in whole.count > 1_000_000 ? [64, 4096] : [1, 64, 4096] {
            // 2 threads: writing on a second thread; 3: the mixer's lanes on two threads as well.
            for threads in [1, 2, 3] where blockFrames != 4096 || threads != 1 {
                let samples = try render(playback, profile: profile, blockFrames: blockFrames, threads: threads).samples
                #expect(samples == whole, "\(sample), blocks of \(blockFrames), \(threads) threads")
            }
        }
    }

    @Test func moreThreadsRenderTheOverlappingStressPatternExactlyAsOne() throws {
        let playback = try Self.load(Self.samplesFolder + "/bench/stress-overlap.json")
        let rate = profile(rate: 16_000)
        let one = try render(playback, profile: rate, threads: 1)
        for threads in [2, 3] {
            let more = try render(playback, profile: rate, threads: threads)
            #expect(one.samples == more.samples, "\(threads) threads")
            #expect(one.summary == more.summary, "\(threads) threads")
        }
        #expect(one.summary.clampedSampleCount > 0)  // the pattern clips: the counts are compared too
    }

    @Test func theStressPatternAndALongSeamlessSineStayWithinOneMillionth() throws {
        var profile = ActuatorProfile()
        profile.sampleRate = 8_000
        for name in ["stress-10k.json", "stress-overlap.json"] {
            let stress = try Self.load(Self.samplesFolder + "/bench/" + name)
            var squared = profile
            squared.intensityExponent = 2
            for stressProfile in [profile, squared] {
                let kernel = try render(stress, profile: stressProfile, threads: 3).samples
                let reference = ReferenceSynth.render(stress, profile: stressProfile)
                #expect(kernel.count == reference.count, "\(name)")
                #expect((zip(kernel, reference).map { abs(Double($0) - Double($1)) }.max() ?? 0) <= 1e-6, "\(name)")
            }
        }
        profile.splitRetrigger = false
        let sine = try Self.load(Self.samplesFolder + "/bench/sine-160.json")
        let long = try render(sine, profile: profile).samples
        let exact = ReferenceSynth.render(sine, profile: profile)
        // The reference has no seamless joins: compare inside the first part, away from its end ramp.
        let inside = 480..<(30_000 * 8)
        #expect((inside.map { abs(Double(long[$0]) - Double(exact[$0])) }.max() ?? 0) <= 1e-6)
    }

    /// With a second thread writing, a failing write still fails the render, and a render that
    /// succeeds hands over every frame before it returns (nothing is left in the writer).
    @Test func writingOnASecondThreadKeepsFailuresAndEveryFrame() throws {
        let playback = try Self.load(Self.samplesFolder + "/bench/stress-10k.json")
        var profile = ActuatorProfile()
        profile.sampleRate = 8_000
        let failing = FailingOutput(failingWrite: 2)
        #expect(throws: (any Error).self) { try OfflineRender.render(playback, profile: profile, into: failing, threads: 2) }
        let memory = MemoryOutput(format: AudioFormat(sampleRate: profile.sampleRate))
        let summary = try OfflineRender.render(playback, profile: profile, into: memory, threads: 2)
        #expect(Int64(memory.samples.count) == summary.frameCount)
        #expect(!memory.isFinished)  // finishing stays the caller's
    }
}
