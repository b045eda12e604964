import Foundation
import HapsynthKit
import Testing
import TestSupport

/// A pattern rendered by hapsynth and analysed back by from-audio finds its taps (issue 42,
/// item 4): the analysis of the iPhone render, at full sensitivity, has an emphasis within 10 ms of
/// each onset (the render's 10 ms lead taken off), and none elsewhere.
@Suite struct RoundTripTests {
    static func emphases(of plan: PlaybackPlan) throws -> [Double] {
        let samples = try Hapsynth.render(plan).samples
        var settings = SoundAnalysis.Settings()
        settings.emphasis.sensitivityPercent = 100
        var analysis = SoundAnalysis(sampleRate: 48_000, settings: settings)
        samples.withUnsafeBufferPointer { analysis.process($0) }
        return analysis.finish().amplitude.filter { $0.emphasis != nil }.map { Double($0.time) - 0.010 }
    }

    static func matches(_ found: [Double], _ onsets: [Double]) -> Bool {
        found.count == onsets.count && zip(found.sorted(), onsets).allSatisfy { abs($0 - $1) <= 0.010 }
    }

    @Test func tapsComeBackWhereTheyWere() throws {
        let onsets = [0.05, 0.3, 0.62, 0.9, 1.25]
        let pattern = try Pattern(events: onsets.map { try .transient(startMs: Int64($0 * 1000), intensity: 0.9, sharpness: 0.8) }, durationMs: 1_500)
        let found = try Self.emphases(of: try plan(pattern))
        #expect(Self.matches(found, onsets), "emphases at \(found)")
    }

    @Test func theHeartbeatSampleComesBackBeatByBeat() throws {
        let loaded = try PatternLoader.load(packageRoot + "/Samples/heartbeat.json")
        let found = try Self.emphases(of: loaded.plan)
        #expect(Self.matches(found, [0, 0.18, 0.7, 0.88, 1.4, 1.58]), "emphases at \(found)")
    }
}
