// Renders a pattern made in Swift to a WAV file, and a pattern file to memory:
// `swift run --package-path Examples render-example OUT.wav`.
import HapsynthKit

let output = CommandLine.arguments.dropFirst().first ?? "celebration.wav"

let celebration = try Pattern {
    Repeat(3) { Transient(intensity: .strong, sharpness: 0.9); Delay(ms: 80) }
    Continuous(ms: 300, intensityCurve: [(0, 0), (80, 0.8), (300, 0)], sharpnessCurve: [(0, 0.2), (300, 0.8)])
}
let playback = try Hapsynth.plan(celebration)                  // what Core Haptics would receive
var profile = ActuatorProfile()                                // the emulated actuator
profile.sampleRate = 16_000
let summary = try Hapsynth.render(playback, to: output, profile: profile)
print("\(output): \(summary.frameCount) frames, \(playback.players.count) players, peak \(summary.peak)")

if let sample = CommandLine.arguments.dropFirst(2).first {    // a pattern.json or AHAP file
    let loaded = try Hapsynth.load(contentsOf: sample)
    let audio = try Hapsynth.render(loaded.plan)
    print("\(sample): \(audio.samples.count) samples in memory, \(loaded.warnings.count) warnings")
}

let android = planAndroid(celebration, device: .amplitudePhone)  // the one effect an Android phone plays
let vibration = AndroidActuator(profile: profile).render(android)
print("android: \(android.backend.rawValue) on \(android.device.name), \(vibration.count) samples, "
    + "estimated \(android.estimatedNativeDurationMs) ms")
