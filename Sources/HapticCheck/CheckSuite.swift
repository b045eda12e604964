import HapticCore
import HapticPlanner

/// The patterns of a `check` run and where their goldens live.
///
/// Layout: a golden mirrors its pattern's path relative to the folder given (`patterns/ui/tap.json`
/// ↔ `GOLDENS/ui/tap.flac` or `.wav`); a pattern given as a file is named by its file name. An AHAP
/// file keeps its extension in its golden's name (`swell.ahap` ↔ `swell.ahap.flac`), so a
/// pattern.json and an AHAP file of one stem never share a golden. Folders are searched
/// recursively (hidden entries and the goldens folder are passed over); a `.json` file that is
/// neither a pattern.json nor an AHAP object (a profile, a package manifest) is skipped with a note,
/// and so is an AHAP file found in a folder when the suite is Android's (Android plays patterns).
/// A Kotlin file is one entry per pattern it declares, named `FILE.kt#NAME` (docs/kotlin.md), each
/// with a golden of its own (`Haptics.kt#taps.flac`); a `.kt` file found in a folder that declares
/// no Jindong pattern is passed over.
public struct CheckSuite: Sendable {
    /// One pattern of the suite.
    public struct Entry: Sendable {
        /// The pattern file as found.
        public let path: String
        /// The declaration it is, in a Kotlin file (nil: the file's only pattern, or not Kotlin).
        public var pattern: String? = nil
        /// The suite's Kotlin files, which a Kotlin pattern may include from (its own among them).
        public var alongside: [String] = []
        /// The golden's path without its `.wav` or `.flac` extension.
        public let goldenBase: String
        /// The pattern's name in results, relative to the goldens folder (`ui/tap`, `swell.ahap`).
        public let name: String
        /// Another pattern that maps to the same golden, if any.
        public var collidesWith: String?
    }

    /// A file passed over, with why.
    public struct Skipped: Sendable {
        public let path: String
        public let why: String
    }

    public private(set) var entries: [Entry] = []
    /// Whether the suite is Android's; an iOS suite passes over the `.vibration` files it finds in folders.
    public let android: Bool
    /// Files passed over because they are not patterns of this suite, with why.
    public private(set) var skipped: [Skipped] = []

    /// Finds the patterns of `inputs` with no goldens folder (lint, devices): files as given,
    /// folders read as a suite's.
    /// - Throws: `CheckError.inputNotFound` for an input that does not exist.
    public init(patterns inputs: [String]) throws(CheckError) {
        // A path no folder has: nothing is passed over as the goldens; and no platform's files are
        // passed over either (lint judges each on the platforms it plays on).
        try self.init(inputs: inputs, goldens: "\u{0}", android: true)
    }

    /// Finds the patterns of `inputs` for goldens in `goldens`; `android`: the suite is Android's.
    /// - Throws: `CheckError.inputNotFound` for an input that does not exist.
    public init(inputs: [String], goldens: String, android: Bool = false) throws(CheckError) {
        let goldensReal = InputFile.realPath(goldens)
        var found: [(path: String, relative: String?)] = []
        for input in inputs {
            guard let isFolder = FilePaths.isFolder(input) else {
                // A system feedback call (`uikit:impact.light`, docs/feedback.md): its load reads it.
                guard FeedbackCall.isCall(argument: input) else { throw .inputNotFound(input) }
                found.append((input, nil))
                continue
            }
            guard isFolder else {
                found.append((input, nil))
                continue
            }
            found += Self.patternFiles(in: input, skippingReal: goldensReal).map { (Self.join(input, $0), $0) }
        }
        self.init(found: found, goldens: goldens, android: android, format: PatternLoader.format(of:), kotlinPatterns: Self.kotlinPatterns(in:),
                  vibrationEffects: { (try? VibrationEffectFile.effects(at: $0))?.map(\.name) })
    }

    /// The names of the patterns a Kotlin file declares (none for a file that is not a Jindong
    /// Kotlin file) and, without any, the Jindong names it uses; nil when it cannot be read (the
    /// run then reports it).
    static func kotlinPatterns(in path: String) -> (names: [String], seen: [String])? {
        guard let bytes = try? InputFile.read(path, display: path) else { return nil }
        guard KotlinReader.looksLikeKotlin(bytes) else { return ([], []) }
        return try? KotlinReader.patternNames(bytes: bytes, file: path, neighbours: { KotlinReader.neighbourFiles(of: path) })
    }

