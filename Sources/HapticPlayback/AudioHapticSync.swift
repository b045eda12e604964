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
    }

    /// How far apart counts, in ms.
    public let thresholdMs: Double
    public let transients: [Transient]

    /// The audio onsets of a track: PERCEPTION.md's detector D(−50 dBFS, 15 dB, 10, 30) on the mean of its channels.
    public static let audioOnsets = OnsetDetector(floorDb: -50, jumpDb: 15, lookHops: 10, refractoryHops: 30)

    /// Pairs each transient of `plan` with `track`'s onsets (frames on the haptic grid, the
    /// 10 ms lead taken off to give pattern time).
    public init(plan: PlaybackPlan, track: AudioTrack, thresholdMs: Double = 24) {
        let mono = zip(track.left, track.right).map { ($0 + $1) / 2 }
        let leadMs = Double(FrameTiming.leadMs)
        let onsets = Self.audioOnsets.onsets(in: mono, sampleRate: track.sampleRate).map { Double($0) * 1000 / Double(track.sampleRate) - leadMs }
        let times = plan.players.flatMap { $0.events.filter { $0.kind == .transient }.map { Double($0.startUs) / 1000 } }.sorted()
        self.thresholdMs = thresholdMs
        transients = times.enumerated().map { index, time in
            let nearest = onsets.filter { abs($0 - time) <= 100 }.min { abs($0 - time) < abs($1 - time) }
            let offset = nearest.map { $0 - time }
            return Transient(index: index, timeMs: time, audioOnsetMs: nearest, offsetMs: offset, flagged: offset.map { abs($0) > thresholdMs } ?? true)
        }
    }

    /// `{"thresholdMs": 24, "transients": [{"index", "timeMs", "audioOnsetMs", "offsetMs", "flagged"}]}`.
    package var json: JSONOutput {
        func number(_ value: Double?) -> JSONOutput { value.map { .double($0) } ?? .null }
        return .object([
            ("thresholdMs", .double(thresholdMs)),
            ("transients", .array(transients.map { transient in
                .object([("index", .integer(Int64(transient.index))), ("timeMs", .double(transient.timeMs)),
                         ("audioOnsetMs", number(transient.audioOnsetMs)), ("offsetMs", number(transient.offsetMs)),
                         ("flagged", .bool(transient.flagged))])
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
        } + ["sync: \(flagged.count) of \(NumberText.count(transients.count, "transient")) beyond \(NumberText.significant(thresholdMs)) ms"]
    }
}
