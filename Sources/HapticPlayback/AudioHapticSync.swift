import AudioCore
import HapticCore
import HapticPlanner
import HapticSynth

/// Whether an AHAP file's sounds land with its taps (docs/audio.md, "Sync"): each haptic transient
/// against the nearest audio onset within ±100 ms, flagged beyond the threshold (24 ms: the
/// asynchrony people notice between a tap and a sound; Adelstein et al., ICMI 2003).
public struct AudioHapticSync: Sendable, Hashable {
    /// One transient and the audio onset nearest it.
    public struct Transient: Sendable, Hashable {
        /// Its index among the plan's transients, in time order.
        public let index: Int
        /// Its planned onset, in pattern ms.
        public let timeMs: Double
        /// The nearest audio onset within ±100 ms, in pattern ms; nil when there is none.
        public let audioOnsetMs: Double?
        /// audio − haptic, in ms (+: the sound is late); nil without an onset.
        public let offsetMs: Double?
        /// Beyond the threshold, or no onset at all.
        public let flagged: Bool
        /// No sound could be paired because the one meant for it (an event within 100 ms whose
        /// file is missing or unusable) does not play: a missing file, not a sync problem.
        public var missingSound = false
    }

    /// How far apart counts, in ms.
    public let thresholdMs: Double
    public let transients: [Transient]
    /// How far into the pattern the track was measured, in ms, when not to its end; transients
    /// after it are not judged.
    public let judgedUntilMs: Double?
    /// Transients after `judgedUntilMs`.
    public let unjudged: Int

    /// The audio onsets of a track: the onset detector of docs/golden-tests.md with a floor of −50 dBFS, a rise of 15 dB over 10 hops and 30 hops between onsets, on the mean of its channels.
    public static let audioOnsets = OnsetDetector(floorDb: -50, jumpDb: 15, lookHops: 10, refractoryHops: 30)

    /// Pairs each transient of `plan` with the audio onsets found in its track (frames on the
    /// haptic grid at `sampleRate`, the 10 ms lead taken off to give pattern time). Transients
    /// after `judgedUntilMs` (where the track was measured to) are left out.
    /// - Parameter silentSoundsMs: when audio events that cannot play start (pattern ms): a
    ///   transient with no onset near it and one of these within 100 ms is marked `missingSound`.
    public init(
        plan: PlaybackPlan, audioOnsetFrames: [Int], sampleRate: Int, thresholdMs: Double = 24, judgedUntilMs: Double = .infinity,
        silentSoundsMs: [Double] = []
    ) {
        let leadMs = Double(FrameTiming.leadMs)
        let onsets = audioOnsetFrames.map { Double($0) * 1000 / Double(sampleRate) - leadMs }
        let times = Self.transientTimesMs(plan).filter { $0 <= judgedUntilMs }
        self.thresholdMs = thresholdMs
        self.judgedUntilMs = judgedUntilMs.isFinite ? judgedUntilMs : nil
        unjudged = Self.transientTimesMs(plan).count - times.count
        transients = times.enumerated().map { index, time in
            let nearest = onsets.filter { abs($0 - time) <= 100 }.min { abs($0 - time) < abs($1 - time) }
            let offset = nearest.map { $0 - time }
            if nearest == nil, silentSoundsMs.contains(where: { abs($0 - time) <= 100 }) {
                var missing = Transient(index: index, timeMs: time, audioOnsetMs: nil, offsetMs: nil, flagged: false)
                missing.missingSound = true
                return missing
            }
            return Transient(index: index, timeMs: time, audioOnsetMs: nearest, offsetMs: offset, flagged: offset.map { abs($0) > thresholdMs } ?? true)
        }
    }

    /// The planned onsets of `plan`'s transients, in pattern ms, in time order.
    static func transientTimesMs(_ plan: PlaybackPlan) -> [Double] {
        plan.players.flatMap { $0.events.filter { $0.kind == .transient }.map { Double($0.startUs) / 1000 } }.sorted()
    }

    /// The frame of `plan`'s track up to which onsets must be found to pair its last transient:
    /// 100 ms after it, and the detector's own latency (nil without transients).
    public static func framesNeeded(_ plan: PlaybackPlan, sampleRate: Int) -> Int64? {
        guard let last = transientTimesMs(plan).last else { return nil }
        let ms = last + 100 + Double(FrameTiming.leadMs)
        return Int64((ms * Double(sampleRate) / 1000).rounded(.up)) + Int64(audioOnsets.latencyFrames(sampleRate: sampleRate))
    }

