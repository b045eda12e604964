import AudioIO
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import TestSupport

/// `plan --platform android`: devices by name or file, errors with their place, the plan as text and JSON.
@Suite struct AndroidCommandTests {
    @Test func namedDevicesChooseTheirPaths() throws {
        // Twelve taps 40 ms apart: a flagship's envelope pulses (40 ms wide) do not fit before the end,
        // so it composes primitives like the API 31 phone.
        let cases = [("celebration", "flagship-api36", "androidEnvelope"), ("click-train", "flagship-api36", "androidPrimitives"),
                     ("click-train", "phone-api31", "androidPrimitives"), ("click-train", "phone-api26", "androidWaveform"),
                     ("click-train", "old-phone", "androidWaveform"), ("click-train", "no-vibrator", "unsupported")]
        for (sample, device, backend) in cases {
            let result = try hapsynth(["plan", "Samples/\(sample).json", "--platform", "android", "--android-device", device, "--json"])
            #expect(result.status == 0)
            #expect(result.stdout.contains("\"backend\": \"\(backend)\""), "\(device)")
        }
        let text = try hapsynth(["plan", "Samples/click-train.json", "--platform", "android", "--android-device", "phone-api31"]).stdout
        #expect(text.hasPrefix("android plan for phone-api31 (API 31)\nbackend: androidPrimitives\n"))
        #expect(text.contains("  TICK at scale 0.25 after 32 ms"))
    }

