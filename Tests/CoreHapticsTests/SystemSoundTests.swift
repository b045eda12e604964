import AudioToolbox
import CoreHaptics
import CoreHapticsEmulatorTesting
import Foundation
import Testing
import TestSupport
import UIKit

/// AudioToolbox's system sounds and a device file's own system feedback table
/// (docs/corehaptics.md, "Feedback generators, system sounds and AVAudioPlayer").
@Suite(.emulatedIPhone) struct SystemSoundTests {
    @Test func soundsItCannotPlayAreSilentAndSaySo() throws {
        let scratch = try Scratch()
        nonisolated(unsafe) var completions = 0
        AudioServicesPlaySystemSoundWithCompletion(1104) { completions += 1 }
        var id: SystemSoundID = 0
        #expect(AudioServicesCreateSystemSoundID(URL(fileURLWithPath: scratch.path + "/none.caf") as CFURL, &id) == kAudioServicesSystemSoundUnspecifiedError)
        let long = URL(fileURLWithPath: scratch.path + "/long.wav")
        try floatWAV(Array(repeating: 0.1, count: 31 * 1_000), rate: 1_000).write(to: long)
        #expect(AudioServicesCreateSystemSoundID(long as CFURL, &id) == kAudioServicesSystemSoundExceededMaximumDurationError && id == 0)
        #expect(AudioServicesDisposeSystemSoundID(4097) == kAudioServicesSystemSoundUnspecifiedError)
        HapticsEmulator.runUntilIdle()
        let capture = HapticsEmulator.capture()
        #expect(completions == 1 && capture.timeline.isEmpty && capture.haptics.allSatisfy { $0 == 0 })
        let log = capture.log.filter { $0.object == "AudioServices" }
        #expect(log.map(\.call) == ["AudioServicesPlaySystemSoundWithCompletion", "AudioServicesCreateSystemSoundID", "AudioServicesCreateSystemSoundID",
                                    "AudioServicesDisposeSystemSoundID"])
        #expect(log[0].result == "silent" && log[0].rule?.contains("the system's own sounds") == true)
        #expect(log[1].error == -1500 && log[1].rule?.contains("none.caf: no such file") == true)
        #expect(log[2].error == -1502 && log[2].rule?.contains("at most 30 s") == true)
    }

    @Test(.emulatedIPhone(.init(device: "ipad"))) func aDeviceWithoutHapticsDoesNotVibrate() {
        AudioServicesPlaySystemSound(kSystemSoundID_Vibrate)
        HapticsEmulator.runUntilIdle()
        let capture = HapticsEmulator.capture()
        #expect(capture.timeline.isEmpty && capture.log.last?.result == "silent" && capture.log.last?.args == ["id": "4095"])
    }

    /// A device file's row replaces the iPhone's: the heavy impact is the file's three taps, the
    /// vibrate the iPhone's.
    @MainActor @Test func aDeviceFilesOwnTablePlays() throws {
        let scratch = try Scratch()
        let iphone = try String(contentsOfFile: packageRoot + "/devices/iphone.json", encoding: .utf8)
        var object = try #require(try JSONSerialization.jsonObject(with: Data(iphone.utf8)) as? [String: Any])
        let tap = { (time: Double) -> [String: Any] in
            ["Event": ["Time": time, "EventType": "HapticTransient", "EventParameters": [["ParameterID": "HapticIntensity", "ParameterValue": 1]]]]
        }
        object["name"] = "my-phone"
        object["systemFeedback"] = ["impact.heavy": ["Pattern": [tap(0), tap(0.1), tap(0.2)]]]
        let provenance = object["provenance"] as? [String: Any] ?? [:]
        object["provenance"] = provenance.filter { !$0.key.hasPrefix("/systemFeedback/") }.merging(
            ["/systemFeedback/impact.heavy": ["basis": "measured", "ref": "my bench"]], uniquingKeysWith: { $1 })
        let file = scratch.path + "/my-phone.json"
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: file))
        HapticsEmulator.configure(.init(device: file))
        UIImpactFeedbackGenerator(style: .heavy).impactOccurred()
        AudioServicesPlaySystemSound(kSystemSoundID_Vibrate)
        HapticsEmulator.runUntilIdle()
        let capture = HapticsEmulator.capture()
        #expect(capture.timeline.map(\.kind) == ["hapticTransient", "hapticTransient", "hapticTransient", "hapticContinuous"])
        #expect(capture.log.filter { $0.result == "played" }.map { $0.rule ?? "" } == [
            "system feedback: impact.heavy of device my-phone (measured)", "system feedback: vibrate of device iphone (assumed)",
        ])
    }
}
