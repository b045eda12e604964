import AppShapesSwift5
import AppShapesSwift6
import AudioToolbox
import AVFoundation
import HapticPlayback
import CoreHaptics
@testable import IPhoneEmulation
import CoreHapticsEmulatorTesting
import Foundation
import Testing
import TestSupport
import UIKit

/// Apps' own haptics code as Xcode compiles it (issue 51): the shapes in `Tests/AppShapes` compile
/// in Swift 5 and Swift 6 modes with warnings as errors, and play here; the calls apps make beside
/// them are logged with the SDK's defaults and errors.
@Suite(.emulatedIPhone) struct AppCodeTests {
    @MainActor @Test func theSwift5HelperAndAVFoundationsVibrationPlay() {
        Haptics.impact(.heavy)
        Haptics.success()
        Haptics.tick()
        Vibration.vibrate()
        UIDevice.vibrate()
        HapticsEmulator.runUntilIdle()
        let capture = HapticsEmulator.capture()
        #expect(capture.log.filter { $0.result == "played" }.map { "\($0.object) \($0.call)" } == [
            "UIImpactFeedbackGenerator#1 impactOccurred()", "UINotificationFeedbackGenerator#1 notificationOccurred(_:)",
            "UISelectionFeedbackGenerator#1 selectionChanged()", "AudioServices AudioServicesPlaySystemSound", "AudioServices AudioServicesPlaySystemSound",
        ])
        #expect(!capture.timeline.isEmpty && capture.haptics.contains { abs($0) > 0.05 })
    }

    @MainActor @Test(.emulatedIPhone(.init(device: "ipad"))) func theDeviceIsTheOneItPlaysOn() {
        #expect(UIDevice.current.model == "iPad" && UIDevice.current.userInterfaceIdiom == .pad && UIDevice.current.systemName == "iOS")
    }

    @Test func theSubmoduleSpellingsCompileAndPlay() {
        submoduleTap()  // behind `#if canImport(UIKit.UIFeedbackGenerator)`, with `import AudioToolbox.AudioServices`
        HapticsEmulator.runUntilIdle()
        #expect(HapticsEmulator.capture().log.filter { $0.result == "played" }.map(\.call) == ["impactOccurred()", "AudioServicesPlaySystemSound"])
    }

    @MainActor @Test func theLocationFormsPlayAndLogTheirPoint() {
        UINotificationFeedbackGenerator().notificationOccurred(.warning, at: CGPoint(x: 10, y: 20))
        UISelectionFeedbackGenerator().selectionChanged(at: CGPoint(x: 3, y: 4))
        Feedback().hit()
        HapticsEmulator.runUntilIdle()
        let played = HapticsEmulator.capture().log.filter { $0.result == "played" }
        #expect(played.map(\.call) == ["notificationOccurred(_:at:)", "selectionChanged(at:)", "impactOccurred(intensity:)"])
        #expect(played[0].args == ["type": "warning", "at": "10.0,20.0"] && played[1].args == ["at": "3.0,4.0"])
    }

    @Test func aSoundsRegisteredCompletionIsCalledEachTimeItEndsUntilRemoved() throws {
        let scratch = try Scratch()
        let url = URL(fileURLWithPath: scratch.path + "/click.wav")
        try floatWAV(Array(repeating: 0.3, count: 4_800), rate: 48_000).write(to: url)
        let id = makeSound(url)  // registers a completion that does nothing
        #expect(id == 4097)
        nonisolated(unsafe) var ended: [SystemSoundID] = []
        let box = Unmanaged.passRetained(Counter())
        #expect(AudioServicesAddSystemSoundCompletion(id, CFRunLoopGetMain(), kCFRunLoopDefaultMode.rawValue, { sound, data in
            Unmanaged<Counter>.fromOpaque(data!).takeUnretainedValue().ends.append(sound)
        }, box.toOpaque()) == kAudioServicesNoError)
        AudioServicesPlaySystemSound(id)
        HapticsEmulator.runUntilIdle()
        AudioServicesPlaySystemSound(id)
        HapticsEmulator.runUntilIdle()
        AudioServicesRemoveSystemSoundCompletion(id)
        AudioServicesPlaySystemSound(id)
        HapticsEmulator.runUntilIdle()
        ended = box.takeRetainedValue().ends
        #expect(ended == [id, id])
        // The vibrate sound's completion too, and a call's own block before it.
        nonisolated(unsafe) var order: [String] = []
        AudioServicesAddSystemSoundCompletion(kSystemSoundID_Vibrate, nil, nil, { _, _ in }, nil)
        AudioServicesPlaySystemSoundWithCompletion(kSystemSoundID_Vibrate) { order.append("block") }
        HapticsEmulator.runUntilIdle()
        #expect(order == ["block"])
        let calls = HapticsEmulator.capture().log.filter { $0.object == "AudioServices" }.map(\.call)
        #expect(calls.filter { $0 == "AudioServicesAddSystemSoundCompletion" }.count == 3 && calls.contains("AudioServicesRemoveSystemSoundCompletion"))
    }

    @Test func theAudioSessionsCallsAreLoggedWithTheSDKsDefaultsAndErrors() throws {
        let session = AVAudioSession.sharedInstance()
        #expect(!session.isOtherAudioPlaying && session.outputVolume == 1)
        try session.setCategory(.playback, mode: .default, policy: .longFormAudio, options: [])
        #expect(session.routeSharingPolicy == .longFormAudio && session.category == .playback)
        // The speaker needs playAndRecord, as on iOS.
        #expect(throws: NSError.self) { try session.overrideOutputAudioPort(.speaker) }
        do { try session.overrideOutputAudioPort(.speaker) } catch { #expect((error as NSError).code == -50) }
        try session.setCategory(.playAndRecord, mode: .default, options: [.defaultToSpeaker])
        try session.overrideOutputAudioPort(.speaker)
        try session.setAllowHapticsAndSystemSoundsDuringRecording(true)
        #expect(session.allowHapticsAndSystemSoundsDuringRecording)
        let calls = HapticsEmulator.capture().log.filter { $0.object == "audioSession" }.map(\.call)
        #expect(calls.contains("setCategory(_:mode:policy:options:)") && calls.contains("overrideOutputAudioPort(_:)")
                && calls.contains("setAllowHapticsAndSystemSoundsDuringRecording(_:)"))
        try session.setAllowHapticsAndSystemSoundsDuringRecording(false)
        try session.setCategory(.soloAmbient, mode: .default, policy: .default, options: [])
    }

    @Test func anInterruptionIsPostedToTheSessionsObservers() throws {
        let heard = Counter()
        let observer = NotificationCenter.default.addObserver(forName: AVAudioSession.interruptionNotification, object: nil, queue: nil) { note in
            heard.types.append(note.userInfo?[AVAudioSessionInterruptionTypeKey] as? UInt ?? 99)
        }
        defer { NotificationCenter.default.removeObserver(observer) }
        let engine = try CHHapticEngine()
        try engine.start()
        HapticsEmulator.simulateStop(reason: .audioSessionInterrupt)
        HapticsEmulator.simulateStop(reason: .applicationSuspended)
        #expect(heard.types.contains(AVAudioSession.InterruptionType.began.rawValue))
        #expect(HapticsEmulator.capture().log.contains { $0.call == "interruptionNotification" && $0.result == "posted" })
    }

    @Test func meteringMeasuresWhatThePlayerPlays() throws {
        let scratch = try Scratch()
        let url = URL(fileURLWithPath: scratch.path + "/half.wav")
        // A channel at half scale (−6.02 dBFS), the other at a quarter (−12.04 dBFS).
        try floatWAV((0..<48_000).map { $0 % 2 == 0 ? 0.5 : -0.25 }, rate: 48_000, channels: 2).write(to: url)
        let player = try AVAudioPlayer(contentsOf: url)
        player.updateMeters()
        #expect(player.averagePower(forChannel: 0) == -160)  // metering is off until set
        player.isMeteringEnabled = true
        player.play()
        HapticsEmulator.advance(by: 0.2)
        player.updateMeters()
        #expect(abs(player.averagePower(forChannel: 0) - -6.02) < 0.01 && abs(player.peakPower(forChannel: 0) - -6.02) < 0.01)
        #expect(abs(player.averagePower(forChannel: 1) - -12.04) < 0.01 && player.averagePower(forChannel: 2) == -160)
        player.volume = 0.5
        player.updateMeters()
        #expect(abs(player.averagePower(forChannel: 0) - -12.04) < 0.01)
        player.stop()
        player.updateMeters()
        #expect(player.peakPower(forChannel: 0) == -160)
        #expect(HapticsEmulator.capture().log.filter { $0.call == "updateMeters()" }.count == 4)
    }

    @Test func aGeneratorMadeInADispatchBlockReachesItsTestOrTheTestIsTold() {
        // The Swift 5 helper, called where apps call it: in a block on another queue, outside the
        // test's task.
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            Haptics.impact(.light)
            done.signal()
        }
        done.wait()
        HapticsEmulator.runUntilIdle()
        let log = HapticsEmulator.capture().log
        // Alone, the call is this test's; beside other tests with devices of their own, the log says
        // where it went.
        #expect(log.contains { $0.call == "impactOccurred()" } || log.contains { $0.call == "call outside a test's task" })
    }
}

