import HapticCore

/// Reads `.haptic` clips (docs/haptic.md): the structure with JSON paths, then the envelope rules in
/// the order of Meta's SDK, with its messages. Unknown keys, a newer minor version and frequency
/// breakpoints outside the amplitude envelope (which Studio reads) are warnings.
public enum HapticClipReader {
    static let topKeys = ["version", "metadata", "signals"]
    static let metadataKeys = ["editor", "author", "source", "project", "description", "tags"]

    /// Whether a parsed document is a `.haptic` clip: an object with `signals`, or with a `version`
    /// object (a pattern.json's `version` is the number 1); the reader then says what is missing.
    package static func isHapticClip(_ root: JSONNode) -> Bool {
        guard case .object(let members) = root.value else { return false }
        return members.contains { member in
            if member.key == "signals" { return true }
            if member.key == "version", case .object = member.value.value { return true }
            return false
        }
    }

    /// The longest clip hapsynth plans, in seconds: 10,000 continuous events of 30 s.
    public static let maxTimeS = Float(CoreHapticsRules.maxNativeEvents) * Float(CoreHapticsRules.maxContinuousMs / 1000)

    /// How the pattern.json reader names a clip it is handed.
    package static let format = OtherFormat(name: "a .haptic clip", sign: "top-level \"version\" and \"signals\"", nature: "one Meta Haptics Studio clip")

    /// Reads a clip from JSON bytes (strictly); `file` names it in errors and warnings.
    package static func read(bytes: [UInt8], file: String) throws(HapticClipError) -> HapticClipDocument {
        let root: JSONNode
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw HapticClipError(file: file, position: error.position, path: error.path, message: "\(error.reason)", code: .syntax)
        }
        return try read(root, file: file)
    }

    /// Reads a parsed clip; `file` names it in errors and warnings.
    package static func read(_ root: JSONNode, file: String) throws(HapticClipError) -> HapticClipDocument {
        var reader = Reader(file: file)
        let clip = try reader.clip(root)
        try reader.validate(clip, root: root)
        return HapticClipDocument(clip: clip, warnings: reader.warnings)
    }
}

/// The state of one read: the file, its warnings, and where each breakpoint came from.
private struct Reader {
    let file: String
    var warnings: [AHAPWarning] = []
    /// Each amplitude and frequency breakpoint's object node and its array's path, for the rules'
    /// errors: a member's place is looked up only when an error needs it (a dictionary per
    /// breakpoint held 230 bytes each, 77 MB for a clip of 333,320 breakpoints).
    var amplitudeNodes: [JSONNode] = []
    var frequencyNodes: [JSONNode] = []
    var amplitudeArray: (JSONNode, JSONPath)?
    var frequencyPath = JSONPath.root

    /// Where member `key` of breakpoint `index` is (`emphasis.amplitude` goes one level down).
    func place(_ nodes: [JSONNode], _ arrayPath: JSONPath, _ index: Int, _ key: String) -> (JSONNode, JSONPath)? {
        var node = nodes[index], path = arrayPath.appending(index)
        for part in key.split(separator: ".").map(String.init) {
            guard case .object(let members) = node.value, let member = members.first(where: { $0.key == part }) else { return nil }
            node = member.value
            path = path.appending(part)
        }
        return (node, path)
    }

    init(file: String) { self.file = file }

    func fail(_ code: ReadCode, _ message: String, _ node: JSONNode, _ path: JSONPath) -> HapticClipError {
        HapticClipError(file: file, position: node.position, path: path, message: message, code: code)
    }

    mutating func warn(_ message: String, _ path: JSONPath, code: ReadCode, kind: String) {
        warnings.append(AHAPWarning(path: path, message: message, kind: kind, code: code))
    }

    /// The members of an object, unknown keys warned about (with a did-you-mean).
    mutating func members(_ node: JSONNode, _ path: JSONPath, known: [String], required: [String] = []) throws(HapticClipError) -> [String: JSONNode] {
        guard case .object(let list) = node.value else { throw fail(.wrongType, "expected an object, got \(node.kindDescription)", node, path) }
        var found: [String: JSONNode] = [:]
        for member in list {
            guard known.contains(member.key) else {
                let hint = KeySuggestion.closest(to: member.key, among: known).map { " (did you mean \"\($0)\"?)" } ?? ""
                warn("unknown key \"\(PatternFileError.shown(member.key))\" ignored\(hint)", path.appending(member.key), code: .clipKeyIgnored, kind: "unknown keys ignored")
                continue
            }
            found[member.key] = member.value
        }
        for key in required where found[key] == nil {
            // A key one typo away from it is probably the one meant.
            let typo = list.first { !known.contains($0.key) && KeySuggestion.closest(to: $0.key, among: [key]) != nil }
            throw fail(.missingKey, "missing required key \"\(key)\"" + (typo.map { " (is \"\(PatternFileError.shown($0.key))\" it?)" } ?? ""), node, path)
        }
        return found
    }

    func number(_ node: JSONNode, _ path: JSONPath) throws(HapticClipError) -> Float {
        guard case .number(let number) = node.value else { throw fail(.wrongType, "expected a number, got \(node.kindDescription)", node, path) }
        return number.float
    }

