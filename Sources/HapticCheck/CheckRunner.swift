#if canImport(Glibc)
import Glibc
#endif
import AudioCore
import AudioIO
import FoundationEssentials
import HapticCore
import HapticPlanner
import HapticPlayback
import RenderFiles
import HapticSynth

/// Checks one pattern against its golden, as the suite's settings say (`CheckPolicy` decides;
/// this does the work). A golden is only ever replaced by a complete file: a re-record renders
/// beside the golden, then renames the render over it, so a failure at any step leaves the
/// golden as it was.
public struct CheckRunner: Sendable {
    public let profile: ActuatorProfile
    /// `.ios`, or `.android(device)` for an Android suite.
    public let platform: Platform
    public let tolerance: WaveformComparison.Tolerance
    /// The perceptual gate's limits; nil: renders pass by `tolerance`, sample by sample.
    public var perceptual: PerceptualTolerance?
    /// What Core Haptics reports.
    public var capabilities = DeviceCapabilities.iPhone
    public let record: RecordMode
    /// The container of new goldens.
    public let newGoldenContainer: SoundFileContainer
    public let artifacts: CheckArtifacts
    /// Whether to draw the pictures of a report.
    public var pictures = false
    public var wording = CheckWording()
    /// Whether the caller wants the work stopped (Ctrl-C).
    public var isInterrupted: @Sendable () -> Bool = { false }
    /// The last step of a re-record: puts the finished render (`from`, beside the golden) in the
    /// golden's place (`to`). `rename(2)` unless a test makes it fail.
    public var replace: @Sendable (_ from: String, _ to: String) throws(CheckError) -> Void = CheckRunner.rename

    public init(
        profile: ActuatorProfile, platform: Platform, tolerance: WaveformComparison.Tolerance, record: RecordMode,
        newGoldenContainer: SoundFileContainer, artifacts: CheckArtifacts
    ) {
        self.profile = profile
        self.platform = platform
        self.tolerance = tolerance
        self.record = record
        self.newGoldenContainer = newGoldenContainer
        self.artifacts = artifacts
    }

    /// Checks `entry`, timing it; a pattern that cannot be loaded or rendered is `invalid`.
    /// - Throws: `CheckError` when a golden, an artifact or a render cannot be written, or on
    ///   interruption: the whole check stops then.
    public func check(_ entry: CheckSuite.Entry) throws(CheckError) -> CheckOutcome {
        let started = Date()
        var outcome = try checkUntimed(entry)
        if pictures, outcome.pictures.isEmpty, outcome.status == .ok || outcome.status == .recorded, let golden = outcome.golden,
           let thumbnail = CheckPictures.thumbnail(name: entry.name, golden: golden) {
            outcome.pictures = [thumbnail]
        }
        outcome.seconds = Date().timeIntervalSince(started)
        return outcome
    }

