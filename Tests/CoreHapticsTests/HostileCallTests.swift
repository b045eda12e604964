import CoreHaptics
import CoreHapticsEmulator
import Foundation
import Testing

/// Whatever number an app passes — NaN, infinities, times beyond any device's life — a call is
/// refused, ignored or held within range, and the device never traps.
extension OnTheDevice {
    @Suite struct HostileCallTests {
        static let numbers: [Double] = [.nan, .infinity, -.infinity, 1e300, -1e300, 9.2e12, -1, 0]

        @Test(arguments: numbers)
        func everyTimedCallTakesAnyNumber(_ x: Double) throws {
            let engine = try Emulated.engine(.init(sampleRate: 8_000))
            let pattern = try Emulated.pattern([Emulated.transient(at: 0), Emulated.continuous(at: 0.1, duration: 0.3)])
            let player = try engine.makeAdvancedPlayer(with: pattern)
            player.loopEnd = x
            player.loopEnabled = x.isFinite && x > 0
            player.playbackRate = Float(x)
            _ = Emulated.code { try player.seek(toOffset: x) }
            _ = Emulated.code { try player.start(atTime: x) }
            _ = Emulated.code { try player.sendParameters([CHHapticDynamicParameter(parameterID: .hapticIntensityControl, value: Float(x), relativeTime: x)], atTime: x) }
            _ = Emulated.code {
                try player.scheduleParameterCurve(CHHapticParameterCurve(parameterID: .audioPanControl, controlPoints: [
                    .init(relativeTime: 0, value: 1), .init(relativeTime: x, value: Float(x))], relativeTime: x), atTime: x)
            }
            _ = Emulated.code { try player.pause(atTime: x) }
            _ = Emulated.code { try player.resume(atTime: x) }
            _ = Emulated.code { try player.stop(atTime: x) }
            _ = Emulated.code { _ = try CHHapticPattern(events: [Emulated.continuous(at: x, duration: x)], parameters: []) }
            HapticsEmulator.advance(by: x.isFinite ? min(max(x, 0), 2) : 1)
            HapticsEmulator.runUntilIdle(limit: 5)
            #expect(HapticsEmulator.capture().haptics.allSatisfy { $0.isFinite })
            #expect(player.playbackRate > 0)
        }
    }
}
