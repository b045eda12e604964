import AudioCore
import AudioIO
import FoundationEssentials
import Glibc
import HapticCore
import HapticPlanner
import HapticSynth

/// The patterns of a `check` run and where their goldens live.
///
/// Layout: a golden mirrors its pattern's path relative to the folder given (`patterns/ui/tap.json`
/// ↔ `GOLDENS/ui/tap.flac` or `.wav`); a pattern given as a file is named by its file name. An AHAP
/// file keeps its extension in its golden's name (`swell.ahap` ↔ `swell.ahap.flac`), so a
/// pattern.json and an AHAP file of one stem never share a golden. Folders are searched
/// recursively (hidden entries and the goldens folder are passed over); a `.json` file that is
/// neither a pattern.json nor an AHAP object (a profile, a package manifest) is skipped with a note,
/// and so is an AHAP file found in a folder when the suite is Android's (Android plays patterns).
struct CheckSuite {
    /// One pattern of the suite.
    struct Entry: Sendable {
        /// The pattern file as found.
        let path: String
        /// The golden's path without its `.wav` or `.flac` extension; also the pattern's name in
        /// results, relative to the goldens folder (`ui/tap`, `swell.ahap`).
        let goldenBase: String
        let name: String
        /// Another pattern that maps to the same golden, if any.
        var collidesWith: String?
    }

    var entries: [Entry] = []
    /// Whether AHAP files found in folders are passed over (an Android suite).
    let android: Bool
    /// `.json` files passed over because they are not patterns, with why.
    var skipped: [(path: String, why: String)] = []

    /// Finds the patterns of `inputs` for goldens in `goldens`; `android`: the suite is Android's.
    /// - Throws: exit 66 for an input that does not exist.
    init(inputs: [String], goldens: String, android: Bool = false) throws(CLIError) {
        self.android = android
        let goldensReal = InputFile.realPath(goldens)
        for input in inputs {
            guard let isFolder = FilePaths.isFolder(input) else {
                throw .missingInput("\(input): file not found")
            }
            if isFolder {
                for relative in Self.patternFiles(in: input, skippingReal: goldensReal) {
                    add(path: Self.join(input, relative), relative: relative, goldens: goldens)
                }
            } else {
                add(path: input, relative: FilePaths.lastComponent(input), goldens: goldens, named: true)
            }
        }
        var byBase: [String: String] = [:]
        for entry in entries { byBase[entry.goldenBase] = byBase[entry.goldenBase] ?? entry.path }
        for index in entries.indices where byBase[entries[index].goldenBase] != entries[index].path {
            entries[index].collidesWith = byBase[entries[index].goldenBase]
            if let first = entries.firstIndex(where: { $0.path == byBase[entries[index].goldenBase] }) {
                entries[first].collidesWith = entries[index].path
            }
        }
    }

    /// Adds a pattern unless it is a `.json` file of neither format found in a folder.
    private mutating func add(path: String, relative: String, goldens: String, named: Bool = false) {
        if !named, let why = android && path.hasSuffix(".ahap") ? Self.ahapOnAndroid : path.hasSuffix(".json") ? notAPattern(path) : nil {
            skipped.append((path, why))
            return
        }
        let stem = relative.hasSuffix(".json") ? String(relative.dropLast(5)) : relative
        entries.append(Entry(path: path, goldenBase: Self.join(goldens, stem), name: stem))
    }

    /// Why a `.json` file is not a pattern of this suite, or nil when it is one (or is broken JSON,
    /// which the check then reports as invalid).
    func notAPattern(_ path: String) -> String? {
        guard let bytes = try? InputFile.read(path, display: path), let root = try? JSONParser.parse(bytes) else { return nil }
        if android, AHAPImport.isAHAP(root) { return Self.ahapOnAndroid }
        return PatternReader.formatMismatch(root) == nil ? nil : "not a pattern.json or AHAP file"
    }

    static let ahapOnAndroid = "an AHAP file is a Core Haptics pattern; an Android suite checks pattern.json files"

    /// The `*.json` and `*.ahap` files below `folder`, relative to it, sorted.
    static func patternFiles(in folder: String, skippingReal skipped: String?) -> [String] {
        // Hidden files and folders, and the goldens folder itself, are passed over.
        let files = FilePaths.files(below: folder) { relative, path in
            !FilePaths.lastComponent(relative).hasPrefix(".") && (skipped == nil || InputFile.realPath(path) != skipped)
        }
        return files.filter { relative in
            !FilePaths.lastComponent(relative).hasPrefix(".") && (relative.hasSuffix(".json") || relative.hasSuffix(".ahap"))
        }.sorted()
    }

    /// The goldens (`*.wav`, `*.flac` below `goldens`) that no pattern of the suite owns.
    func obsoleteGoldens(in goldens: String) -> [String] {
        let owned = Set(entries.map(\.goldenBase))
        var obsolete: [String] = []
        for relative in FilePaths.files(below: goldens, enter: { _, _ in true }) {
            guard relative.hasSuffix(".wav") || relative.hasSuffix(".flac") else { continue }
            let path = Self.join(goldens, relative)
            if !owned.contains(FilePaths.deletingExtension(path)) { obsolete.append(path) }
        }
        return obsolete.sorted()
    }