    func whole(_ node: JSONNode, _ path: JSONPath) throws(HapticClipError) -> Int64 {
        guard case .number(let number) = node.value, let value = number.integer, value >= 0 else {
            throw fail(.wrongType, "expected a whole number ≥ 0, got \(node.kindDescription == "a number" ? "\(nodeText(node))" : node.kindDescription)", node, path)
        }
        return value
    }

    func nodeText(_ node: JSONNode) -> String {
        if case .number(let number) = node.value { return number.text }
        return node.kindDescription
    }

    func array(_ node: JSONNode, _ path: JSONPath) throws(HapticClipError) -> [JSONNode] {
        guard case .array(let items) = node.value else { throw fail(.wrongType, "expected an array, got \(node.kindDescription)", node, path) }
        return items
    }

    mutating func clip(_ root: JSONNode) throws(HapticClipError) -> HapticClip {
        let top = try members(root, .root, known: HapticClipReader.topKeys, required: ["version", "signals"])
        let versionPath = JSONPath.root.appending("version")
        let versionNode = top["version"]!
        let version = try members(versionNode, versionPath, known: ["major", "minor", "patch"], required: ["major"])
        let major = try whole(version["major"]!, versionPath.appending("major"))
        let minor = try version["minor"].map { node throws(HapticClipError) in try whole(node, versionPath.appending("minor")) } ?? 0
        let patch = try version["patch"].map { node throws(HapticClipError) in try whole(node, versionPath.appending("patch")) } ?? 0
        guard major == 1 else { throw fail(.unsupportedVersion, "unsupported version: \(major).\(minor).\(patch)", versionNode, versionPath) }
        if minor > 0 {
            warn("version 1.\(minor).\(patch) is newer than 1.0: read as 1.0, its new keys ignored", versionPath, code: .clipNewerVersion, kind: "newer minor versions")
        }
        var description: String?
        var metadataFields: [HapticClip.MetadataField] = []
        if let metadata = top["metadata"] {
            let path = JSONPath.root.appending("metadata")
            let fields = try members(metadata, path, known: HapticClipReader.metadataKeys)
            // In the file's order (the members come back keyed).
            let order: [String]
            if case .object(let list) = metadata.value { order = list.map(\.key).filter { fields[$0] != nil } } else { order = [] }
            for key in order {
                let node = fields[key]!
                if key == "tags" {
                    var tags: [String] = []
                    for (index, tag) in try array(node, path.appending(key)).enumerated() {
                        guard case .string(let text) = tag.value else { throw fail(.wrongType, "expected a string, got \(tag.kindDescription)", tag, path.appending(key).appending(index)) }
                        tags.append(text)
                    }
                    metadataFields.append(.init(key: key, text: nil, tags: tags))
                } else {
                    guard case .string(let text) = node.value else { throw fail(.wrongType, "expected a string, got \(node.kindDescription)", node, path.appending(key)) }
                    if key == "description", !text.isEmpty { description = text }
                    metadataFields.append(.init(key: key, text: text, tags: nil))
                }
            }
        }
        let signalsPath = JSONPath.root.appending("signals")
        let signals = try members(top["signals"]!, signalsPath, known: ["continuous"], required: ["continuous"])
        let continuousPath = signalsPath.appending("continuous")
        let continuous = try members(signals["continuous"]!, continuousPath, known: ["envelopes"], required: ["envelopes"])
        let envelopesPath = continuousPath.appending("envelopes")
        let envelopes = try members(continuous["envelopes"]!, envelopesPath, known: ["amplitude", "frequency"], required: ["amplitude"])
        let amplitudePath = envelopesPath.appending("amplitude")
        amplitudeArray = (envelopes["amplitude"]!, amplitudePath)
        var amplitude: [HapticClip.AmplitudePoint] = []
        for (index, node) in try array(envelopes["amplitude"]!, amplitudePath).enumerated() {
            amplitude.append(try amplitudePoint(node, amplitudePath.appending(index)))
        }
        var frequency: [HapticClip.FrequencyPoint]?
        if let node = envelopes["frequency"], case .null = node.value {} else if let node = envelopes["frequency"] {
            let path = envelopesPath.appending("frequency")
            var points: [HapticClip.FrequencyPoint] = []
            for (index, item) in try array(node, path).enumerated() {
                let pointPath = path.appending(index)
                let fields = try members(item, pointPath, known: ["time", "frequency"], required: ["time", "frequency"])
                frequencyNodes.append(item)
                frequencyPath = path
                points.append(HapticClip.FrequencyPoint(timeS: try number(fields["time"]!, pointPath.appending("time")),
                                                        frequency: try number(fields["frequency"]!, pointPath.appending("frequency"))))
            }
            frequency = points.isEmpty ? nil : points
        }
        var clip = HapticClip(version: (major, minor, patch), description: description, amplitude: amplitude, frequency: frequency)
        clip.metadata = metadataFields
        return clip
    }

