import CoreHapticsEmulatorTesting
import SwiftUI
import Testing

/// SwiftUI's `sensoryFeedback` in a test, without a view graph (docs/feedback.md): the trigger rule
/// (a change plays, the first value and an unchanged one do not), its three forms, and what SwiftUI
/// asks UIKit's generators for on the emulated iPhone.
@Suite(.emulatedIPhone) struct SensoryFeedbackTests {
    func calls() -> [String] {
        HapticsEmulator.capture().log.filter { $0.object.contains("FeedbackGenerator") || $0.object == "SensoryFeedback" }
            .map { "\($0.object) \($0.call) \($0.result ?? "")" }
    }

    @Test func aChangeOfTheTriggerPlaysAndTheFirstValueDoesNot() {
        var saved = SensoryFeedbackTrigger(.success, trigger: 0)
        #expect(saved.update(to: 0) == nil)
        HapticsEmulator.advance(by: 0.25)
        #expect(saved.update(to: 1) == .success)
        HapticsEmulator.advance(by: 0.25)
        saved.update(to: 2)
        HapticsEmulator.runUntilIdle()
        let capture = HapticsEmulator.capture()
        #expect(calls() == ["UINotificationFeedbackGenerator#1 notificationOccurred(_:) played", "UINotificationFeedbackGenerator#1 notificationOccurred(_:) played"])
        #expect(capture.log.filter { $0.call == "notificationOccurred(_:)" }.map(\.frame) == [12_000, 24_000])
        #expect(capture.log.first { $0.call == "notificationOccurred(_:)" }?.args == ["type": "success"])
        // The success pattern's taps, twice, under the generator SwiftUI made once.
        #expect(!capture.timeline.isEmpty && capture.timeline.allSatisfy { $0.player == "UINotificationFeedbackGenerator#1" })
        #expect(capture.haptics[0..<12_000].allSatisfy { $0 == 0 } && capture.haptics[12_000...].contains { abs($0) > 0.01 })
    }

    @Test func aConditionAndAClosureChooseWhatPlays() {
        var rising = SensoryFeedbackTrigger(.selection, trigger: 5) { old, new in new > old }
        #expect(rising.update(to: 3) == nil && rising.update(to: 4) == .selection)
        var level = SensoryFeedbackTrigger(trigger: 0) { old, new in new > old ? .impact(weight: .heavy, intensity: 0.5) : nil }
        #expect(level.update(to: 1) == .impact(weight: .heavy, intensity: 0.5) && level.update(to: 0) == nil)
        HapticsEmulator.runUntilIdle()
        #expect(calls() == ["UISelectionFeedbackGenerator#1 selectionChanged() played", "UIImpactFeedbackGenerator#1 impactOccurred(intensity:) played"])
        #expect(HapticsEmulator.capture().log.first { $0.call == "impactOccurred(intensity:)" }?.args == ["style": "heavy", "intensity": "0.5"])
    }

    /// `solid` is UIKit's medium style; `increase` plays nothing on an iPhone (SwiftUI asks no
    /// generator for it), and says so in the log.
    @Test func whatSwiftUIAsksUIKitFor() {
        var solid = SensoryFeedbackTrigger(.impact(flexibility: .solid), trigger: false)
        solid.update(to: true)
        var increase = SensoryFeedbackTrigger(.increase, trigger: 0)
        #expect(increase.update(to: 1) == .increase)
        HapticsEmulator.runUntilIdle()
        #expect(calls() == ["UIImpactFeedbackGenerator#1 impactOccurred(intensity:) played", "SensoryFeedback increase silent"])
        #expect(HapticsEmulator.capture().log.first { $0.call == "impactOccurred(intensity:)" }?.args == ["style": "medium", "intensity": "1.0"])
        #expect(HapticsEmulator.capture().timeline.count == 1)
    }
}
