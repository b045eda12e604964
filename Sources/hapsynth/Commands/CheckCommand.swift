import AudioCore
import AudioIO
import FoundationEssentials
import Glibc
import HapticCore
import HapticPlanner
import HapticSynth

/// `hapsynth check <pattern-or-dir>... --goldens DIR`: golden-waveform regression tests for
/// users' own pattern libraries, built for CI (see `docs/golden-tests.md`).
struct CheckCommand: Command {
    static let name = "check"
    static let abstract = "Render patterns and compare them with golden files (exit 0 when all pass)."
    static let discussion = """
        Folders are searched recursively for *.json and *.ahap patterns; a golden mirrors its
        pattern's path below DIR (ui/tap.json <-> DIR/ui/tap.wav or .flac; an AHAP file keeps its
        extension: swell.ahap <-> DIR/swell.ahap.flac). DIR/hapsynth-check.json records the platform,
        profile, tolerances and format the suite was recorded with; flags override it, except that a
        folder holds one platform's goldens (keep iOS and Android goldens apart). Failing renders and
        their difference signals go to --artifacts (default: a fresh folder under $TMPDIR).
        HAPSYNTH_RECORD=missing|all records like --record, except when CI is set.
        """
    static let positionals = [PositionalSpec(name: "pattern-or-dir", help: "Pattern files or folders.", repeating: true)]
    static var options: [OptionSpec] {
        [
            OptionSpec(name: "--goldens", valueName: "DIR", help: "The folder of golden files.", isRequired: true),
            OptionSpec(name: "--record", valueName: nil,
                       help: "Write missing and differing goldens; 'missing': only new ones; 'all': re-record every one.",
                       choices: ["missing", "all"]),
            OptionSpec(name: "--strict", valueName: nil, help: "Fail on warnings and on goldens that no pattern owns."),
            OptionSpec(name: "--prune", valueName: nil, help: "Delete goldens that no pattern owns."),
            OptionSpec(name: "--artifacts", valueName: "DIR", help: "Where failing renders and differences go."),
            OptionSpec(name: "--junit", valueName: "FILE", help: "Write a JUnit XML report."),
            OptionSpec(name: "--report", valueName: "FILE", help: "Write an HTML report with waveform pictures."),
            OptionSpec(name: "--jobs", valueName: "N", help: "Patterns checked at once (default: the number of cores)."),
            OptionSpec(name: "--shard", valueName: "K/N", help: "Check only the K-th of N parts of the suite."),
            OptionSpec(name: "--platform", valueName: "ios|android",
                       help: "Render as an iPhone or an Android phone plays (default: the suite's, else ios)."),
            OptionSpec(name: "--android-device", valueName: "NAME|FILE",
                       help: "With an Android suite: the device (default: the suite's, else flagship-api36)."),
        ] + CompareOptions.specs + ProfileOptions.specs
    }

    let inputs: [String]
    let goldens: String
    let record: RecordMode
    /// Set when HAPSYNTH_RECORD asked to record but CI is set, to say so.
    let recordIgnoredForCI: Bool
    let strict, prune, asJSON: Bool
    let artifacts: String?
    let junit: String?
    let report: String?
    let jobs: Int
    let shard: (index: Int, count: Int)?
    let tolerance: WaveformComparison.Tolerance
    let profile: ActuatorProfile
    /// The Android device the suite renders for; nil for iOS.
    let androidDevice: AndroidDevice?
    /// The suite's recorded settings, if it has them (written on the first record otherwise).
    let config: CheckSuiteConfig?

    init(_ arguments: ParsedArguments) throws(CLIError) {
        inputs = arguments.positionals
        guard let goldens = arguments.value("--goldens") else { throw .usage("missing --goldens DIR", command: Self.name) }
        self.goldens = goldens
        let environment = ProcessInfo.processInfo.environment
        let fromEnvironment = environment["HAPSYNTH_RECORD"].flatMap { value -> RecordMode? in
            switch value {
            case "missing": return .missing
            case "all": return .all
            case "1", "true": return .missingAndDiffering
            default: return nil
            }
        }
        let isCI = environment["CI"].map { !$0.isEmpty && $0 != "0" && $0 != "false" } ?? false
        if arguments.has("--record") {
            record = arguments.value("--record").flatMap { $0 == "all" ? .all : .missing } ?? .missingAndDiffering
            recordIgnoredForCI = false
        } else {
            record = isCI ? .none : fromEnvironment ?? .none
            recordIgnoredForCI = isCI && fromEnvironment != nil
        }
        strict = arguments.has("--strict")
        prune = arguments.has("--prune")
        asJSON = arguments.has("--json")
        artifacts = arguments.value("--artifacts")
        junit = arguments.value("--junit")
        report = arguments.value("--report")
        jobs = try arguments.count("--jobs", maximum: 256, command: Self.name)
        if let text = arguments.value("--shard") {
            let parts = text.split(separator: "/").map { Int($0) }
            guard parts.count == 2, let index = parts[0], let count = parts[1], count >= 1, (1...count).contains(index) else {
                throw .usage("--shard needs K/N with 1 <= K <= N, got '\(text)'", command: Self.name)
            }
            shard = (index, count)
        } else {
            shard = nil
        }
        config = try CheckSuiteConfig.read(goldens: goldens)
        tolerance = try CompareOptions.tolerance(arguments, command: Self.name, base: config?.tolerance ?? .init())
        profile = try ProfileOptions.resolve(arguments, command: Self.name, base: config?.profile ?? ActuatorProfile())
        androidDevice = try Self.device(arguments, goldens: goldens, recorded: config)
    }

