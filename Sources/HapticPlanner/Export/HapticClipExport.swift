import HapticCore

/// A pattern (or an AHAP file, converted first) as a `.haptic` clip (docs/haptic.md "Export"):
/// overlapping continuous events merged by maximum intensity, the loudest giving the sharpness (as
/// the Android planner merges them); amplitude = intensity² and frequency = sharpness², the inverse
/// of the iPhone conversion, each piece of the merged timeline cut into whole-millisecond pieces
/// fine enough that the error stays within 1/256; a transient as an emphasis on a breakpoint.
public enum HapticClipExport {
    /// A clip written as JSON text, and what is worth saying about it.
    public struct Export: Sendable {
        public let text: String
        public let clip: HapticClip
        public let warnings: [String]
    }

    /// How long a clip lasts after its last emphasis, in ms (the SDKs play one emphasis as a 0.1 s clip).
    public static let emphasisTailMs: Int64 = 100

    /// A clip's metadata as exported: a clip read from a file keeps its own, as written (its
    /// `source` added when it has none); a clip made here says `editor` hapsynth and its source.
    static func metadata(_ clip: HapticClip, source: String) -> [(String, JSONOutput)] {
        guard !clip.metadata.isEmpty else {
            return [("editor", .string("hapsynth")), ("source", .string(source))] + (clip.description.map { [("description", JSONOutput.string($0))] } ?? [])
        }
        var members = clip.metadata.map { field -> (String, JSONOutput) in
            (field.key, field.tags.map { .array($0.map { .string($0) }) } ?? .string(field.text ?? ""))
        }
        if !clip.metadata.contains(where: { $0.key == "source" }) { members.append(("source", .string(source))) }
        return members
    }

    /// The clip of `loaded`; `source` names the input in its metadata.
    /// - Throws: `ExportError.silent` when the clip would last 0 s (no continuous event and no
    ///   transient).
    public static func export(_ loaded: LoadedPattern, source: String) throws(ExportError) -> Export {
        if let clip = loaded.clip { return Export(text: json(clip, source: source), clip: clip, warnings: []) }
        let pattern: Pattern
        if let own = loaded.pattern {
            pattern = own
        } else {
            do {
                pattern = try AHAPOnAndroid.convert(loaded.plan).pattern
            } catch {
                throw .unsupported("\(error)")
            }
        }
        return try export(pattern, source: source)
    }

