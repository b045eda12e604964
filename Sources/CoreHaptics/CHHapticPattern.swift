import IPhoneEmulation
import AudioCore
import AudioIO
import HapticCore
import HapticPlanner
import HapticPlayback

/// A haptic and audio pattern: events, parameters and curves at times relative to its start.
/// Whatever it is made from (events, a dictionary, an AHAP file), it is read by hapsynth's AHAP
/// reader, so a pattern played through this API and the same AHAP file through `hapsynth render`
/// are the same samples (docs/corehaptics.md).
open class CHHapticPattern: NSObject {
    /// A key of a pattern's dictionary. Apple's is a struct; here it is `String` (with the keys as
    /// `String`'s static members and `rawValue`), because the Linux runtime casts dictionary keys
    /// one by one as `String as? Key`: `json as? [CHHapticPattern.Key: Any]` then succeeds for a
    /// dictionary `JSONSerialization` read, as on an iPhone (docs/corehaptics.md, "Differences").
    public typealias Key = String

    /// The AHAP document the pattern is: its plan (one player), its audio, what the reader warned.
    let document: AHAPDocument
    /// The pattern as a dictionary of plain values (what `exportDictionary` gives).
    let dictionary: [String: Any]
    /// The folder its sounds are looked for in first (a file's folder), nil when made in code.
    let folder: String?
    /// For each haptic event of the plan and each audio event, its index among the pattern's events.
    let hapticEventIndices: [Int], audioEventIndices: [Int]
    /// Indices of events Core Haptics cuts at 30 s.
    let cutEvents: Set<Int>
    /// The registered audio resources its events play.
    let resourceIDs: [CHHapticAudioResourceID]
    /// The sound files its events name, read when it was made (so that no file is read while it
    /// plays, under the device's lock), by the path as written; a file that cannot be found is
    /// left to the audio track, which says so, and one that cannot be read keeps its reader's
    /// error, which the track gives as the file's without reading it again.
    private let sounds: PreReadSounds

    /// The last event's start plus its duration, or the last parameter's or curve point's time, in seconds.
    open private(set) var duration: TimeInterval

    public init(events: [CHHapticEvent], parameters: [CHHapticDynamicParameter]) throws {
        let entries = try Self.entries(events) + parameters.map { parameter throws -> [String: Any] in
            guard parameter.relativeTime >= 0 else { throw CHHapticError.with(.invalidEventTime, "a parameter's relative time is negative") }
            return ["Parameter": ["ParameterID": parameter.parameterID.rawValue, "Time": parameter.relativeTime, "ParameterValue": Double(parameter.value)]]
        }
        (document, dictionary, folder, hapticEventIndices, audioEventIndices, cutEvents, duration) = try Self.read(["Version": 1.0, "Pattern": entries],
                                                                                                                    folder: nil, code: .invalidPatternDictionary)
        resourceIDs = events.compactMap(\.audioResourceID)
        sounds = Self.readSounds(document.audio, options: Self.fileOptions(folder: folder))
        super.init()
    }

    public init(events: [CHHapticEvent], parameterCurves: [CHHapticParameterCurve]) throws {
        let entries = try Self.entries(events) + parameterCurves.map { curve throws -> [String: Any] in
            guard curve.relativeTime >= 0 else { throw CHHapticError.with(.invalidEventTime, "a curve's relative time is negative") }
            let points = try curve.controlPoints.map { point throws -> [String: Any] in
                guard point.relativeTime >= 0 else { throw CHHapticError.with(.invalidTime, "a control point's relative time is negative") }
                return ["Time": point.relativeTime, "ParameterValue": Double(point.value)]
            }
            return ["ParameterCurve": ["ParameterID": curve.parameterID.rawValue, "Time": curve.relativeTime, "ParameterCurveControlPoints": points]]
        }
        (document, dictionary, folder, hapticEventIndices, audioEventIndices, cutEvents, duration) = try Self.read(["Version": 1.0, "Pattern": entries],
                                                                                                                    folder: nil, code: .invalidPatternDictionary)
        resourceIDs = events.compactMap(\.audioResourceID)
        sounds = Self.readSounds(document.audio, options: Self.fileOptions(folder: folder))
        super.init()
    }

