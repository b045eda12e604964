import CoreHaptics
import CoreHapticsEmulator
import Foundation
import Testing

/// Every suite that plays on the emulated device, one at a time: the device is the process's.
@Suite(.serialized) enum OnTheDevice {}

/// Helpers of the Core Haptics tests: a freshly configured device and a running engine, events
/// written briefly, and what a capture says of one player.
enum Emulated {
    /// The device configured anew (frame 0 is now) and a started engine on it.
    static func engine(_ configuration: HapticsEmulator.Configuration = .init()) throws -> CHHapticEngine {
        HapticsEmulator.configure(configuration)
        let engine = try CHHapticEngine()
        try engine.start()
        return engine
    }

    static func transient(at time: TimeInterval, intensity: Float = 1, sharpness: Float = 0.5) -> CHHapticEvent {
        CHHapticEvent(eventType: .hapticTransient, parameters: [
            CHHapticEventParameter(parameterID: .hapticIntensity, value: intensity),
            CHHapticEventParameter(parameterID: .hapticSharpness, value: sharpness),
        ], relativeTime: time)
    }

    static func continuous(at time: TimeInterval, duration: TimeInterval, intensity: Float = 1, sharpness: Float = 0.5) -> CHHapticEvent {
        CHHapticEvent(eventType: .hapticContinuous, parameters: [
            CHHapticEventParameter(parameterID: .hapticIntensity, value: intensity),
            CHHapticEventParameter(parameterID: .hapticSharpness, value: sharpness),
        ], relativeTime: time, duration: duration)
    }

    /// A pattern of `events`.
    static func pattern(_ events: [CHHapticEvent]) throws -> CHHapticPattern {
        try CHHapticPattern(events: events, parameters: [])
    }

    /// The code an error carries (nil for no error).
    static func code(_ body: () throws -> Void) -> Int? {
        do {
            try body()
            return nil
        } catch {
            return (error as NSError).code
        }
    }

    /// The log entries of `call` (of `object`, when given).
    static func entries(_ capture: HapticsCapture, _ call: String, of object: String? = nil) -> [HapticsCapture.LogEntry] {
        capture.log.filter { $0.call == call && (object == nil || $0.object == object) }
    }

    /// Frames at 48 kHz.
    static func frames(_ seconds: Double) -> Int { Int((seconds * 48_000).rounded()) }

    /// Whether every sample in `range` is zero.
    static func silent(_ samples: [Float], _ range: Range<Int>) -> Bool {
        samples[max(0, range.lowerBound)..<min(samples.count, range.upperBound)].allSatisfy { $0 == 0 }
    }

    /// Where two sample arrays first differ (nil when they are equal), without printing them.
    static func difference(_ a: [Float], _ b: [Float]) -> String? {
        guard a.count == b.count else { return "\(a.count) and \(b.count) samples" }
        guard let index = a.indices.first(where: { a[$0] != b[$0] }) else { return nil }
        let largest = a.indices.map { abs(a[$0] - b[$0]) }.max() ?? 0
        return "first at \(index): \(a[index]) and \(b[index]); largest difference \(largest)"
    }
}