    /// The clip of a pattern.
    public static func export(_ pattern: Pattern, source: String) throws(ExportError) -> Export {
        var warnings: [String] = []
        let continuous = pattern.events.filter { $0.kind == .continuous }.map(AndroidEvent.init)
        let segments: [AndroidSegment]
        do {
            segments = try AndroidMixing.mergeToSerial(continuous)
        } catch {
            throw .unsupported(error.reason)
        }
        if AndroidPlanner.overlaps(continuous) {
            warnings.append("overlapping events are merged by maximum intensity; the loudest gives the sharpness")
        }
        // Amplitude and frequency points along the merged timeline, squared, on whole milliseconds;
        // a gap holds amplitude 0 (frequency holds its value).
        var amplitude: [(ms: Int64, value: Float)] = [(0, 0)]
        var frequency: [(ms: Int64, value: Float)] = []
        var cut = false
        func add(_ ms: Int64, _ value: Float) {
            if let last = amplitude.last, last.ms == ms, last.value == value { return }
            if ms == 0, amplitude.count == 1 { amplitude = [(0, value)] } else { amplitude.append((ms, value)) }  // no jump at 0
        }
        for segment in segments {
            guard !segment.isGap else {
                if let last = amplitude.last, last.value != 0 { amplitude.append((segment.startMs, 0)) }
                continue
            }
            let pieces = { (from: Float, to: Float) -> Int64 in
                min(max(1, Int64((8 * abs(Double(to) - Double(from))).rounded(.up))), segment.durationMs)
            }
            let count = max(pieces(segment.intensity, segment.endIntensity), pieces(segment.sharpness, segment.endSharpness))
            cut = cut || count > 1
            for piece in 0...count {
                let ms = segment.startMs + segment.durationMs * piece / count
                let fraction = Double(ms - segment.startMs) / Double(segment.durationMs)
                let intensity = Double(segment.intensity) + (Double(segment.endIntensity) - Double(segment.intensity)) * fraction
                let sharpness = Double(segment.sharpness) + (Double(segment.endSharpness) - Double(segment.sharpness)) * fraction
                if piece == 0, let last = amplitude.last, last.ms < ms { amplitude.append((ms, last.value)) }  // held until here
                add(ms, Float(intensity * intensity))
                if frequency.last?.ms != ms || frequency.last?.value != Float(sharpness * sharpness) { frequency.append((ms, Float(sharpness * sharpness))) }
            }
        }
        // After the last event, nothing plays.
        if let last = amplitude.last, last.value != 0, last.ms < pattern.durationMs { amplitude.append((last.ms, 0)) }
        if cut { warnings.append("amplitude is intensity² and frequency sharpness²: curves are cut into whole-millisecond pieces (error at most 1/256)") }
        // Transients: an emphasis on a breakpoint at their millisecond, the strongest per millisecond.
        var strongest: [Int64: HapticEvent] = [:]
        var dropped = 0
        for event in pattern.events where event.kind == .transient && event.intensity.value > 0 {
            if let other = strongest[event.startMs] {
                dropped += 1
                if event.intensity.value <= other.intensity.value { continue }
            }
            strongest[event.startMs] = event
        }
        if dropped > 0 { warnings.append("\(dropped) transient\(dropped == 1 ? " is" : "s are") dropped: a stronger one plays in the same millisecond") }
        let lastEmphasisMs = strongest.keys.max()
        let durationMs = max(pattern.durationMs, lastEmphasisMs.map { $0 + emphasisTailMs } ?? 0)
        guard durationMs > 0 else { throw .silent }
        if let last = amplitude.last, last.ms < durationMs { amplitude.append((durationMs, last.value)) }
        if let last = frequency.last, last.ms < durationMs { frequency.append((durationMs, last.value)) }
        if let first = frequency.first, first.ms > 0 { frequency.insert((0, first.value), at: 0) }  // held from the start
        var points = amplitude.map { HapticClip.AmplitudePoint(timeS: Float(Double($0.ms) / 1000), amplitude: $0.value, emphasis: nil) }
        var pointMs = amplitude.map(\.ms)
        var raised = 0
        for ms in strongest.keys.sorted() {
            let event = strongest[ms]!
            let envelope = Self.value(at: ms, in: amplitude)
            let wanted = event.intensity.value * event.intensity.value
            if wanted < envelope { raised += 1 }
            let emphasis = HapticClip.Emphasis(amplitude: max(wanted, envelope), frequency: event.sharpness)
            if let index = pointMs.lastIndex(of: ms) {
                points[index] = HapticClip.AmplitudePoint(timeS: points[index].timeS, amplitude: points[index].amplitude, emphasis: emphasis)
            } else {
                let index = pointMs.firstIndex { $0 > ms } ?? pointMs.count
                points.insert(HapticClip.AmplitudePoint(timeS: Float(Double(ms) / 1000), amplitude: envelope, emphasis: emphasis), at: index)
                pointMs.insert(ms, at: index)
            }
        }
        if raised > 0 { warnings.append("\(raised) transient\(raised == 1 ? " is" : "s are") raised to the envelope under \(raised == 1 ? "it" : "them"): an emphasis is never below its breakpoint") }
        if !strongest.isEmpty { warnings.append("on iPhone, Meta's SDK lowers the envelope to 80 % at each emphasis") }
        warnings.append("on Android, Meta's renderer plays amplitude linearly, not as intensity²")
        let clip = HapticClip(version: (1, 0, 0), description: nil, amplitude: points, frequency: frequency.isEmpty ? nil : frequency.map {
            HapticClip.FrequencyPoint(timeS: Float(Double($0.ms) / 1000), frequency: $0.value)
        })
        return Export(text: json(clip, source: source, amplitudeMs: pointMs, frequencyMs: frequency.map(\.ms)), clip: clip, warnings: warnings)
    }

    /// The value of a piecewise-linear list of points at `ms` (the later of two at one time).
    static func value(at ms: Int64, in points: [(ms: Int64, value: Float)]) -> Float {
        guard let after = points.firstIndex(where: { $0.ms > ms }) else { return points.last?.value ?? 0 }
        guard after > 0 else { return points[0].value }
        let a = points[after - 1], b = points[after]
        return a.value + (b.value - a.value) * Float(ms - a.ms) / Float(b.ms - a.ms)
    }

