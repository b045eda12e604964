import HapticCore
import HapticPlanner
import HapticPlayback
import HapticSynth

/// A pattern started on the device: its voices in the mixer, its audio track, its entries in
/// the timeline, and the frames it completes and falls quiet at.
final class Playback {
    let player: PatternPlayer
    /// The mixer's id of its voices.
    let mixerID: Int
    /// The frame of pattern time 0.
    let originFrame: Int64
    /// When the player completes: its pattern's duration, or its last voice or sound if later.
    let finishFrame: Int64
    /// When the device is quiet after it: the resonator's tail after its haptics, its last sound.
    let quietFrame: Int64
    let audio: AudioTrack?
    let hasHaptics: Bool
    /// Its voices' entries in the device's timeline.
    let timelineIndices: [Int]

    /// Starts `player`'s pattern at the device's current frame, with no lead (the lead of
    /// `hapsynth render` is the executor's, not Core Haptics').
    init(player: PatternPlayer, mixerID: Int, origin: Int64, device: EmulatedDevice) {
        self.player = player
        self.mixerID = mixerID
        originFrame = origin
        let pattern = player.pattern, engine = player.engine, profile = device.profile, rate = profile.sampleRate
        let placement = Placement(startFrame: origin, rate: rate)
        var voices: [TimelineVoice] = []
        var hapticEnd = origin
        let plan = engine.playsAudioOnlyNow ? nil : pattern.document.plan.players.first
        hasHaptics = plan != nil
        if let plan {
            hapticEnd = max(origin, device.placeHaptics(plan, id: mixerID, placement: placement, muted: player.isMutedNow || engine.mutesHaptics))
            for span in VoiceSpan.spans(of: plan, profile: profile, originFrame: placement.originFrame, leadMs: placement.leadMs) {
                let event = pattern.hapticEventIndices[span.event]
                voices.append(TimelineVoice(
                    player: player.name, event: event, kind: span.isTransient ? "hapticTransient" : "hapticContinuous",
                    startFrame: span.startFrame, endFrame: span.endFrame, intensity: Float(span.intensity), sharpness: Float(span.sharpness),
                    ended: pattern.cutEvents.contains(event) ? "cut30s" : "end"))
            }
        }
        let sound = pattern.document.audio
        if device.settings.supportsAudio, !engine.playsHapticsOnlyNow, !sound.events.isEmpty {
            let track = AudioTrack(sound, profile: profile, options: pattern.soundOptions(resources: device.resources),
                                   originFrame: placement.originFrame, leadMs: placement.leadMs, firstFrame: origin)
            for warning in track.warnings {
                device.record(object: player.name, call: "audio", args: [("entry", "\(warning.entry)")], result: "silent", rule: warning.message)
            }
            for span in track.eventSpans {
                let event = sound.events[span.event]
                voices.append(TimelineVoice(
                    player: player.name, event: pattern.audioEventIndices[span.event], kind: event.kind == .custom ? "audioCustom" : "audioContinuous",
                    startFrame: span.startFrame, endFrame: span.endFrame,
                    intensity: min(max(event.volume * sound.control(.volume, atUs: event.startUs), 0), 1),
                    sharpness: min(max(event.brightness + sound.control(.brightness, atUs: event.startUs), 0), 1), ended: "end"))
            }
            audio = track
        } else {
            audio = nil
        }
        voices.sort { ($0.startFrame, $0.event) < ($1.startFrame, $1.event) }
        timelineIndices = device.addToTimeline(voices)
        let durationFrames = Int64((pattern.duration * Double(rate)).rounded(.toNearestOrAwayFromZero))
        let audioEnd = max(origin, audio?.frameCount ?? origin)
        finishFrame = max(FrameTiming.adding(origin, durationFrames), hapticEnd, audioEnd)
        // As `hapsynth render` counts it: the logical duration or the last voice, then the
        // resonator's tail; the audio to its last sound.
        var quiet = max(finishFrame, audioEnd)
        if let plan = pattern.document.plan.players.first, hasHaptics, !plan.events.isEmpty {
            let logicalMs = pattern.document.plan.diagnostics.logicalDurationMs
            let logical = FrameTiming.adding(placement.originFrame, FrameTiming.frame(atMs: logicalMs + placement.leadMs, rate: rate))
            quiet = max(quiet, FrameTiming.adding(max(logical, hapticEnd), device.resonatorTailFrames))
        }
        quietFrame = quiet
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