    /// A pattern from a dictionary: what `JSONSerialization` reads from an AHAP file (with or
    /// without `.mutableContainers`), or Swift literals.
    public init(dictionary patternDict: [CHHapticPattern.Key: Any]) throws {
        (document, dictionary, folder, hapticEventIndices, audioEventIndices, cutEvents, duration) = try Self.read(patternDict, folder: nil,
                                                                                                                    code: .invalidPatternDictionary)
        resourceIDs = []
        sounds = Self.readSounds(document.audio, options: Self.fileOptions(folder: folder))
        super.init()
    }

    /// A pattern from an AHAP file; its sounds are looked for beside it first.
    public convenience init(contentsOf ahapURL: URL) throws {
        try self.init(file: ahapURL)
    }

    /// The same, as Objective-C names it.
    public convenience init(contentsOfURL ahapURL: URL) throws {
        try self.init(file: ahapURL)
    }

    /// A pattern from an AHAP file's bytes, read as `hapsynth render` reads the file (trailing
    /// commas accepted, as Apple's reader accepts them).
    init(data: Data, folder: String?) throws {
        (document, dictionary, self.folder, hapticEventIndices, audioEventIndices, cutEvents, duration) = try Self.read(
            bytes: [UInt8](data), folder: folder, code: .invalidPatternData)
        resourceIDs = []
        sounds = Self.readSounds(document.audio, options: Self.fileOptions(folder: folder))
        super.init()
    }

    private convenience init(file url: URL) throws {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw CHHapticError.with(.fileNotFound, "\(url.path): no such file")
        }
        try self.init(data: data, folder: url.deletingLastPathComponent().path)
    }

    /// The pattern as a dictionary.
    /// - Throws: `operationNotPermitted` for a pattern that plays a registered audio resource.
    open func exportDictionary() throws -> [CHHapticPattern.Key: Any] {
        guard resourceIDs.isEmpty else { throw CHHapticError.with(.operationNotPermitted, "a pattern with audio resource IDs cannot be exported") }
        return dictionary
    }

    /// Where its sounds are found (docs/corehaptics.md, "Sounds"): a relative path in the
    /// pattern file's folder, then in `Bundle.main.resourceURL`, then `bundleURL`, never outside
    /// them; a registered resource by its ID.
    func soundOptions(resources: [CHHapticAudioResourceID: AudioResource]) -> AudioTrackOptions {
        var options = Self.fileOptions(folder: folder)
        options.resources.merge(sounds.read) { _, read in read }
        options.opener = sounds
        for id in resourceIDs { options.resources[AudioResources.path(of: id)] = resources[id]?.sound }
        return options
    }

    /// Where its sound files are looked for, and how they are read.
    private static func fileOptions(folder: String?) -> AudioTrackOptions {
        var options = AudioTrackOptions()
        var folders = folder.map { [$0] } ?? []
        for bundle in [Bundle.main.resourceURL?.path, Bundle.main.bundleURL.path].compactMap({ $0 }) where !folders.contains(bundle) {
            folders.append(bundle)
        }
        options.roots = folders
        options.fileFolder = folders.first ?? "."
        options.opener = SoundFileOpener()
        return options
    }

    /// Reads each sound file `audio` names that is found where `options` looks, whole, under the
    /// limits every sound is read with.
    private static func readSounds(_ audio: AHAPAudio, options: AudioTrackOptions) -> PreReadSounds {
        var sounds = PreReadSounds()
        for named in Set(audio.events.compactMap(\.waveformPath)) where AudioResources.id(ofPath: named) == nil {
            guard case .found(let path, _) = SoundPaths.resolve(named, roots: options.roots, folder: options.fileFolder) else { continue }
            do {
                let reader = try SoundFileReader(path: path, limits: .sounds)
                sounds.read[named] = SoundResource(format: reader.format, samples: reader.readAll())
            } catch {
                sounds.failures[path] = error
            }
        }
        return sounds
    }

    /// The events as pattern entries; an audio resource's event names it by a path no file has.
    private static func entries(_ events: [CHHapticEvent]) throws -> [[String: Any]] {
        try events.map { event throws -> [String: Any] in
            guard event.relativeTime >= 0 else { throw CHHapticError.with(.invalidEventTime, "an event's relative time is negative") }
            guard event.duration >= 0 else { throw CHHapticError.with(.invalidEventDuration, "an event's duration is negative") }
            var fields: [String: Any] = ["EventType": event.type.rawValue, "Time": event.relativeTime]
            if event.duration > 0 { fields["EventDuration"] = event.duration }
            if let id = event.audioResourceID {
                fields["EventWaveformPath"] = AudioResources.path(of: id)
                let phone = EmulatedPhone.shared
                if let resource = phone.withLock({ phone.haptics.resources[id] }) {
                    fields["EventWaveformLoopEnabled"] = resource.loops
                    fields["EventWaveformUseVolumeEnvelope"] = resource.usesVolumeEnvelope
                }
            }
            fields["EventParameters"] = event.eventParameters.map { ["ParameterID": $0.parameterID.rawValue, "ParameterValue": Double($0.value)] }
            return ["Event": fields]
        }
    }

    /// Reads a dictionary through the AHAP reader (as the JSON text it stands for).
    private static func read(_ given: [String: Any], folder: String?, code: CHHapticError.Code) throws -> (
        AHAPDocument, [String: Any], String?, [Int], [Int], Set<Int>, TimeInterval
    ) {
        do {
            return try read(bytes: Array(try PatternDictionary.json(given).utf8), folder: folder, code: code)
        } catch let error as PatternDictionary.Problem {
            throw CHHapticError.with(code, error.description)
        }
    }

    /// Reads AHAP bytes: the document, and the pattern as plain values.
    private static func read(bytes: [UInt8], folder: String?, code: CHHapticError.Code) throws -> (
        AHAPDocument, [String: Any], String?, [Int], [Int], Set<Int>, TimeInterval
    ) {
        let document: AHAPDocument
        do {
            document = try AHAPImport.read(bytes: bytes, file: folder.map { $0 + "/pattern.ahap" } ?? "pattern.ahap")
        } catch {
            throw CHHapticError.with(PatternDictionary.code(of: error, otherwise: code), error.message + " at \(error.path)")
        }
        let plain = PatternDictionary.plain(bytes) as? [String: Any] ?? [:]
        let layout = document.layout
        return (document, plain, folder, layout.hapticEventIndices, layout.audioEventIndices, layout.cutEvents, Double(layout.durationUs) / 1_000_000)
    }
}

