import AudioCore
import HapticPlanner
import HapticSynth

/// The emulated device as a render job's frame source: the executor's session of the iOS haptics
/// (when they render) and an AHAP file's sounds (when they play), begun together at frame 0 with
/// the executor's placement, so that `render` and `play` make their frames by the path an app's
/// Core Haptics takes. Pulled a block at a time, the callbacks delivered between pulls.
final class DeviceLane {
    /// A block of each audio channel.
    typealias Channels = (left: UnsafeMutableBufferPointer<Float>, right: UnsafeMutableBufferPointer<Float>)

    let device: EmulatedDevice
    /// The executor's session (nil: only the sounds render).
    let playback: EnginePlayback?
    /// The sounds' segment while it plays.
    private let sounds: DeviceSegment?
    private let soundsOwner = PlainSegmentOwner()
    /// The frame the haptics ended at (the session and the resonator's tail; the sounds may play
    /// on): silence after.
    private var hapticsEndFrame: Int64?
    /// Whether the haptics have ended, or never played.
    private var hapticsEnded: Bool { playback == nil || hapticsEndFrame != nil }

    /// - Parameters:
    ///   - plan: the iOS haptics, when they render.
    ///   - track: the sounds, made for frame 0 with the executor's lead.
    ///   - threads: 3 or more let the mixer render its second lane on a thread of its own.
    init(_ plan: PlaybackPlan?, track: AudioTrack?, profile: ActuatorProfile, allowLong: Bool, threads: Int) throws {
        let device = EmulatedDevice(profile: profile, threads: threads > 2 ? 2 : 1), owner = soundsOwner
        self.device = device
        playback = try plan.map { try EnginePlayback($0, on: device, allowLong: allowLong) }
        sounds = track.map { track in device.withLock { device.beginSegment(owner, SegmentContent(track: track), placement: .executor(from: 0)) } }
    }

    /// The next `haptics.count` frames of the haptics, and of the sounds into `audio` when given
    /// (silence once each has ended).
    func render(into haptics: UnsafeMutableBufferPointer<Float>, audio: Channels?) {
        var filled = 0
        while filled < haptics.count {
            let rest = UnsafeMutableBufferPointer(rebasing: haptics[filled...])
            let restAudio = audio.map { (UnsafeMutableBufferPointer(rebasing: $0.left[filled...]), UnsafeMutableBufferPointer(rebasing: $0.right[filled...])) }
            var count = 0
            if !hapticsEnded, let playback, playback.isPlaying {
                count = playback.advance(into: rest, audio: restAudio)
            }
            if count == 0 {
                if !hapticsEnded { hapticsEndFrame = device.withLock { device.frame } }
                guard let sounds, device.withLock({ sounds.isPlaying }) else { break }
                count = device.pull(into: rest, audio: restAudio)
                for index in 0..<count { rest[index] = 0 }
                device.callbacks.drain()
            }
            filled += count
        }
        for index in filled..<haptics.count { haptics[index] = 0 }
        if let audio {
            for index in filled..<haptics.count { audio.left[index] = 0; audio.right[index] = 0 }
        }
    }

    /// Completes every running player with `error` (a sink failed), and delivers the callbacks.
    func fail(with error: any Error) { playback?.fail(with: error) }

    /// The haptics' own summary.
    func summary(plan: PlatformPlan) -> RenderSummary {
        let levels = device.mixerLevels
        return RenderSummary(frameCount: hapticsEndFrame ?? device.withLock { device.frame }, sampleRate: device.rate, playerCount: plan.ios?.players.count ?? 0,
                             peak: levels.peak, clampedSampleCount: levels.clamped, mixPeak: levels.mixPeak)
    }
}

/// An owner of segments that never mutes them and has nothing to do when they loop or end (a
/// render's sounds on the device).
final class PlainSegmentOwner: DeviceSegmentOwner {
    var segmentName: String { "audio" }
    var mutesHapticsNow: Bool { false }
    var mutesAudioNow: Bool { false }
    func segmentReachedLoop(_ segment: DeviceSegment) {}
    func segmentFinished(_ segment: DeviceSegment) {}
}
