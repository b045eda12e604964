import Foundation
import HapticCore
import HapticPlanner
@testable import HapticSynth

/// A straightforward renderer of SYNTH's formulas, frame by frame and voice by voice in double
/// precision with the libm sine: the reference the synthesizer's kernel is held to (within 1e-6).
/// It takes the voices' placement from `PlayerVoices` (tested on its own) and computes every
/// sample from the formulas.
enum ReferenceSynth {
    static func render(_ plan: PlaybackPlan, profile: ActuatorProfile) -> [Float] {
        guard let length = RenderLength.frames(of: plan, profile: profile) else { return [] }
        var mix = [Double](repeating: 0, count: Int(length))
        if plan.diagnostics.backend == .coreHaptics {
            for player in plan.players {
                let voices = PlayerVoices(plan: player, profile: profile, originFrame: 0, leadMs: FrameTiming.leadMs, firstOrder: 0)
                for voice in voices.voices { add(voice, voices.context, into: &mix) }
            }
        }
        return mix.map { Float(min(max($0, -1), 1)) }
    }

    static func add(_ voice: Voice, _ context: VoiceContext, into mix: inout [Double]) {
        let profile = context.profile
        let rate = Double(profile.sampleRate)
        let length = voice.endFrame - voice.startFrame
        switch voice.shape {
        case let .transient(cycles, amplitude, brake):
            let halfCycles = Int64(2 * cycles)
            for k in 0..<length {
                let braking = brake != nil && k * halfCycles >= length * (halfCycles - 1)
                var sample = (braking ? -(brake ?? 0) : amplitude) * sin(2 * Double.pi * Double(cycles) * Double(k) / Double(length))
                if let envelope = voice.envelope { sample *= envelope.gain(at: k, length: length) }
                mix[Int(voice.startFrame + k)] += sample
            }
        case let .continuous(rampFrames):
            var phase = 0.0
            var intensityCursor = ControlTrack.Cursor(), sharpnessCursor = ControlTrack.Cursor()
            for k in 0..<length {
                let timeMs = Double(voice.startFrame + k) * 1000 / rate - Double(context.leadMs)
                let intensityControl = context.intensity.isEmpty ? 1 : context.intensity.value(atMs: timeMs, cursor: &intensityCursor)
                let sharpnessControl = context.sharpness.isEmpty ? 0 : context.sharpness.value(atMs: timeMs, cursor: &sharpnessCursor)
                let intensity = min(max(voice.baseIntensity * intensityControl, 0), 1)
                let sharpness = min(max(voice.baseSharpness + sharpnessControl, 0), 1)
                var sample = profile.continuousGain * pow(intensity, profile.intensityExponent) * sin(phase)
                if let envelope = voice.envelope {
                    sample *= envelope.gain(at: k, length: length)
                } else if k < rampFrames {
                    sample *= 0.5 - 0.5 * cos(Double.pi * Double(k) / Double(rampFrames))
                } else if k >= length - rampFrames {
                    sample *= 0.5 - 0.5 * cos(Double.pi * Double(length - 1 - k) / Double(rampFrames))
                }
                mix[Int(voice.startFrame + k)] += sample
                phase += 2 * Double.pi * profile.frequencyHz(sharpness: sharpness) / rate
            }
        }
    }
}
