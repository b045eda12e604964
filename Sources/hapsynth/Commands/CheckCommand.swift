import AudioCore
import AudioIO
import Foundation
import HapticCore
import HapticPlanner
import HapticSynth

/// `hapsynth check <pattern-or-dir>... --goldens DIR`: golden-waveform regression tests for
/// users' own patterns (SYNTH.md §3).
struct CheckCommand: Command {
    static let name = "check"
    static let abstract = "Render patterns and compare them with golden files (exit 0 when all pass)."
    static let discussion = """
        A folder contributes its *.json and *.ahap files. A pattern's golden is DIR/<name>.wav or
        DIR/<name>.flac; the render is made at the golden's rate and encoded as the golden is. A
        failing render and its difference signal go to $TMPDIR/hapsynth-check/. --record writes
        missing and differing goldens (as WAV unless a FLAC golden of that name exists).
        """
    static let positionals = [PositionalSpec(name: "pattern-or-dir", help: "Pattern files or folders.", repeating: true)]
    static var options: [OptionSpec] {
        [
            OptionSpec(name: "--goldens", valueName: "DIR", help: "The folder of golden files (required)."),
            OptionSpec(name: "--record", valueName: nil, help: "Write missing and differing goldens."),
        ] + CompareOptions.specs + ProfileOptions.specs
    }

    /// What happened to one pattern.
    struct Outcome {
        enum Status: String { case ok, recorded, differs, missing, invalid }
        let pattern: String
        let name: String
        let status: Status
        var golden: String?
        var comparison: WaveformComparison?
        var error: String?
        var actualPath: String?
        var diffPath: String?
    }

    let inputs: [String]
    let goldens: String
    let record: Bool
    let asJSON: Bool
    let tolerance: WaveformComparison.Tolerance
    let profile: ActuatorProfile

    init(_ arguments: ParsedArguments) throws(CLIError) {
        inputs = arguments.positionals
        guard let goldens = arguments.value("--goldens") else { throw .usage("missing --goldens DIR", command: Self.name) }
        self.goldens = goldens
        record = arguments.has("--record")
        asJSON = arguments.has("--json")
        tolerance = try CompareOptions.tolerance(arguments, command: Self.name)
        profile = try ProfileOptions.resolve(arguments, command: Self.name)
    }

    func run(_ console: Console) throws(CLIError) -> ExitCode {
        let patterns = try patternFiles()
        if record { try? FileManager.default.createDirectory(atPath: goldens, withIntermediateDirectories: true) }
        var outcomes: [Outcome] = []
        for pattern in patterns {
            let outcome = try Interruption.deferred { () throws(CLIError) in try check(pattern) }
            outcomes.append(outcome)
            if !asJSON { console.out(Self.line(outcome)) }
        }
        let pass = outcomes.allSatisfy { $0.status == .ok || $0.status == .recorded }
        if asJSON {
            console.out(JSONOutput.object([
                ("goldens", .string(goldens)),
                ("results", .array(outcomes.map(Self.json))),
                ("pass", .bool(pass)),
            ]).pretty())
        } else {
            let counts = Outcome.Status.allCases.map { status in "\(outcomes.filter { $0.status == status }.count) \(status.rawValue)" }
            console.out("check: \(outcomes.count) pattern\(outcomes.count == 1 ? "" : "s"): \(counts.joined(separator: ", "))")
        }
        return pass ? .success : .failure
    }

