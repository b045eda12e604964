import AudioCore
import AudioIO
import FoundationEssentials
import HapticPlanner
import HapticSynth

/// What to check, and how (docs/golden-tests.md).
public struct CheckRequest: Sendable {
    /// Pattern files and folders.
    public var inputs: [String]
    /// The folder of golden files.
    public var goldens: String
    /// The settings recorded beside the goldens, if any (`CheckSuiteConfig.read`); written when
    /// the suite is first recorded, and again when every golden is re-recorded.
    public var recorded: CheckSuiteConfig?
    /// The container of goldens recorded without settings (a suite's own settings win).
    public var newGoldenFormat: SoundFileContainer = .wav
    public var profile = ActuatorProfile()
    /// `.ios`, or `.android(device)`.
    public var platform: Platform = .ios
    public var tolerance = WaveformComparison.Tolerance()
    /// The perceptual gate's limits when renders are judged by what a person can feel; nil: the
    /// sample-exact gate (`tolerance`).
    public var perceptual: PerceptualTolerance?
    /// What Core Haptics reports (`.noHaptics`: every iOS plan unsupported, as on an iPad).
    public var capabilities = DeviceCapabilities.iPhone
    public var record = RecordMode.none
    /// Whether warnings and obsolete goldens fail the check.
    public var strict = false
    /// Whether goldens that no pattern owns are deleted.
    public var prune = false
    /// Where failing renders go (nil: a fresh folder under `$TMPDIR`, made only when needed).
    public var artifacts: String?
    /// Patterns checked at once.
    public var jobs = 1
    /// Only the `index`-th of `count` parts of the suite (1-based).
    public var shard: (index: Int, count: Int)?
    /// Whether to draw the pictures of an HTML report.
    public var pictures = false
    /// Where the JUnit and the HTML reports go, if anywhere: made before anything is checked, put
    /// in place together at the end, and never over a pattern, a golden or one of `inputFiles`.
    public var junit: String?
    public var report: String?
    /// Other files the check reads (a profile, device files), which no report may replace.
    public var inputFiles: [String] = []
    public var wording = CheckWording()
    /// Names of patterns left out of the check (`Haptics.kt#dynamicTap`; `*` matches any run of
    /// characters): their goldens stay owned, nothing of them is rendered.
    public var skip: [String] = []
    /// Whether the caller wants the work stopped (Ctrl-C).
    public var isInterrupted: @Sendable () -> Bool = { false }

    public init(inputs: [String], goldens: String) {
        self.inputs = inputs
        self.goldens = goldens
    }
}

/// What a check reports while it runs, in suite order.
public enum CheckEvent: Sendable {
    /// A file found in a folder that is not a pattern of the suite.
    case skipped(CheckSuite.Skipped)
    /// One pattern's outcome.
    case outcome(CheckOutcome)
    /// A golden that no pattern owns, deleted (`prune`).
    case pruned(String)

    /// The lines a check prints of it: `skipped  PATH: WHY`, a pattern's outcome, `pruned   GOLDEN`.
    /// With `quiet` only patterns that fail or warn, and what was pruned.
    public func lines(quiet: Bool = false) -> [String] {
        switch self {
        case .skipped(let skipped): return quiet ? [] : ["skipped  \(skipped.path): \(skipped.why)"]
        case .outcome(let outcome):
            let lines = CheckReport.lines(outcome)
            return !quiet || outcome.status != .ok || lines.count > 1 ? lines : []
        case .pruned(let golden): return ["pruned   \(golden)"]
        }
    }
}

/// What a whole check found.
public struct CheckResult: Sendable {
    /// Whether the inputs held no pattern at all (nothing was checked or recorded).
    public let foundNothing: Bool
    public let report: CheckReport
    /// The artifacts folder, when something was written there.
    public let artifactsFolder: String?
}

