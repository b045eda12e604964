import HapticCore

/// Something an AHAP import accepted but changed or left out, named by its entry
/// (`$.Pattern[2]: audio event skipped`).
public struct AHAPWarning: Hashable, Sendable, CustomStringConvertible {
    public let path: JSONPath
    public let message: String
    /// What warnings of this kind say together (`events lack HapticSharpness (0.5 used)`), for
    /// `WarningGroup`.
    public let kind: String
    /// What it is, for programs.
    public let code: ReadCode
    /// The offending value itself, when it is not the entry (`…EventParameters[0].ParameterValue`).
    public var valuePath: JSONPath?
    public var description: String { "\(path): \(message)" }
}

/// Malformed AHAP: the file, line and column, the JSON path, and what was wrong.
public struct AHAPError: Error, Sendable, CustomStringConvertible {
    public let file: String
    public let position: SourcePosition
    public let path: JSONPath
    public let message: String
    /// What it is, for programs.
    public let code: ReadCode
    public var description: String { "\(file):\(position): \(message) at \(path)" }
}

/// An AHAP file imported as Core Haptics would play it.
public struct AHAPDocument: Sendable {
    /// One player, built directly as a plan (AHAP does not pass through the pattern model).
    public let plan: PlaybackPlan
    public let warnings: [AHAPWarning]
    /// `Metadata.Description`, when the file has one.
    public let description: String?
    /// The file's audio events and controls (empty when it has none).
    public let audio: AHAPAudio
    /// Where each of the plan's and the audio's events sits among the file's events.
    public let layout: AHAPLayout
}

/// Where the events an AHAP reader kept sit in the file, and how long the pattern is as Core
/// Haptics counts it (what `CHHapticPattern` reports and logs).
public struct AHAPLayout: Sendable, Hashable {
    /// For each event of the plan's player, its index among the file's `Event` entries.
    public var hapticEventIndices: [Int] = []
    /// For each of `audio.events`, its index among the file's `Event` entries.
    public var audioEventIndices: [Int] = []
    /// The indices of continuous events cut at 30 s.
    public var cutEvents: Set<Int> = []
    /// The latest event start plus its `EventDuration` as written (before a cut), parameter
    /// time or curve time plus its last point, in µs (saturating).
    public var durationUs: Int64 = 0
    /// Event entries read so far.
    var eventCount = 0

    /// Counts `endUs` (a start plus a length, saturating) in the duration.
    mutating func extend(_ startUs: Int64, plus lengthUs: Int64) {
        let end = startUs.addingReportingOverflow(lengthUs)
        durationUs = max(durationUs, end.overflow ? .max : end.partialValue)
    }
}

/// Reads AHAP (Apple Haptic and Audio Pattern) files: one Core Haptics pattern, so one player
/// whose curves act on every event of the file, as on a device (docs/ahap.md).
///
/// Emulation rules: seconds become whole microseconds rounded to nearest, ties away from zero
/// (Core Haptics takes seconds in double precision); curve points whose times still coincide are
/// merged, the later one winning; `HapticIntensity` defaults to 1.0 and `HapticSharpness` to 0.5;
/// out-of-range values are clamped; continuous events over 30 s are cut at 30 s; `AttackTime`,
/// `DecayTime`, `ReleaseTime` and `Sustained` are kept on the event and the three time controls
/// become curves, for the synthesizer's envelope model; a `Parameter` entry is a one-point curve
/// (a step); the logical duration is `Metadata.hapsynthLogicalDurationMs` or the latest event end
/// (a transient's `EventDuration` counts), in milliseconds rounded to nearest; audio events and
/// audio controls are kept apart (`AHAPAudio`, docs/audio.md); unknown parameters and unknown keys
/// are skipped. Each cut, clamp, merge, needed default and
/// skipped entry is a warning, and so is what is probably a mistake: curve point times that look
/// absolute, and curves of more than 16 points.
public enum AHAPImport {
    /// Reads an AHAP file: its JSON (a comma before a closing bracket is accepted with one
    /// warning, as Apple's reader accepts it), then its pattern.
    public static func read(contentsOf path: String, capabilities: DeviceCapabilities = .iPhone) throws(AHAPError) -> AHAPDocument {
        let bytes: [UInt8]
        do {
            bytes = try InputFile.read(path, display: path)
        } catch {
            throw AHAPError(file: path, position: error.position ?? SourcePosition(line: 1, column: 1), path: .root, message: error.message, code: error.code)
        }
        return try read(bytes: bytes, file: path, capabilities: capabilities)
    }

    /// Reads AHAP JSON bytes; `file` names the document in errors and warnings.
    public static func read(bytes: [UInt8], file: String, capabilities: DeviceCapabilities = .iPhone) throws(AHAPError) -> AHAPDocument {
        do {
            let parsed = try JSONParser.parse(bytes, allowingTrailingCommas: true)
            return try read(parsed.root, file: file, capabilities: capabilities, trailingComma: parsed.trailingComma)
        } catch let error as JSONError {
            throw AHAPError(file: file, position: error.position, path: error.path, message: "\(error.reason)", code: .syntax)
        } catch let error as AHAPError {
            throw error
        } catch {
            throw AHAPError(file: file, position: SourcePosition(line: 1, column: 1), path: .root, message: "\(error)", code: .invalid)
        }
    }

