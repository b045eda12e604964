import CoreHaptics
import CoreHapticsEmulatorTesting
import Testing
import UIKit

/// UIKit's feedback generators on the emulated iPhone (issue 43, part): each call logged at its
/// frame, its voices in the timeline under the generator, beside an engine and not silenced by its
/// mutes; silent on a device without haptics.
@MainActor
@Suite(.emulatedIPhone) struct FeedbackGeneratorTests {
    /// A feedback manager as apps write one: the three generators, prepared, then used.
    @MainActor final class Feedback {
        let impact = UIImpactFeedbackGenerator(style: .heavy)
        let notification = UINotificationFeedbackGenerator()
        let selection = UISelectionFeedbackGenerator()

        func prepare() {
            impact.prepare()
            notification.prepare()
        }
    }

    @Test func eachCallIsLoggedAtItsFrameAndPlays() {
        let feedback = Feedback()
        feedback.prepare()
        feedback.impact.impactOccurred()
        HapticsEmulator.advance(by: 0.5)
        feedback.impact.impactOccurred(intensity: 0.5)
        HapticsEmulator.advance(by: 0.5)
        feedback.notification.notificationOccurred(.error)
        HapticsEmulator.advance(by: 0.5)
        feedback.selection.selectionChanged()
        HapticsEmulator.runUntilIdle()
        let capture = HapticsEmulator.capture()
        let calls = capture.log.filter { $0.object.contains("FeedbackGenerator") }
        #expect(calls.map { "\($0.object) \($0.call)" } == [
            "UIImpactFeedbackGenerator#1 prepare()", "UINotificationFeedbackGenerator#1 prepare()",
            "UIImpactFeedbackGenerator#1 impactOccurred()", "UIImpactFeedbackGenerator#1 impactOccurred(intensity:)",
            "UINotificationFeedbackGenerator#1 notificationOccurred(_:)", "UISelectionFeedbackGenerator#1 selectionChanged()",
        ])
        #expect(calls[3].args == ["style": "heavy", "intensity": "0.5"] && calls[4].args == ["type": "error"])
        #expect(calls.map(\.frame) == [0, 0, 0, 24_000, 48_000, 72_000])
        // The voices: one tap, one tap, the error's three, the tick; the halved tap is weaker.
        #expect(capture.timeline.map(\.player) == ["UIImpactFeedbackGenerator#1", "UIImpactFeedbackGenerator#1"]
            + Array(repeating: "UINotificationFeedbackGenerator#1", count: 3) + ["UISelectionFeedbackGenerator#1"])
        #expect(capture.timeline[1].intensity < capture.timeline[0].intensity)
        func energy(_ range: Range<Int>) -> Float { capture.haptics[range].map { $0 * $0 }.reduce(0, +) }
        #expect(energy(0..<12_000) > energy(24_000..<36_000) && energy(24_000..<36_000) > 0)
    }

    @Test func anEnginesMutesDoNotSilenceThem() throws {
        let engine = try CHHapticEngine()
        try engine.start()
        engine.isMutedForHaptics = true
        UIImpactFeedbackGenerator(style: .rigid).impactOccurred()
        HapticsEmulator.runUntilIdle()
        #expect(HapticsEmulator.capture().haptics.contains { abs($0) > 0.05 })
    }

    @Test(.emulatedIPhone(.init(device: "ipad"))) func aDeviceWithoutHapticsIsSilentAndSaysSo() {
        UINotificationFeedbackGenerator().notificationOccurred(.success)
        HapticsEmulator.runUntilIdle()
        let capture = HapticsEmulator.capture()
        #expect(capture.timeline.isEmpty && capture.haptics.allSatisfy { $0 == 0 })
        #expect(capture.log.last?.result == "silent" && capture.log.last?.rule == "the device has no haptics")
    }
}
