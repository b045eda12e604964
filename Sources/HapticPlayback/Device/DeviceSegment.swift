import HapticCore
import HapticPlanner
import HapticSynth

/// What a segment plays: a player's haptics, an AHAP pattern's audio, and where each of their
/// events sits among the pattern's events (for the timeline).
package struct SegmentContent {
    /// The haptics (nil: none, as for an engine that plays audio only).
    package var haptics: PlayerPlan?
    /// The sounds (empty: none) and where their files are found.
    package var sound: AHAPAudio
    package var soundOptions: AudioTrackOptions
    /// The track the sounds play as, when it was made beforehand (a render's, whose length and
    /// warnings were known before it began); nil: the segment makes one.
    package var track: AudioTrack?
    /// For each event of `haptics` and each of `sound.events`, its index among the pattern's events.
    package var hapticEventIndices: [Int]
    package var audioEventIndices: [Int]
    /// The events cut at 30 s.
    package var cutEvents: Set<Int>
    /// The pattern's duration and its logical duration (the haptics' end as `hapsynth render`
    /// counts it), in µs; a segment completes no sooner than its duration.
    package var durationUs: Int64
    package var logicalDurationUs: Int64

    /// An AHAP pattern's content: its haptics unless `hapticsOff`, its sounds unless `audioOff`.
    package init(_ document: AHAPDocument, durationUs: Int64, soundOptions: AudioTrackOptions, hapticsOff: Bool, audioOff: Bool) {
        haptics = hapticsOff ? nil : document.plan.players.first
        sound = audioOff ? AHAPAudio() : document.audio
        self.soundOptions = soundOptions
        (hapticEventIndices, audioEventIndices, cutEvents) = (document.layout.hapticEventIndices, document.layout.audioEventIndices,
                                                              document.layout.cutEvents)
        self.durationUs = durationUs
        logicalDurationUs = document.plan.diagnostics.logicalDurationMs * 1_000
    }

    /// Sounds alone (a player's own file): the segment lasts `durationUs` at least, so a device
    /// without audio still plays it for its length, silently.
    package init(sound: AHAPAudio, options: AudioTrackOptions, durationUs: Int64) {
        haptics = nil
        self.sound = sound
        soundOptions = options
        (hapticEventIndices, audioEventIndices, cutEvents) = ([], Array(sound.events.indices), [])
        (self.durationUs, logicalDurationUs) = (durationUs, 0)
    }

    /// A track made beforehand (`hapsynth render`'s and `play`'s AHAP sounds): begun at the frame
    /// and with the placement it was made for, it completes at its last sound.
    package init(track: AudioTrack) {
        self.init(sound: track.audio, options: AudioTrackOptions(), durationUs: 0)
        self.track = track
    }

    /// One planned player's haptics alone: it completes when its last voice ends.
    package init(_ player: PlayerPlan) {
        haptics = player
        sound = AHAPAudio()
        soundOptions = AudioTrackOptions()
        (hapticEventIndices, audioEventIndices, cutEvents) = (Array(player.events.indices), [], [])
        (durationUs, logicalDurationUs) = (0, 0)
    }
}

