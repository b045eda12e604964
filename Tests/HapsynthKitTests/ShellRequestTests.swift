import Foundation
import HapsynthKit
import Testing
import TestSupport

/// What the command line hands HapsynthKit since issue 62 (the shell, finished): values typed by a
/// user read into typed requests, and the sentences with no flag in them, in the library.
@Suite struct ShellRequestTests {
    /// Flags over a profile file over the base, every rule checked on the result; a text that is no
    /// value of its field, a key that is no field and a rule broken each say which.
    @Test func aProfileIsTheValuesTypedOverItsFileOverItsBase() throws {
        let scratch = try Scratch()
        var choice = ProfileChoice(base: ActuatorProfile())
        choice.file = try scratch.write("profile.json", #"{"maxFrequencyHz": 250, "transientCycles": 3}"#)
        choice.values = ["maxFrequencyHz": "280", "sampleRate": "16000"]
        choice.seamlessSplits = true
        let profile = try choice.resolve()
        #expect(profile.maxFrequencyHz == 280 && profile.transientCycles == 3 && profile.sampleRate == 16_000 && !profile.splitRetrigger)

        choice.values = ["transientCycles": "2.5"]
        #expect { try choice.resolve() } throws: { error in
            guard case let .notAValue(field, text) = error as? ProfileChoiceError else { return false }
            return field.key == "transientCycles" && text == "2.5"
        }
        choice.values = ["maxFrequencyHz": "0x10"]
        #expect(throws: ProfileChoiceError.self) { try choice.resolve() }
        choice.values = ["maxFrequency": "280"]
        #expect { try choice.resolve() } throws: { error in
            guard case .unknownField("maxFrequency") = error as? ProfileChoiceError else { return false }
            return true
        }
        choice.values = ["minFrequencyHz": "400"]
        #expect { try choice.resolve() } throws: { error in
            guard case let .invalid(_, given, profile) = error as? ProfileChoiceError else { return false }
            return given == ["minFrequencyHz"] && profile.minFrequencyHz == 400 && profile.maxFrequencyHz == 250
        }
        choice.file = scratch.path + "/missing.json"
        #expect { try choice.resolve() } throws: { error in
            guard case .file(let file) = error as? ProfileChoiceError else { return false }
            return file.isMissing
        }
    }

    /// A device named gives its actuator over the profile typed; without one the typed profile is
    /// the actuator, on the platform asked.
    @Test func aTargetIsTheDeviceItsActuatorAndThePlatform() throws {
        var choice = DeviceChoice()
        choice.deviceProfile = "pixel-5"
        var rate = ProfileChoice()
        rate.values = ["sampleRate": "8000"]
        let pixel = try choice.target(over: rate)
        #expect(pixel.device?.name == "pixel-5" && pixel.platform.name == "android" && pixel.profile.sampleRate == 8_000)
        let applied = try DeviceChoice.profile(pixel.device, over: try rate.resolve())
        #expect(pixel.profile == applied)
        let (plain, typed) = (try DeviceChoice().target(over: rate), try rate.resolve())
        #expect(plain.device == nil && plain.platform == .ios && plain.profile == typed)
        rate.values = ["sampleRate": "1"]
        #expect { try choice.target(over: rate) } throws: { error in
            guard case .profile(.invalid) = error as? DeviceChoiceError else { return false }
            return true
        }
    }

    @Test func numbersAreTakenAsAPersonTypesThem() {
        #expect(DecimalNumber.parse("12000") == 12_000 && DecimalNumber.parse("-0.5") == -0.5 && DecimalNumber.parse("1e-3") == 0.001)
        #expect(DecimalNumber.parse(".5") == 0.5 && DecimalNumber.parse("+3") == 3)
        for text in ["0x2EE0", "inf", "nan", "1e", "", ".", "1e999", "1,5", " 1"] { #expect(DecimalNumber.parse(text) == nil, "\(text)") }
    }

    /// `PCT` for every device, `NAME=PCT` for one (the later wins); anything else is no gate.
    @Test func lossLimitsAreAPercentOrADevicesPercent() throws {
        let gate = try #require(DeviceGate(lossLimits: ["20", "pixel-5=35", "pixel-5=40", "galaxy-s24=0"]))
        #expect(gate.defaultPercent == 20 && gate.percentByDevice == ["pixel-5": 40, "galaxy-s24": 0])
        #expect(gate.percent(for: "iphone") == 20 && gate.percent(for: "pixel-5") == 40)
        for refused in ["101", "-1", "=20", "pixel-5=", "abc", "0x10"] { #expect(DeviceGate(lossLimits: [refused]) == nil, "\(refused)") }
        #expect(DeviceGate(lossLimits: [])?.isEmpty == true)
    }

    @Test func wrapperVersionsAreCheckedAgainstTheReleasesModelled() throws {
        let versions = try FeedbackCall.wrapperVersions(["expo=12.7.0", "flutter=3.41.0", "expo=12.8.0"])
        #expect(versions == [.expo: "12.8.0", .flutter: "3.41.0"])
        #expect(throws: WrapperVersionProblem.notAWrapper("uikit=17")) { try FeedbackCall.wrapperVersions(["uikit=17"]) }
    }

    /// A goldens folder with no suite yet is recorded as a new suite (FLAC at 8 kHz); one with
    /// goldens but no settings keeps the defaults; a recorded suite is its own base.
    @Test func aSuiteGoesOnFromWhatItRecorded() throws {
        let scratch = try Scratch()
        let fresh = try CheckSuiteConfig.settings(goldens: scratch.path + "/new")
        #expect(fresh.recorded == nil && fresh.base.format == .flac && fresh.base.profile.sampleRate == 8_000)
        try scratch.write("old/tap.wav", "RIFF")
        let old = try CheckSuiteConfig.settings(goldens: scratch.path + "/old")
        #expect(old.recorded == nil && old.base.format == .wav && old.base.profile.sampleRate == 48_000)
        try scratch.write("suite/\(CheckSuiteConfig.fileName)", #"{"platform": "ios", "format": "flac"}"#)
        let suite = try CheckSuiteConfig.settings(goldens: scratch.path + "/suite")
        #expect(suite.recorded != nil && suite.base.format == .flac && suite.base.profile.sampleRate == 48_000)
    }

    /// A lint request runs the rules with its config applied and writes the findings in its format.
    @Test func aLintRequestIsOneCall() throws {
        var request = LintRun.Request(inputs: [packageRoot + "/Samples/click-train.json"])
        request.format = .json
        let (report, text) = try request.run(toolVersion: "0.1.0")
        #expect(report.files == 1 && text == report.json.pretty() + "\n")
        request.format = .text
        #expect(try request.run(toolVersion: "0.1.0").text.hasSuffix(report.summary + "\n"))
    }

    /// `plot` as a request: titled by the pattern's name or file, the page only when asked, the
    /// renders to listen to only on a page.
    @Test func aPictureRequestDrawsAsPlotDoes() throws {
        let path = packageRoot + "/Samples/click-train.json"
        let loaded = try PatternLoader.load(path)
        let target = try DeviceChoice().target()
        var request = PlanPicture.Request()
        (request.fromMs, request.toMs, request.listenSeconds) = (0, 200, 1)
        let svg = try PlanPicture.draw(loaded, path: path, on: target, request)
        #expect(svg.text(asHTML: false) == svg.svg + "\n" && svg.summary(output: "out.svg") == "out.svg: \(svg.subject), 0.0 to 200.0 ms")
        #expect(!svg.html.contains("<audio"))
        request.asHTML = true
        let page = try PlanPicture.draw(loaded, path: path, on: target, request)
        #expect(page.text(asHTML: true) == page.html && page.html.contains("<audio"))
        #expect(svg.svg.contains(loaded.name ?? "click-train.json"))
    }

    /// A watch says what it follows: the pattern and how many files it includes.
    @Test func aWatchSaysWhatItFollows() throws {
        let scratch = try Scratch()
        let file = try scratch.write("tap.json", #"{"version": 1, "events": [{"type": "transient", "startMs": 0}]}"#)
        let watch = try PatternWatch(file)
        #expect(watch.announcement() == "watching \(file); Ctrl-C to stop")
        #expect(watch.announcement(detail: " as android on pixel-5") == "watching \(file) as android on pixel-5; Ctrl-C to stop")
    }
}
