import Foundation
import Testing
import TestSupport

/// AHAP through the command line: export with `plan --ahap-dir`, import in `render`, `play`, `plan`.
@Suite struct AHAPCommandTests {
    @Test func planWritesOneAHAPFilePerPlayerAndRemovesOnlyItsOwnStaleFiles() throws {
        let scratch = try Scratch()
        let folder = scratch.path + "/ahap"
        let result = try hapsynth(["plan", "Samples/mixed-overlap.json", "--ahap-dir", folder])
        #expect(result.status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
            == [".hapsynth-ahap-export", "player-1.ahap", "player-2.ahap", "player-3.ahap"])
        #expect(result.stdout.contains("wrote 3 AHAP files to \(folder): player-1.ahap, player-2.ahap, player-3.ahap"))
        #expect(result.stdout.contains("engine.currentTime + 0.010"))
        let text = try String(contentsOfFile: folder + "/player-2.ahap", encoding: .utf8)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect((object["Metadata"] as? [String: Any])?["hapsynthLogicalDurationMs"] as? Int == 150)
        #expect((object["Pattern"] as? [Any])?.count == 2)
        // A plan of one player replaces the files of the earlier export.
        #expect(try hapsynth(["plan", "Samples/click-train.json", "--ahap-dir", folder]).status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == [".hapsynth-ahap-export", "player-1.ahap"])
        #expect(scratch.entries == ["ahap"])
    }

    @Test func exportedFilesReadBackAsThePlansPlayers() throws {
        let scratch = try Scratch()
        let folder = scratch.path + "/ahap"
        let json = try hapsynth(["plan", "Samples/celebration.json", "--ahap-dir", folder, "--json"])
        #expect(json.status == 0)
        #expect(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) is [String: Any])
        #expect(json.stderr.contains("wrote 2 AHAP files"))
        let back = try hapsynth(["plan", folder + "/player-2.ahap", "--json"])
        #expect(back.status == 0 && back.stderr.isEmpty)
        #expect(back.stdout.contains(#"{"parameter": "intensityControl", "startMs": 240, "points": [[0, 0], [80, 0.8], [300, 0]]}"#))
        #expect(back.stdout.contains("\"logicalDurationMs\": 540"))
    }

    @Test func importWarningsNameTheEntry() throws {
        let scratch = try Scratch()
        let file = try scratch.write("mixed.ahap", #"""
        {"Pattern": [
          {"Event": {"Time": 0, "EventType": "HapticTransient", "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 1}, {"ParameterID": "HapticSharpness", "ParameterValue": 1}]}},
          {"Event": {"Time": 0, "EventType": "AudioContinuous", "EventDuration": 1}},
          {"Event": {"Time": 0.1, "EventType": "HapticTransient", "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 2}, {"ParameterID": "HapticSharpness", "ParameterValue": 0}]}}
        ]}
        """#)
        let result = try hapsynth(["render", file, scratch.path + "/out.wav"])
        #expect(result.status == 0)
        // Changed with audio events (issue 27): the audio event is no longer a warning but a note
        // that its track is not rendered without --audio or --mix.
        // Changed (issue 35): a warning names its file first.
        #expect(result.stderr == """
            hapsynth: warning: \(file): $.Pattern[2]: HapticIntensity 2 clamped to 1.0
            hapsynth: note: 1 audio event not rendered: --audio FILE writes their track, --mix mixes it in

            """)
        #expect(try hapsynth(["render", file, scratch.path + "/strict.wav", "--strict"]).status == 65)
    }

    @Test func malformedAHAPExits65WithThePath() throws {
        let scratch = try Scratch()
        let file = try scratch.write("bad.ahap", #"{"Pattern": [{"Event": {"Time": 0, "EventType": "HapticContinuous"}}]}"#)
        let result = try hapsynth(["plan", file])
        #expect(result.status == 65)
        #expect(result.stderr == "hapsynth: error: \(file):1:24: missing required key \"EventDuration\" at $.Pattern[0].Event\n")
    }

    @Test func anAHAPPlaysThroughTheNullDevice() throws {
        let result = try hapsynth(["play", "Samples/sharpness-taps.ahap", "--device", "null"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("playing Samples/sharpness-taps.ahap on null: 0.710 s, 1 player"))
    }
}
