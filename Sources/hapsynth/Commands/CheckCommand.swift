import HapsynthKit
import FoundationEssentials

/// `hapsynth check <pattern-or-dir>... --goldens DIR`: golden-waveform regression tests for
/// users' own pattern libraries, built for CI (see `docs/golden-tests.md`).
struct CheckCommand: Command {
    static let name = "check"
    static let abstract = "Render patterns and compare them with golden files (exit 0 when all pass)."
    static let discussion = """
        Folders are searched recursively for *.json, *.ahap, *.haptic, Jindong's *.kt and *.vibration
        patterns (FILE.kt#NAME for each of a .kt file, FILE.vibration#lineN of a log); a golden mirrors its
        pattern's path below DIR (ui/tap.json <-> DIR/ui/tap.wav or .flac; an AHAP file keeps its
        extension: swell.ahap <-> DIR/swell.ahap.flac). A render passes when it matches its golden
        sample by sample, or, with --perceptual, when a person could not feel the difference (see
        compare). DIR/hapsynth-check.json records the platform, profile, tolerances, gate and
        format the suite was recorded with; flags override it, except that a
        folder holds one platform's goldens (keep iOS and Android goldens apart). Failing renders and
        their difference signals go to --artifacts (default: a fresh folder under $TMPDIR).
        HAPSYNTH_RECORD=missing|all records like --record, except when CI is set.
        """
    static let positionals = [PositionalSpec(name: "pattern-or-dir", help: "Pattern files or folders, or system feedback calls (android:CONFIRM).", repeating: true)]
    static let goldens = Option("--goldens", "DIR", help: "The folder of golden files.", isRequired: true)
    static let record = Flag("--record", help: "Write missing and differing goldens; 'missing': only new ones; 'all': re-record every one.",
                             choices: ["missing", "all"])
    static let strict = Flag("--strict", help: "Fail on warnings and on goldens that no pattern owns.")
    static let quiet = Flag("--quiet", help: "Print only the patterns that fail or warn, and the summary.", short: "-q")
    /// A new suite's goldens: FLAC or WAV.
    enum GoldenFormat: String, CaseIterable, Sendable { case flac, wav }
    static let goldenFormat = Option<GoldenFormat>.choice("--golden-format",
                                                         help: "A new suite's goldens: 24-bit FLAC (default, at 8000 Hz unless --rate) or 32-bit float WAV.")
    static let prune = Flag("--prune", help: "Delete goldens that no pattern owns.")
    static let artifacts = Option("--artifacts", "DIR", help: "Where failing renders and differences go.")
    static let junit = Option("--junit", "FILE", help: "Write a JUnit XML report.")
    static let report = Option("--report", "FILE", help: "Write an HTML report with waveform pictures.")
    static let jobs = Option.count("--jobs", help: "Patterns checked at once (default: the number of cores).")
    static let shard = Option<(index: Int, count: Int)>(
        OptionSpec(name: "--shard", valueName: "K/N", help: "Check only the K-th of N parts of the suite."), rule: "needs K/N with 1 <= K <= N"
    ) { text in
        let parts = text.split(separator: "/").map { Int($0) }
        guard parts.count == 2, let index = parts[0], let count = parts[1], count >= 1, (1...count).contains(index) else { return nil }
        return (index, count)
    }
    static let skip = Option("--skip", "NAME", help: "Leave out the pattern NAME (Haptics.kt#tap; * matches any run; repeatable).")
    static let sampleExact = Flag("--sample-exact", help: "Gate sample by sample even where the suite records the perceptual gate.")
    static var options: [OptionSpec] {
        specs(goldens, record, strict, quiet, goldenFormat, prune, artifacts, junit, report, jobs, shard, skip,
              DeviceOptions.platform.with(help: "Render as an iPhone or an Android phone plays (default: the suite's, else ios)."),
              DeviceOptions.profile,
              DeviceOptions.androidDevice.with(help: "With an Android suite: the device (default: the suite's, else flagship-api36)."))
            + CompareOptions.specs + CompareOptions.perceptualSpecs + specs(sampleExact) + ProfileOptions.specs
    }

