import Foundation
import Testing
import TestSupport

/// Verdicts that must be true (issue 40): what a record writes, a check reads back; a NaN never
/// passes; a sound on standard output is the sound alone.
@Suite struct TrueVerdictTests {
    /// An AHAP file whose only event is a sound: its haptic render has no frame.
    static func audioOnly(in scratch: Scratch) throws -> String {
        try Data(contentsOf: URL(fileURLWithPath: packageRoot + "/Samples/sounds/chirp.wav"))
            .write(to: URL(fileURLWithPath: scratch.path + "/patterns/chirp.wav"))
        return try scratch.write("patterns/audio-only.ahap", """
            {"Version": 1.0, "Pattern": [{"Event": {"Time": 0.0, "EventType": "AudioCustom",
             "EventWaveformPath": "chirp.wav", "EventParameters": []}}]}
            """)
    }

    @Test(arguments: ["wav", "flac", "ogg"])
    func aRenderOfNoFrameIsAFileThatReadsBackAsNoFrame(format: String) throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(atPath: scratch.path + "/patterns", withIntermediateDirectories: true)
        let pattern = try Self.audioOnly(in: scratch)
        let out = scratch.path + "/silent." + format
        let render = try hapsynth(["render", pattern, out, "--no-audio"])
        #expect(render.status == 0 && render.stdout.contains("0 frames"), "\(render.stderr)")
        #expect(!fileBytes(out).isEmpty, "a \(format) file of no frame still has its header")
        let compare = try hapsynth(["compare", out, out, "--json"])
        #expect(compare.status == 0, "\(compare.stdout)\(compare.stderr)")
        #expect(compare.stdout.contains("\"expectedFrames\": 0"))
        // Against a render with frames, it differs (a real comparison, not a refusal).
        let other = scratch.path + "/tap." + format
        _ = try hapsynth(["render", packageRoot + "/Samples/celebration.json", other])
        #expect(try hapsynth(["compare", out, other]).status == 1)
    }

    @Test func aSuiteOfSilentPatternsRecordsGoldensItsNextCheckReads() throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(atPath: scratch.path + "/patterns", withIntermediateDirectories: true)
        _ = try Self.audioOnly(in: scratch)
        try Data(contentsOf: URL(fileURLWithPath: packageRoot + "/Samples/delay-only.json"))
            .write(to: URL(fileURLWithPath: scratch.path + "/patterns/delay-only.json"))
        let goldens = scratch.path + "/goldens"
        let record = try hapsynth(["check", scratch.path + "/patterns", "--goldens", goldens, "--record"])
        #expect(record.status == 0, "\(record.stdout)\(record.stderr)")
        let check = try hapsynth(["check", scratch.path + "/patterns", "--goldens", goldens])
        #expect(check.status == 0 && check.stdout.contains("2 ok"), "\(check.stdout)\(check.stderr)")
        let again = try hapsynth(["check", scratch.path + "/patterns", "--goldens", goldens, "--record"])
        #expect(again.status == 0 && again.stdout.contains("2 ok"), "\(again.stdout)\(again.stderr)")
    }

    @Test func aSoundOnStandardOutputIsTheSoundAloneAndItsSummaryGoesToStderr() throws {
        let scratch = try Scratch()
        let file = scratch.path + "/piped.flac", errors = scratch.path + "/stderr"
        // Standard output is a regular file here, as in `hapsynth render x.json - > out.flac`.
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "\"$0\" render \"$1\" - --format flac > \"$2\" 2> \"$3\"",
                           try hapsynthBinary().path, packageRoot + "/Samples/celebration.json", file, errors]
        try shell.run()
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 0)
        #expect(try String(contentsOfFile: errors, encoding: .utf8).contains("-: 0.550 s, 26400 frames"))
        _ = try hapsynth(["render", packageRoot + "/Samples/celebration.json", scratch.path + "/direct.flac"])
        let compare = try hapsynth(["compare", scratch.path + "/direct.flac", file])
        #expect(compare.status == 0, "\(compare.stdout)\(compare.stderr)")
    }

    /// A NaN or infinite sample in either file fails every gate and says how many and where.
    @Test func aNaNFailsCompareInEveryGateAndSaysWhere() throws {
        let scratch = try Scratch()
        let zeros = scratch.path + "/zeros.wav", nan = scratch.path + "/nan.wav"
        try floatWAV([Float](repeating: 0, count: 4800), rate: 48_000).write(to: URL(fileURLWithPath: zeros))
        var samples = [Float](repeating: 0, count: 4800)
        for index in 2400..<2500 { samples[index] = .nan }
        samples[4000] = .infinity
        try floatWAV(samples, rate: 48_000).write(to: URL(fileURLWithPath: nan))
        let plain = try hapsynth(["compare", zeros, nan])
        #expect(plain.status == 1)
        #expect(plain.stdout.contains("fail: the actual file has 101 NaN or infinite samples, the first at 50 ms (frame 2400)"), "\(plain.stdout)")
        let felt = try hapsynth(["compare", zeros, nan, "--perceptual"])
        #expect(felt.status == 1 && felt.stdout.hasSuffix("fail: the actual file has 101 NaN or infinite samples, the first at 50 ms (frame 2400)\n"), "\(felt.stdout)")
        for arguments in [["--json"], ["--json", "--perceptual"]] {
            let json = try hapsynth(["compare", nan, zeros] + arguments)
            #expect(json.status == 1)
            let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            #expect(document["pass"] as? Bool == false)
            let found = try #require((document["nonFinite"] as? [String: Any])?["expected"] as? [String: Any])
            #expect(found["samples"] as? Int == 101 && found["firstFrame"] as? Int == 2400 && found["firstMs"] as? Double == 50)
        }
        // A golden holding a NaN where the render is silent fails the check, under either gate.
        try FileManager.default.createDirectory(atPath: scratch.path + "/p", withIntermediateDirectories: true)
        try Data(contentsOf: URL(fileURLWithPath: packageRoot + "/Samples/delay-only.json"))
            .write(to: URL(fileURLWithPath: scratch.path + "/p/quiet.json"))
        let goldens = scratch.path + "/g"
        #expect(try hapsynth(["check", scratch.path + "/p", "--goldens", goldens, "--record", "--golden-format", "wav", "--rate", "48000"]).status == 0)
        var quiet = [Float](repeating: 0, count: 12_000)
        quiet[240] = .nan
        try floatWAV(quiet, rate: 48_000).write(to: URL(fileURLWithPath: goldens + "/quiet.wav"))
        for gate in [[], ["--perceptual"]] {
            let check = try hapsynth(["check", scratch.path + "/p", "--goldens", goldens] + gate)
            #expect(check.status == 1 && check.stdout.contains("differs  quiet: the expected file has 1 NaN or infinite sample, the first at 5 ms (frame 240)"),
                    "\(gate): \(check.stdout)")
        }
    }

    /// A sub-folder of a suite is checked with the suite's settings (a FLAC suite at 8 kHz).
    @Test func aSubFolderOfASuiteIsCheckedWithTheSuitesSettings() throws {
        let scratch = try Scratch()
        for (folder, sample) in [("game", "celebration"), ("ui", "heartbeat")] {
            try FileManager.default.createDirectory(atPath: scratch.path + "/p/" + folder, withIntermediateDirectories: true)
            try Data(contentsOf: URL(fileURLWithPath: packageRoot + "/Samples/\(sample).json"))
                .write(to: URL(fileURLWithPath: scratch.path + "/p/\(folder)/\(sample).json"))
        }
        #expect(try hapsynth(["check", "p", "--goldens", "g", "--record"], in: scratch.path).status == 0)
        let sub = try hapsynth(["check", "p/game", "--goldens", "g/game"], in: scratch.path)
        #expect(sub.status == 0 && sub.stdout.contains("ok       celebration"), "\(sub.stdout)")
        let absolute = try hapsynth(["check", scratch.path + "/p/ui", "--goldens", scratch.path + "/g/ui"])
        #expect(absolute.status == 0 && !absolute.stdout.contains("recorded at"), "\(absolute.stdout)")
        // A sub-folder with no golden of its own but under a suite is not a new suite: nothing is
        // recorded at another rate or format beside it.
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "/g/game/hapsynth-check.json"))
    }

    /// A differing render says where in ms and frames, and which plan element plays there; a
    /// failure under --strict is headed by its warnings, never `ok`, and real failures come first.
    @Test func failuresSayWhereAndWhatAndStrictOnesAreNotHeadedOk() throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(atPath: scratch.path + "/p", withIntermediateDirectories: true)
        try scratch.write("p/b-loud.json", #"{"timeline": [{"continuous": {"durationMs": 50, "intensity": 1.5}}]}"#)
        try Data(contentsOf: URL(fileURLWithPath: packageRoot + "/Samples/celebration.json"))
            .write(to: URL(fileURLWithPath: scratch.path + "/p/c-celebration.json"))
        let goldens = scratch.path + "/g"
        #expect(try hapsynth(["check", scratch.path + "/p", "--goldens", goldens, "--record"]).status == 0)
        // A softer swell: the render differs inside the continuous event at 240 ms in the plan.
        let softer = try String(contentsOfFile: scratch.path + "/p/c-celebration.json", encoding: .utf8)
        try scratch.write("p/c-celebration.json", softer.replacingOccurrences(of: "[80, 0.8]", with: "[80, 0.7]"))
        let report = scratch.path + "/report.html", junit = scratch.path + "/check.xml"
        let check = try hapsynth(["check", scratch.path + "/p", "--goldens", goldens, "--strict", "--report", report, "--junit", junit])
        #expect(check.status == 1)
        let differs = try #require(check.stdout.split(separator: "\n").first { $0.hasPrefix("differs  c-celebration: ") })
        #expect(differs.contains("first differs at 250.") && differs.contains("; player 2 event 1: continuous at 240 ms in the plan)"), "\(differs)")
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(xml.contains(#"<failure type="warnings" message="b-loud: strict: 1 warning: "#), "\(xml)")
        #expect(!xml.contains(#"message="ok "#))
        let html = try String(contentsOfFile: report, encoding: .utf8)
        let real = try #require(html.range(of: "<h2>c-celebration: differs</h2>")), warned = try #require(html.range(of: "<h2>b-loud: strict: 1 warning</h2>"), "\(html)")
        #expect(real.lowerBound < warned.lowerBound, "real failures are listed before warnings")
    }

    /// Clamping is worded one way: render's warning, plot's warning and caption, check's warning
    /// and lint's HS107 (the clicks rendered alone) say the same clause; a device on which render
    /// does not clamp is one on which lint finds no HS107.
    @Test func clampingIsWordedOneWayAndLintAgreesWithRenderOnADevice() throws {
        let scratch = try Scratch()
        let taps = try scratch.write("p/taps.ahap", #"{"Version": 1.0, "Pattern": ["#
            + [0, 0.004].map { #"{"Event": {"EventType": "HapticTransient", "Time": \#($0), "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 1}]}}"# }.joined(separator: ", ") + "]}")
        let clause = "2 transient clicks overlap others and add up (the sum peaks at "
        let render = try hapsynth(["render", taps, scratch.path + "/t.wav"])
        let clamped = try #require(render.stderr.split(separator: "\n").first { $0.contains("samples exceeded full scale and were clamped") })
        #expect(clamped.contains(clause) && clamped.hasSuffix("): space them further apart or lower their intensity"), "\(render.stderr)")
        let plot = try hapsynth(["plot", taps, scratch.path + "/t.svg"])
        #expect(plot.stderr.contains(String(clamped)), "\(plot.stderr)")
        let svg = try String(contentsOfFile: scratch.path + "/t.svg", encoding: .utf8)
        // The caption shows the clamping (a long line wraps at a space: its opening words are whole).
        #expect(svg.contains(">warning: " + String(clamped.dropFirst("hapsynth: warning: ".count)).prefix(40)), "the caption shows the clamping")
        let check = try hapsynth(["check", scratch.path + "/p", "--goldens", scratch.path + "/g", "--record", "--rate", "48000"])
        #expect(check.stdout.contains("  warning: " + clamped.dropFirst("hapsynth: warning: ".count)), "\(check.stdout)")
        let lint = try hapsynth(["lint", taps])
        #expect(lint.stdout.contains("HS107 transient-clip: the transients rendered alone clamp: " + clause), "\(lint.stdout)")
        // On the same device, lint finds HS107 exactly when render clamps; lint's default is the
        // iPhone as the catalogue plays it (render's default is the profile's drive).
        for intensity in [0.85, 0.9, 1] {
            let pair = try scratch.write("pair.ahap", #"{"Version": 1.0, "Pattern": ["#
                + [0, 0.004].map { #"{"Event": {"EventType": "HapticTransient", "Time": \#($0), "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": \#(intensity)}]}}"# }
                    .joined(separator: ", ") + "]}")
            let rendered = try hapsynth(["render", pair, scratch.path + "/d.wav", "--device-profile", "iphone"])
            let clamps = !rendered.stdout.contains(", 0 clamped samples")
            for device in [[], ["--device-profile", "iphone"]] {
                #expect(try hapsynth(["lint", pair] + device).stdout.contains("HS107") == clamps, "\(intensity) \(device): \(rendered.stdout)")
            }
        }
    }

    /// Apple's own sample patterns lint clean for the iPhone (issue 40): a trailing comma is info
    /// when only Apple's reader reads the file, a value under its range plays as none (info), a
    /// dense texture is measured as the iPhone plays it, and a sound named from the bundle's root
    /// is found inside the AHAP file's own folder.
    @Test func applesKindsOfFindingLintCleanForTheIPhone() throws {
        let scratch = try Scratch()
        try scratch.write("AHAP/Drums.ahap", #"{"Version": 1.0, "Pattern": [{"Event": {"Time": 0.0, "EventType": "AudioCustom", "EventWaveformPath": "AHAP/chirp.wav", "EventParameters": []}},"#
            + #"{"Event": {"Time": 0.0, "EventType": "HapticTransient", "EventParameters": [{"ParameterID": "HapticSharpness", "ParameterValue": -1.0}]}},]}"#)
        try Data(contentsOf: URL(fileURLWithPath: packageRoot + "/Samples/sounds/chirp.wav")).write(to: URL(fileURLWithPath: scratch.path + "/AHAP/chirp.wav"))
        // A texture as Apple's: clicks 10 ms apart, sharpness 0.2 and 0, whose pulses overlap.
        let dense = (0..<45).flatMap { index in
            [(0.0, 1.0, 0.2), (0.01, 0.7, 0.0)].map { offset, intensity, sharpness in
                #"{"Event": {"Time": \#(Double(index) * 0.02 + offset), "EventType": "HapticTransient", "EventParameters": ["#
                    + #"{"ParameterID": "HapticIntensity", "ParameterValue": \#(intensity)}, {"ParameterID": "HapticSharpness", "ParameterValue": \#(sharpness)}]}}"#
            }
        }
        try scratch.write("AHAP/Texture.ahap", #"{"Version": 1.0, "Pattern": ["# + dense.joined(separator: ",") + "]}")
        let ios = try hapsynth(["lint", scratch.path + "/AHAP", "--platform", "ios"])
        #expect(ios.status == 0 && ios.stdout.contains("lint: 2 files, 0 errors, 0 warnings, ") && !ios.stdout.contains("HS107"), "\(ios.stdout)")
        #expect(ios.stdout.contains("info: HS003 lenient-json") && ios.stdout.contains("info: HS104 out-of-range: HapticSharpness -1.0 clamped to 0.0"))
        // Changed (issue 62; it was a warning for both platforms): an AHAP file is read by Apple's
        // reader, which accepts the comma (Apple's own Unity samples have them), so it is info everywhere.
        #expect(try hapsynth(["lint", scratch.path + "/AHAP/Drums.ahap"]).stdout.contains("info: HS003 lenient-json"))
        // The same dense texture clamps under the profile's drive, which lint's HS107 no longer assumes.
        let drive = try hapsynth(["render", scratch.path + "/AHAP/Texture.ahap", scratch.path + "/t.wav"])
        let phone = try hapsynth(["render", scratch.path + "/AHAP/Texture.ahap", scratch.path + "/t.wav", "--device-profile", "iphone"])
        #expect(phone.stdout.contains(", 0 clamped samples") && !drive.stdout.contains(", 0 clamped samples"), "\(phone.stdout)\(drive.stdout)")
    }
}
