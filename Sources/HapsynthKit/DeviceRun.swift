import AudioIO
import HapticCheck
import HapticCore
import HapticPlanner
import HapticSynth

/// A `devices` run (docs/devices.md): patterns played on devices of the catalogue (or device
/// files), each judged against a reference device, with the gate's verdicts and the HTML and JUnit
/// reports put in place together once every pattern is judged.
public struct DeviceRun: Sendable {
    /// Pattern files and folders of them.
    public var patterns: [String]
    /// Catalogue names and device files; empty: every catalogue device.
    public var devices: [String] = []
    /// The device the others are judged against: a catalogue name or a device file; by default
    /// the iPhone, or for `.vibration` files only (whose effects are Android's) `aosp-default`.
    public var reference: String
    /// The render rate, in Hz.
    public var sampleRate = 48_000
    public var gate = DeviceGate()
    /// Where the HTML report of the one pattern goes, and the JUnit report of every verdict.
    public var report: String?, junit: String?
    /// Only the Kotlin patterns of this name.
    public var patternName: String?
    /// The wrapper versions calls naming none play (`expo` → `12.7.0`); the newest without.
    public var wrapperVersions: [FeedbackCall.Family: String] = [:]

    public init(patterns: [String]) {
        self.patterns = patterns
        reference = !patterns.isEmpty && patterns.allSatisfy(VibrationEffectFile.isFile) ? "aosp-default" : "iphone"
    }

    /// Words that are catalogue names or device files (a JSON object with `provenance` and
    /// `platform`) choose devices; the others are patterns and folders. A bare word that names no
    /// file (no `/`, no extension) is a mistyped device.
    public static func sort(_ words: [String]) throws(DeviceRunError) -> (patterns: [String], devices: [String]) {
        var patterns: [String] = [], devices: [String] = []
        for word in words {
            if isDevice(word) {
                devices.append(word)
            } else if FeedbackCall.hasFamilyPrefix(word) {
                patterns.append(word)  // a system feedback call (docs/feedback.md), read by the loader
            } else if FilePaths.isFolder(word) == nil, !word.contains("/"), !word.contains(".") {
                throw .unknownDevice(DeviceProfileChoiceError(name: word), option: nil, noFile: true)
            } else {
                patterns.append(word)
            }
        }
        return (patterns, devices)
    }

    /// Whether an argument chooses a device: a catalogue name, or a device file (a JSON object
    /// with `provenance` and `platform`).
    static func isDevice(_ word: String) -> Bool {
        DeviceCatalogueFiles.files.contains { $0.name == word } || DeviceReport.isDeviceFile(word)
    }

    /// What a run tells as it goes.
    public enum Event {
        /// A pattern loaded, with its warnings.
        case loaded(path: String, LoadedPattern)
        /// A Kotlin pattern known only when the app runs (or in a form not read): not judged.
        case notJudged(shown: String, KotlinPatternError)
        /// A pattern that cannot be read, one of several: the others are judged, the run fails.
        case invalid(Invalid)
    }

    /// A pattern of several that cannot be read (a Kotlin file's `Haptic(0.ms)`, broken JSON):
    /// listed at its place, as `check` lists it, and failing the run.
    public struct Invalid: Sendable {
        /// The pattern as shown (`FILE.kt#NAME` for a Kotlin pattern).
        public let pattern: String
        /// Why it cannot be read, with its place.
        public let error: LoadError
    }

    /// One pattern's result, in the order the patterns were named.
    public enum Entry {
        case judged(Judged)
        case invalid(Invalid)
    }

    /// One pattern on every device.
    public struct Judged {
        /// The pattern as shown (`FILE.kt#NAME` for a Kotlin pattern).
        public let pattern: String
        public let matrix: DeviceMatrix
        /// The gate's verdicts, device by device.
        public let judgements: [DeviceGate.Judgement]
    }

    /// Every pattern's judgement.
    public struct Outcome {
        /// Each pattern judged or refused, in order.
        public let entries: [Entry]
        /// Kotlin patterns not judged.
        public let notJudged: [String]
        /// The reports, written but not yet in place.
        let reserved: [ReservedText]

        /// Each pattern judged, in order.
        public var judged: [Judged] {
            entries.compactMap { if case .judged(let judged) = $0 { return judged } else { return nil } }
        }

        /// The patterns that could not be read, in order.
        public var invalid: [Invalid] {
            entries.compactMap { if case .invalid(let invalid) = $0 { return invalid } else { return nil } }
        }

