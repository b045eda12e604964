import Foundation
import Testing
@testable import HapticCore

@Suite struct PatternReaderTests {
    static let celebration = """
    { "version": 1, "name": "celebration",
      "timeline": [
        {"repeat": {"count": 3, "timeline": [
          {"transient": {"intensity": "strong", "sharpness": 0.9}}, {"delay": 80}]}},
        {"continuous": {"durationMs": 300,
          "intensityCurve": [[0, 0], [80, 0.8], [300, 0]],
          "sharpnessCurve": [[0, 0.2], [300, 0.8]]}}
      ] }
    """

    @Test func readsTheFormatsExample() throws {
        let document = try readPattern(Self.celebration)
        #expect(document.name == "celebration")
        #expect(spans(document.pattern) == [[0, 0], [80, 0], [160, 0], [240, 300]])
        #expect(document.pattern.durationMs == 540)
        #expect(document.pattern.events[0].intensity == .strong)
        #expect(document.pattern.events[0].sharpness == 0.9)
        #expect(document.pattern.events[3].intensityCurve?.points.map(\.timeMs) == [0, 80, 300])
        #expect(document.warnings.isEmpty)
    }

    @Test func flatEventsAndTheTimelineDescribeTheSameModel() throws {
        let flat = try readPattern("""
        {"events": [
          {"type": "transient", "startMs": 0, "intensity": "strong", "sharpness": 0.9},
          {"type": "transient", "startMs": 80, "intensity": "strong", "sharpness": 0.9},
          {"type": "transient", "startMs": 160, "intensity": 0.75, "sharpness": 0.9, "durationMs": 0.4},
          {"type": "continuous", "startMs": 240, "durationMs": 300,
           "intensityCurve": [{"timeMs": 0, "value": 0}, {"timeMs": 80, "value": 0.8}, [300, 0]],
           "sharpnessCurve": [[0, 0.2], [300, 0.8]]}
        ]}
        """)
        #expect(flat.pattern == (try readPattern(Self.celebration).pattern))
    }

    @Test func flatEventsKeepListOrderAndDefaultDurationToTheLatestEnd() throws {
        let document = try readPattern("""
        {"events": [{"type": "continuous", "startMs": 100, "durationMs": 50},
                    {"type": "transient", "startMs": 20}]}
        """)
        #expect(spans(document.pattern) == [[100, 50], [20, 0]])
        #expect(document.pattern.durationMs == 150)
        #expect(document.pattern.events[0].intensity == .medium && document.pattern.events[0].sharpness == 0.5)
    }

    @Test func durationMsReplacesTheDefault() throws {
        #expect(try readPattern(#"{"timeline": [{"haptic": 100}], "durationMs": 400}"#).pattern.durationMs == 400)
        #expect(try readPattern(#"{"timeline": [{"haptic": 100}, {"delay": 900}], "durationMs": 100}"#).pattern.durationMs == 100)
        let delayOnly = try readPattern(#"{"timeline": [{"delay": 250}]}"#).pattern
        #expect(delayOnly.events.isEmpty && delayOnly.durationMs == 250)
    }

    @Test func everyElementKind() throws {
        let document = try readPattern("""
        {"timeline": [
          {"haptic": 100},
          {"haptic": {"durationMs": 20.5, "intensity": "high", "sharpness": 0.3}},
          {"delay": 0},
          {"sequence": [{"transient": {}}, {"delay": 10}]},
          {"parallel": [{"continuous": {"durationMs": 30, "intensity": 0.6, "sharpness": 0.4}}, {"delay": 50}]},
          {"repeat": {"count": 2.0, "timeline": [{"transient": {"intensity": "light"}}, {"delay": 5}]}},
          {"clip": {"pattern": {"timeline": [{"transient": {"intensity": "medium"}}, {"delay": 7}]}}}
        ]}
        """)
        #expect(spans(document.pattern) == [[0, 100], [100, 21], [121, 0], [131, 30], [181, 0], [186, 0], [191, 0]])
        #expect(document.pattern.durationMs == 198)
        #expect(document.pattern.events[0].isLegacy && document.pattern.events[1].sharpness == 0.3)
        #expect(document.pattern.events[1].intensity == .high)
    }

    @Test func clampedIntensitiesAreKeptWithAWarning() throws {
        let document = try readPattern(#"{"timeline": [{"transient": {"intensity": 1.5}}, {"transient": {"intensity": -0.1}}]}"#)
        #expect(document.pattern.events.map(\.intensity.value) == [1, 0])
        #expect(document.warnings.map(\.description) == [
            "test.json:1:43: intensity 1.5 clamped to 1.0 at $.timeline[0].transient.intensity",
            "test.json:1:78: intensity -0.1 clamped to 0.0 at $.timeline[1].transient.intensity",
        ])
    }

