import AudioToolbox
import CoreHaptics
import CoreHapticsEmulatorTesting
import Foundation
import Testing
import TestSupport
import UIKit

/// App-style code compiled unchanged (Clients/): a feedback manager, a game's coin with a chime
/// and a pattern, legacy vibrations and an own click sound; each call's log entry, frame and felt
/// energy (issue 43).
@Suite(.emulatedIPhone) struct RealClientTests {
    /// Σx² of the haptics over `seconds` from `from` seconds.
    static func energy(_ capture: HapticsCapture, from: Double, seconds: Double) -> Float {
        let start = Int(from * Double(capture.sampleRate)), end = min(capture.haptics.count, start + Int(seconds * Double(capture.sampleRate)))
        return start < end ? capture.haptics[start..<end].map { $0 * $0 }.reduce(0, +) : 0
    }

    /// A 0.3 s, 880 Hz chime at 44.1 kHz, as `chime.wav`.
    static func chime(in scratch: Scratch, seconds: Double = 0.3) throws -> URL {
        let samples = (0..<Int(44_100 * seconds)).map { Float(0.5 * sin(2 * Double.pi * 880 * Double($0) / 44_100)) }
        let url = URL(fileURLWithPath: scratch.path + "/chime.wav")
        try floatWAV(samples, rate: 44_100).write(to: url)
        return url
    }

    @MainActor @Test func aFeedbackManagerIsHeardAsItsCallsAsk() {
        let haptics = HapticManager()
        haptics.prepare()
        haptics.buttonTapped()
        HapticsEmulator.advance(by: 0.25)
        haptics.hardLanding(strength: 0.5)
        HapticsEmulator.advance(by: 0.25)
        haptics.purchaseSucceeded()
        HapticsEmulator.advance(by: 0.5)
        haptics.pickerMoved()
        HapticsEmulator.runUntilIdle()
        let capture = HapticsEmulator.capture()
        let calls = capture.log.filter { $0.object.contains("FeedbackGenerator") }
        #expect(calls.map { "\($0.frame) \($0.object) \($0.call)" } == [
            "0 UIImpactFeedbackGenerator#1 prepare()", "0 UINotificationFeedbackGenerator#1 prepare()", "0 UISelectionFeedbackGenerator#1 prepare()",
            "0 UIImpactFeedbackGenerator#1 impactOccurred()", "12000 UIImpactFeedbackGenerator#2 impactOccurred(intensity:)",
            "24000 UINotificationFeedbackGenerator#1 notificationOccurred(_:)", "48000 UISelectionFeedbackGenerator#1 selectionChanged()",
            "48000 UISelectionFeedbackGenerator#1 prepare()",
        ])
        #expect(calls[3].args == ["style": "light"] && calls[4].args == ["style": "heavy", "intensity": "0.5"] && calls[5].args == ["type": "success"])
        #expect(calls[3].rule == "system feedback: impact.light of device iphone (assumed)")
        // Felt: each call where it was made, nothing between; the success is two taps.
        let light = Self.energy(capture, from: 0, seconds: 0.1), landing = Self.energy(capture, from: 0.25, seconds: 0.1)
        let success = Self.energy(capture, from: 0.5, seconds: 0.25), tick = Self.energy(capture, from: 1.0, seconds: 0.1)
        #expect(light > 0 && landing > 0 && success > landing && tick > 0)
        #expect(Self.energy(capture, from: 0.8, seconds: 0.15) < tick / 100)
        #expect(capture.timeline.filter { $0.player == "UINotificationFeedbackGenerator#1" }.count == 2)
    }

    @Test func aCoinPlaysItsChimeBesideItsPatternAndTellsItsDelegate() throws {
        let scratch = try Scratch()
        let coin = CoinFeedback(chimeURL: try Self.chime(in: scratch))
        HapticsEmulator.advance(by: 0.1)
        coin.collectCoin()
        HapticsEmulator.runUntilIdle()
        let capture = HapticsEmulator.capture()
        let chime = capture.log.filter { $0.object == "AVAudioPlayer#1" }
        #expect(chime.map(\.call) == ["init(contentsOf:)", "volume", "prepareToPlay()", "currentTime", "play()",
                                      "audioPlayerDidFinishPlaying(_:successfully:)"])
        #expect(chime[0].args == ["url": "chime.wav"] && chime[1].args == ["value": "0.8"] && chime[4].frame == 4_800)
        #expect(chime[5].frame == 4_800 + 14_400 && coin.chimesFinished == 1)
        // The chime's voice and the pattern's start at the same frame; the chime is heard at 0.8.
        let voice = try #require(capture.timeline.first { $0.player == "AVAudioPlayer#1" })
        #expect(voice.kind == "audioCustom" && voice.startFrame == 4_800 && voice.endFrame == 4_800 + 14_400 && voice.intensity == 0.8)
        #expect(capture.timeline.first { $0.player == "player#1" }?.startFrame == 4_800)
        let peak = capture.audio[(4_800 * 2)..<(19_200 * 2)].map(abs).max() ?? 0
        #expect(abs(peak - 0.5 * 0.8 * Float(cos(Double.pi / 4))) < 0.01, "the chime's 0.5 at volume 0.8, centred (docs/audio.md's pan law)")
        #expect(capture.audio[..<(4_800 * 2)].allSatisfy { $0 == 0 } && Self.energy(capture, from: 0.1, seconds: 0.25) > 0)
    }

    @Test func legacyVibrationsAndAnOwnClickSoundPlay() throws {
        let scratch = try Scratch()
        LegacyHaptics.vibrate()
        HapticsEmulator.advance(by: 0.5)
        LegacyHaptics.pop()
        HapticsEmulator.advance(by: 0.25)
        nonisolated(unsafe) var alerted = 0
        LegacyHaptics.alert { alerted += 1 }
        HapticsEmulator.advance(by: 0.5)
        let click = try #require(ClickSound(url: try Self.chime(in: scratch, seconds: 0.05)))
        click.play()
        HapticsEmulator.runUntilIdle()
        let capture = HapticsEmulator.capture()
        let calls = capture.log.filter { $0.object == "AudioServices" }
        #expect(calls.map { "\($0.frame) \($0.call) \($0.args["id"] ?? "")" } == [
            "0 AudioServicesPlaySystemSound 4095", "24000 AudioServicesPlaySystemSound 1520", "36000 AudioServicesPlayAlertSoundWithCompletion 4095",
            "60000 AudioServicesCreateSystemSoundID ", "60000 AudioServicesPlaySystemSound 4097",
        ])
        #expect(calls[3].result == "4097" && calls[4].result == "played" && alerted == 1)
        // The buzz lasts its 0.4 s; the pop is one tap; the click is sound only.
        #expect(Self.energy(capture, from: 0.3, seconds: 0.05) > 0 && Self.energy(capture, from: 0.45, seconds: 0.04) < Self.energy(capture, from: 0.3, seconds: 0.05) / 100)
        #expect(Self.energy(capture, from: 0.5, seconds: 0.1) > 0 && Self.energy(capture, from: 1.25, seconds: 0.1) == 0)
        #expect(capture.timeline.filter { $0.player == "AudioServices" }.map(\.kind) == ["hapticContinuous", "hapticTransient", "hapticContinuous", "audioCustom"])
        #expect(capture.audio[(60_000 * 2)..<(62_400 * 2)].contains { abs($0) > 0.2 })
    }
}