    /// Whether a parsed document is AHAP: an object with a top-level `Pattern` key (the import
    /// then says what is wrong with it if it is not an array).
    package static func isAHAP(_ root: JSONNode) -> Bool {
        guard case .object(let members) = root.value else { return false }
        return members.contains { $0.key == "Pattern" }
    }

    /// How the pattern.json reader names an AHAP document it is handed.
    package static let format = OtherFormat(name: "an AHAP file", sign: "a top-level \"Pattern\" array", nature: "one Core Haptics pattern")

    /// The pattern.json reader's recogniser for AHAP documents.
    package static let recognizer: PatternReader.Recognizer = { root in isAHAP(root) ? format : nil }

    /// - Parameter trailingComma: where the file had a trailing comma that the lenient parser
    ///   accepted (one warning for the file), if it had one.
    package static func read(
        _ root: JSONNode, file: String, capabilities: DeviceCapabilities = .iPhone, trailingComma: SourcePosition? = nil
    ) throws(AHAPError) -> AHAPDocument {
        var reader = AHAPReader(file: file)
        if let trailingComma {
            reader.warn("trailing comma at \(file):\(trailingComma) accepted, as Apple's JSON reader does", .root, code: .trailingComma,
                        kind: "files with trailing commas")
        }
        try reader.read(root)
        reader.lintAbsoluteCurveTimes()
        return AHAPDocument(
            plan: try reader.plan(capabilities: capabilities), warnings: reader.warnings, description: reader.description, audio: reader.audio,
            layout: reader.layout)
    }
}

/// The state of one AHAP import.
struct AHAPReader {
    let file: String
    var warnings: [AHAPWarning] = []
    var events: [NativeEvent] = []
    var curves: [ParameterCurve] = []
    var audio = AHAPAudio()
    var layout = AHAPLayout()
    /// The `$.Pattern[i]` entry of each curve, for warnings about it.
    var curvePaths: [JSONPath] = []
    var metadataDurationMs: Int64?
    var description: String?
    var pointCount = 0

    init(file: String) { self.file = file }

    func fail(_ code: ReadCode, _ message: String, _ node: JSONNode, _ path: JSONPath) -> AHAPError {
        AHAPError(file: file, position: node.position, path: path, message: message, code: code)
    }

    /// A warning about the entry at `path`; `value` is the offending value's own place, when narrower.
    mutating func warn(_ message: String, _ path: JSONPath, code: ReadCode, kind: String, value: JSONPath? = nil) {
        warnings.append(AHAPWarning(path: path, message: message, kind: kind, code: code, valuePath: value))
    }

    func object(_ node: JSONNode, _ path: JSONPath) throws(AHAPError) -> [JSONMember] {
        guard case .object(let members) = node.value else { throw fail(.wrongType, "expected an object, got \(node.kindDescription)", node, path) }
        return members
    }

    func number(_ node: JSONNode, _ path: JSONPath) throws(AHAPError) -> JSONNumber {
        guard case .number(let number) = node.value else { throw fail(.wrongType, "expected a number, got \(node.kindDescription)", node, path) }
        return number
    }

    func string(_ node: JSONNode, _ path: JSONPath) throws(AHAPError) -> String {
        guard case .string(let text) = node.value else { throw fail(.wrongType, "expected a string, got \(node.kindDescription)", node, path) }
        return text
    }

    func required(_ key: String, in members: [JSONMember], _ node: JSONNode, _ path: JSONPath) throws(AHAPError) -> JSONNode {
        guard let member = members.first(where: { $0.key == key }) else { throw fail(.missingKey, "missing required key \"\(key)\"", node, path) }
        return member.value
    }

    /// Seconds to whole microseconds, rounded to nearest with ties away from zero.
    func microseconds(_ node: JSONNode, _ path: JSONPath) throws(AHAPError) -> Int64 {
        let seconds = try number(node, path)
        let value = (seconds.double * 1_000_000).rounded(.toNearestOrAwayFromZero)
        guard value >= 0 else { throw fail(.timeOutOfRange, "time must not be negative (got \(seconds.text) s)", node, path) }
        // 2^63 is exactly representable; anything at or above it does not fit.
        guard value < 9_223_372_036_854_775_808.0 else {
            throw fail(.timeOutOfRange, "time \(seconds.text) s is beyond the 64-bit microsecond range", node, path)
        }
        return Int64(value)
    }

    /// A value clamped into `range`, with a warning naming the entry when clamping changed it.
    mutating func clamped(_ node: JSONNode, _ path: JSONPath, name: String, range: ClosedRange<Float>, entry: JSONPath) throws(AHAPError) -> Float {
        let number = try self.number(node, path)
        let value = Float(number.double)
        let result = min(max(value, range.lowerBound), range.upperBound)
        if result != value {
            warn("\(name) \(number.text) clamped to \(result)", entry, code: .clamped,
                 kind: "values of \(name) clamped into \(JSONOutput.floatText(range.lowerBound))…\(JSONOutput.floatText(range.upperBound))", value: path)
        }
        return result
    }
}