/// One segment of a run on the device: content from an offset, at a rate, from a frame — the
/// whole pattern from frame F at rate 1 for a plain start; a resume, a seek, a loop or a new rate
/// starts another. Its voices are in the mixer, its audio track in the device's sum, its entries
/// in the timeline.
package final class DeviceSegment {
    package private(set) weak var owner: DeviceSegmentOwner?
    let content: SegmentContent
    /// The mixer's id of its voices.
    let id: Int
    /// `player#3`, in the timeline.
    let name: String
    /// The device frame it starts at, and the pattern time there (µs of the pattern as written).
    package let startFrame: Int64
    let offsetUs: Int64
    /// Pattern seconds per second.
    let rate: Double
    /// Where it is placed: pattern time 0 at `placement.originFrame` + lead.
    let placement: Placement
    /// When it completes (its pattern's duration, or its last voice or sound if later); nil while
    /// it loops.
    package let finishFrame: Int64?
    /// When it loops back to the start, while it loops.
    let loopFrame: Int64?
    /// When the device is quiet after it: the resonator's tail after its haptics, its last sound.
    let quietFrame: Int64
    let audio: AudioTrack?
    /// Its sounds as placed (their times scaled by the rate).
    let sound: AHAPAudio
    let hasHaptics: Bool
    /// Its voices' entries in the device's timeline.
    let timelineIndices: [Int]
    /// Whether it is on the device (false once ended, paused, looped or complete).
    package internal(set) var isPlaying = true

    /// Starts `content` at `offsetUs` and `rate` at the device's current frame. With no
    /// `placement`, at rate 1 from 0 it is placed as `hapsynth render` places a pattern, so the
    /// two are the same samples.
    init(owner: DeviceSegmentOwner, content: SegmentContent, id: Int, offsetUs: Int64, rate: Double, loopEndUs: Int64?, placement: Placement?,
         device: EmulatedDevice) {
        (self.owner, self.content, self.id, name) = (owner, content, id, owner.segmentName)
        let origin = device.frame, sampleRate = device.rate
        (startFrame, self.offsetUs, self.rate) = (origin, offsetUs, rate)
        /// Frames of `us` of the pattern as written, at this rate.
        func frames(_ us: Int64) -> Int64 { FrameTiming.frame(atUs: PlaybackRate.scaled(max(0, us), rate), rate: sampleRate) }
        self.placement = placement ?? Placement(startFrame: origin - frames(offsetUs), rate: sampleRate)
        var voices: [TimelineVoice] = []
        var hapticEnd = origin
        let plan = content.haptics.map { $0.scaled(by: rate) }
        hasHaptics = plan != nil
        if let plan {
            hapticEnd = max(origin, device.placeHaptics(plan, id: id, placement: self.placement, firstFrame: origin, muted: owner.mutesHapticsNow))
            if device.recordsTimeline { voices += device.hapticVoices(id: id, content: content, name: name, from: origin) }
        }
        let sound = content.sound.scaled(by: rate)
        self.sound = sound
        if device.playsAudio, !sound.events.isEmpty {
            assert(content.track.map { $0.position == origin && rate == 1 } ?? true, "a track made beforehand begins where it was placed")
            let track = content.track ?? AudioTrack(sound, profile: device.profile, options: content.soundOptions, placement: self.placement,
                                                    firstFrame: origin)
            for warning in track.warnings {
                device.record(object: name, call: "audio", args: [("entry", "\(warning.entry)")], result: "silent", rule: warning.message)
            }
            for span in track.eventSpans where span.endFrame > origin {
                let event = sound.events[span.event], levels = Self.audioLevels(event, control: track.control)
                voices.append(TimelineVoice(
                    player: name, event: content.audioEventIndices[span.event], kind: event.kind == .custom ? "audioCustom" : "audioContinuous",
                    startFrame: max(origin, span.startFrame), endFrame: span.endFrame,
                    intensity: levels.intensity, sharpness: levels.sharpness, ended: "end"))
            }
            audio = track
        } else {
            audio = nil
        }
        voices.sort { ($0.startFrame, $0.event) < ($1.startFrame, $1.event) }
        let audioEnd = max(origin, audio?.frameCount ?? origin)
        if let loopEndUs {
            loopFrame = max(origin + 1, FrameTiming.adding(origin, frames(loopEndUs) - frames(offsetUs)))
            finishFrame = nil
        } else {
            loopFrame = nil
            finishFrame = max(FrameTiming.adding(origin, max(0, frames(content.durationUs) - frames(offsetUs))), hapticEnd, audioEnd)
        }
        // As `hapsynth render` counts it: the logical duration or the last voice, then the
        // resonator's tail; the audio to its last sound.
        var quiet = max(finishFrame ?? origin, audioEnd)
        if let plan, !plan.events.isEmpty {
            quiet = max(quiet, FrameTiming.adding(max(FrameTiming.adding(origin, max(0, frames(content.logicalDurationUs) - frames(offsetUs))), hapticEnd),
                                                  device.tailFrames))
        }
        quietFrame = quiet
        timelineIndices = device.addToTimeline(voices)
    }

    /// The pattern time (µs of the pattern as written) at device frame `frame`.
    package func patternUs(at frame: Int64, sampleRate: Int) -> Int64 {
        FrameTiming.addingUs(offsetUs, EngineClock.microseconds(Double(frame - startFrame) / Double(sampleRate) * rate))
    }
}

/// Where a segment is placed: pattern time 0 `leadMs` after `originFrame`.
package struct Placement {
    let originFrame: Int64
    let leadMs: Int64

    /// Pattern time 0 `leadMs` after `originFrame` (the executor's start: its lead from now).
    package init(originFrame: Int64, leadMs: Int64) {
        (self.originFrame, self.leadMs) = (originFrame, leadMs)
    }

    /// The executor's: pattern time 0 Core Haptics' scheduling lead after `originFrame` (a
    /// render's players and its AHAP sounds from frame 0).
    package static func executor(from originFrame: Int64) -> Placement {
        Placement(originFrame: originFrame, leadMs: CoreHapticsRules.schedulingLeadMs)
    }

    /// Pattern time 0 at `startFrame`, written as `hapsynth render` writes it — 10 ms of lead
    /// after a frame 10 ms earlier — so that every time the synthesizer computes from frames is
    /// the render's, bit for bit. At a rate where 10 ms is not a whole number of frames, with no lead.
    init(startFrame: Int64, rate: Int) {
        let leadMs = CoreHapticsRules.schedulingLeadMs
        let exact = (leadMs * Int64(rate)) % 1000 == 0
        self.leadMs = exact ? leadMs : 0
        originFrame = startFrame - (exact ? leadMs * Int64(rate) / 1000 : 0)
    }
}

extension DeviceSegment {
    /// An audio voice's effective volume and brightness at its onset under the controls in force
    /// now (the pattern's and those sent since it started), clamped into 0…1; nil when `event`
    /// (its index among the pattern's events) is not one of its sounds.
    func audioLevels(ofEvent event: Int) -> (intensity: Float, sharpness: Float)? {
        guard let audio, let index = content.audioEventIndices.firstIndex(of: event), index < sound.events.count else { return nil }
        return Self.audioLevels(sound.events[index], control: audio.control)
    }

    /// A sound's volume × the volume control and brightness + the brightness control at its
    /// onset, each clamped into 0…1, under `control` (a track's controls).
    static func audioLevels(_ event: AHAPAudioEvent, control: (AHAPAudioCurve.Parameter, Int64) -> Float) -> (intensity: Float, sharpness: Float) {
        (min(max(event.volume * control(.volume, event.startUs), 0), 1), min(max(event.brightness + control(.brightness, event.startUs), 0), 1))
    }
}
