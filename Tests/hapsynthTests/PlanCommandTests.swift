import Foundation
import Testing
import TestSupport

/// `hapsynth plan`, through the built binary.
@Suite struct PlanCommandTests {
    static let goldens = packageRoot + "/Tests/hapsynthTests/Goldens/plans"

    @Test(arguments: try samplePatterns())
    func planJSONOfEverySampleMatchesItsGolden(sample: String) throws {
        let result = try hapsynth(["plan", "Samples/\(sample)", "--json"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let name = (sample as NSString).deletingPathExtension
        try expectGolden(result.stdout, path: "\(Self.goldens)/\(name).json")
    }

    @Test func everyGoldenBelongsToASample() throws {
        let samples = Set(try samplePatterns().map { ($0 as NSString).deletingPathExtension })
        let goldens = try FileManager.default.contentsOfDirectory(atPath: Self.goldens)
        #expect(Set(goldens.map { ($0 as NSString).deletingPathExtension }) == samples)
    }

    @Test func planJSONIsValidJSONWithKeysInTheDocumentedOrder() throws {
        let result = try hapsynth(["plan", "Samples/celebration.json", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["backend"] as? String == "coreHaptics")
        #expect(object["logicalDurationMs"] as? Int == 540)
        #expect(object["estimatedNativeDurationMs"] as? Int == 550)
        #expect(object["unsupportedReason"] is NSNull)
        let players = try #require(object["players"] as? [[String: Any]])
        #expect(players.count == 2)
        let order = ["\"backend\"", "\"capabilities\"", "\"logicalDurationMs\"", "\"schedulingLeadMs\"",
                     "\"estimatedNativeDurationMs\"", "\"approximations\"", "\"retriggerBoundariesMs\"",
                     "\"unsupportedReason\"", "\"players\""]
        let positions = order.map { result.stdout.range(of: $0)?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil })
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
    }

    @Test func tableShowsNameDescriptionPlayersAndDiagnostics() throws {
        let result = try hapsynth(["plan", "Samples/long-swell.json"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("long swell — a 61-second continuous event"))
        #expect(result.stdout.contains("player 1: 3 events, 1 curve"))
        #expect(result.stdout.contains("continuous at 60010 ms for 1000 ms, intensity 1, sharpness 0.3"))
        #expect(result.stdout.contains("retrigger boundaries: 30010 ms, 60010 ms"))
        #expect(result.stdout.contains("  - Continuous events over 30 seconds are split; the actuator may retrigger at boundaries"))
    }

    @Test func noHapticsGivesTheUnsupportedPlanAndExitsZero() throws {
        let result = try hapsynth(["plan", "Samples/celebration.json", "--json", "--no-haptics"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("\"backend\": \"unsupported\""))
        #expect(result.stdout.contains("\"unsupportedReason\": \"Core Haptics is unavailable on this device\""))
        let silent = try hapsynth(["plan", "Samples/delay-only.json", "--json", "--no-haptics"])
        #expect(silent.stdout.contains("\"backend\": \"silent\""))
    }

    @Test func invalidInputExits65WithThePathSpecificMessage() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hapsynth-plan-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try #"{"timeline": [{"delay": 10}, {"transient": {"intesity": 0.5}}]}"#
            .write(to: folder.appendingPathComponent("bad.json"), atomically: true, encoding: .utf8)
        let result = try hapsynth(["plan", "bad.json"], in: folder.path)
        #expect(result.status == 65)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr ==
            "hapsynth: error: bad.json:1:45: unknown key \"intesity\" at $.timeline[1].transient — did you mean \"intensity\"?\n")
    }

    @Test func tooManyNativeEventsExits65() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hapsynth-plan-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // 9,998 transients and a 60,001 ms event that splits into 3: 10,001 native events.
        let pattern = """
            {"timeline": [{"parallel": [
              {"repeat": {"count": 9998, "timeline": [{"transient": {}}, {"delay": 1}]}},
              {"continuous": {"durationMs": 60001}}]}]}
            """
        try pattern.write(to: folder.appendingPathComponent("many.json"), atomically: true, encoding: .utf8)
        let result = try hapsynth(["plan", "many.json"], in: folder.path)
        #expect(result.status == 65)
        #expect(result.stderr == "hapsynth: error: many.json: Core Haptics native events: expanded event count 10001 exceeds limit 10000\n")
        let unsupported = try hapsynth(["plan", "many.json", "--no-haptics"], in: folder.path)
        #expect(unsupported.status == 0)
        #expect(unsupported.stdout.contains("backend: unsupported"))
    }

    @Test func warningsGoToStderr() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hapsynth-plan-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try #"{"timeline": [{"transient": {"intensity": 1.5}}]}"#
            .write(to: folder.appendingPathComponent("loud.json"), atomically: true, encoding: .utf8)
        let result = try hapsynth(["plan", "loud.json", "--json"], in: folder.path)
        #expect(result.status == 0)
        #expect(result.stderr ==
            "hapsynth: warning: loud.json:1:43: intensity 1.5 clamped to 1.0 at $.timeline[0].transient.intensity\n")
        #expect(result.stdout.contains("\"intensity\": 1,"))
    }

    @Test func missingPatternExits66() throws {
        let result = try hapsynth(["plan", "Samples/no-such-sample.json"])
        #expect(result.status == 66)
        #expect(result.stderr == "hapsynth: error: Samples/no-such-sample.json: file not found\n")
    }
}