    mutating func amplitudePoint(_ node: JSONNode, _ path: JSONPath) throws(HapticClipError) -> HapticClip.AmplitudePoint {
        let fields = try members(node, path, known: ["time", "amplitude", "emphasis"], required: ["time", "amplitude"])
        var emphasis: HapticClip.Emphasis?
        if let node = fields["emphasis"], case .null = node.value {} else if let node = fields["emphasis"] {
            let emphasisPath = path.appending("emphasis")
            let values = try members(node, emphasisPath, known: ["amplitude", "frequency"], required: ["amplitude", "frequency"])
            emphasis = HapticClip.Emphasis(amplitude: try number(values["amplitude"]!, emphasisPath.appending("amplitude")),
                                           frequency: try number(values["frequency"]!, emphasisPath.appending("frequency")))
        }
        amplitudeNodes.append(node)
        return HapticClip.AmplitudePoint(timeS: try number(fields["time"]!, path.appending("time")),
                                         amplitude: try number(fields["amplitude"]!, path.appending("amplitude")), emphasis: emphasis)
    }

    /// Meta's rules, in its order (amplitude breakpoints, then the envelope's length and span, then
    /// frequency breakpoints), each placed at the value that breaks it.
    mutating func validate(_ clip: HapticClip, root: JSONNode) throws(HapticClipError) {
        func at(_ code: ReadCode, _ place: (JSONNode, JSONPath)?, _ message: String) -> HapticClipError {
            let (node, path) = place ?? amplitudeArray ?? (root, .root)
            return fail(code, message, node, path)
        }
        let show = FloatText.display
        func beyondLongestClip(_ place: (JSONNode, JSONPath)?, _ timeS: Float) -> HapticClipError {
            at(.overLimit, place, "time \(show(timeS)) s is beyond the longest clip hapsynth plans (\(show(HapticClipReader.maxTimeS)) s: 10000 events of 30 s)")
        }
        var previous: Float = 0
        let amplitudePath = amplitudeArray?.1 ?? .root, amplitudeNodes = self.amplitudeNodes, frequencyNodes = self.frequencyNodes
        let frequencyPath = self.frequencyPath, place = self.place
        for (index, point) in clip.amplitude.enumerated() {
            let places = { (key: String) in place(amplitudeNodes, amplitudePath, index, key) }
            guard (0...1).contains(point.amplitude) else {
                throw at(.outOfRange, places("amplitude"), "amplitude out of range: (time: \(show(point.timeS)), amplitude: \(show(point.amplitude)))")
            }
            guard previous <= point.timeS else {
                throw at(.timeGoesBack, places("time"), "amplitude breakpoints out of order: (time: \(show(point.timeS)) is after \(show(previous)))")
            }
            previous = point.timeS
            guard let emphasis = point.emphasis else { continue }
            guard (0...1).contains(emphasis.amplitude) else {
                throw at(.outOfRange, places("emphasis.amplitude"), "emphasis amplitude out of range: (time: \(show(point.timeS)), amplitude: \(show(emphasis.amplitude)))")
            }
            guard (0...1).contains(emphasis.frequency) else {
                throw at(.outOfRange, places("emphasis.frequency"), "emphasis frequency out of range: (time: \(show(point.timeS)), frequency: \(show(emphasis.frequency)))")
            }
            guard emphasis.amplitude >= point.amplitude else {
                throw at(.outOfRange, places("emphasis.amplitude"), "emphasis amplitude lower than envelope amplitude: (time: \(show(point.timeS)), "
                    + "emphasis amp: \(show(emphasis.amplitude)), envelope amp: \(show(point.amplitude)))")
            }
        }
        guard clip.amplitude.count >= 2 else { throw at(.invalid, amplitudeArray, "the amplitude envelope must contain at least two breakpoints") }
        if let index = clip.amplitude.firstIndex(where: { $0.timeS > HapticClipReader.maxTimeS }) {
            throw beyondLongestClip(place(amplitudeNodes, amplitudePath, index, "time"), clip.amplitude[index].timeS)
        }
        guard clip.endS - clip.startS > 0 else { throw at(.tooShort, amplitudeArray, "the amplitude envelope must have a duration greater than zero") }
        previous = 0
        for (index, point) in (clip.frequency ?? []).enumerated() {
            let places = { (key: String) in place(frequencyNodes, frequencyPath, index, key) }
            guard (0...1).contains(point.frequency) else {
                throw at(.outOfRange, places("frequency"), "frequency out of range: (time: \(show(point.timeS)), frequency: \(show(point.frequency)))")
            }
            guard previous <= point.timeS else {
                throw at(.timeGoesBack, places("time"), "frequency breakpoints out of order: (time: \(show(point.timeS)) is after \(show(previous)))")
            }
            previous = point.timeS
            guard point.timeS <= HapticClipReader.maxTimeS else { throw beyondLongestClip(places("time"), point.timeS) }
            if !(clip.startS...clip.endS).contains(point.timeS) {
                warn("frequency breakpoint at \(show(point.timeS)) is after end of amplitude envelope at \(show(clip.endS)) "
                     + "(read as Haptics Studio reads it; Meta's strict reading refuses it)", places("time")!.1,
                     code: .clipLateFrequency, kind: "frequency breakpoints outside the amplitude envelope")
            }
        }
    }
}
