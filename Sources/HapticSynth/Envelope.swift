import FoundationEssentials
import Glibc
import HapticPlanner

/// hapsynth's model of the Core Haptics envelope (AHAP `AttackTime`, `DecayTime`, `ReleaseTime`,
/// `Sustained` and the three time controls), as frame counts of one voice. Apple publishes no
/// mapping; this is the documented choice:
/// - each time is `ActuatorProfile.envelopeTimeMs(value + control)`, the control read at the
///   event's onset, then rounded half up to frames;
/// - the attack rises from silence by a raised cosine over the attack time from the voice's start;
/// - the release falls by the mirrored raised cosine over the release time before the voice's end;
/// - a non-sustained event decays exponentially after its attack, reaching −60 dB after the decay
///   time, and ends there (or at its own end, if that comes first); a sustained one holds its
///   level between attack and release.
/// A continuous event under the envelope model (it has an envelope parameter, or its player a
/// time control) uses these times, a missing value counting as 0, in place of the profile's
/// `rampMs` ramps. A transient's click is shaped only by what is given: `AttackTime`,
/// `ReleaseTime`, and a decay when `DecayTime` is given or `Sustained` is false.
package struct Envelope: Sendable {
    /// Frames of the raised-cosine rise from the voice's start (0: none).
    package let attackFrames: Int64
    /// Frames of the raised-cosine fall before the voice's end (0: none).
    package let releaseFrames: Int64
    /// Frames from the attack's end to −60 dB, for a decaying voice; nil: the level holds.
    package let decayFrames: Int64?

    package init(attackFrames: Int64, releaseFrames: Int64, decayFrames: Int64?) {
        self.attackFrames = attackFrames
        self.releaseFrames = releaseFrames
        self.decayFrames = decayFrames
    }

    /// The continuous model of `given` (no time controls), a missing time counting as 0: an
    /// AudioContinuous event's envelope (docs/audio.md); `attackAndReleaseOnly` drops the decay
    /// (an AudioCustom event's volume envelope).
    package init(continuous given: EventEnvelope, profile: ActuatorProfile, attackAndReleaseOnly: Bool = false) {
        func frames(_ value: Float?) -> Int64 {
            Int64((profile.envelopeTimeMs(Double(value ?? 0)) * Double(profile.sampleRate) / 1000).rounded(.toNearestOrAwayFromZero))
        }
        self.init(attackFrames: frames(given.attackTime), releaseFrames: frames(given.releaseTime),
                  decayFrames: !attackAndReleaseOnly && given.sustained == false ? frames(given.decayTime) : nil)
    }

    /// The envelope's gain at frame `index` of a voice of `length` frames.
    package func gain(at index: Int64, length: Int64) -> Double {
        var gain = 1.0
        if index < attackFrames { gain = Voice.ramp(index, attackFrames) }
        let fromEnd = length - 1 - index
        if fromEnd < releaseFrames { gain *= Voice.ramp(fromEnd, releaseFrames) }
        if let decayFrames, index >= attackFrames {
            // 10^(−3 j / D): −60 dB after D frames.
            gain *= decayFrames == 0 ? 0 : exp(-3 * M_LN10 * Double(index - attackFrames) / Double(decayFrames))
        }
        return gain
    }

    /// How many frames a voice of `length` frames lasts under this envelope: a decaying one ends
    /// at −60 dB if that comes first.
    package func length(of length: Int64) -> Int64 {
        guard let decayFrames else { return length }
        return max(1, min(length, attackFrames + decayFrames))
    }
}

/// The time controls of one player, read at each event's onset.
struct EnvelopeControls {
    var attack: ControlTrack
    var decay: ControlTrack
    var release: ControlTrack

    init(curves: [ParameterCurve]) {
        func track(_ parameter: ParameterCurve.Parameter) -> ControlTrack {
            ControlTrack(curves: curves.filter { $0.parameter == parameter }, valueBeforeFirst: 0)
        }
        attack = track(.attackTimeControl)
        decay = track(.decayTimeControl)
        release = track(.releaseTimeControl)
    }

    /// Whether the player has any time control.
    var isEmpty: Bool { attack.isEmpty && decay.isEmpty && release.isEmpty }

    /// The envelope of `event`, or nil when it keeps the plain ramps (continuous) or click
    /// (transient): it has no envelope parameter and the player no time control.
    func envelope(of event: NativeEvent, profile: ActuatorProfile) -> Envelope? {
        let given = event.envelope
        guard !given.isEmpty || !isEmpty else { return nil }
        let onsetMs = Microseconds.milliseconds(event.startUs)
        func frames(_ value: Float?, _ track: ControlTrack) -> Int64 {
            var cursor = ControlTrack.Cursor()
            let control = track.isEmpty ? 0 : track.value(atMs: onsetMs, cursor: &cursor)
            let timeMs = profile.envelopeTimeMs(Double(value ?? 0) + control)
            return Int64((timeMs * Double(profile.sampleRate) / 1000).rounded(.toNearestOrAwayFromZero))
        }
        if event.kind == .transient {
            let decays = given.decayTime != nil || given.sustained == false
            return Envelope(
                attackFrames: given.attackTime == nil ? 0 : frames(given.attackTime, attack),
                releaseFrames: given.releaseTime == nil ? 0 : frames(given.releaseTime, release),
                decayFrames: decays ? frames(given.decayTime, decay) : nil)
        }
        return Envelope(
            attackFrames: frames(given.attackTime, attack), releaseFrames: frames(given.releaseTime, release),
            decayFrames: given.sustained == false ? frames(given.decayTime, decay) : nil)
    }
}
