import HapticPlanner

/// Transients that a profile renders with too few frames per cycle to sound like the click they
/// are (at 8 kHz and 4 kHz, two cycles take 4 frames, all of them zero crossings: silence).
package enum TransientResolution {
    /// Fewer frames per cycle than this and a click is aliased or silent.
    package static let minimumFramesPerCycle = 8.0

    /// How many transients of the plan play with fewer than `minimumFramesPerCycle` frames per
    /// cycle, and the highest such frequency in Hz; nil when there are none.
    package static func coarse(in plan: PlaybackPlan, profile: ActuatorProfile) -> (count: Int, highestHz: Double)? {
        let limitHz = Double(profile.sampleRate) / minimumFramesPerCycle
        var count = 0, highestHz = 0.0
        for player in plan.players {
            for event in player.events where event.kind == .transient {
                let frequencyHz = profile.frequencyHz(sharpness: Double(event.sharpness))
                guard frequencyHz > limitHz else { continue }
                count += 1
                highestHz = max(highestHz, frequencyHz)
            }
        }
        return count > 0 ? (count, highestHz) : nil
    }

    /// The warning for `coarse`, if any.
    package static func warning(in plan: PlaybackPlan, profile: ActuatorProfile) -> RenderWarning? {
        coarse(in: plan, profile: profile).map { .coarseTransients(count: $0.count, highestHz: $0.highestHz, rate: profile.sampleRate) }
    }
}