    @Test func aDeviceFileIsReadAndItsErrorsSayWhere() throws {
        let scratch = try Scratch()
        let good = try scratch.write("pixel.json", #"{"apiLevel": 31, "primitives": {"CLICK": 12, "TICK": 9, "LOW_TICK": 11}}"#)
        let planned = try hapsynth(["plan", "Samples/click-train.json", "--platform", "android", "--android-device", good, "--json"])
        #expect(planned.status == 0 && planned.stdout.contains("\"name\": \"pixel\"") && planned.stdout.contains("\"androidPrimitives\""))
        // The sample device (API 33, CLICK and TICK only): crisp taps compose TICKs of its 10 ms.
        let sample = try hapsynth(["plan", "Samples/click-train.json", "--platform", "android", "--android-device", "Samples/devices/midrange-api33.json"])
        #expect(sample.status == 0 && sample.stdout.hasPrefix("android plan for midrange-api33 (API 33)\nbackend: androidPrimitives\n"))
        #expect(sample.stdout.contains("  TICK at scale 0.25 after 30 ms"), "\(sample.stdout)")
        let bad = try scratch.write("bad.json", #"{"apiLevel": 31, "envelope": {"maxControlPoints": 16, "minSegmentMs": 1.5}}"#)
        let refused = try hapsynth(["plan", "Samples/click-train.json", "--platform", "android", "--android-device", bad])
        #expect(refused.status == 65)
        #expect(refused.stderr == "hapsynth: error: \(bad):1:71: expected a whole number, got 1.5 at $.envelope.minSegmentMs\n")
        let typo = try scratch.write("typo.json", #"{"apiLevel": 31, "hasVibrater": true}"#)
        #expect(try hapsynth(["plan", "Samples/click-train.json", "--platform", "android", "--android-device", typo]).stderr
            .contains(#"unknown key "hasVibrater" — did you mean "hasVibrator"?"#))
        #expect(try hapsynth(["plan", "Samples/click-train.json", "--platform", "android", "--android-device", scratch.path + "/none.json"]).status == 66)
        let unknown = try hapsynth(["plan", "Samples/click-train.json", "--platform", "android", "--android-device", "pixel"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.hasPrefix("hapsynth: error: --android-device: unknown Android device 'pixel' (did you mean 'pixel-5'?); the devices are "
            + "flagship-api36, phone-api31, phone-api26, old-phone, no-vibrator, aosp-default, fairphone-4, pixel-4a, pixel-4a-5g, pixel-5, "
            + "pixel-5a, pixel-cs40l26, qualcomm-reference, or a JSON file\n"), "\(unknown.stderr)")
    }

    /// One device name everywhere (issue 52): a catalogue device names the Android device of
    /// `plan` as it names `--device-profile`'s, and a render by either name is the same file.
    @Test func aCatalogueDeviceIsAnAndroidDeviceToo() throws {
        let scratch = try Scratch()
        let plan = try hapsynth(["plan", "Samples/click-train.json", "--platform", "android", "--android-device", "pixel-5"])
        #expect(plan.status == 0 && plan.stdout.hasPrefix("android plan for pixel-5 (API 33)"), "\(plan.stderr)")
        let ios = try hapsynth(["plan", "Samples/click-train.json", "--platform", "android", "--android-device", "iphone"])
        #expect(ios.status == 64 && ios.stderr.contains("iphone is an iOS device of the catalogue"))
        let named = scratch.path + "/named.wav", profile = scratch.path + "/profile.wav"
        #expect(try hapsynth(["render", "Samples/click-train.json", named, "--platform", "android", "--android-device", "pixel-5", "--rate", "8000"]).status == 0)
        #expect(try hapsynth(["render", "Samples/click-train.json", profile, "--device-profile", "pixel-5", "--rate", "8000"]).status == 0)
        #expect(fileBytes(named) == fileBytes(profile) && !fileBytes(named).isEmpty)
    }

    @Test func optionsGoTogether() throws {
        #expect(try hapsynth(["plan", "Samples/click-train.json", "--android-device", "phone-api31"]).status == 64)
        #expect(try hapsynth(["plan", "Samples/click-train.json", "--platform", "windows"]).status == 64)
        // An AHAP file plans for Android (converted first), saying what it does not express.
        let ahap = try hapsynth(["plan", "Samples/envelope-hit.ahap", "--platform", "android"])
        #expect(ahap.status == 0 && ahap.stdout.contains("  - Envelope parameters are not expressed on Android."))
    }

    @Test func bothPlatformsInOneStereoFileEqualTheTwoRenders() throws {
        let scratch = try Scratch()
        let ios = scratch.path + "/ios.wav", android = scratch.path + "/android.wav", both = scratch.path + "/both.wav"
        #expect(try hapsynth(["render", "Samples/celebration.json", ios]).status == 0)
        let single = try hapsynth(["render", "Samples/celebration.json", android, "--platform", "android", "--android-device", "phone-api26"])
        #expect(single.status == 0 && single.stdout.contains("android androidWaveform on phone-api26"))
        let stereo = try hapsynth(["render", "Samples/celebration.json", both, "--platform", "both", "--android-device", "phone-api26"])
        #expect(stereo.status == 0 && stereo.stdout.contains("left ios, right android"))
        let left = try SoundFileReader(path: ios).readAll(), right = try SoundFileReader(path: android).readAll()
        let pair = try SoundFileReader(path: both)
        #expect(pair.format.channelCount == 2)
        let frames = pair.readAll()
        #expect(frames.count / 2 == max(left.count, right.count))
        #expect((0..<left.count).allSatisfy { frames[2 * $0] == left[$0] })
        #expect((0..<right.count).allSatisfy { frames[2 * $0 + 1] == right[$0] })
        // iOS starts 10 ms after the request, Android at once.
        #expect(left[..<480].allSatisfy { $0 == 0 } && right[1..<480].contains { $0 != 0 })
    }

    @Test func theAndroidActuatorIsSetInTheProfile() throws {
        let scratch = try Scratch()
        let profile = try scratch.write("p.json", #"{"androidResonanceHz": 200, "androidInertiaMs": 0, "androidGain": 0.5}"#)
        let out = scratch.path + "/a.wav"
        let result = try hapsynth(["render", "Samples/heartbeat.json", out, "--platform", "android", "--android-device", "phone-api26",
                                   "--profile", profile])
        #expect(result.status == 0, "\(result.stderr)")
        let samples = try SoundFileReader(path: out).readAll()
        // The first 60 ms play at amplitude 191 (`plan` shows the segments): gain 0.5 × 191 / 255, at 200 Hz.
        let first = samples[0..<2_880]
        #expect(abs(Double(first.map { abs($0) }.max()!) - 0.5 * 191 / 255) < 0.005)
        var crossings: [Int] = []
        for index in 1..<2_880 where samples[index - 1] < 0 && samples[index] >= 0 { crossings.append(index) }
        let frequency = Double(crossings.count - 1) * 48_000 / Double(crossings.last! - crossings.first!)
        #expect(abs(frequency - 200) < 1, "\(frequency) Hz")
        let bad = try scratch.write("bad.json", #"{"androidGain": 2}"#)
        let refused = try hapsynth(["render", "Samples/heartbeat.json", out, "--platform", "android", "--profile", bad])
        #expect(refused.status == 65 && refused.stderr.contains("androidGain must be 0...1 (got 2.0) at $.androidGain"))
    }

    @Test func plotDrawsTheAndroidEffect() throws {
        let scratch = try Scratch()
        let svg = scratch.path + "/a.svg", html = scratch.path + "/a.html"
        let drawn = try hapsynth(["plot", "Samples/two-platforms.json", svg, "--platform", "android", "--android-device", "phone-api26"])
        #expect(drawn.status == 0 && drawn.stdout == "\(svg): android androidWaveform on phone-api26, 0.0 to 700.0 ms\n")
        let picture = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(picture.hasPrefix("<svg") && picture.contains("androidWaveform on phone-api26") && picture.contains("amplitude 127 for 225 ms"))
        #expect(picture.contains("waveform (emulated Android actuator)") && picture.contains("no lead"))
        #expect(try hapsynth(["plot", "Samples/click-train.json", html, "--platform", "android", "--android-device", "phone-api31"]).status == 0)
        let page = try String(contentsOfFile: html, encoding: .utf8)
        #expect(page.contains("<th>effect</th>") && page.contains("<td>TICK at 0 ms, scale 0.25</td>"))
    }

    /// Android renders pass the same render-length guard as iOS ones: over 24 hours needs
    /// --allow-long, and a time beyond what hapsynth represents is refused, never a crash or a hang.
    @Test func androidRendersPassTheRenderLengthGuard() throws {
        let scratch = try Scratch()
        let long = try scratch.write("long.json", #"{"timeline": [{"transient": {}}, {"delay": 90000000}]}"#)
        let huge = try scratch.write("huge.json", #"{"timeline": [{"transient": {}}, {"delay": 9000000000000000}]}"#)
        for arguments in [["render", long, scratch.path + "/a.wav", "--platform", "android"], ["render", long, scratch.path + "/b.wav", "--platform", "both"],
                          ["plot", long, scratch.path + "/c.svg", "--platform", "android"], ["play", long, "--platform", "android", "--device", "null"]] {
            let result = try hapsynth(arguments)
            // Changed assertion (issue 31): plot has no --allow-long, so it no longer offers it.
            let wayOut = arguments[0] == "plot" ? "over 24 hours\n" : "over 24 hours; use --allow-long"
            #expect(result.status == 65 && result.stderr.hasPrefix("hapsynth: error: \(long): the render would last 1d 01:00:00")
                && result.stderr.contains(wayOut), "\(arguments)")
        }
        let refused = try hapsynth(["render", huge, scratch.path + "/d.wav", "--platform", "android", "--allow-long"])
        #expect(refused.status == 65 && refused.stderr.contains("longer than hapsynth can represent"))
        #expect(scratch.entries == ["huge.json", "long.json"])
    }
}

/// `hapsynth export`: what only the process shows (streams, exit codes, the file written).
@Suite struct ExportCommandTests {
    @Test func exportWritesToStandardOutputOrAtomicallyToAFile() throws {
        let scratch = try Scratch()
        let json = try hapsynth(["export", "Samples/accent-swell.haptic", "--to", "android-json"])
        #expect(json.status == 0 && json.stdout.hasPrefix(#"{"# + "\n" + #"  "amplitudes": ["#) && json.stdout.contains(#""repeat": -1"#))
        let kotlin = scratch.path + "/swell.kt"
        let written = try hapsynth(["export", "Samples/swell.ahap", "--to", "android-kotlin", "-o", kotlin])
        #expect(written.status == 0 && written.stdout.isEmpty)
        #expect(try String(contentsOfFile: kotlin, encoding: .utf8).hasPrefix("val swell = VibrationEffect.createWaveform(\n    longArrayOf(\n"))
        #expect(scratch.entries == ["swell.kt"])
    }

    @Test func aPatternExportsToAClipThatPlays() throws {
        let scratch = try Scratch()
        let clip = scratch.path + "/celebration.haptic"
        let exported = try hapsynth(["export", "Samples/celebration.json", "--to", "haptic", "-o", clip])
        #expect(exported.status == 0 && exported.stderr.contains("hapsynth: warning: on Android, Meta's renderer plays amplitude linearly"))
        let plan = try hapsynth(["plan", clip])
        #expect(plan.status == 0 && plan.stdout.contains("player 2: 3 events, 0 curves"))
        #expect(try hapsynth(["export", "Samples/celebration.json", "--to", "haptic", "-q"]).stderr.isEmpty)
    }

    /// Changed (issue 35): celebration's two players (taps, then a controlled swell) now share one
    /// file (AHAPOneFileExportTests); the refusal is asserted on mixed-overlap, whose players each
    /// have controls, with the new message that names --split.
    @Test func aOnePlayerPlanExportsToOneAHAPFileAndMorePlayersAreRefused() throws {
        let scratch = try Scratch()
        let ahap = scratch.path + "/heartbeat.ahap"
        #expect(try hapsynth(["export", "Samples/heartbeat.json", "--to", "ahap", "-o", ahap]).status == 0)
        #expect(try hapsynth(["plan", ahap, "--json"]).stdout.contains(#""logicalDurationMs": 2100"#))
        let two = try hapsynth(["export", "Samples/mixed-overlap.json", "--to", "ahap"])
        #expect(two.status == 65 && two.stderr.contains("its Core Haptics plan has 3 players that one AHAP file cannot hold together"))
    }

    @Test func badExportsExitWithTheirCodes() throws {
        let silent = try hapsynth(["export", "Samples/silent-tail.json", "--to", "android-json"])
        #expect(silent.status == 65 && silent.stderr.contains("nothing to export: every amplitude is 0"))
        #expect(try hapsynth(["export", "Samples/celebration.json", "--to", "mp3"]).status == 64)
        #expect(try hapsynth(["export", "Samples/celebration.json"]).status == 64)
        #expect(try hapsynth(["export", "Samples/accent-swell.haptic", "--to", "android-json", "--sample-rate", "0"]).status == 64)
        #expect(try hapsynth(["export", "Samples/none.json", "--to", "android-json"]).status == 66)
    }
}

/// `hapsynth lint`: exit codes and formats as a CI system reads them.
@Suite struct LintCommandTests {
    /// SARIF as GitHub code scanning reads it: the tool and its 25 rules, each result with its rule,
    /// level, repository-relative URI and the region of the offending text.
    @Test func sarifPlacesEachFindingOnItsText() throws {
        let result = try hapsynth(["lint", "Samples/trailing-comma.ahap", "--platform", "ios", "--format", "sarif"])
        let log = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0" && (log["$schema"] as? String)?.contains("sarif-2.1.0") == true)
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        // Changed (issue 63): HS209 and HS210 joined the catalogue.
        #expect(driver["name"] as? String == "hapsynth" && (driver["rules"] as? [Any])?.count == 34)
        #expect(run["columnKind"] as? String == "unicodeCodePoints")
        let finding = try #require((run["results"] as? [[String: Any]])?.first)
        // Changed assertion (issue 40): HS003 is info (a SARIF note) when only the iPhone is linted.
        #expect(finding["ruleId"] as? String == "HS003" && finding["ruleIndex"] as? Int == 2 && finding["level"] as? String == "note")
        let location = try #require(((finding["locations"] as? [[String: Any]])?.first)?["physicalLocation"] as? [String: Any])
        #expect((location["artifactLocation"] as? [String: Any])?["uri"] as? String == "Samples/trailing-comma.ahap")
        let region = try #require(location["region"] as? [String: Int])
        #expect(region == ["startLine": 3, "startColumn": 143, "endLine": 3, "endColumn": 144])
        let line = try String(contentsOfFile: packageRoot + "/Samples/trailing-comma.ahap", encoding: .utf8).split(separator: "\n")[2]
        #expect(Array(line)[142] == ",")
    }

    @Test func junitReadsBackWithAStandardParser() throws {
        let scratch = try Scratch()
        let report = scratch.path + "/lint.xml"
        let result = try hapsynth(["lint", "Samples/delay-only.json", "Samples/celebration.json", "--platform", "both", "--format", "junit", "-o", report])
        #expect(result.status == 0 && result.stderr == "lint: 2 files, 0 errors, 1 warning, 1 info\n")
        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: report))
        let cases = try document.nodes(forXPath: "//testcase")
        let failures = try document.nodes(forXPath: "//failure"), outputs = try document.nodes(forXPath: "//system-out")
        #expect(cases.count == 2 && failures.count == 1 && outputs.count == 1)
    }

    @Test func aConfigSwitchesRulesOffPerFolderAndBadConfigsExit65() throws {
        let scratch = try Scratch()
        try scratch.write("p/legacy/quiet.json", #"{"timeline": [{"delay": 100}]}"#)
        try scratch.write("p/new/quiet.json", #"{"timeline": [{"delay": 100}]}"#)
        let config = try scratch.write("p/hapsynth-lint.json", #"{"version": 1, "platform": "ios", "overrides": [{"files": ["legacy/**"], "rules": {"HS301": "off"}}]}"#)
        let result = try hapsynth(["lint", scratch.path + "/p/legacy", scratch.path + "/p/new", "--config", config, "--strict"])
        #expect(result.status == 1 && result.stdout.contains("new/quiet.json") && !result.stdout.contains("legacy/quiet.json:"))
        // Found in the current folder without --config.
        #expect(try hapsynth(["lint", "legacy", "--strict"], in: scratch.path + "/p").status == 0)
        try scratch.write("bad.json", #"{"rules": {"HS999": "off"}}"#)
        #expect(try hapsynth(["lint", "Samples/celebration.json", "--config", scratch.path + "/bad.json"]).status == 65)
        #expect(try hapsynth(["lint", "Samples/celebration.json", "--config", scratch.path + "/none.json"]).status == 66)
    }

    @Test func lintExitsByItsFindingsAndPrintsJSON() throws {
        let scratch = try Scratch()
        try scratch.write("p/ok.json", #"{"timeline": [{"continuous": {"durationMs": 1500}}]}"#)
        let clean = try hapsynth(["lint", scratch.path + "/p", "--platform", "ios"])
        #expect(clean.status == 0 && clean.stdout == "lint: 1 file, 0 errors, 0 warnings, 0 info\n")
        try scratch.write("p/quiet.json", #"{"timeline": [{"delay": 100}]}"#)
        let warned = try hapsynth(["lint", scratch.path + "/p", "--platform", "ios"])
        #expect(warned.status == 0 && warned.stdout.contains("quiet.json:1:1: warning: HS301 silent: nothing is felt: the plan is silent\n"))
        #expect(try hapsynth(["lint", scratch.path + "/p", "--platform", "ios", "--strict"]).status == 1)
        let json = try hapsynth(["lint", scratch.path + "/p", "--platform", "ios", "--format", "json"])
        #expect(json.stdout.contains(#""ruleId": "HS301""#) && json.stdout.contains(#""counts": {"error": 0, "warning": 1, "info": 0}"#))
        try scratch.write("p/bad.json", "{")
        #expect(try hapsynth(["lint", scratch.path + "/p"]).status == 1)
        #expect(try hapsynth(["lint", scratch.path + "/none"]).status == 66)
        #expect(try hapsynth(["lint", scratch.path + "/p", "--format", "xml"]).status == 64)
        #expect(try hapsynth(["lint", scratch.path + "/empty-folder-that-is-missing"]).status == 66)
    }

    /// Lint plans and renders on the device `--device-profile` names: the same swell is felt on the
    /// catalogue iPhone and not on a copy of it whose full scale is 0.005 g (HS304).
    @Test func lintHonoursTheDeviceProfile() throws {
        let scratch = try Scratch()
        let data = try Data(contentsOf: URL(fileURLWithPath: packageRoot + "/devices/iphone.json"))
        var device = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var actuator = try #require(device["actuator"] as? [String: Any])
        actuator["fullScaleG"] = 0.005
        device["actuator"] = actuator
        device["name"] = "weak"
        let weak = scratch.path + "/weak.json"
        try JSONSerialization.data(withJSONObject: device).write(to: URL(fileURLWithPath: weak))
        let swell = packageRoot + "/Samples/swell.ahap"
        let felt = try hapsynth(["lint", swell, "--device-profile", "iphone"])
        #expect(felt.status == 0 && felt.stdout == "lint: 1 file, 0 errors, 0 warnings, 0 info\n", "\(felt.stdout)")
        let faint = try hapsynth(["lint", swell, "--device-profile", weak])
        // Changed (issue 53): 0.005 g before, when the iPhone played intensity as a share of its
        // sensation level in dB; on this device that share is negative, so softer was stronger.
        // Now its strongest moment is continuousGain × fullScaleG × the swell's intensity.
        #expect(faint.stdout.contains("warning: HS304 not-felt: on iOS its strongest moment is 0.002 g"), "\(faint.stdout)")
        #expect(try hapsynth(["lint", swell, "--device-profile", weak, "--strict"]).status == 1)
    }

    /// `--audio-root` is where lint looks for an AHAP file's sounds first, as render does: a path
    /// written from the app bundle's root is found there, and missing without it (HS401).
    @Test func lintLooksForSoundsUnderTheAudioRoot() throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(atPath: scratch.path + "/bundle/Sounds", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: packageRoot + "/Samples/sounds/chirp.wav", toPath: scratch.path + "/bundle/Sounds/chirp.wav")
        let file = try scratch.write("bundle/AHAP/tap.ahap", #"{"Version": 1.0, "Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient"}}, "#
            + #"{"Event": {"Time": 0, "EventType": "AudioCustom", "EventWaveformPath": "Sounds/chirp.wav"}}]}"#)
        let missing = try hapsynth(["lint", file, "--platform", "ios"])
        #expect(missing.status == 1 && missing.stdout.contains("error: HS401 audio-file-missing"), "\(missing.stdout)")
        let found = try hapsynth(["lint", file, "--platform", "ios", "--audio-root", scratch.path + "/bundle"])
        #expect(found.status == 0 && !found.stdout.contains("HS401"), "\(found.stdout)")
    }
}