    /// What to check, against what, and how.
    let request: CheckRequest
    /// Set when HAPSYNTH_RECORD asked to record but CI is set, to say so.
    let recordIgnoredForCI: Bool
    let asJSON, quiet: Bool

    init(_ arguments: ParsedArguments) throws(CLIError) {
        guard let goldens = try arguments.value(Self.goldens) else { throw .usage("missing --goldens DIR", command: Self.name) }
        var request = CheckRequest(inputs: arguments.positionals, goldens: goldens)
        request.inputFiles = PatternInput.optionFiles(arguments)
        if arguments.has(Self.record) {
            request.record = arguments.choice(Self.record).map { $0 == "all" ? .all : .missing } ?? .missingAndDiffering
            recordIgnoredForCI = false
        } else {
            (request.record, recordIgnoredForCI) = RecordMode.fromEnvironment(ProcessInfo.processInfo.environment)
        }
        (request.strict, request.prune) = (arguments.has(Self.strict), arguments.has(Self.prune))
        quiet = arguments.has(Self.quiet)
        if request.prune, let file = request.inputs.first(where: { FilePaths.isFolder($0) == false }) {
            throw .usage("--prune needs folders: \(file) is a file, and a suite named by files cannot say which goldens are obsolete", command: Self.name)
        }
        asJSON = arguments.has(CompareOptions.json)
        (request.artifacts, request.junit, request.report) = (try arguments.value(Self.artifacts), try arguments.value(Self.junit), try arguments.value(Self.report))
        request.pictures = request.report != nil
        request.jobs = try arguments.count(Self.jobs)
        request.skip = arguments.values(Self.skip)
        request.shard = try arguments.value(Self.shard)
        let suite = try worded { try CheckSuiteConfig.settings(goldens: goldens) }
        request.recorded = suite.recorded
        let format = try arguments.value(Self.goldenFormat)
        request.newGoldenFormat = format.map { $0 == .flac ? .flac : .wav } ?? suite.base.format
        if suite.recorded != nil, format != nil {
            throw .usage("--golden-format chooses a new suite's goldens; this suite keeps the format it was recorded in", command: Self.name)
        }
        request.tolerance = try CompareOptions.tolerance(arguments, base: suite.base.tolerance)
        if arguments.has(Self.sampleExact) {
            if let flag = CompareOptions.perceptualSpecs.map(\.name).first(where: { arguments.has($0) || arguments.value($0) != nil }) {
                throw .usage("--sample-exact and \(flag) choose different gates", command: Self.name)
            }
        } else {
            request.perceptual = try CompareOptions.perceptual(arguments, base: suite.base.perceptual)
        }
        // A device profile's platform, else `--platform`, else the suite's, else iOS (a folder keeps one
        // platform's goldens: the check refuses the other unless `--record all` re-records it all).
        let target = try DeviceOptions.target(arguments, recorded: suite.base.platform, base: suite.base.profile)
        (request.profile, request.platform, request.capabilities) = (target.profile, target.platform, target.capabilities)
        request.wording = CheckWording(error: { Wording.text($0) }, warning: { Wording.text($0) })
        request.isInterrupted = { Interruption.process.isRaised }
        self.request = request
    }

    func run(_ console: Console) throws(CLIError) -> ExitCode {
        if recordIgnoredForCI { console.note("hapsynth: note: HAPSYNTH_RECORD is ignored because CI is set; goldens are only compared") }
        let asJSON = self.asJSON, quiet = self.quiet
        let result = try Interruption.process.deferred { () throws(CLIError) in
            try worded {
                try Hapsynth.check(request) { event in if !asJSON { event.lines(quiet: quiet).forEach(console.out) } }
            }
        }
        guard !result.foundNothing else {
            console.out("check: no patterns found in \(request.inputs.joined(separator: ", "))")
            return .failure
        }
        let results = result.report
        if !asJSON {
            for golden in results.obsolete { console.out("obsolete \(golden): no pattern owns it\(request.strict ? "" : " (--prune deletes it)")") }
        }
        if asJSON {
            console.out(results.json.pretty())
        } else {
            console.out(results.summary(strictName: "--strict"))
            if let folder = result.artifactsFolder { console.out("artifacts: \(folder)") }
        }
        return results.pass ? .success : .failure
    }
}
