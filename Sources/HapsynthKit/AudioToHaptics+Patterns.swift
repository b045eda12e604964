import HapticCore
import HapticPlanner

/// The pattern files from-audio writes (docs/from-audio.md, "Pattern files"): an AHAP file and a
/// pattern.json that lint clean on both platforms. Core Haptics takes the AHAP's curves in pieces
/// of 16 points; Android's waveform (the Jindong executor's, at most 512 segments, each ramp cut
/// into 8 ms slices) cannot carry a ramped envelope past about 4 s, so a longer sound's amplitude
/// is written held in steps, as Meta's SDK samples and holds a clip on Android, at the finest step
/// that fits.
extension AudioToHaptics {
    /// A pattern file's text, with the step its amplitude is held in (nil when written as analysed).
    public struct PatternFile: Sendable, Hashable {
        public let text: String
        /// The step, in ms, the amplitude is held in so that Android plays it.
        public let stepMs: Int64?
        /// Whether Android cannot play it even held in steps (too many emphases for its segments).
        public let exceedsAndroid: Bool

        public init(text: String, stepMs: Int64? = nil, exceedsAndroid: Bool = false) {
            (self.text, self.stepMs, self.exceedsAndroid) = (text, stepMs, exceedsAndroid)
        }
    }

    /// The device whose waveform budget the pattern files are fitted to: lint's default Android
    /// device (every catalogue device's waveform path has the same budget).
    static let androidTarget = AndroidDevice.flagship
    /// The most segments an Android waveform carries.
    public static let androidSegments = AndroidLimits.maxWaveformSegments

    /// The AHAP file of a clip, as Core Haptics plays it on an iPhone (one player: its continuous
    /// envelope and its emphasis transients), its curves in pieces of 16 points; nil when it does
    /// not fit one file. Where an emphasis needs more of the intensity control than the ducked
    /// envelope gives, the control peaks for 1 ms either side of its onset (whole milliseconds, as
    /// Android's conversion of an AHAP file reads it), not 1 µs.
    public static func ahap(_ clip: HapticClip) -> PatternFile? {
        let fitted = fittedForAndroid(clip) { candidate in
            AHAPExport.onePlayer(candidate.coreHapticsPlan(capabilities: .iPhone).plan, peakUs: 1_000).map { AHAPExport.inPieces($0.plan) }
        } fits: { plan in
            AHAPOnAndroid.plan(plan, device: androidTarget).backend != .unsupported
        }
        guard let fitted, let file = AHAPExport.files(for: fitted.made).first else { return nil }
        return PatternFile(text: file + "\n", stepMs: fitted.stepMs, exceedsAndroid: fitted.exceeds)
    }

    /// The pattern.json of a clip: one continuous event over the clip (intensity 1, sharpness 0)
    /// whose curves are the envelopes (intensity = √amplitude, sharpness = √frequency: the inverse
    /// of the law `export --to haptic` writes clips with), each on whole milliseconds (points that
    /// fall on one millisecond merged, the later kept), and a transient at each emphasis. With
    /// `source`, a `description` says from-audio made it from that sound (`isOwnOutput`).
    public static func patternJSON(_ clip: HapticClip, name: String, source: String? = nil) -> PatternFile {
        let fitted = fittedForAndroid(clip) { candidate in
            let text = patternText(candidate, name: name, source: source)
            return (text: text, pattern: try? PatternReader.read(json: Array(text.utf8)).pattern)
        } fits: { made in
            made.pattern.map { planAndroid($0, device: androidTarget).backend != .unsupported } ?? false
        }
        // (Never nil: a text is made of any clip.)
        guard let fitted else { return PatternFile(text: patternText(clip, name: name, source: source)) }
        return PatternFile(text: fitted.made.text, stepMs: fitted.stepMs, exceedsAndroid: fitted.exceeds)
    }

    /// What `make` makes of the clip as written: as analysed when that `fits`, else with its
    /// amplitude held in the finest step (a multiple of 10 ms) that fits; as analysed, and said,
    /// when no step does. Nil when `make` makes nothing of the clip as analysed.
    static func fittedForAndroid<Made>(_ clip: HapticClip, make: (HapticClip) -> Made?, fits: (Made) -> Bool)
        -> (made: Made, stepMs: Int64?, exceeds: Bool)? {
        guard let whole = make(clip) else { return nil }
        if fits(whole) { return (whole, nil, false) }
        let endMs = max(1, Int64((Double(clip.endS) * 1000).rounded(.up)))
        let emphases = clip.amplitude.filter { $0.emphasis != nil }.count
        // A step is at least one segment and at most two (its hold and a 1 ms ramp), an emphasis
        // two more: the search starts at the finest step that could fit, 5 % coarser each time.
        let room = AndroidLimits.maxWaveformSegments - 2 - 2 * emphases
        guard room > 0 else { return (whole, nil, true) }
        var stepMs = max(10, (endMs / Int64(room) + 9) / 10 * 10)
        while stepMs < endMs {
            if let made = make(held(clip, stepMs: stepMs)), fits(made) { return (made, stepMs, false) }
            stepMs = (stepMs * 21 / 20 + 9) / 10 * 10
        }
        return (whole, nil, true)
    }