    private func checkUntimed(_ entry: CheckSuite.Entry) throws(CheckError) -> CheckOutcome {
        var outcome = CheckOutcome(entry: entry, status: .invalid)
        if let other = entry.collidesWith {
            outcome.error = "\(entry.path) and \(other) would share the golden \(entry.goldenBase).*; check their folder instead"
            return outcome
        }
        let plan: PlatformPlan
        do {
            let loaded = try PatternLoader.load(entry.path, capabilities: capabilities, pattern: entry.pattern, alongside: entry.alongside)
            outcome.warnings = loaded.warnings.map(\.description)
            plan = loaded.plan(for: platform)
            _ = try FileRender.checkedLength(plan, profile: profile, allowLong: false)
            if let ios = plan.ios, let coarse = TransientResolution.warning(in: ios, profile: profile) {
                outcome.warnings.append(wording.warning(coarse))
            }
        } catch {
            if case .kotlin(.unreadable(let refused))? = error as? LoadError, refused.isUncheckable {
                outcome.status = .notChecked
                outcome.note = "\(refused.kind.rawValue): \(refused.file):\(refused.position): \(refused.message)"
                return outcome
            }
            outcome.error = wording.error(error)
            return outcome
        }
        let existing = [".wav", ".flac"].map { entry.goldenBase + $0 }.first { FileManager.default.fileExists(atPath: $0) }
        guard let golden = existing else {
            let path = entry.goldenBase + "." + newGoldenContainer.rawValue
            outcome.golden = path
            guard CheckPolicy.decide(golden: .missing, rate: profile.sampleRate, record: record) == .recordNew else {
                outcome.status = .missing
                return outcome
            }
            try write(plan, to: path, container: newGoldenContainer, encoding: newGoldenContainer == .flac ? .pcm24 : .float, outcome: &outcome)
            outcome.status = .recorded
            return outcome
        }
        outcome.golden = golden
        let reader: SoundFileReader
        do {
            reader = try SoundFileReader(path: golden)
        } catch {
            outcome.error = "golden \(error)"
            return outcome
        }
        let container = reader.container ?? (golden.hasSuffix(".flac") ? .flac : .wav)
        let encoding = reader.encoding ?? container.defaultEncoding
        let facts = CheckPolicy.Golden.present(rate: reader.format.sampleRate)
        switch CheckPolicy.decide(golden: facts, rate: profile.sampleRate, record: record) {
        case .reportRateChanged, .rerecordAtNewRate:
            outcome.note = "recorded at \(reader.format.sampleRate) Hz, checked at \(profile.sampleRate) Hz"
            guard record == .all else {
                outcome.status = .differs
                return outcome
            }
            try write(plan, to: golden, container: container, encoding: encoding, outcome: &outcome)
            outcome.status = .recorded
            return outcome
        default:
            break
        }
        // Recording: the render is made beside the golden, to be renamed over it. Comparing only:
        // in the scratch folder. Unique per pattern and run either way.
        let unique = ".hapsynth-check-render-" + UUID().uuidString.prefix(12) + "." + container.rawValue
        let rendered = record == .none ? CheckArtifacts.scratchRoot() + "/" + unique
            : FilePaths.join(FilePaths.folder(golden).isEmpty ? "." : FilePaths.folder(golden), "." + FilePaths.lastComponent(golden) + unique)
        defer { unlink(rendered) }
        // A render only compared (not recorded) is thrown away: it need not outlive a crash.
        try write(plan, to: rendered, container: container, encoding: encoding, durable: record != .none, outcome: &outcome)
        let comparison: WaveformComparison
        do {
            comparison = try FileComparison.compare(expected: golden, actual: rendered, tolerance: tolerance)
        } catch {
            outcome.error = "\(error)"
            return outcome
        }
        outcome.comparison = comparison
        if let perceptual, !comparison.pass {
            do {
                outcome.perceptual = try PerceptualFileComparison.compare(
                    expected: golden, actual: rendered, fullScaleG: profile.fullScaleG, tolerance: perceptual)
            } catch {
                outcome.error = "\(error)"
                return outcome
            }
        }
        let passes = (outcome.perceptual?.pass ?? comparison.pass) && !comparison.hasNonFinite  // no gate passes a NaN
        switch CheckPolicy.decide(golden: facts, rate: profile.sampleRate, record: record, comparisonPasses: passes) {
        case .rerecord:
            try replace(rendered, golden)
            outcome.status = .recorded
            outcome.note = comparison.maxAbsError == 0 ? "unchanged" : "changed: " + ComparisonText.figures(comparison)
        case .pass:
            outcome.status = .ok
        default:
            try keepFailure(of: entry, golden: golden, rendered: rendered, comparison: comparison, outcome: &outcome)
            outcome.differingElement = comparison.firstDifferingFrame.flatMap { element(of: plan, atFrame: $0) }
        }
        return outcome
    }