    /// The suite of files already found: `found` lists each pattern file with its path relative to
    /// the folder it was found in (nil: named on the command line, named by its file name), and
    /// `format` tells a found file's format (nil: it cannot be read or parsed, which the check
    /// then reports as invalid). Pure: the file system is only asked through `format`.
    public init(found: [(path: String, relative: String?)], goldens: String, android: Bool, format: (String) -> PatternLoader.Format?,
                kotlinPatterns: (String) -> (names: [String], seen: [String])? = { _ in nil }, vibrationEffects: (String) -> [String]? = { _ in nil }) {
        self.android = android
        for file in found {
            let relative = file.relative ?? FilePaths.lastComponent(file.path)
            if file.path.hasSuffix(".kt") {
                addKotlin(path: file.path, relative: relative, goldens: goldens, named: file.relative == nil, names: kotlinPatterns(file.path))
            } else if VibrationEffectFile.isFile(file.path), !android, file.relative != nil {
                // An iPhone plays no VibrationEffect: its goldens would be silence.
                skipped.append(Skipped(path: file.path, why: "a VibrationEffect plays on Android; an iOS suite passes it over (check it in an Android suite)"))
            } else if VibrationEffectFile.isFile(file.path), let names = vibrationEffects(file.path), names.count > 1 {
                // A log of several effects: one entry each, by line (`taps.vibration#line3`).
                for name in names {
                    entries.append(Entry(path: file.path, pattern: name, goldenBase: Self.join(goldens, relative + "#" + name), name: relative + "#" + name))
                }
            } else {
                add(path: file.path, relative: relative, goldens: goldens, named: file.relative == nil, format: format)
            }
        }
        entries = Self.markingCollisions(entries)
        // One list for all (the loader passes over the file itself).
        let kotlin = Array(Set(entries.filter { $0.path.hasSuffix(".kt") }.map(\.path))).sorted()
        for index in entries.indices where entries[index].path.hasSuffix(".kt") { entries[index].alongside = kotlin }
    }

    /// Each entry that shares its golden with another names the first other one.
    private static func markingCollisions(_ entries: [Entry]) -> [Entry] {
        var entries = entries
        var byBase: [String: String] = [:]
        for entry in entries { byBase[entry.goldenBase] = byBase[entry.goldenBase] ?? entry.path }
        for index in entries.indices where byBase[entries[index].goldenBase] != entries[index].path {
            entries[index].collidesWith = byBase[entries[index].goldenBase]
            if let first = entries.firstIndex(where: { $0.path == byBase[entries[index].goldenBase] }) {
                entries[first].collidesWith = entries[index].path
            }
        }
        return entries
    }

    /// Adds a pattern unless it is a file found in a folder that is not a pattern of this suite.
    private mutating func add(
        path: String, relative: String, goldens: String, named: Bool = false, format: (String) -> PatternLoader.Format?
    ) {
        if !named, path.hasSuffix(".json"), let why = notAPattern(format(path)) {
            skipped.append(Skipped(path: path, why: why))
            return
        }
        let stem = relative.hasSuffix(".json") ? String(relative.dropLast(5)) : relative
        entries.append(Entry(path: path, goldenBase: Self.join(goldens, stem), name: stem))
    }

    /// A Kotlin file's patterns, one entry each (`Haptics.kt#taps`); a file that cannot be read is
    /// one entry (its run says why), one found in a folder without a pattern is passed over.
    private mutating func addKotlin(path: String, relative: String, goldens: String, named: Bool, names found: (names: [String], seen: [String])?) {
        if let found, found.names.isEmpty, !named {
            let why = found.seen.isEmpty ? "declares no Jindong pattern"
                : "declares no Jindong pattern that can be named (it uses \(found.seen.joined(separator: ", ")) only where the app's run decides)"
            skipped.append(Skipped(path: path, why: why))
            return
        }
        guard let names = found?.names, !names.isEmpty else {  // its load says what is wrong
            entries.append(Entry(path: path, goldenBase: Self.join(goldens, relative), name: relative))
            return
        }
        for name in names {
            entries.append(Entry(path: path, pattern: name, goldenBase: Self.join(goldens, relative + "#" + Self.fileNamePart(name)), name: relative + "#" + name))
        }
    }

    /// Why a `.json` file of this format is not a pattern of this suite, or nil when it is one
    /// (or is broken JSON, which the check then reports as invalid).
    private func notAPattern(_ format: PatternLoader.Format?) -> String? {
        switch format {
        case .neither: return "not a pattern.json or AHAP file"
        default: return nil
        }
    }

    /// The `*.json`, `*.ahap`, `*.haptic`, `*.kt` and `*.vibration` files below `folder`, relative to it, sorted.
    static func patternFiles(in folder: String, skippingReal skipped: String?) -> [String] {
        // Hidden files and folders, and the goldens folder itself, are passed over.
        let files = FilePaths.files(below: folder) { relative, path in
            !FilePaths.lastComponent(relative).hasPrefix(".") && (skipped == nil || InputFile.realPath(path) != skipped)
        }
        return files.filter { relative in
            !FilePaths.lastComponent(relative).hasPrefix(".") && [".json", ".ahap", ".haptic", ".kt", VibrationEffectFile.fileExtension].contains { relative.hasSuffix($0) }
        }.sorted()
    }

    /// The goldens (`*.wav`, `*.flac` below `goldens`) that no pattern of the suite owns.
    public func obsoleteGoldens(in goldens: String) -> [String] {
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
    public func shard(_ index: Int, of count: Int) -> [Entry] {
        entries.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
    }

    package static func join(_ folder: String, _ relative: String) -> String { FilePaths.join(folder, relative) }

    /// A declaration's name as part of one file name: a separator, a control character or a
    /// leading dot (which Kotlin's reader refuses anyway) becomes `_`, so no name reaches outside
    /// the goldens folder.
    static func fileNamePart(_ name: String) -> String {
        var part = String(name.unicodeScalars.map { scalar -> Character in
            scalar == "/" || scalar == "\\" || scalar.properties.generalCategory == .control ? "_" : Character(scalar)
        })
        if part.hasPrefix(".") { part = "_" + part.dropFirst() }
        return part
    }
}
