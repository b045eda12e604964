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
    static var options: [OptionSpec] {
        [
            OptionSpec(name: "--output", valueName: "OUT", help: "The file (.haptic, .ahap or .json), or the folder for several sounds.", short: "-o",
                       isRequired: true),
            OptionSpec(name: "--to", valueName: "haptic|ahap|json", help: "Into a folder: the format of each file (default haptic)."),
            OptionSpec(name: "--gain-db", valueName: "DB", help: "Gain of the signal the amplitude is measured on, -60 to 60 (default 0)."),
            OptionSpec(name: "--normalize-db", valueName: "DB", help: "Normalise the frequency analysis to this peak, -60 to 0 (default: off)."),
            OptionSpec(name: "--resolution", valueName: "N", help: "Amplitude points a second at most, 5-60 (default 40)."),
            OptionSpec(name: "--frequency-resolution", valueName: "N", help: "Frequency points a second at most, 5-60 (default 30)."),
            OptionSpec(name: "--sensitivity", valueName: "PCT", help: "How many rises become emphasis, 0-100 (default 50)."),
            OptionSpec(name: "--ducking", valueName: "PCT", help: "How much the amplitude dips under an emphasis, 0-100 (default 50)."),
            OptionSpec(name: "--audio-filter", valueName: "LO-HI", help: "Frequencies mapped to the frequency envelope's 0 and 1, in Hz (default 30-600)."),
            OptionSpec(name: "--report", valueName: "FILE.html|DIR", help: "A page of the sound, its haptics over it and their renders to hear; a folder: a page a sound and an index."),
            OptionSpec(name: "--reference", valueName: "CLIP|DIR", help: "A designer's .haptic clip or AHAP file of the sound, or a folder of them by the sounds' paths: the figures."),
            OptionSpec(name: "--jobs", valueName: "N", help: "Sounds analysed at once (default: the number of cores)."),
            OptionSpec(name: "--settings", valueName: "FILE", help: "Studio's analysis settings as JSON, or a Studio project (.hasp): each sound its clip's; the options above override them."),
            OptionSpec(name: "--force", valueName: nil, help: "Replace existing files hapsynth did not write (a designer's own)."),
            OptionSpec(name: "--quiet", valueName: nil, help: "Print nothing but errors.", short: "-q"),
        ]
    }

    /// What is written for each sound.
    enum Format: String {
        case haptic, ahap, json

        /// What a file of the format is, in messages.
        var what: String { self == .haptic ? "clip" : self == .ahap ? "AHAP file" : "pattern" }
    }

    /// A sound, where its output goes, and its name: its path below the folder named (or its file
    /// name), without the extension, which its reference and report page take too.
    struct Job {
        let sound: String, output: String, name: String
    }

    /// The sound files, each with where its output goes.
    let jobs: [Job]
    let format: Format
    let settings: AudioToHaptics.Settings
    let quiet: Bool
    /// `--force`: an existing output hapsynth did not write is replaced (it is kept otherwise).
    let force: Bool
    /// Sounds analysed at once.
    let threads: Int
    /// Where the report goes, and the designer's clip it compares with.
    let report: String?
    let reference: String?
    /// `--settings`: read, so never written over.
    let settingsFile: String?
    /// `--settings` naming a Haptics Studio project: each sound takes its clip's settings.
    let project: AudioToHaptics.Project?
    /// The analysis options given, over the settings file's or a clip's.
    let overrides: Overrides

    /// The analysis options given, which override the settings file's (or a project clip's).
    struct Overrides {
        var gainDb: Float?, normalizeDb: Float?, resolution: Int?, frequencyResolution: Int?, sensitivity: Float?, ducking: Float?
        var filterHz: (low: Float, high: Float)?

        func applied(to base: AudioToHaptics.Settings) -> AudioToHaptics.Settings {
            var settings = base
            settings.gainDb = gainDb ?? settings.gainDb
            if let normalizeDb { (settings.normalizes, settings.normalizeDb) = (true, normalizeDb) }
            settings.analysis.amplitudePerSecond = resolution ?? settings.analysis.amplitudePerSecond
            settings.analysis.frequencyPerSecond = frequencyResolution ?? settings.analysis.frequencyPerSecond
            settings.analysis.emphasis.sensitivityPercent = sensitivity ?? settings.analysis.emphasis.sensitivityPercent
            settings.analysis.emphasis.duckingPercent = ducking ?? settings.analysis.emphasis.duckingPercent
            if let filterHz { (settings.analysis.frequency.lowHz, settings.analysis.frequency.highHz) = filterHz }
            return settings
        }
    }

    /// The settings `sound` is analysed with: its clip's in a project (the options over them), else
    /// the settings file's or the defaults.
    func settings(for sound: String) -> AudioToHaptics.Settings {
        project?.settings(for: sound).map(overrides.applied) ?? settings
    }

    init(_ arguments: ParsedArguments) throws(CLIError) {
        guard let output = arguments.value("--output") else { throw .usage("missing --output OUT", command: Self.name) }
        guard output != "-" else { throw .usage("--output names a file or a folder: a sound's haptics are not written to standard output", command: Self.name) }
        settingsFile = arguments.value("--settings")
        var settings = AudioToHaptics.Settings(), project: AudioToHaptics.Project?
        if let file = settingsFile {
            do {
                switch try AudioToHaptics.SettingsFile.read(file) {
                case .settings(let read): settings = read
                case .project(let read): project = read
                }
            } catch {
                throw error.isMissing ? .missingInput(error.description) : .invalidInput(error.description)
            }
        }
        func number(_ option: String, _ range: ClosedRange<Double>) throws(CLIError) -> Float? {
            guard let text = arguments.value(option) else { return nil }
            guard let value = DecimalNumber.parse(text), range.contains(value) else {
                throw .usage("\(option) needs a number in \(NumberText.significant(range.lowerBound))-\(NumberText.significant(range.upperBound)), got '\(text)'",
                             command: Self.name)
            }
            return Float(value)
        }
        var overrides = Overrides()
        overrides.gainDb = try number("--gain-db", -60...60)
        overrides.normalizeDb = try number("--normalize-db", -60...0)
        overrides.resolution = try number("--resolution", 5...60).map(Int.init)
        overrides.frequencyResolution = try number("--frequency-resolution", 5...60).map(Int.init)
        overrides.sensitivity = try number("--sensitivity", 0...100)
        overrides.ducking = try number("--ducking", 0...100)
        if let text = arguments.value("--audio-filter") {
            let parts = text.split(separator: "-", omittingEmptySubsequences: false).map { DecimalNumber.parse(String($0)) }
            guard parts.count == 2, let low = parts[0], let high = parts[1], low >= 0, high > low, high <= 20_000 else {
                throw .usage("--audio-filter needs LO-HI in Hz with 0 <= LO < HI <= 20000, got '\(text)'", command: Self.name)
            }
            overrides.filterHz = (Float(low), Float(high))
        }
        self.settings = overrides.applied(to: settings)
        self.project = project
        self.overrides = overrides
        quiet = arguments.has("--quiet")
        force = arguments.has("--force")
        threads = try arguments.count("--jobs", maximum: 256, command: Self.name)
        (report, reference) = (arguments.value("--report"), arguments.value("--reference"))
        let inputs = arguments.positionals
        let several = inputs.count > 1 || inputs.contains { FilePaths.isFolder($0) == true }
        // One sound into an existing folder, or a path ending in `/`, goes into that folder.
        let intoFolder = several || output.hasSuffix("/") || FilePaths.isFolder(output) == true
        if several, FilePaths.isFolder(output) == false || Format(rawValue: FilePaths.lowercasedExtension(output)) != nil {
            throw .usage("with several sounds, -o names a folder to write into, got '\(output)'", command: Self.name)
        }
        if intoFolder {
            let name = arguments.value("--to") ?? "haptic"
            guard let format = Format(rawValue: name) else { throw .usage("--to takes haptic, ahap or json, got '\(name)'", command: Self.name) }
            self.format = format
            jobs = try Self.mirrored(inputs, into: output, format: format)
        } else {
            guard let format = Format(rawValue: FilePaths.lowercasedExtension(output)) else {
                throw .usage("cannot tell what to write from '\(output)': name a .haptic, .ahap or .json file (or a folder, with --to)", command: Self.name)
            }
            if let to = arguments.value("--to"), to != format.rawValue { throw .usage("--to \(to) and '\(output)' ask for different formats", command: Self.name) }
            self.format = format
            jobs = [Job(sound: inputs[0], output: output, name: FilePaths.deletingExtension(FilePaths.lastComponent(inputs[0])))]
        }
        if jobs.count > 1, let report, !reportsToFolder {
            throw .usage("with several sounds, --report names a folder (an index page and a page a sound), got '\(report)'", command: Self.name)
        }
        if jobs.count > 1, let reference, FilePaths.isFolder(reference) != true {
            throw .usage("with several sounds, --reference names a folder of designers' clips, got '\(reference)'", command: Self.name)
        }
    }

    func run(_ console: Console) throws(CLIError) -> ExitCode {
        let pages = jobs.compactMap(reportPage) + (reportsToFolder ? [FilePaths.join(report ?? "", "index.html")] : [])
        try PatternInput.guardOutputs(jobs.map(\.output) + pages, inputs: jobs.map(\.sound) + jobs.compactMap(reference) + [settingsFile].compactMap { $0 })
        // What a designer made is never replaced: an existing output hapsynth did not write is
        // kept, and its sound not analysed, unless --force.
        var kept: [Job] = [], jobs: [Job] = []
        for job in self.jobs {
            if !force, FilePaths.isFolder(job.output) == false, !AudioToHaptics.isOwnOutput(job.output) { kept.append(job) } else { jobs.append(job) }
        }
        for job in kept { console.error("kept \(job.output): it exists and hapsynth did not write it (--force replaces it)") }
        if let project, let settingsFile, !quiet {
            for job in jobs where project.settings(for: job.sound) == nil {
                console.warning("\(job.sound) is not a clip of \(settingsFile): analysed with the defaults")
            }
        }
        let clips = analyse(jobs, console: console)
        // In a batch, a sound that cannot be read is named and the others are converted; the run
        // fails at its end (one sound alone fails as its error says).
        var unreadable: [(sound: String, error: AudioToHaptics.Failure)] = []
        var rows: [FromAudioReport.Row] = []
        for (job, (result, warnings)) in zip(jobs, clips) {
            if !quiet { warnings.forEach(console.warning) }
            let clip: HapticClip
            switch result {
            case .success(let made): clip = made
            case .failure(let error):
                if Interruption.isRaised { throw .interrupted }
                guard self.jobs.count > 1 else { throw error.isMissing ? .missingInput(error.description) : .invalidInput(error.description) }
                console.error(error.description)
                unreadable.append((job.sound, error))
                continue
            }
            // A clip is written a point at a time (a long sound's is never whole in memory).
            let file: AudioToHaptics.PatternFile?
            switch format {
            case .haptic: file = nil
            case .ahap:
                guard let ahap = AudioToHaptics.ahap(clip) else { throw .invalidInput("\(job.sound): its haptics do not fit one AHAP file") }
                file = ahap
            case .json: file = AudioToHaptics.patternJSON(clip, name: FilePaths.deletingExtension(FilePaths.lastComponent(job.sound)),
                                                          source: FilePaths.lastComponent(job.sound))
            }
            try Self.makeFolder(of: job.output)
            try PatternInput.write(pieces: { emit in
                if let file { emit(file.text) } else { AudioToHaptics.write(clip, source: FilePaths.lastComponent(job.sound), to: emit) }
            }, to: job.output, what: format.what, settles: false)
            let taps = clip.amplitude.filter { $0.emphasis != nil }.count
            let designer = try reference(for: job).map { path throws(CLIError) in (path, try designerClip(path, console: console)) }
            let agreement = designer.map { ClipAgreement(clip, reference: $0.1) }
            if let designer, let agreement, !quiet { console.out("against \(designer.0): \(agreement.summary)") }
            if let page = reportPage(for: job) {
                let html: String
                do {
                    html = try FromAudioReport.html(sound: job.sound, clip: clip, reference: designer?.1)
                } catch {
                    throw .invalidInput(error.description)
                }
                try Self.makeFolder(of: page)
                try PatternInput.write(html, to: page, what: "report", settles: false)
                rows.append(FromAudioReport.Row(name: job.name, page: job.name + ".html", seconds: Double(clip.endS), emphases: taps, agreement: agreement))
            }
            if !quiet {
                if file?.exceedsAndroid == true {
                    console.warning("\(job.output): Android's waveform cannot carry its \(taps) emphases in \(AudioToHaptics.androidSegments) segments; "
                        + "on Android, play its .haptic clip")
                }
                let held = file?.stepMs.map { ", amplitude held in \($0) ms steps for Android" } ?? ""
                console.out("\(job.output): \(NumberText.fixed(Double(clip.endS), 3)) s, \(NumberText.count(clip.amplitude.count, "amplitude point")), "
                    + "\(NumberText.count(clip.frequency?.count ?? 0, "frequency point")), \(taps) \(taps == 1 ? "emphasis" : "emphases")\(held)")
            }
        }
        if reportsToFolder, let report, !rows.isEmpty {
            try PatternInput.write(FromAudioReport.index(rows), to: FilePaths.join(report, "index.html"), what: "report", settles: false)
        }
        guard !unreadable.isEmpty || !kept.isEmpty else { return .success }
        var summary = "from-audio: \(jobs.count - unreadable.count) of \(NumberText.count(self.jobs.count, "sound")) converted"
        if !unreadable.isEmpty { summary += "; \(unreadable.count) could not be read: \(unreadable.map(\.sound).joined(separator: ", "))" }
        if !kept.isEmpty { summary += "; \(NumberText.count(kept.count, "existing file")) kept (--force replaces them): \(kept.map(\.output).joined(separator: ", "))" }
        throw unreadable.isEmpty ? .cannotCreate(summary) : .invalidInput(summary)
    }
}
