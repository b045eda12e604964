import HapticPlayback
import AudioCore
import AudioIO
import FoundationEssentials
import Glibc
import HapticCore
import HapticPlanner
import HapticSynth

/// How `check` records goldens.
enum RecordMode: String, Sendable {
    /// Compare only.
    case none
    /// `--record`: write missing goldens and re-record differing ones.
    case missingAndDiffering
    /// `--record missing`: write missing goldens only.
    case missing
    /// `--record all`: re-record every golden, saying which changed and by how much.
    case all
}

/// What happened to one pattern of a check.
struct CheckOutcome: Sendable {
    enum Status: String, CaseIterable, Sendable { case ok, recorded, differs, missing, invalid }
    let entry: CheckSuite.Entry
    var status: Status
    var golden: String?
    var comparison: WaveformComparison?
    var error: String?
    /// A fact that explains the status (`recorded at 8000 Hz, checked at 16000 Hz`, `unchanged`).
    var note: String?
    var actualPath: String?
    var diffPath: String?
    /// Warnings met reading or rendering the pattern, in full.
    var warnings: [String] = []
    /// Seconds spent on the pattern.
    var seconds = 0.0
    /// Pictures for `--report`, as SVG: a failing pattern's waveforms, a passing one's thumbnail.
    var pictures: [String] = []
}

/// Where failing renders and their difference signals go: `--artifacts DIR`, else a fresh folder
/// under `$TMPDIR` for this run, made only when a pattern fails.
final class CheckArtifacts: @unchecked Sendable {
    private let lock = RecursiveLock()
    private let chosen: String?
    private var made: String?

    init(folder: String?) { chosen = folder }

    /// The folder, once something was written there.
    var folder: String? { lock.withLock { made } }

    /// The folder, made if needed.
    func prepare() throws(CLIError) -> String {
        let folder: String = lock.withLock {
            if let made { return made }
            let folder = chosen ?? CheckArtifacts.freshFolder()
            made = folder
            return folder
        }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw .cannotCreate("cannot create the artifacts folder \(folder): \(FilePaths.message(of: error))")
        }
        return folder
    }

    /// `$TMPDIR/hapsynth-check-XXXXXXXX` (`/tmp` when TMPDIR is unset).
    static func freshFolder() -> String {
        scratchRoot() + "/hapsynth-check-" + UUID().uuidString.prefix(8).lowercased()
    }

    static func scratchRoot() -> String {
        let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        return base.hasSuffix("/") ? String(base.dropLast()) : base
    }
}

/// Checks one pattern against its golden, as the suite's settings say.
struct CheckRun: Sendable {
    let profile: ActuatorProfile
    /// The Android device of an Android suite; nil for iOS.
    let androidDevice: AndroidDevice?
    let tolerance: WaveformComparison.Tolerance
    let record: RecordMode
    let newGoldenContainer: SoundFileContainer
    let artifacts: CheckArtifacts
    /// Whether to draw the pictures of `--report`.
    var pictures = false

    func check(_ entry: CheckSuite.Entry) throws(CLIError) -> CheckOutcome {
        let started = Date()
        var outcome = try checkUntimed(entry)
        if pictures, outcome.pictures.isEmpty, outcome.status == .ok || outcome.status == .recorded, let golden = outcome.golden,
           let thumbnail = CheckPictures.thumbnail(name: entry.name, golden: golden) {
            outcome.pictures = [thumbnail]
        }
        outcome.seconds = Date().timeIntervalSince(started)
        return outcome
    }