    /// `1.234` for 1234 ms: the exact decimal seconds.
    static func seconds(_ ms: Int64) -> String {
        let whole = ms / 1000, fraction = ms % 1000
        guard fraction != 0 else { return "\(whole)" }
        var digits = String(fraction)
        digits = String(repeating: "0", count: 3 - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return "\(whole).\(digits)"
    }

    /// The clip as `.haptic` JSON; times from `amplitudeMs`/`frequencyMs` when given (exact
    /// decimals), else from the clip's floats.
    package static func json(_ clip: HapticClip, source: String, amplitudeMs: [Int64]? = nil, frequencyMs: [Int64]? = nil) -> String {
        var text = ""
        write(clip, source: source, amplitudeMs: amplitudeMs, frequencyMs: frequencyMs) { text += $0 }
        return text
    }

    /// The text `json` gives, handed to `emit` a point at a time once the clip is too long for any
    /// of its envelopes to fit on a line, so that it is never whole in memory (a long sound's clip).
    package static func write(_ clip: HapticClip, source: String, amplitudeMs: [Int64]? = nil, frequencyMs: [Int64]? = nil,
                              to emit: (String) -> Void) {
        func time(_ seconds: Float, _ ms: Int64?) -> JSONOutput { ms.map { .number(Self.seconds($0)) } ?? .float(seconds) }
        func amplitude(_ index: Int) -> JSONOutput {
            let point = clip.amplitude[index]
            var members: [(String, JSONOutput)] = [("time", time(point.timeS, amplitudeMs?[index])), ("amplitude", .float(point.amplitude))]
            if let emphasis = point.emphasis {
                members.append(("emphasis", .object([("amplitude", .float(emphasis.amplitude)), ("frequency", .float(emphasis.frequency))])))
            }
            return .object(members)
        }
        func frequency(_ index: Int) -> JSONOutput {
            let point = clip.frequency![index]
            return .object([("time", time(point.timeS, frequencyMs?[index])), ("frequency", .float(point.frequency))])
        }
        let version = JSONOutput.object([("major", .integer(1)), ("minor", .integer(0)), ("patch", .integer(0))])
        let metadata = JSONOutput.object(metadata(clip, source: source))
        // Each point takes 20 columns or more: past 5 in an envelope that envelope cannot fit on
        // one line of 100, and neither can anything around it, so the layout is known without
        // building it (a shorter envelope is laid out as `pretty` lays it out).
        guard clip.amplitude.count > 5 || (clip.frequency?.count ?? 0) > 5 else {
            var envelopes: [(String, JSONOutput)] = [("amplitude", .array(clip.amplitude.indices.map(amplitude)))]
            if let points = clip.frequency { envelopes.append(("frequency", .array(points.indices.map(frequency)))) }
            emit(JSONOutput.object([("version", version), ("metadata", metadata),
                                    ("signals", .object([("continuous", .object([("envelopes", .object(envelopes))]))]))]).pretty() + "\n")
            return
        }
        var text = "{\n  \"version\": "
        version.pretty(into: &text, indent: 2)
        text += ",\n  \"metadata\": "
        metadata.pretty(into: &text, indent: 2)
        text += ",\n  \"signals\": {\n    \"continuous\": {\n      \"envelopes\": {\n"
        /// An envelope's array at 8 spaces, a point at a time.
        func envelope(_ key: String, _ count: Int, _ point: (Int) -> JSONOutput, last: Bool) {
            text += "        \"\(key)\": "
            guard count > 5 else {
                JSONOutput.array((0..<count).map(point)).pretty(into: &text, indent: 8)
                text += last ? "\n" : ",\n"
                return
            }
            text += "[\n"
            for index in 0..<count {
                text += "          "
                point(index).pretty(into: &text, indent: 10)
                text += index + 1 < count ? ",\n" : "\n"
                emit(text)
                text = ""
            }
            text += "        ]" + (last ? "\n" : ",\n")
        }
        envelope("amplitude", clip.amplitude.count, amplitude, last: clip.frequency == nil)
        if let points = clip.frequency { envelope("frequency", points.count, frequency, last: true) }
        emit(text + "      }\n    }\n  }\n}\n")
    }
}