    /// The clip with its amplitude held in steps of `stepMs`: each step the largest value the
    /// envelope takes within it, reached by a 1 ms ramp at its start; each emphasis kept at its
    /// time, on the held envelope.
    static func held(_ clip: HapticClip, stepMs: Int64) -> HapticClip {
        let points = clip.amplitude.map { (Double($0.timeS), Double($0.amplitude)) }
        let end = Double(clip.endS), step = Double(stepMs) / 1000, ramp = 0.001
        var held: [(Double, Double)] = []
        var index = 0, start = 0.0
        while start < end {
            let stop = min(start + step, end)
            var value = max(ClipAgreement.value(points, at: start), ClipAgreement.value(points, at: stop))
            while index < points.count, points[index].0 <= stop {
                if points[index].0 >= start { value = max(value, points[index].1) }
                index += 1
            }
            if index > 0 { index -= 1 }
            if let last = held.last {
                if last.1 != value {
                    held.append((start - ramp, last.1))
                    held.append((start, value))
                }
            } else {
                held.append((0, value))
            }
            start = stop
        }
        held.append((end, held.last?.1 ?? 0))
        // Each emphasis on the held envelope, between points 1 ms either side: the iPhone's plan
        // lowers the envelope at an emphasis, which then stays within those 2 ms.
        // Emphases move to whole milliseconds, where Android's conversion samples the AHAP.
        let emphases = clip.amplitude.compactMap { point in
            point.emphasis.map { HapticClip.AmplitudePoint(timeS: Float((Double(point.timeS) * 1000).rounded() / 1000), amplitude: point.amplitude, emphasis: $0) }
        }
        for point in emphases {
            let time = Double(point.timeS)
            for neighbour in [time - ramp, time + ramp] where neighbour > 0 && neighbour < end && !held.contains(where: { abs($0.0 - neighbour) < ramp / 2 }) {
                let at = held.firstIndex { $0.0 > neighbour } ?? held.count
                held.insert((neighbour, ClipAgreement.value(held, at: neighbour)), at: at)
            }
        }
        var amplitude = held.map { HapticClip.AmplitudePoint(timeS: Float($0.0), amplitude: Float($0.1), emphasis: nil) }
        for point in emphases {
            guard let emphasis = point.emphasis else { continue }
            if let same = amplitude.firstIndex(where: { $0.timeS == point.timeS }) {
                amplitude[same] = HapticClip.AmplitudePoint(timeS: point.timeS, amplitude: amplitude[same].amplitude, emphasis: emphasis)
            } else {
                let value = Float(ClipAgreement.value(held, at: Double(point.timeS)))
                let at = amplitude.firstIndex { $0.timeS > point.timeS } ?? amplitude.count
                amplitude.insert(HapticClip.AmplitudePoint(timeS: point.timeS, amplitude: value, emphasis: emphasis), at: at)
            }
        }
        return HapticClip(amplitude: amplitude, frequency: clip.frequency, description: clip.description)
    }

    /// The pattern.json text of a clip (see `patternJSON`).
    static func patternText(_ clip: HapticClip, name: String, source: String?) -> String {
        let durationMs = max(1, Int64((Double(clip.endS) * 1000).rounded()))
        /// A curve on whole milliseconds from 0 to the duration, the later of two points on one ms kept.
        func curve(_ points: [(Float, Float)]) -> JSONOutput {
            var byMs: [(Int64, Float)] = []
            for (time, value) in points {
                let ms = min(durationMs, max(0, Int64((Double(time) * 1000).rounded())))
                if let last = byMs.last, last.0 == ms { byMs[byMs.count - 1].1 = value } else { byMs.append((ms, value)) }
            }
            if byMs.first?.0 != 0 { byMs.insert((0, byMs.first?.1 ?? 0), at: 0) }
            if byMs.last?.0 != durationMs { byMs.append((durationMs, byMs.last?.1 ?? 0)) }
            if byMs.count < 2 { byMs.append((durationMs, byMs[0].1)) }
            return .array(byMs.map { .array([.integer($0.0), .float(min(max($0.1, 0), 1).squareRoot())]) })
        }
        var events: [JSONOutput] = [.object([
            ("type", .string("continuous")), ("startMs", .integer(0)), ("durationMs", .integer(durationMs)), ("intensity", .integer(1)),
            ("sharpness", .integer(0)), ("intensityCurve", curve(clip.amplitude.map { ($0.timeS, $0.amplitude) })),
            ("sharpnessCurve", curve((clip.frequency ?? []).map { ($0.timeS, $0.frequency) })),
        ])]
        for point in clip.amplitude {
            guard let emphasis = point.emphasis else { continue }
            events.append(.object([
                ("type", .string("transient")), ("startMs", .integer(min(durationMs, Int64((Double(point.timeS) * 1000).rounded())))),
                ("intensity", .float(min(max(emphasis.amplitude, 0), 1).squareRoot())), ("sharpness", .float(min(max(emphasis.frequency, 0), 1).squareRoot())),
            ]))
        }
        let description = source.map { [("description", JSONOutput.string("\(madeBy) from \($0)"))] } ?? []
        return JSONOutput.object([("version", .integer(1)), ("name", .string(name))] + description + [("events", .array(events))]).pretty() + "\n"
    }
}