    /// The platform: `--platform`, else the suite's, else iOS; a folder keeps one platform's
    /// goldens, so asking for the other is a usage error (unless `--record all` re-records the
    /// whole folder). The Android device: `--android-device`, else the suite's, else flagship-api36.
    private static func device(_ arguments: ParsedArguments, goldens: String, recorded: CheckSuiteConfig?) throws(CLIError) -> AndroidDevice? {
        let device = try AndroidOptions.device(arguments, command: name, recorded: recorded?.androidDevice)
        let platform = device == nil ? "ios" : "android"
        let recordedPlatform = recorded.map { $0.androidDevice == nil ? "ios" : "android" }
        if let recordedPlatform, platform != recordedPlatform, !(arguments.value("--record") == "all" && arguments.value("--shard") == nil) {
            throw .usage("\(CheckSuite.join(goldens, CheckSuiteConfig.fileName)) says \(goldens) holds \(recordedPlatform) goldens; "
                + "check --platform \(platform) against a goldens folder of its own (or re-record this one with --record all)", command: name)
        }
        return device
    }

    func run(_ console: Console) throws(CLIError) -> ExitCode {
        let suite = try CheckSuite(inputs: inputs, goldens: goldens, android: androidDevice != nil)
        if recordIgnoredForCI { console.note("hapsynth: note: HAPSYNTH_RECORD is ignored because CI is set; goldens are only compared") }
        for skipped in suite.skipped where !asJSON { console.out("skipped  \(skipped.path): \(skipped.why)") }
        let entries = shard.map { suite.shard($0.index, of: $0.count) } ?? suite.entries
        guard !suite.entries.isEmpty else {
            console.out("check: no patterns found in \(inputs.joined(separator: ", "))")
            return .failure
        }
        if record != .none {
            try? FileManager.default.createDirectory(atPath: goldens, withIntermediateDirectories: true)
            // Re-recording the whole suite re-records its settings too, so that a check without
            // flags goes on checking like for like.
            if config == nil || (record == .all && shard == nil) { try writeConfig() }
        }
        var run = CheckRun(
            profile: profile, androidDevice: androidDevice, tolerance: tolerance, record: record,
            newGoldenContainer: config?.format ?? .wav, artifacts: CheckArtifacts(folder: artifacts))
        run.pictures = report != nil
        let outcomes = try CheckParallel.run(entries, jobs: jobs, check: run.check) { outcome in
            if !asJSON { CheckReport.lines(outcome).forEach(console.out) }
        }
        // Obsolete goldens are a whole-suite fact: a shard does not see the others' patterns.
        var obsolete = shard == nil ? suite.obsoleteGoldens(in: goldens) : []
        if prune {
            for golden in obsolete {
                try? FileManager.default.removeItem(atPath: golden)
                if !asJSON { console.out("pruned   \(golden)") }
            }
            obsolete = []
        } else if !asJSON {
            for golden in obsolete { console.out("obsolete \(golden): no pattern owns it\(strict ? "" : " (--prune deletes it)")") }
        }
        let results = CheckReport(outcomes: outcomes, obsolete: obsolete, strict: strict, goldens: goldens, androidDevice: androidDevice)
        if let junit { try results.writeJUnit(to: junit) }
        if let report { try TextFile.write(results.html, to: report, what: "HTML report") }
        if asJSON {
            console.out(results.json.pretty())
        } else {
            console.out(results.summary)
            if let folder = run.artifacts.folder { console.out("artifacts: \(folder)") }
        }
        return results.pass ? .success : .failure
    }

    /// Records the suite's settings beside its first goldens (or after `--record all`), keeping the
    /// recorded golden format.
    private func writeConfig() throws(CLIError) {
        var config = self.config ?? CheckSuiteConfig()
        config.profile = profile
        config.tolerance = tolerance
        config.androidDevice = androidDevice
        let path = CheckSuite.join(goldens, CheckSuiteConfig.fileName)
        do {
            try (config.json.pretty() + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        } catch {
            throw .cannotCreate("cannot write \(path): \(FilePaths.message(of: error))")
        }
    }

    /// Writes the decoded render and actual − golden as float WAV files, for listening.
    static func writeActualAndDifference(
        golden: String, rendered: String, actual: String, diff: String, tolerance: WaveformComparison.Tolerance
    ) throws(CLIError) {
        do {
            let reader = try SoundFileReader(path: rendered)
            let format = reader.format
            func writer(_ path: String) throws -> (AtomicFile, SoundFileWriter) {
                let file = try AtomicFile(targetPath: path)
                return (file, try SoundFileWriter(
                    fileDescriptor: file.fileDescriptor, name: path, format: format, container: .wav, encoding: .float))
            }
            let (actualFile, actualWriter) = try writer(actual)
            // In blocks: memory stays bounded whatever the render's length.
            var block = [Float](repeating: 0, count: 8192 * format.channelCount)
            while true {
                let frames = block.withUnsafeMutableBufferPointer { reader.read(into: $0) }
                guard frames > 0 else { break }
                try block.withUnsafeBufferPointer { try actualWriter.write(UnsafeBufferPointer(rebasing: $0[0..<(frames * format.channelCount)])) }
            }
            try actualWriter.finish()
            try actualFile.commit()
            let (diffFile, diffWriter) = try writer(diff)
            _ = try FileComparison.compare(expected: golden, actual: rendered, tolerance: tolerance, difference: diffWriter)
            try diffWriter.finish()
            try diffFile.commit()
        } catch {
            throw .cannotCreate("cannot write the check's actual and difference files: \(error)")
        }
    }

}