/// What a C callback or an observer hands back, read after.
final class Counter: @unchecked Sendable {
    var ends: [SystemSoundID] = []
    var types: [UInt] = []
}

/// The phones of tests with devices of their own, as calls outside their tasks find them.
@Suite struct TestPhonesTests {
    /// A test without a device of its own plays on the process's, whatever other tests run.
    @Test func aTaskWithoutADeviceOfItsOwnStaysOnTheProcesss() async {
        #expect(EmulatedPhone.shared === EmulatedPhone.process)
        await Task.yield()
        #expect(EmulatedPhone.shared === EmulatedPhone.process)
    }

    @Test func oneTestsPhoneIsFollowedAndSeveralAreEachTold() {
        let phones = TestPhones()
        let (first, second) = (EmulatedPhone(), EmulatedPhone())
        first.configure(DeviceSettings())
        second.configure(DeviceSettings())
        #expect(phones.outsideTask() == nil)
        phones.with(first) {
            #expect(phones.outsideTask() === first)
            phones.with(second) {
                #expect(phones.outsideTask() == nil)
            }
            #expect(phones.outsideTask() === first)
        }
        #expect(phones.outsideTask() == nil)
        for phone in [first, second] {
            #expect(phone.snapshot().log.contains { $0.call == "call outside a test's task" && $0.rule?.contains("while 2 tests") == true })
        }
    }
}
