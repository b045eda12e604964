import AudioCore
import Foundation
import HapticCore
import HapticPlanner
import HapticSynth
import Testing
@testable import HapticPlayback

/// Exporting a sample's plan to AHAP, reading the files back and playing them together (one
/// player each, all started at one lead, as the executor does) sounds like rendering the pattern.
@Suite struct AHAPRoundTripTests {
    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Samples").path

    static var patternSamples: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: samples)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
    }

    @Test(arguments: patternSamples)
    func exportedPlayersPlayedTogetherSoundLikeThePattern(sample: String) throws {
        let profile = profile(rate: 8_000)
        let original = try plan(try PatternReader.read(contentsOf: Self.samples + "/" + sample).pattern)
        guard !original.players.isEmpty else { return }
        let imported = try AHAPExport.documents(for: original).enumerated().map { index, document in
            try AHAPImport.read(try JSONParser.parse(Array(document.pretty().utf8)), file: "player-\(index + 1).ahap").plan
        }
        let together = PlaybackPlan(players: imported.flatMap(\.players), diagnostics: PlanDiagnostics(
            backend: .coreHaptics, capabilities: .iPhone,
            logicalDurationMs: imported.map(\.diagnostics.logicalDurationMs).max() ?? 0, schedulingLeadMs: 10,
            estimatedNativeDurationMs: imported.map(\.diagnostics.estimatedNativeDurationMs).max() ?? 0,
            approximations: [], retriggerBoundariesMs: [], unsupportedReason: nil))
        let expected = try render(original, profile: profile).samples
        let actual = try render(together, profile: profile).samples
        #expect(actual.count == expected.count)
        let maxError = zip(expected, actual).map { abs(Double($0) - Double($1)) }.max() ?? 0
        #expect(maxError <= 1e-4, "\(sample): max abs error \(maxError)")
    }

    static var ahapSamples: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: samples)) ?? []).filter { $0.hasSuffix(".ahap") }.sorted()
    }

    /// An AHAP sample exported again (sub-millisecond times, envelope parameters and time controls
    /// included) reads back as the same plan and renders the same samples.
    @Test(arguments: ahapSamples)
    func ahapSamplesSurviveExportAndImportUnchanged(sample: String) throws {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: Self.samples + "/" + sample)))
        let parsed = try JSONParser.parse(bytes, allowingTrailingCommas: true)
        let original = try AHAPImport.read(parsed.root, file: sample).plan
        let exported = AHAPExport.documents(for: original)
        #expect(exported.count == 1)
        let again = try AHAPImport.read(try JSONParser.parse(Array(exported[0].pretty().utf8)), file: "player-1.ahap").plan
        #expect(again == original)
        let profile = profile(rate: 8_000)
        #expect(try render(again, profile: profile).samples == render(original, profile: profile).samples)
    }
}
