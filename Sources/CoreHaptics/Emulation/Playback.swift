import HapticCore
import HapticPlanner
import HapticPlayback
import HapticSynth

/// One segment of a player's run on the device: its pattern from an offset, at a rate, from a
/// frame — the whole pattern from frame F at rate 1 for a plain start; a resume, a seek, a loop or
/// a new rate starts another. Its voices are in the mixer, its audio track in the device's sum,
/// its entries in the timeline.
final class Playback {
    let player: PatternPlayer
    /// The mixer's id of its voices.
    let mixerID: Int
    /// The device frame it starts at, and the pattern time there (µs of the pattern as written).
    let startFrame: Int64
    let offsetUs: Int64
    /// Pattern seconds per second.
    let rate: Double
    /// Where the pattern is placed: pattern time 0 at `placement.originFrame` + lead.
    let placement: Placement
    /// When the run completes (its pattern's duration, or its last voice or sound if later);
    /// nil while it loops.
    let finishFrame: Int64?
    /// When it loops back to the start, while it loops.
    let loopFrame: Int64?
    /// When the device is quiet after it: the resonator's tail after its haptics, its last sound.
    var quietFrame: Int64
    let audio: AudioTrack?
    /// The pattern's audio as placed (its times scaled by the rate).
    let sound: AHAPAudio
    let hasHaptics: Bool
    /// Its voices' entries in the device's timeline.
    let timelineIndices: [Int]

    /// Starts `player`'s pattern at `offsetUs` and `rate` at the device's current frame. At rate 1
    /// from 0 it is placed as `hapsynth render` places a pattern, so the two are the same samples.
    init(player: PatternPlayer, mixerID: Int, offsetUs: Int64, rate: Double, loopEndUs: Int64?, device: EmulatedDevice) {
        self.player = player
        self.mixerID = mixerID
        let origin = device.frame, pattern = player.pattern, engine = player.engine, profile = device.profile, sampleRate = profile.sampleRate
        (startFrame, self.offsetUs, self.rate) = (origin, offsetUs, rate)
        /// Frames of `us` of the pattern as written, at this rate.
        func frames(_ us: Int64) -> Int64 { FrameTiming.frame(atUs: PlaybackRate.scaled(max(0, us), rate), rate: sampleRate) }
        placement = Placement(startFrame: origin - frames(offsetUs), rate: sampleRate)
        var voices: [TimelineVoice] = []
        var hapticEnd = origin
        let plan = engine.playsAudioOnlyNow ? nil : pattern.document.plan.players.first.map { $0.scaled(by: rate) }
        hasHaptics = plan != nil
        if let plan {
            hapticEnd = max(origin, device.placeHaptics(plan, id: mixerID, placement: placement, firstFrame: origin,
                                                        muted: player.isMutedNow || engine.mutesHaptics))
            voices += device.hapticVoices(mixerID: mixerID, player: player, from: origin)
        }
        let sound = pattern.document.audio.scaled(by: rate)
        self.sound = sound
        if device.settings.supportsAudio, !engine.playsHapticsOnlyNow, !sound.events.isEmpty {
            let track = AudioTrack(sound, profile: profile, options: pattern.soundOptions(resources: device.resources),
                                   originFrame: placement.originFrame, leadMs: placement.leadMs, firstFrame: origin)
            for warning in track.warnings {
                device.record(object: player.name, call: "audio", args: [("entry", "\(warning.entry)")], result: "silent", rule: warning.message)
            }
            for span in track.eventSpans where span.endFrame > origin {
                let event = sound.events[span.event], levels = Self.audioLevels(event, control: track.control)
                voices.append(TimelineVoice(
                    player: player.name, event: pattern.audioEventIndices[span.event], kind: event.kind == .custom ? "audioCustom" : "audioContinuous",
                    startFrame: max(origin, span.startFrame), endFrame: span.endFrame,
                    intensity: levels.intensity, sharpness: levels.sharpness, ended: "end"))
            }
            audio = track
        } else {
            audio = nil
        }
        voices.sort { ($0.startFrame, $0.event) < ($1.startFrame, $1.event) }
        let durationUs = EngineClock.microseconds(pattern.duration)
        let audioEnd = max(origin, audio?.frameCount ?? origin)
        if let loopEndUs {
            loopFrame = max(origin + 1, FrameTiming.adding(origin, frames(loopEndUs) - frames(offsetUs)))
            finishFrame = nil
        } else {
            loopFrame = nil
            finishFrame = max(FrameTiming.adding(origin, max(0, frames(durationUs) - frames(offsetUs))), hapticEnd, audioEnd)
        }
        // As `hapsynth render` counts it: the logical duration or the last voice, then the
        // resonator's tail; the audio to its last sound.
        var quiet = max(finishFrame ?? origin, audioEnd)
        if let plan, !plan.events.isEmpty {
            let logicalUs = pattern.document.plan.diagnostics.logicalDurationMs * 1_000
            quiet = max(quiet, FrameTiming.adding(max(FrameTiming.adding(origin, max(0, frames(logicalUs) - frames(offsetUs))), hapticEnd),
                                                  device.resonatorTailFrames))
        }
        quietFrame = quiet
        timelineIndices = device.addToTimeline(voices)
    }

    /// The pattern time (µs of the pattern as written) at device frame `frame`.
    func patternUs(at frame: Int64, sampleRate: Int) -> Int64 {
        FrameTiming.addingUs(offsetUs, EngineClock.microseconds(Double(frame - startFrame) / Double(sampleRate) * rate))
    }
}

/// Where a pattern started at `startFrame` is placed: pattern time 0 at that frame, written as
/// `hapsynth render` writes it — 10 ms of lead after a frame 10 ms earlier — so that every time
/// the synthesizer computes from frames is the render's, bit for bit. At a rate where 10 ms is
/// not a whole number of frames, with no lead.
struct Placement {
    let originFrame: Int64
    let leadMs: Int64

    init(startFrame: Int64, rate: Int) {
        let leadMs = CoreHapticsRules.schedulingLeadMs
        let exact = (leadMs * Int64(rate)) % 1000 == 0
        self.leadMs = exact ? leadMs : 0
        originFrame = startFrame - (exact ? leadMs * Int64(rate) / 1000 : 0)
    }
}

extension Playback {
    /// An audio voice's effective volume and brightness at its onset under the controls in force
    /// now (the pattern's and those sent since it started), clamped into 0…1; nil when `event`
    /// (its index among the pattern's events) is not one of its sounds.
    func audioLevels(ofEvent event: Int) -> (intensity: Float, sharpness: Float)? {
        guard let audio, let index = player.pattern.audioEventIndices.firstIndex(of: event), index < sound.events.count else { return nil }
        return Self.audioLevels(sound.events[index], control: audio.control)
    }

    /// A sound's volume × the volume control and brightness + the brightness control at its
    /// onset, each clamped into 0…1, under `control` (a track's controls).
    static func audioLevels(_ event: AHAPAudioEvent, control: (AHAPAudioCurve.Parameter, Int64) -> Float) -> (intensity: Float, sharpness: Float) {
        (min(max(event.volume * control(.volume, event.startUs), 0), 1), min(max(event.brightness + control(.brightness, event.startUs), 0), 1))
    }
}
