import AudioIO
import Foundation
import Testing
import TestSupport

/// `play --platform android` (once and `--watch`) through ALSA's file plugin, and `check
/// --platform android`: golden suites of the Android rendering.
@Suite(.serialized) struct AndroidPlayAndCheckTests {
    /// `render --platform android` of a pattern, as raw float32 bytes.
    func androidRenderBytes(_ pattern: String, device: String, scratch: Scratch) throws -> [UInt8] {
        let rendered = scratch.path + "/android-\(UUID().uuidString).wav"
        let result = try hapsynth(["render", pattern, rendered, "--platform", "android", "--android-device", device])
        #expect(result.status == 0, "\(result.stderr)")
        return rawFloatBytes(try SoundFileReader(path: rendered).readAll())
    }

    @Test func playingAsAndroidIntoTheFilePluginCapturesTheAndroidRender() throws {
        let scratch = try Scratch()
        let capture = scratch.path + "/capture.raw"
        let played = try hapsynth(["play", "Samples/celebration.json", "--platform", "android", "--android-device", "phone-api26",
                                   "--device", "file:FILE=\(capture),FORMAT=raw"])
        #expect(played.status == 0, "\(played.stderr)")
        #expect(played.stdout == "playing Samples/celebration.json on file:FILE=\(capture),FORMAT=raw as android androidWaveform on phone-api26: 0.541 s\n")
        #expect(fileBytes(capture) == (try androidRenderBytes("Samples/celebration.json", device: "phone-api26", scratch: scratch)))
    }

