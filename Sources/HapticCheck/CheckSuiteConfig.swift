import AudioCore
import AudioIO
import FoundationEssentials
import HapticCore
import HapticPlanner
import HapticSynth

/// `GOLDENS/hapsynth-check.json`: the platform (and Android device), profile, tolerances, gate and
/// golden format a suite was recorded with, so that `check` without flags re-checks like for like.
/// Written when a suite is first recorded; flags given on the command line override it, except
/// the platform: a goldens folder holds one platform's goldens (a file without `platform` is iOS's).
public struct CheckSuiteConfig: Sendable {
    public static let fileName = "hapsynth-check.json"

    public var profile = ActuatorProfile()
    public var tolerance = WaveformComparison.Tolerance()
    /// The container of new goldens: WAV or FLAC (24-bit).
    public var format: SoundFileContainer = .wav
    /// The Android device the goldens were rendered for; nil for an iOS suite.
    public var androidDevice: AndroidDevice?
    /// The perceptual gate's limits when the suite is judged by what a person can feel
    /// (`"gate": "perceptual"`); nil for the sample-exact gate.
    public var perceptual: PerceptualTolerance?

    public init() {}

    /// The settings a new suite is recorded with (docs/golden-tests.md, "Golden size"): 24-bit FLAC
    /// at 8 kHz. Haptics live under 500 Hz (sharpness 1 is 300 Hz by default, and every catalogue
    /// resonance is under 300 Hz), 8 kHz is the lowest rate hapsynth renders at and still gives a
    /// 300 Hz click 26 frames a cycle, and 24 bits keep 144 dB of range, far under anything felt; a
    /// 48 kHz float WAV holds 8 times the samples at 4 bytes each, uncompressed.
    public static var newSuite: CheckSuiteConfig {
        var config = CheckSuiteConfig()
        config.format = .flac
        config.profile.sampleRate = 8_000
        return config
    }

    /// Whether `goldens` holds no suite yet: no settings at or above it and no golden file anywhere
    /// below it.
    public static func isNew(goldens: String) -> Bool {
        guard suiteFolder(of: goldens) == nil else { return false }
        return !FilePaths.files(below: goldens, enter: { _, _ in true }).contains { $0.hasSuffix(".wav") || $0.hasSuffix(".flac") }
    }

    /// The suite recorded for `goldens` (its own, else the nearest folder's above it), and what a
    /// check of it goes on from: the recorded suite, the new-suite settings for a folder that holds
    /// no suite yet, else the defaults (goldens with no settings beside them).
    public static func settings(goldens: String) throws(CheckError) -> (recorded: CheckSuiteConfig?, base: CheckSuiteConfig) {
        let recorded = try read(goldens: goldens)
        return (recorded, recorded ?? (isNew(goldens: goldens) ? newSuite : CheckSuiteConfig()))
    }

    /// The platform the goldens were rendered for: iOS, or Android on `androidDevice`.
    public var platform: Platform { androidDevice.map(Platform.android) ?? .ios }

    /// The folder whose settings apply to `goldens`: the nearest at or above it that holds a
    /// `hapsynth-check.json` (a sub-folder of a suite is checked with the suite's settings), or nil.
    public static func suiteFolder(of goldens: String) -> String? {
        var folder = URL(fileURLWithPath: goldens.isEmpty ? "." : goldens).standardizedFileURL.path
        while true {
            if FileManager.default.fileExists(atPath: CheckSuite.join(folder, fileName)) {
                return folder == URL(fileURLWithPath: goldens).standardizedFileURL.path ? goldens : folder
            }
            let parent = FilePaths.folder(folder)
            guard !parent.isEmpty, parent != folder else { return nil }
            folder = parent
        }
    }

