import Foundation
import Testing
import TestSupport

/// A Kotlin file on the command line (docs/kotlin.md): its pattern plans and renders exactly as
/// its pattern.json translation; which pattern is meant is said with --pattern, or it is a usage
/// error (64) that lists them; a refused pattern is exit 65 at its line and column.
@Suite struct KotlinCommandTests {
    static let source = """
        package com.example.haptics

        val taps = buildHapticPattern {
            repeat(3) { transient(HapticIntensity.STRONG, sharpness = 0.9f); delay(80.ms) }
        }

        val swell = buildHapticPattern {
            haptic(100.ms)
            continuous(300.ms, HapticIntensity.Custom(0.6f), intensityCurve = hapticCurve { point(0.ms, 0f); point(300.ms, 1f) })
        }.then(taps)

        val broken = buildHapticPattern { delay(computeDelay().ms) }
        """

    static let swellJSON = """
        {"timeline": [{"haptic": 100}, {"continuous": {"durationMs": 300, "intensity": 0.6, "intensityCurve": [[0, 0], [300, 1]]}},
          {"clip": {"pattern": {"timeline": [{"repeat": {"count": 3, "timeline": [{"transient": {"intensity": "strong", "sharpness": 0.9}}, {"delay": 80}]}}]}}}]}
        """

    @Test func aKotlinPatternPlansAndRendersAsItsTranslation() throws {
        let scratch = try Scratch()
        let kotlin = try scratch.write("Haptics.kt", Self.source)
        let json = try scratch.write("swell.json", Self.swellJSON)
        let fromKotlin = try hapsynth(["plan", kotlin, "--pattern", "swell", "--json"])
        let fromJSON = try hapsynth(["plan", json, "--json"])
        #expect(fromKotlin.status == 0 && fromKotlin.stdout == fromJSON.stdout, "\(fromKotlin.stderr)")
        // One pattern needs no --pattern; its render is the translation's, sample for sample.
        let single = try scratch.write("Swell.kt", "val swell = " + Self.source.components(separatedBy: "val swell = ")[1].components(separatedBy: "\n\nval broken")[0]
            .replacingOccurrences(of: ".then(taps)", with: ""))
        let plain = try scratch.write("plain.json", #"{"timeline": [{"haptic": 100}, {"continuous": {"durationMs": 300, "intensity": 0.6, "intensityCurve": [[0, 0], [300, 1]]}}]}"#)
        #expect(try hapsynth(["render", single, scratch.path + "/kt.wav"]).status == 0)
        #expect(try hapsynth(["render", plain, scratch.path + "/json.wav"]).status == 0)
        let rendered = try Data(contentsOf: URL(fileURLWithPath: scratch.path + "/kt.wav"))
        #expect(rendered == (try Data(contentsOf: URL(fileURLWithPath: scratch.path + "/json.wav"))))
    }

    @Test func choosingAPatternAndRefusalsSayWhatAndWhere() throws {
        let scratch = try Scratch()
        let kotlin = try scratch.write("Haptics.kt", Self.source)
        let none = try hapsynth(["plan", kotlin])
        #expect(none.status == 64 && none.stderr.contains("declares 3 patterns (taps, swell, broken); choose one with --pattern NAME"), "\(none.stderr)")
        let unknown = try hapsynth(["export", kotlin, "--to", "json", "--pattern", "tap"])
        #expect(unknown.status == 64 && unknown.stderr.contains("declares no pattern 'tap' (did you mean 'taps'?)"), "\(unknown.stderr)")
        let broken = try hapsynth(["plan", kotlin, "--pattern", "broken"])
        #expect(broken.status == 65 && broken.stderr.contains("Haptics.kt:12:41: broken: `computeDelay()`, a call of the app's code: known only when the app runs"),
                "\(broken.stderr)")
    }

    @Test func exportToJSONWritesATranslationThatReadsBackAsThePattern() throws {
        let scratch = try Scratch()
        let kotlin = try scratch.write("Haptics.kt", Self.source)
        let out = scratch.path + "/swell.json"
        let export = try hapsynth(["export", kotlin, "--pattern", "swell", "--to", "json", "-o", out])
        #expect(export.status == 0, "\(export.stderr)")
        let text = try String(contentsOfFile: out, encoding: .utf8)
        #expect(text.contains("\"name\": \"swell\"") && text.contains("\"haptic\""))
        let back = try hapsynth(["plan", out, "--json"]), original = try hapsynth(["plan", kotlin, "--pattern", "swell", "--json"])
        #expect(back.stdout == original.stdout && back.status == 0)
        let ahap = try hapsynth(["export", "Samples/audio-chirp.ahap", "--to", "json"])
        #expect(ahap.status == 65 && ahap.stderr.contains("--to json writes a pattern"))
    }

