import CoreHaptics
import CoreHapticsEmulator
import Foundation
import Testing
import TestSupport

/// Apple's documented ways to play haptics, written as its articles write them, played on the
/// emulated iPhone: a single tap from code, and a pattern from an AHAP file.
extension OnTheDevice {
    @Suite struct AppleExamplesTests {
        /// The engine as Apple's articles prepare it: checked for support, with handlers that
        /// restart it, started.
        final class Haptics {
            var engine: CHHapticEngine?
            var restarts = 0

            init() throws {
                guard CHHapticEngine.capabilitiesForHardware().supportsHaptics else { return }
                engine = try CHHapticEngine()
                engine?.stoppedHandler = { [weak self] _ in self?.restarts += 1 }
                engine?.resetHandler = { [weak self] in
                    self?.restarts += 1
                    try? self?.engine?.start()
                }
                try engine?.start()
            }
        }

        @Test func aSingleTap() throws {
            HapticsEmulator.configure(.init())
            let haptics = try Haptics()
            let intensity = CHHapticEventParameter(parameterID: .hapticIntensity, value: 1.0)
            let sharpness = CHHapticEventParameter(parameterID: .hapticSharpness, value: 1.0)
            let event = CHHapticEvent(eventType: .hapticTransient, parameters: [intensity, sharpness], relativeTime: 0)
            let pattern = try CHHapticPattern(events: [event], parameters: [])
            let player = try haptics.engine?.makePlayer(with: pattern)
            try player?.start(atTime: 0)
            HapticsEmulator.runUntilIdle()
            let capture = HapticsEmulator.capture()
            #expect(capture.timeline.map(\.kind) == ["hapticTransient"])
            #expect(capture.timeline.first?.intensity == 1 && capture.timeline.first?.sharpness == 1)
            // The tap as an AHAP file plays the same samples.
            let scratch = try Scratch()
            let file = try scratch.write("tap.ahap", """
                {"Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient", "EventParameters": [
                  {"ParameterID": "HapticIntensity", "ParameterValue": 1}, {"ParameterID": "HapticSharpness", "ParameterValue": 1}]}}]}
                """)
            HapticsEmulator.configure(.init())
            try Haptics().engine?.playPattern(from: URL(fileURLWithPath: file))
            HapticsEmulator.runUntilIdle()
            #expect(HapticsEmulator.capture().haptics == capture.haptics && capture.haptics.contains { $0 != 0 })
        }

        @Test func aPatternFromAnAHAPFileAndAResetThatRestarts() throws {
            HapticsEmulator.configure(.init())
            let haptics = try Haptics()
            let url = URL(fileURLWithPath: packageRoot + "/Samples/envelope-hit.ahap")
            try haptics.engine?.playPattern(from: url)
            HapticsEmulator.runUntilIdle()
            let played = HapticsEmulator.capture()

            HapticsEmulator.configure(.init())
            let engine = try CHHapticEngine()
            try engine.start()
            try engine.makePlayer(with: try CHHapticPattern(contentsOf: url)).start(atTime: CHHapticTimeImmediate)
            HapticsEmulator.runUntilIdle()
            #expect(HapticsEmulator.capture().haptics == played.haptics)

            HapticsEmulator.configure(.init())
            let again = try Haptics()
            HapticsEmulator.simulateReset()
            #expect(again.restarts == 1)
            try again.engine?.playPattern(from: url)  // the reset handler restarted the engine
            HapticsEmulator.runUntilIdle()
            #expect(HapticsEmulator.capture().haptics.count == played.haptics.count)
        }
    }
}