    /// Reads the settings that apply to `goldens` (its own, else the nearest folder's above it), if any.
    /// - Throws: `CheckError.invalidConfig` for a config that cannot be used, with its place.
    public static func read(goldens: String) throws(CheckError) -> CheckSuiteConfig? {
        guard let suite = suiteFolder(of: goldens) else { return nil }
        let path = CheckSuite.join(suite, fileName)
        func fail(_ message: String, _ at: String = "$") -> CheckError { .invalidConfig("\(path): \(message) at \(at)") }
        let root: JSONNode
        do {
            root = try SettingsReader.root(of: path)
        } catch {
            throw .invalidConfig(error.description)
        }
        guard case .object(let members) = root.value else { throw fail("expected an object") }
        var config = CheckSuiteConfig()
        var platform = "ios", gate = "sample-exact", limits = PerceptualTolerance()
        for member in members {
            switch (member.key, member.value.value) {
            case ("profile", .object):
                do {
                    config.profile = try ActuatorProfile.read(member.value, at: JSONPath.root.appending("profile"), file: path)
                } catch {
                    throw .invalidConfig(error.description)
                }
            case ("maxAbsError", .number(let number)) where number.double >= 0 && number.double.isFinite:
                config.tolerance.maxAbsError = number.double
            case ("minSnrDb", .number(let number)) where number.double.isFinite:
                config.tolerance.minSNRdB = number.double
            case ("format", .string(let name)) where name == "wav" || name == "flac":
                config.format = SoundFileContainer(rawValue: name) ?? .wav
            case ("platform", .string(let name)) where name == "ios" || name == "android":
                platform = name
            case ("gate", .string(let name)) where name == "sample-exact" || name == "perceptual":
                gate = name
            case ("levelToleranceDb", .number(let number)) where (0...40).contains(number.double):
                limits.levelDb = number.double
            case ("frequencyTolerance", .number(let number)) where (0...1).contains(number.double):
                limits.frequencyRatio = number.double
            case ("onsetToleranceMs", .number(let number)) where (0...10).contains(number.double):
                limits.onsetMs = number.double
            case ("androidDevice", .object):
                do {
                    config.androidDevice = try AndroidDevice.read(member.value, file: path, at: JSONPath.root.appending("androidDevice"))
                } catch {
                    throw .invalidConfig(error.description)
                }
            default:
                throw fail("unexpected \"\(PatternFileError.shown(member.key))\" (expected platform, androidDevice, profile, maxAbsError, "
                           + "minSnrDb, gate, levelToleranceDb, frequencyTolerance, onsetToleranceMs or format; a gate is \"sample-exact\" "
                           + "or \"perceptual\", tolerances within 0-40 dB, 0-1 and 0-10 ms)", "$.\(member.key)")
            }
        }
        if platform == "ios", config.androidDevice != nil { throw fail("androidDevice goes with \"platform\": \"android\"", "$.androidDevice") }
        if platform == "android", config.androidDevice == nil { config.androidDevice = .flagship }
        if gate == "perceptual" { config.perceptual = limits }
        return config
    }

    /// The config as written beside new goldens: the platform (and the whole Android device), the
    /// whole profile, tolerances and format.
    package var json: JSONOutput {
        var members: [(String, JSONOutput)] = [("platform", .string(androidDevice == nil ? "ios" : "android"))]
        if let androidDevice { members.append(("androidDevice", androidDevice.json)) }
        members.append(("profile", .object(ActuatorProfile.fields.map { Self.member($0, of: profile) })))
        members += [("maxAbsError", .double(tolerance.maxAbsError)), ("minSnrDb", .double(tolerance.minSNRdB)),
                    ("gate", .string(perceptual == nil ? "sample-exact" : "perceptual"))]
        if let perceptual {
            members += [("levelToleranceDb", .double(perceptual.levelDb)), ("frequencyTolerance", .double(perceptual.frequencyRatio)),
                        ("onsetToleranceMs", .double(perceptual.onsetMs))]
        }
        members.append(("format", .string(format.rawValue)))
        return .object(members)
    }

    /// One profile field as its JSON member.
    private static func member(_ field: ProfileField, of profile: ActuatorProfile) -> (String, JSONOutput) {
        let value = field.value(of: profile)
        switch field.kind {
        case .wholeNumber: return (field.key, .integer(Int64(value)))
        case .boolean: return (field.key, .bool(value != 0))
        case .number: return (field.key, .double(value))
        case .choice: return (field.key, .string(field.valueText(profile)))
        }
    }
}

extension CheckSuiteConfig {
    /// Writes the config beside the goldens (atomically).
    public func write(goldens: String) throws(CheckError) {
        let path = CheckSuite.join(goldens, Self.fileName)
        do {
            try TextOutput.write(json.pretty() + "\n", to: path, what: "suite settings")
        } catch {
            throw .cannotWrite("\(error)")
        }
    }
}
