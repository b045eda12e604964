import HapticPlanner

/// The effective intensity and sharpness of one player over time, computed by the synthesizer's
/// own rules (its voices, control tracks and clamping), for pictures of a plan.
package struct PlayerLevels {
    private let voices: PlayerVoices

    /// The player as it sounds when playback is requested at frame 0.
    package init(plan: PlayerPlan, profile: ActuatorProfile) {
        voices = PlayerVoices(plan: plan, profile: profile, originFrame: 0, leadMs: FrameTiming.leadMs, firstOrder: 0)
    }

    /// At `frame`, the levels of the player's first continuous voice that sounds there (in sum
    /// order), or nil when none does. Intensity is before the intensity exponent and gains.
    package func levels(atFrame frame: Int64) -> (intensity: Double, sharpness: Double)? {
        guard let voice = voices.voices.first(where: { !$0.isTransient && $0.startFrame <= frame && frame < $0.endFrame }) else {
            return nil
        }
        let context = voices.context
        let timeMs = FrameTiming.patternMs(frame: frame, rate: context.profile.sampleRate)
        var intensityCursor = ControlTrack.Cursor(), sharpnessCursor = ControlTrack.Cursor()
        let intensityControl = context.intensity.isEmpty ? 1 : context.intensity.value(atMs: timeMs, cursor: &intensityCursor)
        let sharpnessControl = context.sharpness.isEmpty ? 0 : context.sharpness.value(atMs: timeMs, cursor: &sharpnessCursor)
        return (Voice.intensity(voice.baseIntensity, control: intensityControl), Voice.sharpness(voice.baseSharpness, control: sharpnessControl))
    }
}