    @Test func clipTransformsApplyInOrder() throws {
        let document = try readPattern("""
        {"timeline": [{"clip": {
          "pattern": {"timeline": [{"delay": 10}, {"continuous": {"durationMs": 100, "intensity": 0.4,
                                   "intensityCurve": [[0, 0], [100, 0.5]]}}, {"delay": 20}]},
          "transforms": ["reversed", {"repeated": 2}, {"scaleIntensity": 2}, {"timeStretch": 0.5},
                         {"then": {"timeline": [{"transient": {}}]}}]}}]}
        """)
        let pattern = document.pattern
        #expect(spans(pattern) == [[10, 50], [75, 50], [130, 0]])
        #expect(pattern.durationMs == 130)
        #expect(pattern.events[0].intensity.value == 0.8)
        #expect(pattern.events[0].intensityCurve?.points.map(\.timeMs) == [0, 50])
        #expect(pattern.events[0].intensityCurve?.points.map(\.value) == [1, 0])
    }

    @Test func includesResolveRelativeToTheIncludingFile() throws {
        let folder = try Scratch()
        try folder.write("parts/tick.json", #"{"timeline": [{"haptic": 50}, {"delay": 50}]}"#)
        try folder.write("parts/double.json", #"{"timeline": [{"clip": {"pattern": "tick.json"}}, {"clip": {"pattern": "tick.json"}}]}"#)
        let main = try folder.write("main.json", """
        {"timeline": [{"clip": {"pattern": "parts/tick.json"}}, {"delay": 100},
                      {"clip": {"pattern": "parts/double.json", "transforms": [{"then": "parts/tick.json"}]}}]}
        """)
        let document = try PatternReader.read(contentsOf: main)
        #expect(document.pattern.events.map(\.startMs) == [0, 200, 300, 400])
        #expect(document.pattern.durationMs == 500)
        #expect(document.files.map { ($0 as NSString).lastPathComponent } == ["main.json", "tick.json", "double.json"])
    }

    @Test func errorsInIncludedFilesNameTheFileAndTheIncludeSite() throws {
        let folder = try Scratch()
        try folder.write("bad.json", "{\"timeline\": [{\"delay\": -3}]}")
        let main = try folder.write("main.json", "{\"timeline\": [\n  {\"clip\": {\"pattern\": \"bad.json\"}}]}")
        #expect(throws: PatternFileError.self) { try PatternReader.read(contentsOf: main) }
        do {
            _ = try PatternReader.read(contentsOf: main)
        } catch {
            #expect(error.description ==
                "\(folder.path)/bad.json:1:25: delay must not be negative (got -3) at $.timeline[0].delay (included from \(main):2:24)")
            #expect(!error.isMissingInput)
        }
    }

    @Test func aFileIncludedTwiceSideBySideIsNotACycle() throws {
        let folder = try Scratch()
        try folder.write("tick.json", #"{"timeline": [{"transient": {}}, {"delay": 10}]}"#)
        let main = try folder.write("main.json", #"{"timeline": [{"clip": {"pattern": "tick.json"}}, {"clip": {"pattern": "./tick.json"}}]}"#)
        #expect(try PatternReader.read(contentsOf: main).pattern.events.map(\.startMs) == [0, 10])
    }

    @Test func includeChainsOf16AreFineAndThe17thIsAnError() throws {
        let folder = try Scratch()
        try folder.write("f16.json", #"{"timeline": [{"transient": {}}]}"#)
        for index in 0..<16 {
            try folder.write("f\(index).json", #"{"timeline": [{"clip": {"pattern": "f\#(index + 1).json"}}]}"#)
        }
        // f0 is the root: f0 → f1 … → f16 is a chain of 16 includes.
        #expect(try PatternReader.read(contentsOf: folder.path + "/f0.json").pattern.events.count == 1)
        try folder.write("f16.json", #"{"timeline": [{"clip": {"pattern": "f17.json"}}]}"#)
        try folder.write("f17.json", #"{"timeline": [{"transient": {}}]}"#)
        do {
            _ = try PatternReader.read(contentsOf: folder.path + "/f0.json")
            Issue.record("a chain of 17 includes was accepted")
        } catch {
            #expect(error.reason == .includeChainTooLong(17))
            #expect(error.message.contains("exceeds limit 16"))
            #expect(error.includedFrom.count == 16)
        }
    }

    @Test func aMissingRootFileIsMissingInput() {
        do {
            _ = try PatternReader.read(contentsOf: "/nonexistent/pattern.json")
            Issue.record("read a missing file")
        } catch {
            #expect(error.isMissingInput)
            #expect(error.description == "/nonexistent/pattern.json: file not found")
        }
    }

    @Test func filesOver64MiBAreRefusedBeforeReading() throws {
        let folder = try Scratch()
        let path = folder.path + "/huge.json"
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: UInt64(PatternLimits.maxInputBytes) + 1)  // sparse: nothing is read
        try handle.close()
        do {
            _ = try PatternReader.read(contentsOf: path)
            Issue.record("read a file over the limit")
        } catch {
            #expect(error.reason == .fileTooLarge(bytes: PatternLimits.maxInputBytes + 1))
            #expect(error.description.contains("over the limit of 67108864 bytes (64 MiB)"))
        }
    }
}
