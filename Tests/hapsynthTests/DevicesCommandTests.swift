import Foundation
import Testing
import TestSupport

/// `hapsynth devices` and `--device-profile` (docs/devices.md): the catalogue with its sources,
/// a user's device file like a shipped one, and one pattern on every device.
@Suite struct DevicesCommandTests {
    @Test func theListGivesEveryValueWithItsBasis() throws {
        let result = try hapsynth(["devices", "--list"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.filter { !$0.hasPrefix(" ") } == [
            "aosp-default: AOSP default vibrator HAL (android)", "fairphone-4: Fairphone 4 (Awinic AW8695) (android)",
            "ipad: iPad (no haptics) (ios)", "iphone: iPhone (Taptic Engine) (ios)", "pixel-4a: Pixel 4a (TI DRV2624) (android)",
            "pixel-4a-5g: Pixel 4a (5G) (TI DRV2624) (android)", "pixel-5: Pixel 5 (TI DRV2624) (android)", "pixel-5a: Pixel 5a (TI DRV2624) (android)",
            "pixel-cs40l26: Pixel with the Cirrus CS40L26 driver (android)", "qualcomm-reference: Qualcomm reference haptics (PM8550B) (android)",
        ])
        #expect(lines.contains { $0.hasPrefix("  /actuator/f0Hz 230 ") && $0.contains(" assumed ") })
        #expect(lines.contains { $0.hasPrefix("  /actuator/f0Hz 145 ") && $0.contains(" sourced ") && $0.contains("cs40l26") })
        #expect(lines.filter { $0.hasPrefix(" ") }.allSatisfy { line in ["measured", "sourced", "derived", "assumed"].contains { line.contains(" \($0) ") } })
    }

    @Test func aUsersDeviceFileWorksLikeAShippedOne() throws {
        let scratch = try Scratch()
        let shipped = try String(contentsOfFile: packageRoot + "/devices/pixel-cs40l26.json", encoding: .utf8)
        let mine = try scratch.write("my-pixel.json", shipped)
        let named = scratch.path + "/named.wav", file = scratch.path + "/file.wav"
        let first = try hapsynth(["render", "Samples/heartbeat.json", named, "--device-profile", "pixel-cs40l26", "--rate", "8000"])
        #expect(first.status == 0 && first.stdout.contains("android androidWaveform on pixel-cs40l26"), "\(first.stdout)")
        #expect(try hapsynth(["render", "Samples/heartbeat.json", file, "--device-profile", mine, "--rate", "8000"]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: named)) == Data(contentsOf: URL(fileURLWithPath: file)))
        let matrix = try hapsynth(["devices", "Samples/heartbeat.json", mine, "iphone", "--rate", "8000", "--json"])
        #expect(matrix.status == 0 && matrix.stdout.contains(#""name": "pixel-cs40l26""#))
    }

    @Test func badDeviceProfilesSayWhatAndWhere() throws {
        let scratch = try Scratch()
        let shipped = try String(contentsOfFile: packageRoot + "/devices/iphone.json", encoding: .utf8)
        let stripped = shipped.replacingOccurrences(of: #""/actuator/q": {"#, with: #""/actuator/unused": {"#)
        let bad = try scratch.write("bad.json", stripped)
        let refused = try hapsynth(["render", "Samples/heartbeat.json", scratch.path + "/o.wav", "--device-profile", bad])
        #expect(refused.status == 65 && refused.stderr.contains("is not a value of this device"), "\(refused.stderr)")
        let unknown = try hapsynth(["plan", "Samples/heartbeat.json", "--device-profile", "nokia"])
        #expect(unknown.status == 64 && unknown.stderr.contains("unknown device profile 'nokia'; the devices are aosp-default, fairphone-4"))
        let both = try hapsynth(["plot", "Samples/heartbeat.json", scratch.path + "/p.svg", "--device-profile", "pixel-cs40l26", "--android-device", "phone-api31"])
        #expect(both.status == 64 && both.stderr.contains("leave out --android-device"))
        let platform = try hapsynth(["lint", "Samples/heartbeat.json", "--device-profile", "iphone", "--platform", "android"])
        #expect(platform.status == 64 && platform.stderr.contains("is an iOS device; leave out --platform android"))
        let missing = try hapsynth(["check", "Samples/heartbeat.json", "--goldens", scratch.path + "/g", "--device-profile", scratch.path + "/none.json"])
        #expect(missing.status == 66)
    }

    @Test func anIPadPlansAsUnsupportedAndMissesEverything() throws {
        let plan = try hapsynth(["plan", "Samples/heartbeat.json", "--device-profile", "ipad"])
        #expect(plan.status == 0 && plan.stdout.contains("unsupported"), "\(plan.stdout)")
        let matrix = try hapsynth(["devices", "Samples/heartbeat.json", "ipad", "--rate", "8000", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(matrix.stdout.utf8)) as? [String: Any])
        let row = try #require((object["devices"] as? [[String: Any]])?.first)
        #expect(row["backend"] as? String == "unsupported" && row["loss"] as? Double == 1 && row["missing"] as? Int == row["referenceFeltWindows"] as? Int)
    }

    @Test func everySampleRunsOnEveryDevice() throws {
        let samples = try FileManager.default.contentsOfDirectory(atPath: packageRoot + "/Samples")
            .filter { $0.hasSuffix(".json") || $0.hasSuffix(".ahap") || $0.hasSuffix(".haptic") }.sorted()
        for sample in samples {
            let result = try hapsynth(["devices", "Samples/" + sample, "--rate", "8000"])
            #expect(result.status == 0, "\(sample): \(result.stderr)")
            let rows = result.stdout.split(separator: "\n").filter { !$0.hasPrefix(" ") }.dropFirst()
            #expect(rows.count == 10 && rows.first?.hasPrefix("iphone (reference)") == true, "\(sample): \(result.stdout)")
            #expect(rows.dropFirst().allSatisfy { $0.contains(" loss ") }, "\(sample)")
        }
    }
}
