import AVFoundation
import CoreHaptics

// App-style code (issue 43): a game that plays a chime with AVAudioPlayer beside a Core Haptics
// pattern when a coin is collected, as public games write it, compiled unchanged.

final class CoinFeedback: NSObject, AVAudioPlayerDelegate {
    private var engine: CHHapticEngine?
    private var chime: AVAudioPlayer?
    private(set) var chimesFinished = 0

    init(chimeURL: URL) {
        super.init()
        do {
            try AVAudioSession.sharedInstance().setCategory(.ambient, mode: .default, options: [])
            engine = try CHHapticEngine()
            try engine?.start()
        } catch {
            print("Haptics unavailable: \(error)")
        }
        do {
            chime = try AVAudioPlayer(contentsOf: chimeURL)
            chime?.delegate = self
            chime?.volume = 0.8
            chime?.prepareToPlay()
        } catch {
            print("Could not load the chime: \(error.localizedDescription)")
        }
    }

    func collectCoin() {
        chime?.currentTime = 0
        chime?.play()
        let sharp = CHHapticEventParameter(parameterID: .hapticSharpness, value: 0.8)
        let strong = CHHapticEventParameter(parameterID: .hapticIntensity, value: 1.0)
        let soft = CHHapticEventParameter(parameterID: .hapticIntensity, value: 0.4)
        let events = [
            CHHapticEvent(eventType: .hapticTransient, parameters: [strong, sharp], relativeTime: 0),
            CHHapticEvent(eventType: .hapticContinuous, parameters: [soft, sharp], relativeTime: 0.05, duration: 0.15),
        ]
        do {
            let pattern = try CHHapticPattern(events: events, parameters: [])
            let player = try engine?.makePlayer(with: pattern)
            try player?.start(atTime: CHHapticTimeImmediate)
        } catch {
            print("Failed to play the coin pattern: \(error)")
        }
    }

    func audioPlayerDidFinishPlaying(_ player: AVAudioPlayer, successfully flag: Bool) {
        if flag { chimesFinished += 1 }
    }
}
