import CoreHaptics
@testable import IPhoneEmulation
import Foundation
import HapticPlayback
import Testing

/// Capture only when asked (issue 52, item 3): a phone set up without a capture (an app that only
/// plays live: `HAPSYNTH_COREHAPTICS_PLAY` without `HAPSYNTH_COREHAPTICS_CAPTURE`) renders as long as
/// it plays and keeps nothing of it, so an hour of it stays flat in memory; one set up by a test
/// keeps everything.
@Suite struct CaptureWhenAskedTests {
    /// A looping texture whose intensity is sent ten times a second, for `seconds` on `phone`.
    static func play(on phone: EmulatedPhone, seconds: Int) throws {
        try EmulatedPhone.$bound.withValue(phone) {
            let engine = try CHHapticEngine()
            try engine.start()
            let hum = CHHapticEvent(eventType: .hapticContinuous, parameters: [CHHapticEventParameter(parameterID: .hapticIntensity, value: 0.8)],
                                    relativeTime: 0, duration: 1)
            let player = try engine.makeAdvancedPlayer(with: try CHHapticPattern(events: [hum], parameters: []))
            player.loopEnabled = true
            try player.start(atTime: CHHapticTimeImmediate)
            for step in 0..<(seconds * 10) {
                try player.sendParameters([CHHapticDynamicParameter(parameterID: .hapticIntensityControl, value: Float(step % 10) / 10, relativeTime: 0)],
                                          atTime: CHHapticTimeImmediate)
                phone.advance(by: 0.1)
            }
            try player.stop(atTime: CHHapticTimeImmediate)
        }
    }

    @Test func aPhoneThatKeepsNoCaptureKeepsNothingOfWhatItPlays() throws {
        let phone = EmulatedPhone()
        phone.configure(DeviceSettings(sampleRate: 8_000), keepsCapture: false)
        try Self.play(on: phone, seconds: 120)
        let snapshot = phone.snapshot()
        #expect(phone.withLock { phone.device.frame } == 120 * 8_000)  // it rendered the two minutes
        #expect(snapshot.haptics.isEmpty && snapshot.audio.isEmpty && snapshot.timeline.isEmpty && snapshot.log.isEmpty)
    }

    @Test func aTestsPhoneKeepsAll() throws {
        let phone = EmulatedPhone()
        phone.configure(DeviceSettings(sampleRate: 8_000))
        try Self.play(on: phone, seconds: 3)
        let snapshot = phone.snapshot()
        #expect(snapshot.haptics.count == 3 * 8_000 && snapshot.timeline.count == 3)
        #expect(snapshot.log.filter { $0.call == "sendParameters(_:atTime:)" }.count == 30)
    }
}