        /// `devices: no pattern judged: A, B are known only when the app runs` when nothing was
        /// judged (every pattern is a Kotlin one whose values come from the app), else nil.
        public var noneJudged: String? {
            guard entries.isEmpty else { return nil }
            return "devices: no pattern judged: \(notJudged.joined(separator: ", ")) \(notJudged.count == 1 ? "is" : "are") known only when the app runs"
        }

        /// Every verdict, pattern by pattern.
        public var judgements: [DeviceGate.Judgement] { judged.flatMap(\.judgements) }

        /// The verdicts over their limits.
        public var failing: [DeviceGate.Judgement] { judgements.filter(\.fails) }

        /// Whether the run fails (exit 1): a device over its limit, or a pattern that cannot be
        /// read, as `check` fails on an invalid pattern.
        public var fails: Bool { !failing.isEmpty || !invalid.isEmpty }

        /// Puts the reports in place together (none when one cannot be).
        public func commitReports() throws(OutputError) { try ReservedText.commit(reserved) }

        /// Every pattern's table (a pattern that cannot be read as `check` lists it, at its place),
        /// then, under a gate (`gated`), the verdict and each device over its limit, then how many
        /// patterns cannot be read.
        public func text(gated: Bool) -> String {
            var text = entries.map { entry in
                switch entry {
                case .judged(let judged): return DeviceReport.text(judged.matrix, pattern: judged.pattern)
                case .invalid(let invalid): return "invalid  \(invalid.pattern): \(invalid.error)"
                }
            }.joined(separator: "\n\n")
            if gated {
                text += "\n\nmax loss: " + (failing.isEmpty ? "every device within its limit" : "\(failing.count) over the limit")
                text += failing.map { "\n  FAIL " + $0.sentence }.joined()
            }
            if !invalid.isEmpty {
                text += "\n\ninvalid: \(invalid.count) of \(entries.count) patterns cannot be read; the run fails, as check fails on them"
            }
            return text
        }

        /// The JSON document, pretty-printed: one pattern's, or `{"patterns": [...]}`; the
        /// verdicts under a gate.
        public func json(gated: Bool) -> String {
            let documents = entries.map { entry in
                switch entry {
                case .judged(let judged): return DeviceReport.json(judged.matrix, pattern: judged.pattern, judgements: gated ? judged.judgements : nil)
                case .invalid(let invalid): return JSONOutput.object([("pattern", .string(invalid.pattern)), ("invalid", .string("\(invalid.error)"))])
                }
            }
            return (documents.count == 1 ? documents[0] : .object([("patterns", .array(documents))])).pretty()
        }
    }

    /// Judges every pattern on every device and writes the reports beside their final names
    /// (`Outcome.commitReports` puts them in place).
    public func run(event: (Event) -> Void) throws(DeviceRunError) -> Outcome {
        let catalogue: [DeviceProfile]
        do {
            catalogue = try DeviceProfile.catalogue()
        } catch {
            throw .device(error)
        }
        guard !patterns.isEmpty else { throw .noPatterns([]) }
        let chosen = try devices.isEmpty ? catalogue : devices.map { name throws(DeviceRunError) in try Self.device(name) }
        let referenceDevice = try Self.device(reference, option: "reference")
        let judgedNames = chosen.map(\.name).filter { $0 != referenceDevice.name }
        if let name = gate.percentByDevice.keys.sorted().first(where: { !judgedNames.contains($0) }) { throw .limitForDeviceNotJudged(name, judged: judgedNames) }
        let files = try patternFiles()
        if report != nil, files.count > 1 { throw .reportOfSeveralPatterns }
        let reserved: [ReservedText]
        do {
            try OutputGuard.refuse([report, junit].compactMap { $0 }, inputs: files.map(\.path) + devices + [reference])
            reserved = try ReservedText.reserving([report.map { ($0, "HTML report") }, junit.map { ($0, "JUnit report") }].compactMap { $0 })
        } catch {
            throw .output(error)
        }
        var entries: [Entry] = [], notJudged: [String] = [], reportText: String?
        for file in files {
            let loaded: LoadedPattern
            do {
                loaded = try PatternLoader.load(file.path, capabilities: .iPhone, pattern: file.pattern, alongside: file.alongside)
            } catch {
                // One pattern of several that cannot be read: the others are judged, as check judges them.
                guard case .kotlin(.unreadable(let refused)) = error, refused.isUncheckable else {
                    guard files.count > 1 else { throw .load(error) }
                    let invalid = Invalid(pattern: file.shown, error: error)
                    event(.invalid(invalid))
                    entries.append(.invalid(invalid))
                    continue
                }
                // A pattern of a Kotlin file that needs a run: the file's others are judged.
                guard files.count > 1 else { throw .notJudgeable(refused) }
                event(.notJudged(shown: file.shown, refused))
                notJudged.append(file.shown)
                continue
            }
            event(.loaded(path: file.path, loaded))
            let matrix: DeviceMatrix
            do {
                matrix = try DeviceMatrix(loaded, devices: chosen.filter { $0.name != referenceDevice.name }, reference: referenceDevice, sampleRate: sampleRate)
            } catch let error as ProfileError {
                throw .profile(error, sampleRate: sampleRate)
            } catch let error as RenderLengthError {
                throw .length(pattern: file.shown, error)
            } catch {
                throw .render("\(error)")
            }
            if report != nil { reportText = DeviceReport.html(matrix, loaded: loaded, pattern: file.shown) }
            entries.append(.judged(Judged(pattern: file.shown, matrix: matrix, judgements: gate.judge(matrix, pattern: file.shown))))
        }
        let outcome = Outcome(entries: entries, notJudged: notJudged, reserved: reserved)
        do throws(OutputError) {
            for text in reserved {
                try text.write(text.path == junit ? DeviceGate.junit(outcome.judgements, invalid: outcome.invalid.map { ($0.pattern, "\($0.error)") }) : reportText ?? "")
            }
        } catch {
            throw .output(error)
        }
        return outcome
    }