    /// `{"thresholdMs": 24, "transients": [{"index", "timeMs", "audioOnsetMs", "offsetMs", "flagged"}]}`.
    package var json: JSONOutput {
        func number(_ value: Double?) -> JSONOutput { value.map { .double($0) } ?? .null }
        return .object([
            ("thresholdMs", .double(thresholdMs)),
        ] + (judgedUntilMs.map { [("judgedUntilMs", .double($0)), ("unjudged", .integer(Int64(unjudged)))] } ?? []) + [
            ("transients", .array(transients.map { transient in
                .object([("index", .integer(Int64(transient.index))), ("timeMs", .double(transient.timeMs)),
                         ("audioOnsetMs", number(transient.audioOnsetMs)), ("offsetMs", number(transient.offsetMs)),
                         ("flagged", .bool(transient.flagged))] + (transient.missingSound ? [("sound", .string("missing file"))] : []))
            })),
        ])
    }

    /// One line per flagged transient and a count: `transient 2 at 100 ms: sound +30.0 ms late`.
    public var text: [String] {
        let flagged = transients.filter(\.flagged)
        return flagged.map { transient in
            let time = NumberText.significant(transient.timeMs)
            guard let offset = transient.offsetMs else { return "sync: transient \(transient.index) at \(time) ms: no sound within 100 ms" }
            return "sync: transient \(transient.index) at \(time) ms: sound \(offset >= 0 ? "+" : "")\(NumberText.fixed(offset, 1)) ms \(offset >= 0 ? "late" : "early")"
        } + transients.filter(\.missingSound).map { "sync: transient \($0.index) at \(NumberText.significant($0.timeMs)) ms: no sound (missing file)" }
            + ["sync: \(flagged.count) of \(NumberText.count(transients.count, "transient")) beyond \(NumberText.significant(thresholdMs)) ms"]
            + (unjudged > 0 ? ["sync: \(NumberText.count(unjudged, "transient")) after \(NumberText.significant((judgedUntilMs ?? 0) / 1000)) s not judged"] : [])
    }
}

extension AudioHapticSync {
    /// When the track's sounds that cannot play (a missing or unusable file) start, in pattern ms.
    public static func silentSoundsMs(_ track: AudioTrack) -> [Double] {
        track.sources.filter { $0.problem != nil }.map { Double($0.event.startUs) / 1000 }
    }

    /// How much of a track `measure` listens to at most when it is bounded, in seconds.
    public static let boundSeconds = 600

    /// Measures `track` against `plan`'s transients without keeping it: the track is rendered a
    /// block at a time into the onset detector, as far as the last transient needs (and, given
    /// `boundSeconds`, no further: later transients are not judged).
    /// - Throws: `RenderLengthError` when the track is refused by the length guard.
    public static func measure(
        _ plan: PlaybackPlan, track: AudioTrack, profile: ActuatorProfile, thresholdMs: Double = 24, boundSeconds: Int? = nil
    ) throws -> AudioHapticSync {
        let rate = profile.sampleRate
        let onsets = OnsetOutput(audioOnsets, sampleRate: rate)
        let job = try RenderJob(.ios(plan), audio: track, profile: profile, sinks: [RenderSink(.audioMean, onsets)])
        let needed = framesNeeded(plan, sampleRate: rate) ?? 0
        let bound = boundSeconds.map { Int64($0) * Int64(rate) } ?? .max
        let frames = min(needed, bound, job.frameCount)
        while job.position < frames { try job.step(maxFrames: Int(min(4_096, frames - job.position))) }
        try onsets.finish()
        // A transient is judged when the 100 ms after it, and the detector's latency, were measured.
        let latencyMs = Double(audioOnsets.latencyFrames(sampleRate: rate)) * 1000 / Double(rate)
        let judgedUntilMs = needed > bound ? Double(bound) * 1000 / Double(rate) - Double(FrameTiming.leadMs) - 100 - latencyMs : .infinity
        return AudioHapticSync(plan: plan, audioOnsetFrames: onsets.onsets, sampleRate: rate, thresholdMs: thresholdMs, judgedUntilMs: judgedUntilMs,
                               silentSoundsMs: silentSoundsMs(track))
    }
}
