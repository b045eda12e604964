import HapticPlanner

/// How many frames a render of a plan has (SYNTH.md §1 "Length"), computed without rendering.
public enum RenderLength {
    /// Core Haptics: max(frame(D), the end frame of the last voice); silent: round-half-up(D × rate
    /// / 1000) with no lead; unsupported: 0.
    public static func frames(of plan: PlaybackPlan, profile: ActuatorProfile) -> Int64 {
        let durationMs = plan.diagnostics.logicalDurationMs
        switch plan.diagnostics.backend {
        case .unsupported: return 0
        case .silent: return FrameTiming.frame(atMs: durationMs, rate: profile.sampleRate)
        case .coreHaptics:
            var length = FrameTiming.frame(patternMs: durationMs, rate: profile.sampleRate)
            for player in plan.players {
                let voices = PlayerVoices(plan: player, profile: profile, originFrame: 0, leadMs: FrameTiming.leadMs, firstOrder: 0)
                length = max(length, voices.endFrame)
            }
            return length
        }
    }
}