    /// In folders each pattern is an entry `FILE.kt#NAME` with a golden of its own; a `.kt` file
    /// that declares no Jindong pattern is passed over; lint points at each declaration; a pattern
    /// known only when the app runs is not checked and does not fail the check.
    @Test func foldersHoldAnEntryPerPatternAndLintPointsAtDeclarations() throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(atPath: scratch.path + "/haptics", withIntermediateDirectories: true)
        _ = try scratch.write("haptics/Haptics.kt", Self.source)
        _ = try scratch.write("haptics/Screen.kt", "package com.example\n\nfun greet(name: String) = \"hello $name\"\n")
        let goldens = scratch.path + "/goldens"
        let record = try hapsynth(["check", scratch.path + "/haptics", "--goldens", goldens, "--record", "missing"])
        #expect(record.status == 0 && record.stdout.contains("recorded Haptics.kt#taps: ") && record.stdout.contains("recorded Haptics.kt#swell: "), "\(record.stdout)")
        #expect(record.stdout.contains("skipped  Haptics.kt#broken: needs a run: ")
                && record.stdout.contains("Haptics.kt:12:41: `computeDelay()`, a call of the app's code: known only when the app runs"), "\(record.stdout)")
        #expect(FileManager.default.fileExists(atPath: goldens + "/Haptics.kt#taps.flac") && FileManager.default.fileExists(atPath: goldens + "/Haptics.kt#swell.flac"))
        let again = try hapsynth(["check", scratch.path + "/haptics", "--goldens", goldens])
        #expect(again.status == 0 && again.stdout.contains("ok       Haptics.kt#taps") && again.stdout.contains("3 patterns: 2 ok")
                && again.stdout.contains("0 invalid, 1 not checked"), "\(again.stdout)")
        let lint = try hapsynth(["lint", scratch.path + "/haptics"])
        let lines = lint.stdout.split(separator: "\n").map { String($0.dropFirst(scratch.path.count + 1)) }
        #expect(lines.contains { $0.hasPrefix("haptics/Haptics.kt:3:5: info: HS206") } && lines.contains { $0.hasPrefix("haptics/Haptics.kt:12:41: info: HS007 kotlin-needs-run: broken:") },
                "\(lint.stdout)")
        #expect(lint.status == 0 && lint.stdout.hasSuffix("lint: 1 file, 0 errors, 0 warnings, 5 info\n"), "\(lint.stdout)")
        let devices = try hapsynth(["devices", scratch.path + "/haptics/Haptics.kt", "--pattern", "taps", "iphone", "pixel-5"])
        #expect(devices.status == 0 && devices.stdout.hasPrefix("devices: \(scratch.path)/haptics/Haptics.kt#taps against iphone"), "\(devices.stdout)")
        // --pattern chooses among the Kotlin file's patterns; a pattern.json given beside it stays.
        let both = try hapsynth(["devices", "Samples/heartbeat.json", scratch.path + "/haptics/Haptics.kt", "--pattern", "taps", "iphone", "pixel-5"])
        #expect(both.status == 0 && both.stdout.split(separator: "\n").filter { $0.hasPrefix("devices: ") }.count == 2
                && both.stdout.hasPrefix("devices: Samples/heartbeat.json against iphone"), "\(both.stdout)")
        let render = try hapsynth(["render", scratch.path + "/haptics/Haptics.kt", "--pattern", "taps", scratch.path + "/taps.wav"])
        #expect(render.status == 0, "\(render.stderr)")
    }

    /// The Kotlin sample is celebration.json as a Jindong app writes it: the same plan and samples.
    @Test func theKotlinSampleIsTheCelebration() throws {
        let scratch = try Scratch()
        let kotlin = try hapsynth(["plan", "Samples/Celebration.kt", "--pattern", "celebration", "--json"])
        let json = try hapsynth(["plan", "Samples/celebration.json", "--json"])
        #expect(kotlin.status == 0 && kotlin.stdout == json.stdout)
        #expect(try hapsynth(["render", "Samples/Celebration.kt", scratch.path + "/kt.wav", "--pattern", "celebration"]).status == 0)
        #expect(try hapsynth(["render", "Samples/celebration.json", scratch.path + "/json.wav"]).status == 0)
        let fromKotlin = try Data(contentsOf: URL(fileURLWithPath: scratch.path + "/kt.wav"))
        #expect(fromKotlin == (try Data(contentsOf: URL(fileURLWithPath: scratch.path + "/json.wav"))))
    }

    /// A Kotlin pattern includes from another `.kt` file given with it, in another folder.
    @Test func aPatternIncludesFromAFileGivenWithIt() throws {
        let scratch = try Scratch()
        for folder in ["app", "shared"] { try FileManager.default.createDirectory(atPath: scratch.path + "/" + folder, withIntermediateDirectories: true) }
        let app = try scratch.write("app/Buttons.kt", "val press = buildHapticPattern { include(click); delay(20.ms) }\n")
        let shared = try scratch.write("shared/Clicks.kt", "val click = buildHapticPattern { haptic(30.ms, HapticIntensity.STRONG) }\n")
        let alone = try hapsynth(["lint", app])
        #expect(alone.stdout.contains("warning: HS008 kotlin-not-read: press: `click` is not declared in the .kt files read (give the file that declares it too)"),
                "\(alone.stdout)")
        let together = try hapsynth(["check", app, shared, "--goldens", scratch.path + "/goldens", "--record", "missing"])
        #expect(together.status == 0 && together.stdout.contains("recorded Buttons.kt#press") && together.stdout.contains("recorded Clicks.kt#click"),
                "\(together.stdout)")
        let lint = try hapsynth(["lint", app, shared])
        #expect(lint.stdout.hasSuffix("lint: 2 files, 0 errors, 0 warnings, 4 info\n"), "\(lint.stdout)")
    }

    /// Messages a Kotlin developer reads: a `.kt` file without Jindong, one whose patterns are all
    /// inside screens, play naming `FILE.kt#NAME`; a UTF-16 file and an AHAP file with a stray byte
    /// are named as what they are (65 at their place), not taken for an MP3 or Kotlin.
    @Test func messagesSayWhatAFileIs() throws {
        let scratch = try Scratch()
        let plain = try scratch.write("Util.kt", "package a\n\nfun greet(name: String) = \"hello $name\"\n")
        let util = try hapsynth(["plan", plain])
        #expect(util.status == 65 && util.stderr.contains("Util.kt: declares no Jindong pattern"), "\(util.stderr)")
        let player = try scratch.write("Player.kt", "class Player {\n    fun play(pattern: HapticPattern) { pattern.playAsync() }\n    fun tap(level: Float) = buildHapticPattern { haptic(10.ms, HapticIntensity.Custom(level)) }.playAsync()\n}\n")
        let playerPlan = try hapsynth(["plan", player])
        #expect(playerPlan.status == 65 && playerPlan.stderr.contains("declares no Jindong pattern that can be named: it uses buildHapticPattern, HapticPattern, HapticIntensity only inside"),
                "\(playerPlan.stderr)")
        // A screen's Jindong call is its pattern; state read in it needs a run (exit 65 when asked for).
        let screen = try scratch.write("Screen.kt", "@Composable\nfun Screen(state: State) {\n    Text(\"x\")\n    Jindong(state.count) { Haptic(state.ms.ms) }\n}\n")
        let screenPlan = try hapsynth(["plan", screen])
        #expect(screenPlan.status == 65 && screenPlan.stderr.contains("Screen.kt:4:35: Screen: `state`, a parameter: known only when the app runs"), "\(screenPlan.stderr)")
        let kotlin = try scratch.write("Haptics.kt", Self.source)
        let play = try hapsynth(["play", kotlin, "--pattern", "taps", "--device", "null"])
        #expect(play.status == 0 && play.stdout.hasPrefix("playing \(kotlin)#taps on null: "), "\(play.stdout)\(play.stderr)")
        var utf16: [UInt8] = [0xFF, 0xFE]
        for unit in #"{"timeline": [{"haptic": 100}]}"#.utf16 { utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let wide = scratch.path + "/wide.json"
        try Data(utf16).write(to: URL(fileURLWithPath: wide))
        let wideRender = try hapsynth(["plan", wide])
        #expect(wideRender.status == 65 && wideRender.stderr.contains("this is UTF-16 text"), "\(wideRender.stderr)")
        let stray = try scratch.write("stray.ahap", #"x{"Version": 1.0, "Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient", "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 1}]}}]}"#)
        let strayPlan = try hapsynth(["plan", stray])
        #expect(strayPlan.status == 65 && strayPlan.stderr.contains("stray.ahap:1:1: "), "\(strayPlan.stderr)")
    }

    /// A pattern that cannot be read does not stop devices either (issue 62, item 1): the file's
    /// others are judged, the refused one is listed as invalid at its place, and the run fails as
    /// check fails on it, in the text, the JSON and the JUnit report alike.
    @Test func anInvalidPatternIsListedAtItsPlaceAndTheOthersAreJudged() throws {
        let scratch = try Scratch()
        let kotlin = try scratch.write("Haptics.kt", """
            val taps = buildHapticPattern {
                repeat(3) { transient(HapticIntensity.STRONG, sharpness = 0.9f); delay(80.ms) }
            }

            val broken = buildHapticPattern {
                haptic(0.ms)
            }

            val swell = buildHapticPattern { haptic(200.ms) }

            """)
        let junit = scratch.path + "/junit.xml"
        let devices = try hapsynth(["devices", kotlin, "pixel-5", "--rate", "8000", "--max-loss", "100", "--junit", junit])
        #expect(devices.status == 1, "\(devices.stdout)\(devices.stderr)")
        let taps = try #require(devices.stdout.range(of: "#taps against iphone")), swell = try #require(devices.stdout.range(of: "#swell against iphone"))
        let invalid = try #require(devices.stdout.range(of: "invalid  \(kotlin)#broken: \(kotlin):6:5: broken: haptic duration must be at least 1 ms"))
        #expect(taps.upperBound < invalid.lowerBound && invalid.upperBound < swell.lowerBound, "\(devices.stdout)")
        #expect(devices.stdout.contains("max loss: every device within its limit")
                && devices.stdout.hasSuffix("invalid: 1 of 3 patterns cannot be read; the run fails, as check fails on them\n"), "\(devices.stdout)")
        let report = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(report.contains(#"errors="1""#) && report.contains(#"<error type="invalid" message="\#(kotlin):6:5: broken: haptic duration"#), "\(report)")
        let json = try hapsynth(["devices", kotlin, "pixel-5", "--rate", "8000", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let patterns = try #require(object["patterns"] as? [[String: Any]])
        #expect(json.status == 1 && patterns.map { $0["pattern"] as? String } == ["taps", "broken", "swell"].map { "\(kotlin)#\($0)" })
        #expect((patterns[1]["invalid"] as? String)?.hasPrefix("\(kotlin):6:5: ") == true && patterns[0]["devices"] != nil)
        // One pattern alone that cannot be read is still the invalid input it is (65), as every command says.
        let alone = try hapsynth(["devices", kotlin, "--pattern", "broken", "pixel-5", "--rate", "8000"])
        #expect(alone.status == 65 && alone.stderr.contains(":6:5: broken: haptic duration"), "\(alone.stderr)")
    }

    /// A pattern that needs a run does not stop devices, which judges the file's others; check
    /// --skip leaves named patterns out; a neighbour that leads out of the folder is not read.
    @Test func aPatternThatNeedsARunLeavesTheOthersJudged() throws {
        let scratch = try Scratch()
        let kotlin = try scratch.write("Haptics.kt", Self.source)
        let devices = try hapsynth(["devices", kotlin, "iphone", "pixel-5"])
        #expect(devices.status == 0 && devices.stdout.contains("#taps against iphone") && devices.stdout.contains("#swell against iphone"), "\(devices.stdout)")
        #expect(devices.stderr.contains("Haptics.kt#broken is not judged (needs a run): 12:41: `computeDelay()`"), "\(devices.stderr)")
        let goldens = scratch.path + "/goldens"
        let check = try hapsynth(["check", kotlin, "--goldens", goldens, "--record", "missing", "--skip", "Haptics.kt#b*", "--skip", "Haptics.kt#swell"])
        #expect(check.status == 0 && check.stdout.contains("skipped  Haptics.kt#broken: left out of the suite")
                && check.stdout.contains("check: 1 pattern: 0 ok, 1 recorded"), "\(check.stdout)")
        try FileManager.default.createDirectory(atPath: scratch.path + "/app", withIntermediateDirectories: true)
        _ = try scratch.write("Outside.kt", "val click = buildHapticPattern { haptic(30.ms) }\n")
        try FileManager.default.createSymbolicLink(atPath: scratch.path + "/app/Link.kt", withDestinationPath: scratch.path + "/Outside.kt")
        let app = try scratch.write("app/Buttons.kt", "val press = buildHapticPattern { include(click) }\n")
        let linked = try hapsynth(["plan", app])
        #expect(linked.status == 65 && linked.stderr.contains("`click` is not declared in the .kt files read"), "\(linked.stderr)")
    }
}
