import Foundation
import Testing
import TestSupport
@testable import HapticCheck
@testable import HapticPlanner
@testable import HapticSynth

/// System feedback calls judged on devices (docs/feedback.md): silent, below the vibrotactile
/// threshold, felt, and which calls a person could not tell apart on one device — on cases whose
/// answer is known by construction.
@Suite struct FeedbackMatrixTests {
    static func catalogue(_ name: String) throws -> DeviceProfile { try DeviceProfile.resolve(name) }

    /// The catalogue's Pixel 5 with its file edited: `edit` changes the parsed JSON object.
    static func pixel5(_ edit: (inout [String: Any]) -> Void) throws -> DeviceProfile {
        let text = try #require(DeviceCatalogueFiles.files.first { $0.name == "pixel-5" }).json
        var object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        edit(&object)
        let bytes = try JSONSerialization.data(withJSONObject: object)
        return try DeviceProfile.read(Array(bytes), file: "edited-pixel-5.json")
    }

    /// An iOS device file's own row plays for a call (else the catalogue iPhone's does).
    @Test func anIOSDeviceFilePlaysItsOwnRows() throws {
        let text = try #require(DeviceCatalogueFiles.files.first { $0.name == "iphone" }).json
        var object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        var rows = object["systemFeedback"] as! [String: Any]
        let tap: [String: Any] = ["Event": ["Time": 0, "EventType": "HapticTransient", "EventParameters": [["ParameterID": "HapticIntensity", "ParameterValue": 1]]]]
        var twoTaps = tap
        twoTaps["Event"] = ["Time": 0.2, "EventType": "HapticTransient", "EventParameters": [["ParameterID": "HapticIntensity", "ParameterValue": 1]]]
        rows["impact.light"] = ["Pattern": [tap, twoTaps]]
        object["systemFeedback"] = rows
        object["name"] = "my-iphone"
        let mine = try DeviceProfile.read(Array(try JSONSerialization.data(withJSONObject: object)), file: "my-iphone.json")
        let light = try #require(try FeedbackCall.named("uikit:impact.light"))
        #expect(FeedbackMatrix.plan(light, on: mine)?.ios?.players.flatMap(\.events).count == 2)
        #expect(FeedbackMatrix.plan(light, on: try Self.catalogue("iphone"))?.ios?.players.flatMap(\.events).count == 1)
        #expect(FeedbackMatrix.plan(try #require(try FeedbackCall.named("uikit:impact.heavy")), on: mine)?.ios?.players.flatMap(\.events).count == 1)
    }

