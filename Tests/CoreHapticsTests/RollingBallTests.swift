import CoreHaptics
import CoreHapticsEmulatorTesting
import Testing

/// A game's rolling ball, as docs/corehaptics.md shows it: a looping texture whose intensity
/// follows the ball's speed, sent every frame of the game (60 a second), and a tap when it hits a
/// wall. The test checks what the phone would do.
final class RollingBall {
    private let engine: CHHapticEngine
    private let texture: any CHHapticAdvancedPatternPlayer

    init() throws {
        engine = try CHHapticEngine()
        try engine.start()
        let hum = CHHapticEvent(eventType: .hapticContinuous, parameters: [
            CHHapticEventParameter(parameterID: .hapticIntensity, value: 1), CHHapticEventParameter(parameterID: .hapticSharpness, value: 0.2),
        ], relativeTime: 0, duration: 1)
        texture = try engine.makeAdvancedPlayer(with: try CHHapticPattern(events: [hum], parameters: []))
        texture.loopEnabled = true
    }

    /// The ball starts rolling.
    func roll() throws {
        try texture.sendParameters([CHHapticDynamicParameter(parameterID: .hapticIntensityControl, value: 0, relativeTime: 0)], atTime: 0)
        try texture.start(atTime: CHHapticTimeImmediate)
    }

    /// Each frame of the game: the texture follows the speed (0…1).
    func update(speed: Float) throws {
        try texture.sendParameters([CHHapticDynamicParameter(parameterID: .hapticIntensityControl, value: speed, relativeTime: 0)],
                                   atTime: CHHapticTimeImmediate)
    }

    /// The ball hits a wall.
    func hit(strength: Float) throws {
        let tap = CHHapticEvent(eventType: .hapticTransient, parameters: [
            CHHapticEventParameter(parameterID: .hapticIntensity, value: strength), CHHapticEventParameter(parameterID: .hapticSharpness, value: 0.9),
        ], relativeTime: 0)
        try engine.makePlayer(with: try CHHapticPattern(events: [tap], parameters: [])).start(atTime: CHHapticTimeImmediate)
    }

    /// The ball stops.
    func stop() throws { try texture.stop(atTime: CHHapticTimeImmediate) }
}

@Suite(.emulatedIPhone) struct RollingBallTests {
    @Test func theTextureFollowsTheSpeedAndTheWallIsATap() throws {
        let ball = try RollingBall()
        try ball.roll()
        for frame in 0..<120 {                              // two seconds of the game
            try ball.update(speed: Float(frame) / 120)      // speeding up
            if frame == 90 { try ball.hit(strength: 0.8) }  // a wall at 1.5 s
            HapticsEmulator.advance(by: 1.0 / 60)
        }
        try ball.stop()
        HapticsEmulator.runUntilIdle()
        let capture = HapticsEmulator.capture()

        // One texture voice a loop pass (1 s each), and the tap at the wall.
        #expect(capture.timeline.map(\.kind) == ["hapticContinuous", "hapticContinuous", "hapticTransient"])
        #expect(capture.timeline.map(\.startTime) == [1000, 1001, 1001.5])
        #expect(capture.timeline[2].startTime == 1001.5 && capture.timeline[2].intensity == 0.8)
        // Faster is stronger: the last half second against the first.
        func level(_ from: Double, _ to: Double) -> Float {
            capture.haptics[Int(from * 48_000)..<Int(to * 48_000)].map(abs).max() ?? 0
        }
        #expect(level(0.1, 0.5) < level(1.6, 2.0) / 3)
        #expect(capture.log.filter { $0.call == "sendParameters(_:atTime:)" }.count == 121)
    }
}