    /// Each save plays the new version as a new effect from its start; the capture of the last one
    /// (the file plugin truncates at each open) is its Android render.
    @Test func watchingAsAndroidPlaysEachSavedVersion() throws {
        let scratch = try Scratch()
        let pattern = try scratch.write("tap.json", #"{"timeline": [{"transient": {}}, {"delay": 40}]}"#)
        let capture = scratch.path + "/capture.raw"
        let process = try BackgroundHapsynth(["play", pattern, "--watch", "--platform", "android", "--android-device", "phone-api26",
                                              "--device", "file:FILE=\(capture),FORMAT=raw"], scratch: scratch)
        let first = try androidRenderBytes(pattern, device: "phone-api26", scratch: scratch)
        #expect(process.wait(5) { $0.outLines.count == 1 })
        #expect(process.wait(5) { $0.errLines == ["watching \(pattern) as android on phone-api26; Ctrl-C to stop"] })
        // The first effect (40 ms) has ended, and the device is closed, once the capture holds all of it.
        #expect(FolderEvents.wait(in: scratch.path, seconds: 5) { fileBytes(capture) == first })
        try #"{"timeline": [{"haptic": 60}, {"delay": 20}]}"#.write(toFile: pattern, atomically: false, encoding: .utf8)
        let second = try androidRenderBytes(pattern, device: "phone-api26", scratch: scratch)
        #expect(process.wait(5) { $0.outLines.count == 2 })
        // An invalid edit is reported; the watch goes on.
        try #"{"timeline": [{"haptic": -1}]}"#.write(toFile: pattern, atomically: false, encoding: .utf8)
        #expect(process.wait(5) { $0.errLines.contains { $0.contains("$.timeline[0].haptic") } })
        // The second effect (80 ms) has ended: the last version opens the device afresh.
        #expect(FolderEvents.wait(in: scratch.path, seconds: 5) { fileBytes(capture) == second })
        let final = #"{"timeline": [{"continuous": {"durationMs": 80, "intensity": 0.9, "sharpness": 0.2}}]}"#
        try final.write(toFile: pattern, atomically: true, encoding: .utf8)
        #expect(process.wait(5) { $0.outLines.count == 3 })
        #expect(process.outLines.allSatisfy { $0.hasPrefix("playing \(pattern) on file:") && $0.contains(" as android androidWaveform on phone-api26: ") })
        let expected = try androidRenderBytes(pattern, device: "phone-api26", scratch: scratch)
        #expect(FolderEvents.wait(in: scratch.path, seconds: 5) { fileBytes(capture) == expected })
        #expect(process.interrupt() == 130)
    }

    @Test func watchingAsAndroidWithAMissingDeviceExits() throws {
        let result = try hapsynth(["play", "Samples/celebration.json", "--watch", "--platform", "android", "--device", "hapsynth_no_such_device"])
        #expect(result.status == 69 && result.stderr.hasPrefix("hapsynth: error: cannot open ALSA device 'hapsynth_no_such_device'"))
    }

    /// AHAP files play on Android too (converted to events with their own curves): every AHAP
    /// sample renders for both platforms and plays as Android.
    @Test func ahapFilesPlayAsAndroid() throws {
        let scratch = try Scratch()
        for sample in try samplePatterns() where sample.hasSuffix(".ahap") {
            let both = try hapsynth(["render", "Samples/" + sample, scratch.path + "/both.wav", "--platform", "both", "--rate", "8000"])
            #expect(both.status == 0 && both.stdout.contains(", left ios, right android "), "\(sample): \(both.stderr)")
            let played = try hapsynth(["play", "Samples/" + sample, "--platform", "android", "--device", "null"])
            #expect(played.status == 0 && played.stdout.hasPrefix("playing Samples/\(sample) on null as android "), "\(sample): \(played.stderr)")
        }
    }

    /// An Android suite records the Android renders (AHAP files' too), remembers its platform and
    /// device, and refuses to be checked as iOS's.
    @Test func checkAsAndroidRecordsAndComparesTheAndroidRender() throws {
        let scratch = try Scratch()
        let patterns = scratch.path + "/patterns", goldens = scratch.path + "/goldens"
        try FileManager.default.createDirectory(atPath: patterns, withIntermediateDirectories: true)
        for sample in ["two-platforms.json", "click-train.json", "swell.ahap"] {
            try FileManager.default.copyItem(atPath: packageRoot + "/Samples/" + sample, toPath: patterns + "/" + sample)
        }
        let recorded = try hapsynth(["check", patterns, "--goldens", goldens, "--platform", "android", "--android-device", "phone-api31", "--record", "--golden-format", "wav", "--rate", "48000"])
        #expect(recorded.status == 0, "\(recorded.stderr)")
        #expect(recorded.stdout.contains("recorded swell.ahap: \(goldens)/swell.ahap.wav"))
        #expect(recorded.stdout.hasSuffix("check (android on phone-api31): 3 patterns: 0 ok, 3 recorded, 0 differs, 0 missing, 0 invalid\n"))
        let golden = try SoundFileReader(path: goldens + "/click-train.wav").readAll()
        #expect(rawFloatBytes(golden) == (try androidRenderBytes(patterns + "/click-train.json", device: "phone-api31", scratch: scratch)))
        let config = try String(contentsOfFile: goldens + "/hapsynth-check.json", encoding: .utf8)
        #expect(config.hasPrefix("{\n  \"platform\": \"android\",\n  \"androidDevice\": {\n    \"name\": \"phone-api31\",\n    \"apiLevel\": 31,"))

        // Without flags the suite is checked as recorded.
        let again = try hapsynth(["check", patterns, "--goldens", goldens, "--json"])
        #expect(again.status == 0 && again.stdout.contains("\"platform\": \"android\"") && again.stdout.contains("\"androidDevice\": \"phone-api31\""))
        // Another device plays click-train differently (an amplitude waveform, not primitives).
        let other = try hapsynth(["check", patterns, "--goldens", goldens, "--android-device", "phone-api26", "--artifacts", scratch.path + "/a"])
        #expect(other.status == 1 && other.stdout.contains("differs  click-train: "))
        // The folder holds Android goldens: checking it as iOS is a usage error.
        let ios = try hapsynth(["check", patterns, "--goldens", goldens, "--platform", "ios"])
        #expect(ios.status == 64)
        #expect(ios.stderr.hasPrefix("hapsynth: error: \(goldens)/hapsynth-check.json says \(goldens) holds android goldens; "
            + "check --platform ios against a goldens folder of its own (or re-record this one with --record all)\n"))
        // Re-recording the whole folder for another device records that device, kept for later checks.
        let rerecorded = try hapsynth(["check", patterns, "--goldens", goldens, "--android-device", "phone-api26", "--record", "all"])
        #expect(rerecorded.status == 0 && rerecorded.stdout.contains("recorded click-train: \(goldens)/click-train.wav (changed: "))
        #expect(try String(contentsOfFile: goldens + "/hapsynth-check.json", encoding: .utf8).contains("\"name\": \"phone-api26\""))
        #expect(try hapsynth(["check", patterns, "--goldens", goldens]).stdout.hasSuffix("check (android on phone-api26): 3 patterns: 3 ok, 0 recorded, 0 differs, 0 missing, 0 invalid\n"))
    }

    @Test func anAndroidSuitesSettingsAreCheckedWithTheirPlace() throws {
        let scratch = try Scratch()
        let goldens = scratch.path + "/goldens"
        try FileManager.default.createDirectory(atPath: goldens, withIntermediateDirectories: true)
        try #"{"platform": "android", "androidDevice": {"apiLevel": 0}}"#.write(toFile: goldens + "/hapsynth-check.json", atomically: true, encoding: .utf8)
        let refused = try hapsynth(["check", "Samples/click-train.json", "--goldens", goldens])
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("hapsynth-check.json:1:55: must be at least 1 (got 0) at $.androidDevice.apiLevel"), "\(refused.stderr)")
        try #"{"platform": "ios", "androidDevice": {"apiLevel": 31}}"#.write(toFile: goldens + "/hapsynth-check.json", atomically: true, encoding: .utf8)
        #expect(try hapsynth(["check", "Samples/click-train.json", "--goldens", goldens]).stderr.contains("androidDevice goes with \"platform\": \"android\" at $.androidDevice"))
        // A suite without a platform is iOS's (suites recorded before Android existed).
        try #"{"format": "wav"}"#.write(toFile: goldens + "/hapsynth-check.json", atomically: true, encoding: .utf8)
        #expect(try hapsynth(["check", "Samples/click-train.json", "--goldens", goldens, "--platform", "android"]).status == 64)
    }
}