    static func calls(_ names: String...) throws -> [FeedbackCall] { try names.map { try #require(try FeedbackCall.named($0)) } }

    func cell(_ matrix: FeedbackMatrix, _ call: String, _ device: String) throws -> FeedbackMatrix.Cell {
        let c = try #require(matrix.calls.firstIndex { $0.description == call })
        let d = try #require(matrix.devices.firstIndex { $0.name == device })
        return matrix.cells[c][d]
    }

    /// A click played at 1/2000 of a 2.15 g full scale (1 mg, −60 dB re 1 g) is under the
    /// threshold everywhere (−31 dB at best); the HAL's own click at 0.9 g is felt; a constant
    /// AOSP plays nothing for is silent.
    @Test func aCallIsFeltSilentOrBelowTheThreshold() throws {
        let faint = try Self.pixel5 { object in
            var android = object["android"] as! [String: Any]
            var effects = android["effects"] as! [String: Any]
            effects["CLICK"] = [[6, 0.0005]]
            android["effects"] = effects
            object["android"] = android
            object["name"] = "faint-pixel-5"
        }
        let matrix = try FeedbackMatrix(calls: Self.calls("android:CONFIRM", "android:TEXT_HANDLE_MOVE"),
                                        devices: [try Self.catalogue("pixel-5"), faint], sampleRate: 8_000)
        #expect(try cell(matrix, "android:CONFIRM", "pixel-5").verdict == .felt)
        #expect(try cell(matrix, "android:CONFIRM", "pixel-5").backend == "androidEffect")
        let below = try cell(matrix, "android:CONFIRM", "faint-pixel-5")
        #expect(below.verdict == .belowThreshold && below.peakSensationDb < 0, "\(below.peakSensationDb)")
        #expect(try cell(matrix, "android:TEXT_HANDLE_MOVE", "pixel-5").verdict == .silent)
    }

    /// Flutter's light and medium impacts both become AOSP's EFFECT_CLICK (VIRTUAL_KEY and
    /// KEYBOARD_TAP): on a Pixel 5 they are the same click as CONFIRM; REJECT's double click and
    /// LONG_PRESS's heavier click are told apart.
    @Test func wrappersThatReachTheSameEffectCannotBeToldApart() throws {
        let matrix = try FeedbackMatrix(calls: Self.calls("flutter:lightImpact", "flutter:mediumImpact", "android:CONFIRM", "android:REJECT", "android:LONG_PRESS"),
                                        devices: [try Self.catalogue("pixel-5")], sampleRate: 8_000)
        let light = try cell(matrix, "flutter:lightImpact", "pixel-5")
        #expect(Set(light.sameAs.map(\.description)) == ["flutter:mediumImpact", "android:CONFIRM"])
        #expect(try cell(matrix, "android:REJECT", "pixel-5").sameAs.isEmpty)
        #expect(try cell(matrix, "android:LONG_PRESS", "pixel-5").sameAs.isEmpty)
    }

    /// The complaint that toggles feel like ticks, reproduced: on API 34 a phone without
    /// primitives (a Pixel 5 on Android 14: its drv2624 HAL composes nothing) plays TOGGLE_ON as
    /// EFFECT_TICK, the same as CONTEXT_CLICK, and TOGGLE_OFF as EFFECT_TEXTURE_TICK, the same as
    /// CLOCK_TICK; a phone with the primitives (the AOSP HAL) tells each pair apart.
    @Test func togglesCollapseIntoTicksOnAPhoneWithoutPrimitives() throws {
        let android14 = try Self.pixel5 { object in
            var android = object["android"] as! [String: Any]
            android["apiLevel"] = 34
            android["primitives"] = [String: Any]()
            object["android"] = android
            object["name"] = "pixel-5-android-14"
            var provenance = object["provenance"] as! [String: Any]
            provenance = provenance.filter { !$0.key.hasPrefix("/android/primitives/") }
            provenance["/android/primitives"] = ["basis": "sourced", "ref": "device/google/redfin vibrator/drv2624/Vibrator.cpp: getSupportedPrimitives is unsupported"]
            object["provenance"] = provenance
        }
        let matrix = try FeedbackMatrix(calls: Self.calls("android:TOGGLE_ON", "android:CONTEXT_CLICK", "android:TOGGLE_OFF", "android:CLOCK_TICK"),
                                        devices: [android14, try Self.catalogue("aosp-default")], sampleRate: 8_000)
        #expect(try cell(matrix, "android:TOGGLE_ON", "pixel-5-android-14").sameAs.map(\.description) == ["android:CONTEXT_CLICK"])
        #expect(try cell(matrix, "android:TOGGLE_OFF", "pixel-5-android-14").sameAs.map(\.description) == ["android:CLOCK_TICK"])
        #expect(try cell(matrix, "android:TOGGLE_ON", "aosp-default").sameAs.isEmpty)
        #expect(try cell(matrix, "android:TOGGLE_OFF", "aosp-default").sameAs.isEmpty)
    }

    /// expo plays impact.soft and impact.light as the same waveform, so they are one feeling on
    /// every phone; its heavy impact is stronger and told apart. On an iPhone an Android call
    /// plays nothing, and a device without haptics plays nothing at all.
    @Test func samePulsesFeelTheSameAndStrengthIsADifference() throws {
        let matrix = try FeedbackMatrix(calls: Self.calls("expo:impact.light", "expo:impact.soft", "expo:impact.heavy", "android:CONFIRM"),
                                        devices: [try Self.catalogue("pixel-5"), try Self.catalogue("iphone"), try Self.catalogue("ipad")], sampleRate: 8_000)
        #expect(try cell(matrix, "expo:impact.light", "pixel-5").sameAs.map(\.description) == ["expo:impact.soft"])
        #expect(try cell(matrix, "expo:impact.heavy", "pixel-5").sameAs.isEmpty)
        #expect(try cell(matrix, "android:CONFIRM", "iphone").verdict == .silent)
        #expect(try cell(matrix, "expo:impact.heavy", "ipad").verdict == .silent)
        #expect(!FeedbackMatrix.isMeant(try #require(try FeedbackCall.named("android:CONFIRM")), for: try Self.catalogue("iphone")))
    }
}