    private func checkUntimed(_ entry: CheckSuite.Entry) throws(CLIError) -> CheckOutcome {
        var outcome = CheckOutcome(entry: entry, status: .invalid)
        if let other = entry.collidesWith {
            outcome.error = "\(entry.path) and \(other) would share the golden \(entry.goldenBase).*; check their folder instead"
            return outcome
        }
        let subject: Rendered
        do {
            var warnings: [String] = []
            let loaded = try PatternInput.load(entry.path, console: Console(), quiet: true) { warnings.append($0) }
            outcome.warnings = warnings
            if let androidDevice {
                let plan = try loaded.androidPlan(on: androidDevice, path: entry.path)
                _ = try FileRender.checkedLength(plan, of: nil, profile: profile, allowLong: false)
                subject = .android(plan)
            } else {
                _ = try FileRender.checkedLength(loaded.plan, of: nil, profile: profile, allowLong: false)
                if let coarse = TransientResolution.warning(in: loaded.plan, profile: profile) { outcome.warnings.append(coarse) }
                subject = .ios(loaded.plan)
            }
        } catch {
            outcome.error = error.message
            return outcome
        }
        let existing = [".wav", ".flac"].map { entry.goldenBase + $0 }.first { FileManager.default.fileExists(atPath: $0) }
        guard let golden = existing else {
            let path = entry.goldenBase + "." + newGoldenContainer.rawValue
            outcome.golden = path
            guard record != .none else {
                outcome.status = .missing
                return outcome
            }
            let encoding: SampleEncoding = newGoldenContainer == .flac ? .pcm24 : .float
            try write(subject, to: path, container: newGoldenContainer, encoding: encoding, outcome: &outcome)
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
        if reader.format.sampleRate != profile.sampleRate {
            outcome.note = "recorded at \(reader.format.sampleRate) Hz, checked at \(profile.sampleRate) Hz"
            guard record == .all else {
                outcome.status = .differs
                return outcome
            }
            try write(subject, to: golden, container: container, encoding: encoding, outcome: &outcome)
            outcome.status = .recorded
            return outcome
        }
        // Unique per pattern and run, so that checks side by side never compare each other's renders.
        let rendered = CheckArtifacts.scratchRoot() + "/.hapsynth-check-render-" + UUID().uuidString.prefix(12) + "." + container.rawValue
        defer { try? FileManager.default.removeItem(atPath: rendered) }
        try write(subject, to: rendered, container: container, encoding: encoding, outcome: &outcome)
        let comparison: WaveformComparison
        do {
            comparison = try FileComparison.compare(expected: golden, actual: rendered, tolerance: tolerance)
        } catch {
            outcome.error = "\(error)"
            return outcome
        }
        outcome.comparison = comparison
        let rerecord = record == .all || (record == .missingAndDiffering && !comparison.pass)
        if rerecord {
            do {
                try FileManager.default.removeItem(atPath: golden)
                try FileManager.default.moveItem(atPath: rendered, toPath: golden)
            } catch {
                throw .cannotCreate("cannot re-record \(golden): \(FilePaths.message(of: error))")
            }
            outcome.status = .recorded
            outcome.note = comparison.maxAbsError == 0 ? "unchanged" : "changed: " + CompareOptions.figures(comparison)
            return outcome
        }
        if comparison.pass {
            outcome.status = .ok
            return outcome
        }
        if pictures {
            outcome.pictures = CheckPictures.failing(
                name: entry.name, golden: golden, rendered: rendered, firstDiffering: comparison.firstDifferingFrame, tolerance: tolerance)
        }
        let folder = try artifacts.prepare()
        let actual = CheckSuite.join(folder, entry.name + ".actual.wav"), diff = CheckSuite.join(folder, entry.name + ".diff.wav")
        try? FileManager.default.createDirectory(atPath: FilePaths.folder(actual), withIntermediateDirectories: true)
        try CheckCommand.writeActualAndDifference(golden: golden, rendered: rendered, actual: actual, diff: diff, tolerance: tolerance)
        outcome.status = .differs
        outcome.actualPath = actual
        outcome.diffPath = diff
        return outcome
    }

    /// What a pattern renders as: the Core Haptics plan, or the Android effect.
    private enum Rendered {
        case ios(PlaybackPlan)
        case android(AndroidPlan)
    }

    /// Renders into `path` (atomically), stopping on Ctrl-C; clamping becomes a warning.
    private func write(
        _ rendered: Rendered, to path: String, container: SoundFileContainer, encoding: SampleEncoding, outcome: inout CheckOutcome
    ) throws(CLIError) {
        try? FileManager.default.createDirectory(atPath: FilePaths.folder(path), withIntermediateDirectories: true)
        switch rendered {
        case .android(let plan):
            _ = try AndroidRender.render(plan, of: nil, iosPlan: nil, profile: profile, to: path, container: container, encoding: encoding,
                                         allowLong: false)
        case .ios(let playback):
            let summary = try FileRender.render(playback, profile: profile, to: path, container: container, encoding: encoding) { _ in
                !Interruption.isRaised
            }
            if summary.clampedSampleCount > 0 {
                outcome.warnings.append(RenderCommand.clampWarning(summary, plan: playback, profile: profile))
            }
        }
    }
}
