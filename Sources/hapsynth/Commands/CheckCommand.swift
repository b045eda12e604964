import HapsynthKit
import FoundationEssentials

/// `hapsynth check <pattern-or-dir>... --goldens DIR`: golden-waveform regression tests for
/// users' own pattern libraries, built for CI (see `docs/golden-tests.md`).
struct CheckCommand: Command {
    static let name = "check"
    static let abstract = "Render patterns and compare them with golden files (exit 0 when all pass)."
    static let discussion = """
        Folders are searched recursively for *.json, *.ahap, *.haptic and Jindong's *.kt patterns (each
        pattern of a .kt file is FILE.kt#NAME); a golden mirrors its
        pattern's path below DIR (ui/tap.json <-> DIR/ui/tap.wav or .flac; an AHAP file keeps its
        extension: swell.ahap <-> DIR/swell.ahap.flac). A render passes when it matches its golden
        sample by sample, or, with --perceptual, when a person could not feel the difference (see
        compare). DIR/hapsynth-check.json records the platform, profile, tolerances, gate and
        format the suite was recorded with; flags override it, except that a
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
            OptionSpec(name: "--quiet", valueName: nil, help: "Print only the patterns that fail or warn, and the summary.", short: "-q"),
            OptionSpec(name: "--golden-format", valueName: "flac|wav",
                       help: "A new suite's goldens: 24-bit FLAC (default, at 8000 Hz unless --rate) or 32-bit float WAV."),
            OptionSpec(name: "--prune", valueName: nil, help: "Delete goldens that no pattern owns."),
            OptionSpec(name: "--artifacts", valueName: "DIR", help: "Where failing renders and differences go."),
            OptionSpec(name: "--junit", valueName: "FILE", help: "Write a JUnit XML report."),
            OptionSpec(name: "--report", valueName: "FILE", help: "Write an HTML report with waveform pictures."),
            OptionSpec(name: "--jobs", valueName: "N", help: "Patterns checked at once (default: the number of cores)."),
            OptionSpec(name: "--shard", valueName: "K/N", help: "Check only the K-th of N parts of the suite."),
            OptionSpec(name: "--skip", valueName: "NAME", help: "Leave out the pattern NAME (Haptics.kt#tap; * matches any run; repeatable)."),
            OptionSpec(name: "--platform", valueName: "ios|android",
                       help: "Render as an iPhone or an Android phone plays (default: the suite's, else ios)."),
            DeviceProfileOption.spec,
            OptionSpec(name: "--android-device", valueName: "NAME|FILE",
                       help: "With an Android suite: the device (default: the suite's, else flagship-api36)."),
        ] + CompareOptions.specs + CompareOptions.perceptualSpecs + [
            OptionSpec(name: "--sample-exact", valueName: nil, help: "Gate sample by sample even where the suite records the perceptual gate."),
        ] + ProfileOptions.specs
    }

    let inputs: [String]
    let goldens: String
    let record: RecordMode
    /// Set when HAPSYNTH_RECORD asked to record but CI is set, to say so.
    let recordIgnoredForCI: Bool
    let strict, prune, asJSON, quiet: Bool
    let artifacts: String?
    let junit: String?
    let report: String?
    let jobs: Int
    let shard: (index: Int, count: Int)?
    /// `--skip`: names of patterns left out.
    let skip: [String]
    let tolerance: WaveformComparison.Tolerance
    /// The perceptual gate's limits; nil: the sample-exact gate.
    let perceptual: PerceptualTolerance?
    /// No haptics on a device profile without them.
    let capabilities: DeviceCapabilities
    let profile: ActuatorProfile
    /// `.ios`, or `.android(device)` for an Android suite.
    let platform: Platform
    /// The suite's recorded settings, if it has them (written on the first record otherwise).
    let config: CheckSuiteConfig?
    /// The container of goldens recorded with no suite settings yet.
    let newGoldenFormat: SoundFileContainer
    /// The files its options name (a profile, device files), which no report may replace.
    let inputFiles: [String]

    init(_ arguments: ParsedArguments) throws(CLIError) {
        inputs = arguments.positionals
        inputFiles = PatternInput.optionFiles(arguments)
        guard let goldens = arguments.value("--goldens") else { throw .usage("missing --goldens DIR", command: Self.name) }
        self.goldens = goldens
        if arguments.has("--record") {
            record = arguments.value("--record").flatMap { $0 == "all" ? .all : .missing } ?? .missingAndDiffering
            recordIgnoredForCI = false
        } else {
            (record, recordIgnoredForCI) = RecordMode.fromEnvironment(ProcessInfo.processInfo.environment)
        }
        strict = arguments.has("--strict")
        quiet = arguments.has("--quiet")
        prune = arguments.has("--prune")
        if prune, let file = inputs.first(where: { FilePaths.isFolder($0) == false }) {
            throw .usage("--prune needs folders: \(file) is a file, and a suite named by files cannot say which goldens are obsolete", command: Self.name)
        }
        asJSON = arguments.has("--json")
        artifacts = arguments.value("--artifacts")
        junit = arguments.value("--junit")
        report = arguments.value("--report")
        jobs = try arguments.count("--jobs", maximum: 256, command: Self.name)
        skip = arguments.values("--skip")
        if let text = arguments.value("--shard") {
            let parts = text.split(separator: "/").map { Int($0) }
            guard parts.count == 2, let index = parts[0], let count = parts[1], count >= 1, (1...count).contains(index) else {
                throw .usage("--shard needs K/N with 1 <= K <= N, got '\(text)'", command: Self.name)
            }
            shard = (index, count)
        } else {
            shard = nil
        }
        do {
            config = try CheckSuiteConfig.read(goldens: goldens)
        } catch {
            throw CLIError(error)
        }
        // A folder with no suite yet is recorded with the new-suite settings (FLAC at 8 kHz).
        let fresh = config == nil && CheckSuiteConfig.isNew(goldens: goldens) ? CheckSuiteConfig.newSuite : CheckSuiteConfig()
        switch arguments.value("--golden-format") {
        case nil: newGoldenFormat = fresh.format
        case "flac": newGoldenFormat = .flac
        case "wav": newGoldenFormat = .wav
        case let other?: throw .usage("--golden-format takes flac or wav, got '\(other)'", command: Self.name)
        }
        if config != nil, arguments.value("--golden-format") != nil {
            throw .usage("--golden-format chooses a new suite's goldens; this suite keeps the format it was recorded in", command: Self.name)
        }
        tolerance = try CompareOptions.tolerance(arguments, command: Self.name, base: config?.tolerance ?? .init())
        if arguments.has("--sample-exact") {
            if let flag = CompareOptions.perceptualSpecs.map(\.name).first(where: { arguments.has($0) || arguments.value($0) != nil }) {
                throw .usage("--sample-exact and \(flag) choose different gates", command: Self.name)
            }
            perceptual = nil
        } else {
            perceptual = try CompareOptions.perceptual(arguments, command: Self.name, base: config?.perceptual)
        }
        let device = try DeviceProfileOption.device(arguments, command: Self.name)
        profile = try DeviceProfileOption.profile(
            device, over: try ProfileOptions.resolve(arguments, command: Self.name, base: config?.profile ?? fresh.profile), command: Self.name)
        // A device profile's platform, else `--platform`, else the suite's, else iOS (a folder keeps one
        // platform's goldens: the check refuses the other unless `--record all` re-records it all).
        if let device { platform = device.platform } else { platform = try AndroidOptions.platform(arguments, command: Self.name, recorded: config?.platform ?? .ios) }
        capabilities = device?.capabilities ?? .iPhone
    }

    func run(_ console: Console) throws(CLIError) -> ExitCode {
        if recordIgnoredForCI { console.note("hapsynth: note: HAPSYNTH_RECORD is ignored because CI is set; goldens are only compared") }
        var request = CheckRequest(inputs: inputs, goldens: goldens)
        request.recorded = config
        request.newGoldenFormat = newGoldenFormat
        request.profile = profile
        request.platform = platform
        request.tolerance = tolerance
        request.perceptual = perceptual
        request.capabilities = capabilities
        request.record = record
        request.strict = strict
        request.prune = prune
        request.artifacts = artifacts
        request.jobs = jobs
        request.shard = shard
        request.skip = skip
        request.pictures = report != nil
        (request.junit, request.report, request.inputFiles) = (junit, report, inputFiles)
        request.wording = CheckWording(error: { Wording.text($0) }, warning: { Wording.text($0) })
        request.isInterrupted = { Interruption.isRaised }
        let asJSON = self.asJSON, strict = self.strict, quiet = self.quiet
        let result = try Interruption.deferred { () throws(CLIError) in
            do throws(CheckError) {
                return try Hapsynth.check(request) { event in
                    guard !asJSON else { return }
                    switch event {
                    case .skipped(let skipped): if !quiet { console.out("skipped  \(skipped.path): \(skipped.why)") }
                    case .outcome(let outcome):
                        let lines = CheckReport.lines(outcome)
                        if !quiet || outcome.status != .ok || lines.count > 1 { lines.forEach(console.out) }
                    case .pruned(let golden): console.out("pruned   \(golden)")
                    }
                }
            } catch {
                throw CLIError(error)
            }
        }
        guard !result.foundNothing else {
            console.out("check: no patterns found in \(inputs.joined(separator: ", "))")
            return .failure
        }
        let results = result.report
        if !asJSON {
            for golden in results.obsolete { console.out("obsolete \(golden): no pattern owns it\(strict ? "" : " (--prune deletes it)")") }
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
