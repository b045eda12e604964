import AudioCore
import HapticCore
import HapticPlanner
import HapticSynth
@testable import HapticPlayback

/// Renders a pattern through the executor on the audio engine into memory.
func render(
    _ pattern: Pattern, profile: ActuatorProfile = ActuatorProfile(), blockFrames: Int = 4096
) throws -> (samples: [Float], summary: RenderSummary) {
    try render(plan(pattern), profile: profile, blockFrames: blockFrames)
}

func render(
    _ playback: PlaybackPlan, profile: ActuatorProfile = ActuatorProfile(), blockFrames: Int = 4096, threads: Int = 1
) throws -> (samples: [Float], summary: RenderSummary) {
    let output = MemoryOutput(format: AudioFormat(sampleRate: profile.sampleRate))
    let summary = try OfflineRender.render(playback, profile: profile, into: output, blockFrames: blockFrames, threads: threads)
    return (output.samples, summary)
}

/// A profile with a different rate.
func profile(rate: Int) -> ActuatorProfile {
    var profile = ActuatorProfile()
    profile.sampleRate = rate
    return profile
}

/// Frequency from rising zero crossings over `samples` (whole periods between the first and last).
func measuredFrequencyHz(_ samples: ArraySlice<Float>, rate: Int) -> Double {
    var crossings: [Double] = []
    var previous = samples.first ?? 0
    for (offset, sample) in samples.dropFirst().enumerated() {
        if previous < 0, sample >= 0 {
            // Linear interpolation of the crossing between the two frames.
            let fraction = Double(-previous) / Double(sample - previous)
            crossings.append(Double(offset) + fraction)
        }
        previous = sample
    }
    guard crossings.count >= 2 else { return 0 }
    return Double(crossings.count - 1) * Double(rate) / (crossings[crossings.count - 1] - crossings[0])
}
