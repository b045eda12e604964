import Foundation
import Testing
import TestSupport

/// Real-world AHAP through the command line: trailing commas, files of neither format, grouped
/// warnings, sub-millisecond times and clipping textures.
@Suite struct AHAPWorldCommandTests {
    @Test func aTrailingCommaInAnAHAPFileIsOneWarning() throws {
        let result = try hapsynth(["plan", "Samples/trailing-comma.ahap"])
        #expect(result.status == 0)
        #expect(result.stderr == "hapsynth: warning: $: trailing comma at Samples/trailing-comma.ahap:3:143 accepted, as Apple's JSON reader does\n")
        #expect(result.stdout.contains("transient at 380 ms, intensity 0.25, sharpness 0.6"))
    }

    @Test func aTrailingCommaInAPatternFileIsStillAnError() throws {
        let scratch = try Scratch()
        let file = try scratch.write("p.json", #"{"events": [{"type": "transient", "startMs": 0},]}"#)
        let result = try hapsynth(["plan", file])
        #expect(result.status == 65)
        #expect(result.stderr == "hapsynth: error: \(file):1:49: trailing comma before the closing bracket at $.events[1]\n")
    }

    @Test func aJSONFileOfNoFormatSaysWhichThreeWereExpected() throws {
        let scratch = try Scratch()
        let file = try scratch.write("x.json", #"{"Version": 1, "Metadata": {}}"#)
        let result = try hapsynth(["render", file, scratch.path + "/x.wav"])
        #expect(result.status == 65)
        #expect(result.stderr == "hapsynth: error: \(file):1:1: expected a pattern.json object (with \"events\" or \"timeline\"), "
            + "an AHAP object (with a \"Pattern\" array) or a .haptic clip (with \"version\" and \"signals\"); this file is neither "
            + "(its keys: \"Version\", \"Metadata\") at $\n")
        let typo = try scratch.write("t.json", #"{"event": []}"#)
        #expect(try hapsynth(["plan", typo]).stderr.contains("did you mean \"events\"?"))
        let array = try scratch.write("a.json", "[1]")
        #expect(try hapsynth(["plan", array]).stderr.contains("or a .haptic clip (with \"version\" and \"signals\"), got an array at $"))
    }

    @Test func warningsOfOneKindPrintAsOneLineAndJSONListsThemAll() throws {
        let scratch = try Scratch()
        let events = (0..<1000).map { #"{"Event": {"Time": \#(Double($0) / 50), "EventType": "HapticTransient", "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 0.5}]}}"# }
        let file = try scratch.write("many.ahap", #"{"Pattern": [\#(events.joined(separator: ",\n"))]}"#)
        let result = try hapsynth(["plan", file, "--json"])
        #expect(result.status == 0)
        // Changed (issue 35): the line names its file first.
        #expect(result.stderr == "hapsynth: warning: \(file): 1000 events lack HapticSharpness (0.5 used): $.Pattern[0], $.Pattern[1], $.Pattern[2], …\n")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let warnings = try #require(object["warnings"] as? [String])
        #expect(warnings.count == 1000)
        #expect(warnings[999] == "$.Pattern[999]: HapticSharpness missing, 0.5 used")
        #expect(try hapsynth(["render", file, scratch.path + "/o.wav", "--quiet"]).stderr.isEmpty)
        let strict = try hapsynth(["render", file, scratch.path + "/s.wav", "--strict"])
        #expect(strict.status == 65)
        #expect(strict.stderr == "hapsynth: error: $.Pattern[0]: HapticSharpness missing, 0.5 used (--strict turns warnings into errors)\n")
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "/s.wav"))
    }

    @Test func planShowsSubMillisecondTimes() throws {
        let result = try hapsynth(["plan", "Samples/sub-ms-texture.ahap"])
        #expect(result.status == 0 && result.stderr.isEmpty)
        #expect(result.stdout.contains("transient at 29.8 ms, intensity 0.55, sharpness 0.9"))
        #expect(result.stdout.contains("intensityControl from 0 ms: (0, 0) (0.45, 0.2) (0.9, 0.45) (1.35, 0.7)"))
        let json = try hapsynth(["plan", "Samples/sub-ms-texture.ahap", "--json"])
        #expect(json.stdout.contains(#"{"type": "transient", "startMs": 29.8, "durationMs": 0, "intensity": 0.55, "sharpness": 0.9}"#))
    }

    @Test func clippingFromOverlappingTransientsIsExplained() throws {
        let scratch = try Scratch()
        let taps = (0..<4).map { #"{"Event": {"Time": \#(Double($0) * 0.002), "EventType": "HapticTransient", "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 1}, {"ParameterID": "HapticSharpness", "ParameterValue": 0}]}}"# }
        let file = try scratch.write("gravel.ahap", #"{"Pattern": [\#(taps.joined(separator: ", "))]}"#)
        let result = try hapsynth(["render", file, scratch.path + "/g.wav"])
        #expect(result.status == 0)
        let warning = try #require(result.stderr.split(separator: "\n").first.map(String.init))
        #expect(warning.hasPrefix("hapsynth: warning: "))
        #expect(warning.contains("samples exceeded full scale and were clamped; 4 transient clicks overlap others and add up (the sum peaks at "))
        #expect(warning.hasSuffix("): space them further apart or lower their intensity"))
        let peak = try #require(Double(warning.components(separatedBy: "peaks at ")[1].prefix(5)))
        #expect(peak > 1.5 && peak <= 3.2)
    }

    @Test func theEnvelopeMapIsAProfileSetting() throws {
        let scratch = try Scratch()
        let bad = try hapsynth(["render", "Samples/envelope-hit.ahap", scratch.path + "/e.wav", "--envelope-min-ms", "5", "--envelope-max-ms", "4"])
        #expect(bad.status == 64)
        #expect(bad.stderr.hasPrefix("hapsynth: error: --envelope-max-ms must be above --envelope-min-ms (5) and at most 60000, got 4\n"))
        let slow = try hapsynth(["render", "Samples/envelope-hit.ahap", scratch.path + "/slow.wav", "--envelope-max-ms", "3000"])
        let plain = try hapsynth(["render", "Samples/envelope-hit.ahap", scratch.path + "/plain.wav"])
        #expect(slow.status == 0 && plain.status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: scratch.path + "/slow.wav")) != Data(contentsOf: URL(fileURLWithPath: scratch.path + "/plain.wav")))
    }
}
