// The haptics of a small game, written as an iOS app writes them: only `import CoreHaptics`
// (and AVFoundation for the audio session). On Linux, hapsynth's emulated iPhone plays them.
import AVFoundation
import CoreHaptics

/// Plays the game's haptics: a tap for buttons, a success with a sound, a rumble from a file and
/// a charge-up built with a curve. Survives the engine's stops and resets as Apple advises.
public final class HapticManager {
    private var engine: CHHapticEngine?
    private let bundle: Bundle
    /// The thud, registered with the engine as an audio resource.
    private var thud: CHHapticAudioResourceID?
    /// What the engine told the manager (stops and resets), in order.
    public private(set) var notices: [String] = []

    /// The bundle the game's haptic files ship in.
    public static var resources: Bundle { .module }

    public init(bundle: Bundle = .main) {
        self.bundle = bundle
        guard CHHapticEngine.capabilitiesForHardware().supportsHaptics else { return }
        do {
            try AVAudioSession.sharedInstance().setCategory(.ambient, mode: .default, options: [.mixWithOthers])
            let engine = try CHHapticEngine(audioSession: .sharedInstance())
            engine.stoppedHandler = { [weak self] reason in
                self?.notices.append("stopped: \(reason.rawValue)")
            }
            engine.resetHandler = { [weak self] in
                self?.notices.append("reset")
                try? self?.engine?.start()
                self?.registerSounds()
            }
            try engine.start()
            self.engine = engine
            registerSounds()
        } catch {
            notices.append("no haptics: \(error)")
        }
    }

    private func registerSounds() {
        guard let url = bundle.url(forResource: "thud", withExtension: "wav") else { return }
        thud = try? engine?.registerAudioResource(url, options: [CHHapticAudioResourceKeyUseVolumeEnvelope: true])
    }

    /// A light tap, as a button press gives.
    public func tap(after delay: TimeInterval = 0) {
        play([CHHapticEvent(eventType: .hapticTransient, parameters: [
            CHHapticEventParameter(parameterID: .hapticIntensity, value: 0.6),
            CHHapticEventParameter(parameterID: .hapticSharpness, value: 0.7),
        ], relativeTime: 0)], after: delay)
    }

    /// Two rising taps with the thud under them.
    public func success(after delay: TimeInterval = 0) {
        var events = [0.0, 0.12].enumerated().map { index, time in
            CHHapticEvent(eventType: .hapticTransient, parameters: [
                CHHapticEventParameter(parameterID: .hapticIntensity, value: index == 0 ? 0.5 : 1.0),
                CHHapticEventParameter(parameterID: .hapticSharpness, value: 0.5),
            ], relativeTime: time)
        }
        if let thud {
            events.append(CHHapticEvent(audioResourceID: thud, parameters: [CHHapticEventParameter(parameterID: .audioVolume, value: 0.6)],
                                        relativeTime: 0.12))
        }
        play(events, after: delay)
    }

    /// The rumble designed in Rumble.ahap (with its own sound).
    public func rumble(after delay: TimeInterval = 0) {
        guard let engine, let url = bundle.url(forResource: "Rumble", withExtension: "ahap") else { return }
        do {
            let player = try engine.makePlayer(with: try CHHapticPattern(contentsOf: url))
            try player.start(atTime: delay == 0 ? CHHapticTimeImmediate : engine.currentTime + delay)
        } catch {
            notices.append("rumble failed: \(error)")
        }
    }

    /// A charge-up: a continuous hum whose intensity and sharpness rise, then a release tap.
    public func charge(after delay: TimeInterval = 0) {
        guard let engine else { return }
        do {
            let hum = CHHapticEvent(eventType: .hapticContinuous, parameters: [
                CHHapticEventParameter(parameterID: .hapticIntensity, value: 1.0),
                CHHapticEventParameter(parameterID: .hapticSharpness, value: 0.3),
            ], relativeTime: 0, duration: 0.8)
            let release = CHHapticEvent(eventType: .hapticTransient, parameters: [
                CHHapticEventParameter(parameterID: .hapticIntensity, value: 1.0),
                CHHapticEventParameter(parameterID: .hapticSharpness, value: 1.0),
            ], relativeTime: 0.85)
            let rise = CHHapticParameterCurve(parameterID: .hapticIntensityControl, controlPoints: [
                CHHapticParameterCurve.ControlPoint(relativeTime: 0, value: 0.1),
                CHHapticParameterCurve.ControlPoint(relativeTime: 0.8, value: 1.0),
            ], relativeTime: 0)
            let brighten = CHHapticParameterCurve(parameterID: .hapticSharpnessControl, controlPoints: [
                CHHapticParameterCurve.ControlPoint(relativeTime: 0, value: -0.3),
                CHHapticParameterCurve.ControlPoint(relativeTime: 0.8, value: 0.5),
            ], relativeTime: 0)
            let pattern = try CHHapticPattern(events: [hum, release], parameterCurves: [rise, brighten])
            try engine.makePlayer(with: pattern).start(atTime: engine.currentTime + delay)
        } catch {
            notices.append("charge failed: \(error)")
        }
    }

    private func play(_ events: [CHHapticEvent], after delay: TimeInterval) {
        guard let engine else { return }
        do {
            let player = try engine.makePlayer(with: try CHHapticPattern(events: events, parameters: []))
            try player.start(atTime: delay == 0 ? CHHapticTimeImmediate : engine.currentTime + delay)
        } catch {
            notices.append("play failed: \(error)")
        }
    }

    /// The game's opening: a button tap, a success, the rumble and a charge-up, one after another.
    public func playOpening() {
        tap()
        success(after: 0.4)
        rumble(after: 1.0)
        charge(after: 2.0)
    }
}