    /// A differing render: its pictures, and the actual and difference signals in the artifacts.
    private func keepFailure(
        of entry: CheckSuite.Entry, golden: String, rendered: String, comparison: WaveformComparison, outcome: inout CheckOutcome
    ) throws(CheckError) {
        if pictures {
            outcome.pictures = CheckPictures.failing(
                name: entry.name, golden: golden, rendered: rendered, firstDiffering: comparison.firstDifferingFrame, tolerance: tolerance)
            outcome.pictures.append(CheckPictures.listening(golden: golden, rendered: rendered))
        }
        let folder = try artifacts.prepare()
        let actual = FilePaths.join(folder, entry.name + ".actual.wav"), diff = FilePaths.join(folder, entry.name + ".diff.wav")
        try? FileManager.default.createDirectory(atPath: FilePaths.folder(actual), withIntermediateDirectories: true)
        try CheckArtifacts.writeActualAndDifference(golden: golden, rendered: rendered, actual: actual, diff: diff, tolerance: tolerance)
        outcome.status = .differs
        outcome.actualPath = actual
        outcome.diffPath = diff
    }

    /// The plan element that plays at frame `frame` of a render: an iPhone's pattern time is
    /// 10 ms behind the file's (the scheduling lead), an Android effect's is not; a transient
    /// counts for its longest pulse (`transientCycles` at the lowest frequency).
    func element(of plan: PlatformPlan, atFrame frame: Int64) -> PlanElement? {
        switch plan {
        case .ios(let ios):
            return ios.element(atMs: FrameTiming.patternMs(frame: frame, rate: profile.sampleRate),
                               transientMs: Double(profile.transientCycles) * 1000 / profile.minFrequencyHz)
        case .android(let android):
            return android.element(atMs: Double(frame) * 1000 / Double(profile.sampleRate))
        case .both:
            return nil  // a stereo file: the frame alone does not say which side differs
        }
    }

    /// Renders into `path` (atomically), stopping on interruption; clamping becomes a warning.
    private func write(
        _ plan: PlatformPlan, to path: String, container: SoundFileContainer, encoding: SampleEncoding, durable: Bool = true,
        outcome: inout CheckOutcome
    ) throws(CheckError) {
        try? FileManager.default.createDirectory(atPath: FilePaths.folder(path), withIntermediateDirectories: true)
        let isInterrupted = self.isInterrupted
        do {
            let summary = try FileRender.render(plan, profile: profile, to: path, container: container, encoding: encoding, durable: durable) { _ in
                !isInterrupted()
            }
            for warning in summary.warnings(profile: profile) {
                if case .clamped = warning, let ios = plan.ios, Self.clampsOnlyTogether(ios, profile: profile) {
                    outcome.notes.append(wording.warning(warning) + " (only where hapsynth adds the pattern's \(ios.players.count) players; "
                        + "none clamps alone)")
                } else {
                    outcome.warnings.append(wording.warning(warning))
                }
            }
        } catch .output(.stopped) {
            throw .interrupted
        } catch .output(.failed(let text)) {
            throw .writeFailed(text)
        } catch {
            throw .cannotWrite(wording.error(error))
        }
    }

    /// Whether a plan of several players clamps only because hapsynth sums them: each player
    /// rendered alone stays within full scale (the pattern itself asks for no clamping).
    static func clampsOnlyTogether(_ plan: PlaybackPlan, profile: ActuatorProfile) -> Bool {
        guard plan.players.count > 1 else { return false }
        return plan.players.allSatisfy { player in
            let alone = PlaybackPlan(players: [player], diagnostics: plan.diagnostics)
            guard let summary = try? OfflineRender.render(alone, profile: profile, into: DiscardedOutput(format: AudioFormat(sampleRate: profile.sampleRate)))
            else { return false }
            return summary.clampedSampleCount == 0
        }
    }

    /// `rename(2)`: the golden is replaced in one step, or not at all.
    public static func rename(_ from: String, _ to: String) throws(CheckError) {
        guard Glibc.rename(from, to) == 0 else {
            throw .cannotWrite("cannot re-record \(to): \(String(cString: strerror(errno)))")
        }
    }
}
