import Dispatch
import FoundationEssentials
import HapsynthKit

/// `hapsynth from-audio <sound>... -o OUT`: haptics from sounds, as Haptics Studio makes them
/// (docs/from-audio.md): each sound's clip written as a `.haptic` clip or an AHAP file.
struct FromAudioCommand: Command {
    static let name = "from-audio"
    static let abstract = "Make haptics from sounds: a .haptic clip, an AHAP file or a pattern.json for each."
    static let discussion = """
        Each sound (WAV, FLAC, OGG, MP3, AIFF or CAF, any rate and channels, mixed to mono) is
        analysed as Meta Haptics Studio analyses one, with its defaults: an amplitude envelope (an RMS follower, at most --resolution
        points a second), a frequency envelope (the spectral centroid between the --audio-filter
        frequencies) and emphasis on the sharp rises (--sensitivity, --ducking). OUT's extension
        says what is written (.haptic, .ahap or .json); with several sounds or a folder, OUT is a folder
        whose tree mirrors the input's and --to says the format (one sound goes into an existing
        folder, or a path ending in /, too). Folders are converted whole: a sound that cannot be
        read is named and the run exits 65 at its end. An existing file hapsynth did not write (a
        designer's own clip) is kept unless --force (exit 73 at the end); files it wrote before are
        replaced. Every file is written atomically and never over an input or the settings.
        """
    static let positionals = [PositionalSpec(name: "sound", help: "Sound files or folders of them.", repeating: true)]
    static let output = Option("--output", "OUT", help: "The file (.haptic, .ahap or .json), or the folder for several sounds.", short: "-o", isRequired: true)
    static let to = Option<FromAudioBatch.Format>.choice("--to", help: "Into a folder: the format of each file (default haptic).")
    static let gainDb = Option.number("--gain-db", "DB", help: "Gain of the signal the amplitude is measured on, -60 to 60 (default 0).", in: -60...60)
    static let normalizeDb = Option.number("--normalize-db", "DB", help: "Normalise the frequency analysis to this peak, -60 to 0 (default: off).", in: -60...0)
    static let resolution = Option.number("--resolution", "N", help: "Amplitude points a second at most, 5-60 (default 40).", in: 5...60)
    static let frequencyResolution = Option.number("--frequency-resolution", "N", help: "Frequency points a second at most, 5-60 (default 30).", in: 5...60)
    static let sensitivity = Option.number("--sensitivity", "PCT", help: "How many rises become emphasis, 0-100 (default 50).", in: 0...100)
    static let ducking = Option.number("--ducking", "PCT", help: "How much the amplitude dips under an emphasis, 0-100 (default 50).", in: 0...100)
    static let audioFilter = Option<(low: Double, high: Double)>(
        OptionSpec(name: "--audio-filter", valueName: "LO-HI", help: "Frequencies mapped to the frequency envelope's 0 and 1, in Hz (default 30-600)."),
        rule: "needs LO-HI in Hz with 0 <= LO < HI <= 20000"
    ) { text in
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).map { DecimalNumber.parse(String($0)) }
        guard parts.count == 2, let low = parts[0], let high = parts[1], low >= 0, high > low, high <= 20_000 else { return nil }
        return (low, high)
    }
    static let report = Option("--report", "FILE.html|DIR", help: "A page of the sound, its haptics over it and their renders to hear; a folder: a page a sound and an index.")
    static let reference = Option("--reference", "CLIP|DIR", help: "A designer's .haptic clip or AHAP file of the sound, or a folder of them by the sounds' paths: the figures.")
    static let jobs = Option.count("--jobs", help: "Sounds analysed at once (default: the number of cores).")
    static let settings = Option("--settings", "FILE", help: "Studio's analysis settings as JSON, or a Studio project (.hasp): each sound its clip's; the options above override them.")
    static let force = Flag("--force", help: "Replace existing files hapsynth did not write (a designer's own).")
    static let quietFlag = Flag("--quiet", help: "Print nothing but errors.", short: "-q")
    static var options: [OptionSpec] {
        specs(output, to, gainDb, normalizeDb, resolution, frequencyResolution, sensitivity, ducking, audioFilter, report, reference, jobs, settings, force, quietFlag)
    }

    /// The sounds, their outputs and how they are analysed.
    let batch: FromAudioBatch
    let quiet: Bool

    init(_ arguments: ParsedArguments) throws(CLIError) {
        guard let output = try arguments.value(Self.output) else { throw .usage("missing --output OUT", command: Self.name) }
        guard output != "-" else { throw .usage("--output names a file or a folder: a sound's haptics are not written to standard output", command: Self.name) }
        var overrides = FromAudioBatch.Overrides()
        overrides.gainDb = try arguments.value(Self.gainDb).map(Float.init)
        overrides.normalizeDb = try arguments.value(Self.normalizeDb).map(Float.init)
        overrides.resolution = try arguments.value(Self.resolution).map(Int.init)
        overrides.frequencyResolution = try arguments.value(Self.frequencyResolution).map(Int.init)
        overrides.sensitivity = try arguments.value(Self.sensitivity).map(Float.init)
        overrides.ducking = try arguments.value(Self.ducking).map(Float.init)
        overrides.filterHz = try arguments.value(Self.audioFilter).map { (Float($0.low), Float($0.high)) }
        quiet = arguments.has(Self.quietFlag)
        let (format, settings, threads) = (try arguments.value(Self.to), try arguments.value(Self.settings), try arguments.count(Self.jobs))
        let (report, reference) = (try arguments.value(Self.report), try arguments.value(Self.reference))
        batch = try worded {
            var batch = try FromAudioBatch.planned(arguments.positionals, into: output, format: format)
            if let settings { try batch.readSettings(settings) }
            (batch.overrides, batch.report, batch.reference, batch.force, batch.threads) = (overrides, report, reference, arguments.has(Self.force), threads)
            try batch.checkFolders()
            return batch
        }
    }

    func run(_ console: Console) throws(CLIError) -> ExitCode {
        let progress = ProgressBar(total: { Int64(batch.jobs.count) * 1_000 }, console: console, enabled: !quiet, label: "analysing")
        let outcome = try Interruption.process.deferred { () throws(CLIError) in
            try worded {
                try batch.run(progress: { progress.update(Int64($0 * Double(batch.jobs.count) * 1_000)) }, shouldContinue: { !Interruption.process.isRaised }) { event in
                    if case .analysed = event { progress.clear() }
                    say(event, console: console)
                }
            }
        }
        guard !outcome.unreadable.isEmpty || !outcome.kept.isEmpty else { return .success }
        var summary = "from-audio: \(outcome.converted) of \(NumberText.count(outcome.total, "sound")) converted"
        if !outcome.unreadable.isEmpty { summary += "; \(outcome.unreadable.count) could not be read: \(outcome.unreadable.map(\.sound).joined(separator: ", "))" }
        if !outcome.kept.isEmpty {
            summary += "; \(NumberText.count(outcome.kept.count, "existing file")) kept (--force replaces them): \(outcome.kept.map(\.output).joined(separator: ", "))"
        }
        throw outcome.unreadable.isEmpty ? .cannotCreate(summary) : .invalidInput(summary)
    }

    /// Words what the run tells: errors always, the rest unless `--quiet`.
    private func say(_ event: FromAudioBatch.Event, console: Console) {
        switch event {
        case .kept(let job): console.error("kept \(job.output): it exists and hapsynth did not write it (--force replaces it)")
        case .unreadable(_, let error): console.error(error.description)
        case _ where quiet, .analysed: return
        case .outsideProject(let job): console.warning("\(job.sound) is not a clip of \(batch.settingsFile ?? ""): analysed with the defaults")
        case .reading(_, let text): console.warning(text)
        case let .quiet(job, peakDbfs, settings): console.warning(Self.quietWarning(job.sound, peakDbfs: peakDbfs, settings: settings))
        case let .agreement(_, reference, agreement): console.out("against \(reference): \(agreement.summary)")
        case let .written(job, written):
            written.androidWarning(output: job.output).map(console.warning)
            console.out(written.summary(output: job.output))
        }
    }

    /// What a designer is told of a quiet sound (peak below −18 dBFS) analysed without gain: its
    /// haptics come out weak, and the gain that would raise its peak to Studio's −0.3 dBFS; of a
    /// silent one, that it has nothing to feel.
    static func quietWarning(_ sound: String, peakDbfs: Float, settings: AudioToHaptics.Settings) -> String {
        guard peakDbfs.isFinite else { return "\(sound): silent (every sample is the same): its haptics have nothing to feel" }
        let raise = settings.normalizeDb - peakDbfs
        return "\(sound): quiet (peak \(NumberText.fixed(Double(peakDbfs), 1)) dBFS, below \(NumberText.fixed(Double(AudioToHaptics.quietPeakDbfs), 0))): "
            + "its amplitude is measured as it is, so its haptics are weak; --gain-db \(NumberText.fixed(Double(raise), 1)) raises its peak to "
            + "\(NumberText.fixed(Double(settings.normalizeDb), 1)) dBFS (--normalize-db normalises only the frequency analysis)"
    }
}