/// Golden-waveform checks of a suite of patterns: find the patterns, render each for the platform,
/// compare with (or record) its golden, find goldens no pattern owns, and report.
public enum GoldenCheck {
    /// Checks the suite; `events` sees what happens as it happens, in suite order.
    /// - Throws: `CheckError` for an input that does not exist, a golden or the config that cannot
    ///   be written, or on interruption.
    public static func run(_ request: CheckRequest, events: (CheckEvent) -> Void = { _ in }) throws(CheckError) -> CheckResult {
        // The reports' files are made first: a run that cannot write them all fails before it
        // records, prunes or replaces anything, and they are put in place together at the end.
        let reserved: [ReservedText]
        do {
            reserved = try ReservedText.reserving([request.junit.map { ($0, "JUnit report") }, request.report.map { ($0, "HTML report") }].compactMap { $0 })
        } catch {
            throw .output(error)
        }
        let result = try check(request, events: events)
        guard !result.foundNothing, !reserved.isEmpty else { return result }
        let report = result.report
        do {
            // No report replaces a pattern, a golden or a file the check read.
            try OutputGuard.refuse([request.junit, request.report].compactMap { $0 },
                                   inputs: report.outcomes.flatMap { [$0.entry.path] + ($0.golden.map { [$0] } ?? []) } + request.inputFiles)
            for text in reserved { try text.write(text.path == request.junit ? report.junit : report.html) }
            try ReservedText.commit(reserved)
        } catch {
            throw .output(error)
        }
        return result
    }

    private static func check(_ request: CheckRequest, events: (CheckEvent) -> Void) throws(CheckError) -> CheckResult {
        // A goldens folder keeps one platform's goldens, unless every golden is re-recorded.
        if let recorded = request.recorded?.platform.name, recorded != request.platform.name, !(request.record == .all && request.shard == nil) {
            throw .platformMismatch(goldens: request.goldens, recorded: recorded, asked: request.platform.name)
        }
        if request.prune, let file = request.inputs.first(where: { FilePaths.isFolder($0) == false }) { throw .cannotPrune(file: file) }
        let suite = try CheckSuite(inputs: request.inputs, goldens: request.goldens, android: request.platform != .ios)
        suite.skipped.forEach { events(.skipped($0)) }
        // `--skip`: lint's glob matching over a whole name (`*` crosses `/` there: a name is one piece).
        let skips = request.skip.map(GlobToken.parse)
        let entries = (request.shard.map { suite.shard($0.index, of: $0.count) } ?? suite.entries).filter { entry in
            guard skips.contains(where: { GlobToken.matches($0, entry.name) }) else { return true }
            events(.skipped(CheckSuite.Skipped(path: entry.name, why: "left out of the suite")))
            return false
        }
        guard !suite.entries.isEmpty else {
            return CheckResult(foundNothing: true, report: CheckReport(outcomes: [], obsolete: [], strict: request.strict, goldens: request.goldens),
                               artifactsFolder: nil)
        }
        if request.record != .none {
            try? FileManager.default.createDirectory(atPath: request.goldens, withIntermediateDirectories: true)
            // Re-recording the whole suite re-records its settings too, so that a check without
            // flags goes on checking like for like.
            if request.recorded == nil || (request.record == .all && request.shard == nil) {
                var config = request.recorded ?? CheckSuiteConfig()
                if request.recorded == nil { config.format = request.newGoldenFormat }
                config.profile = request.profile
                config.tolerance = request.tolerance
                config.perceptual = request.perceptual
                config.androidDevice = request.platform.androidDevice
                try config.write(goldens: request.goldens)
            }
        }
        var runner = CheckRunner(
            profile: request.profile, platform: request.platform, tolerance: request.tolerance, record: request.record,
            newGoldenContainer: request.recorded?.format ?? request.newGoldenFormat, artifacts: CheckArtifacts(folder: request.artifacts))
        runner.perceptual = request.perceptual
        runner.capabilities = request.capabilities
        runner.pictures = request.pictures
        runner.wording = request.wording
        runner.isInterrupted = request.isInterrupted
        let outcomes = try CheckParallel.run(entries, jobs: request.jobs, isInterrupted: request.isInterrupted, check: runner.check) {
            events(.outcome($0))
        }
        // Obsolete goldens are a whole-suite fact: a shard does not see the others' patterns.
        var obsolete = request.shard == nil ? suite.obsoleteGoldens(in: request.goldens) : []
        if request.prune {
            for golden in obsolete {
                try? FileManager.default.removeItem(atPath: golden)
                events(.pruned(golden))
            }
            obsolete = []
        }
        var report = CheckReport(outcomes: outcomes, obsolete: obsolete, strict: request.strict, goldens: request.goldens,
                                 androidDevice: request.platform.androidDevice)
        report.perceptual = request.perceptual != nil
        return CheckResult(foundNothing: false, report: report, artifactsFolder: runner.artifacts.folder)
    }
}