extension String {
    /// The keys of a pattern's dictionary (`CHHapticPattern.Key`).
    public static let pattern = "Pattern"
    public static let version = "Version"
    public static let event = "Event"
    public static let eventType = "EventType"
    public static let time = "Time"
    public static let eventDuration = "EventDuration"
    public static let eventWaveformPath = "EventWaveformPath"
    public static let eventWaveformLoopEnabled = "EventWaveformLoopEnabled"
    public static let eventWaveformUseVolumeEnvelope = "EventWaveformUseVolumeEnvelope"
    public static let eventParameters = "EventParameters"
    public static let parameter = "Parameter"
    public static let parameterID = "ParameterID"
    public static let parameterValue = "ParameterValue"
    public static let parameterCurve = "ParameterCurve"
    public static let parameterCurveControlPoints = "ParameterCurveControlPoints"

    /// `CHHapticPattern.Key(rawValue:)`, as on Apple's systems.
    public init(rawValue: String) { self = rawValue }

    /// A `CHHapticPattern.Key`'s string.
    public var rawValue: String { self }
}

/// The sounds of a pattern, read when it was made: each one read, by the path its event names,
/// and the reader's error for each file found that could not be read. As the audio track's
/// opener it never touches a file: it gives the error recorded for the path.
struct PreReadSounds: SoundOpener {
    var read: [String: SoundResource] = [:]
    var failures: [String: SoundFileError] = [:]

    func open(_ path: String, limits: SoundLimits) throws(SoundFileError) -> any SoundStream {
        throw failures[path] ?? SoundFileError(context: "cannot open \(path)", reason: "it was not read when the pattern was made")
    }
}