    /// The entries of shard `index` of `count` (1-based): every `count`-th entry in suite order,
    /// so the shards together hold each entry exactly once.
    func shard(_ index: Int, of count: Int) -> [Entry] {
        entries.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
    }

    static func join(_ folder: String, _ relative: String) -> String { FilePaths.join(folder, relative) }
}

/// `GOLDENS/hapsynth-check.json`: the platform (and Android device), profile, tolerances and golden
/// format a suite was recorded with, so that `check` without flags re-checks like for like.
/// Written when a suite is first recorded; flags given on the command line override it, except
/// the platform: a goldens folder holds one platform's goldens (a file without `platform` is iOS's).
struct CheckSuiteConfig {
    static let fileName = "hapsynth-check.json"

    var profile = ActuatorProfile()
    var tolerance = WaveformComparison.Tolerance()
    /// The container of new goldens: WAV or FLAC (24-bit).
    var format: SoundFileContainer = .wav
    /// The Android device the goldens were rendered for; nil for an iOS suite.
    var androidDevice: AndroidDevice?

    /// Reads the suite's config, if it has one.
    /// - Throws: exit 65 for a config that cannot be used, with its place.
    static func read(goldens: String) throws(CLIError) -> CheckSuiteConfig? {
        let path = CheckSuite.join(goldens, fileName)
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        func fail(_ message: String, _ at: String = "$") -> CLIError { .invalidInput("\(path): \(message) at \(at)") }
        let root: JSONNode
        do {
            root = try JSONParser.parse(try InputFile.read(path, display: path))
        } catch let error as PatternFileError {
            throw .invalidInput(error.description)
        } catch let error as JSONError {
            throw fail("\(error.reason)", "\(error.path)")
        } catch {
            throw fail("\(error)")
        }
        guard case .object(let members) = root.value else { throw fail("expected an object") }
        var config = CheckSuiteConfig()
        var platform = "ios"
        for member in members {
            switch (member.key, member.value.value) {
            case ("profile", .object):
                do {
                    config.profile = try ActuatorProfile.parse(Array(Self.text(of: member.value).utf8), file: path)
                } catch {
                    throw .invalidInput(error.description)
                }
            case ("maxAbsError", .number(let number)) where number.double >= 0 && number.double.isFinite:
                config.tolerance.maxAbsError = number.double
            case ("minSnrDb", .number(let number)) where number.double.isFinite:
                config.tolerance.minSNRdB = number.double
            case ("format", .string(let name)) where name == "wav" || name == "flac":
                config.format = SoundFileContainer(rawValue: name) ?? .wav
            case ("platform", .string(let name)) where name == "ios" || name == "android":
                platform = name
            case ("androidDevice", .object):
                do {
                    config.androidDevice = try AndroidDevice.read(member.value, file: path, at: JSONPath.root.appending("androidDevice"))
                } catch {
                    throw .invalidInput(error.description)
                }
            default:
                throw fail("unexpected \"\(PatternFileError.shown(member.key))\" (expected platform, androidDevice, profile, maxAbsError, "
                           + "minSnrDb or format)", "$.\(member.key)")
            }
        }
        if platform == "ios", config.androidDevice != nil { throw fail("androidDevice goes with \"platform\": \"android\"", "$.androidDevice") }
        if platform == "android", config.androidDevice == nil { config.androidDevice = .flagship }
        return config
    }

    /// A JSON node as compact text, keys and number text kept (the profile reader takes a document).
    private static func text(of node: JSONNode) -> String {
        switch node.value {
        case .object(let members): return "{" + members.map { JSONOutput.quote($0.key) + ": " + text(of: $0.value) }.joined(separator: ", ") + "}"
        case .array(let items): return "[" + items.map(text).joined(separator: ", ") + "]"
        case .string(let value): return JSONOutput.quote(value)
        case .number(let number): return number.text
        case .bool(let value): return value ? "true" : "false"
        case .null: return "null"
        }
    }

    /// The config as written beside new goldens: the platform (and the whole Android device), the
    /// whole profile, tolerances and format.
    var json: JSONOutput {
        .object([("platform", .string(androidDevice == nil ? "ios" : "android"))] + (androidDevice.map { [("androidDevice", $0.json)] } ?? []) + [
            ("profile", .object(ProfileError.Field.allCases.map { field -> (String, JSONOutput) in
                switch field {
                case .sampleRate: return (field.rawValue, .integer(Int64(profile.sampleRate)))
                case .transientCycles: return (field.rawValue, .integer(Int64(profile.transientCycles)))
                case .splitRetrigger: return (field.rawValue, .bool(profile.splitRetrigger))
                default: return (field.rawValue, .double(profile[field]))
                }
            })),
            ("maxAbsError", .double(tolerance.maxAbsError)),
            ("minSnrDb", .double(tolerance.minSNRdB)),
            ("format", .string(format.rawValue)),
        ])
    }
}