    /// The patterns named: files as given, folders as `check` and `lint` read them (every `.json`,
    /// `.ahap`, `.haptic` and `.kt` below, hidden ones and other JSON passed over), each Kotlin
    /// pattern shown as `FILE.kt#NAME`; with `patternName`, only the Kotlin patterns of that name.
    func patternFiles() throws(DeviceRunError) -> [(path: String, pattern: String?, alongside: [String], shown: String)] {
        let suite: CheckSuite
        do {
            suite = try CheckSuite(patterns: patterns.map { FeedbackCall.pinning(argument: $0, to: wrapperVersions) })
        } catch {
            throw .check(error)
        }
        var entries = suite.entries
        if let patternName {
            // Only the Kotlin files' patterns are chosen among; the other files all stay.
            entries = entries.filter { !$0.path.hasSuffix(".kt") || $0.pattern == patternName || $0.pattern == nil }
            guard !entries.isEmpty else { throw .noKotlinPattern(patternName, names: suite.entries.compactMap(\.pattern)) }
        }
        guard !entries.isEmpty else { throw .noPatterns(patterns) }
        return entries.map { entry in (entry.path, entry.pattern, entry.alongside, entry.pattern.map { "\(entry.path)#\($0)" } ?? entry.path) }
    }

    /// A catalogue name or a device file; `option` names where it was given (a positional when nil).
    static func device(_ choice: String, option: String? = nil) throws(DeviceRunError) -> DeviceProfile {
        do {
            return try DeviceProfile.resolve(choice)
        } catch let error as DeviceProfileChoiceError {
            throw .unknownDevice(error, option: option, noFile: false)
        } catch let error as SettingsFileError {
            throw .device(error)
        } catch {
            throw .render("\(error)")
        }
    }
}

/// Why a `devices` run could not start or stopped.
public enum DeviceRunError: Error {
    /// A device word that is neither a catalogue name nor a device file; `option` says where it
    /// was given (nil: among the patterns), `noFile` that no file has the name either.
    case unknownDevice(DeviceProfileChoiceError, option: String?, noFile: Bool)
    /// A device file (or the catalogue) that cannot be used.
    case device(SettingsFileError)
    /// A per-device limit for a device that is not judged here.
    case limitForDeviceNotJudged(String, judged: [String])
    /// No pattern among the inputs (empty: none named).
    case noPatterns([String])
    /// No Kotlin pattern of the chosen name, and the names there are.
    case noKotlinPattern(String, names: [String])
    /// An HTML report asked of more than one pattern.
    case reportOfSeveralPatterns
    case check(CheckError)
    case load(LoadError)
    /// The one pattern named is known only when its app runs.
    case notJudgeable(KotlinPatternError)
    /// A device profile that cannot render at the run's rate.
    case profile(ProfileError, sampleRate: Int)
    /// A pattern too long to render.
    case length(pattern: String, RenderLengthError)
    case render(String)
    case output(OutputError)
}
