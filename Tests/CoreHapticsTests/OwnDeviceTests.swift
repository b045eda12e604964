import CoreHaptics
import CoreHapticsEmulatorTesting
import Foundation
import Testing

/// A test gets its own device (issue 41, item 5): bodies run at the same time, each inside
/// `HapticsEmulator.withDevice`, each capture only what it played, the same bytes as alone.
@Suite struct OwnDeviceTests {
    /// An engine, two taps and a swell, run until idle on the current device.
    static func play(intensity: Float) throws -> HapticsCapture {
        let engine = try CHHapticEngine()
        try engine.start()
        let player = try engine.makePlayer(with: try CHHapticPattern(events: [
            Emulated.transient(at: 0, intensity: intensity), Emulated.transient(at: 0.05, intensity: intensity),
            Emulated.continuous(at: 0.1, duration: 0.2, intensity: intensity),
        ], parameters: []))
        try player.start(atTime: 0)
        HapticsEmulator.runUntilIdle()
        return HapticsEmulator.capture()
    }

    @Test func bodiesRunTogetherEachOnItsOwnDevice() throws {
        let intensities: [Float] = [0.2, 0.4, 0.6, 0.8, 1, 0.3, 0.5, 0.7]
        let alone = try intensities.map { intensity in try HapticsEmulator.withDevice { try Self.play(intensity: intensity) } }
        let results = Results(count: intensities.count)
        for _ in 0..<5 {
            DispatchQueue.concurrentPerform(iterations: intensities.count) { index in
                results.set(index, try? HapticsEmulator.withDevice { try Self.play(intensity: intensities[index]) })
            }
            for (index, capture) in results.all.enumerated() {
                #expect(capture?.haptics == alone[index].haptics && capture?.timeline == alone[index].timeline, "body \(index)")
                #expect(capture?.log.filter { $0.object == "engine#1" }.count == alone[index].log.filter { $0.object == "engine#1" }.count)
            }
        }
        // Each played its own intensity: the captures differ from one another.
        #expect(Set(alone.map { $0.haptics.max() ?? 0 }).count == intensities.count)
    }

    final class Results: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [HapticsCapture?]
        init(count: Int) { values = Array(repeating: nil, count: count) }
        func set(_ index: Int, _ value: HapticsCapture?) { lock.withLock { values[index] = value } }
        var all: [HapticsCapture?] { lock.withLock { values } }
    }
}

/// `.emulatedIPhone`: each case of this parameterized test, run in parallel by Swift Testing, is on
/// a device of its own from frame 0, and captures the same bytes as its body alone.
@Suite(.emulatedIPhone) struct EmulatedIPhoneTraitTests {
    static let intensities: [Float] = [0.2, 0.4, 0.6, 0.8, 1, 0.3, 0.5, 0.7]

    @Test(arguments: intensities) func eachCaseHasADeviceOfItsOwn(intensity: Float) throws {
        #expect(HapticsEmulator.currentTime == 1000)
        let capture = try OwnDeviceTests.play(intensity: intensity)
        #expect(capture.log.first?.call == "configure")
        #expect(capture.log.filter { $0.call == "init(audioSession:)" }.map(\.object) == ["engine#1"])
        let alone = try HapticsEmulator.withDevice { try OwnDeviceTests.play(intensity: intensity) }
        #expect(capture.haptics == alone.haptics && capture.timeline == alone.timeline)
    }

    @Test(.emulatedIPhone(.init(sampleRate: 24_000))) func aTestsOwnConfigurationWins() {
        #expect(HapticsEmulator.capture().sampleRate == 24_000)
    }
}