    /// The pattern files named, folders expanded to their *.json and *.ahap files (sorted).
    private func patternFiles() throws(CLIError) -> [String] {
        var files: [String] = []
        for input in inputs {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: input, isDirectory: &isFolder) else {
                throw .missingInput("\(input): file not found")
            }
            if isFolder.boolValue {
                let entries = (try? FileManager.default.contentsOfDirectory(atPath: input)) ?? []
                let base = input.hasSuffix("/") ? input : input + "/"
                files += entries.filter { $0.hasSuffix(".json") || $0.hasSuffix(".ahap") }.sorted().map { base + $0 }
                    .filter { path in
                        var folder: ObjCBool = false
                        return FileManager.default.fileExists(atPath: path, isDirectory: &folder) && !folder.boolValue
                    }
            } else {
                files.append(input)
            }
        }
        return files
    }

    /// Renders one pattern like its golden and compares; records when asked.
    private func check(_ pattern: String) throws(CLIError) -> Outcome {
        let name = ((pattern as NSString).lastPathComponent as NSString).deletingPathExtension
        func invalid(_ message: String) -> Outcome { Outcome(pattern: pattern, name: name, status: .invalid, error: message) }
        let playback: PlaybackPlan
        do {
            playback = try PatternInput.load(pattern, console: Console(), quiet: true).plan
        } catch {
            return invalid(error.message)
        }
        do {
            _ = try RenderLength.checked(playback, profile: profile, allowLong: false)
        } catch {
            return invalid("\(error)")
        }
        let wav = goldens + "/" + name + ".wav", flac = goldens + "/" + name + ".flac"
        let existing = [wav, flac].first { FileManager.default.fileExists(atPath: $0) }
        guard let golden = existing else {
            guard record else { return Outcome(pattern: pattern, name: name, status: .missing, golden: wav) }
            _ = try FileRender.render(playback, profile: profile, to: wav, container: .wav, encoding: .float) { _ in !Interruption.isRaised }
            return Outcome(pattern: pattern, name: name, status: .recorded, golden: wav)
        }
        let reader: SoundFileReader
        do {
            reader = try SoundFileReader(path: golden)
        } catch {
            return invalid("golden \(error)")
        }
        let container = reader.container ?? (golden.hasSuffix(".flac") ? .flac : .wav)
        let encoding = reader.encoding ?? container.defaultEncoding
        var goldenProfile = profile
        goldenProfile.sampleRate = reader.format.sampleRate
        do {
            try goldenProfile.validate()
        } catch {
            return invalid("at the golden's rate of \(reader.format.sampleRate) Hz: \(error)")
        }
        let workspace = Self.workspace()
        // Unique per run, so that checks running side by side never compare each other's renders.
        let rendered = workspace + "/." + name + ".render-" + UUID().uuidString.prefix(8) + "." + container.rawValue
        defer { try? FileManager.default.removeItem(atPath: rendered) }
        _ = try FileRender.render(playback, profile: goldenProfile, to: rendered, container: container, encoding: encoding) { _ in
            !Interruption.isRaised
        }
        let comparison: WaveformComparison
        do {
            comparison = try FileComparison.compare(expected: golden, actual: rendered, tolerance: tolerance)
        } catch {
            return invalid("\(error)")
        }
        var outcome = Outcome(pattern: pattern, name: name, status: .ok, golden: golden, comparison: comparison)
        if comparison.pass { return outcome }
        if record {
            _ = try FileRender.render(playback, profile: goldenProfile, to: golden, container: container, encoding: encoding) { _ in
                !Interruption.isRaised
            }
            return Outcome(pattern: pattern, name: name, status: .recorded, golden: golden, comparison: comparison)
        }
        let actual = workspace + "/" + name + ".actual.wav", diff = workspace + "/" + name + ".diff.wav"
        try Self.writeActualAndDifference(golden: golden, rendered: rendered, actual: actual, diff: diff, tolerance: tolerance)
        outcome = Outcome(pattern: pattern, name: name, status: .differs, golden: golden, comparison: comparison,
                          actualPath: actual, diffPath: diff)
        return outcome
    }

    /// `$TMPDIR/hapsynth-check` (`/tmp` when TMPDIR is unset), created if needed.
    static func workspace() -> String {
        let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        let folder = (base.hasSuffix("/") ? String(base.dropLast()) : base) + "/hapsynth-check"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Writes the decoded render and actual − golden as float WAV files, for listening.
    private static func writeActualAndDifference(
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

    static func line(_ outcome: Outcome) -> String {
        switch outcome.status {
        case .ok: return "ok       \(outcome.name)"
        case .recorded: return "recorded \(outcome.name): \(outcome.golden ?? "")"
        case .missing: return "missing  \(outcome.name): no golden \(outcome.golden ?? "") or .flac"
        case .invalid: return "invalid  \(outcome.name): \(outcome.error ?? "")"
        case .differs:
            let figures = outcome.comparison.map(CompareOptions.figures) ?? ""
            return "differs  \(outcome.name): \(figures); actual \(outcome.actualPath ?? ""), diff \(outcome.diffPath ?? "")"
        }
    }

    static func json(_ outcome: Outcome) -> JSONOutput {
        func text(_ value: String?) -> JSONOutput { value.map { .string($0) } ?? .null }
        return .object([
            ("pattern", .string(outcome.pattern)),
            ("name", .string(outcome.name)),
            ("status", .string(outcome.status.rawValue)),
            ("golden", text(outcome.golden)),
            ("comparison", outcome.comparison.map(CompareOptions.json) ?? .null),
            ("error", text(outcome.error)),
            ("actual", text(outcome.actualPath)),
            ("diff", text(outcome.diffPath)),
        ])
    }
}

extension CheckCommand.Outcome.Status: CaseIterable {}
