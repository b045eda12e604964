import HapticCheck
import HapticCore

/// A `from-audio` run (docs/from-audio.md): sounds, where each one's haptics go, and how they are
/// analysed. `run` analyses several at once and writes each output atomically; in a batch a sound
/// that cannot be read is named and the others are converted, and an existing file hapsynth did not
/// write (a designer's own) is kept unless `force`.
public struct FromAudioBatch: Sendable {
    /// What is written for each sound.
    public enum Format: String, Sendable, CaseIterable {
        case haptic, ahap, json

        /// What a file of the format is, in messages.
        public var what: String { self == .haptic ? "clip" : self == .ahap ? "AHAP file" : "pattern" }
    }

    /// A sound, where its output goes, and its name: its path below the folder named (or its file
    /// name), without the extension, which its reference and report page take too.
    public struct Job: Sendable, Hashable {
        public let sound: String, output: String, name: String

        public init(sound: String, output: String, name: String) {
            (self.sound, self.output, self.name) = (sound, output, name)
        }
    }

    /// The analysis settings given one by one, which override a settings file's (or a project clip's).
    public struct Overrides: Sendable {
        public var gainDb: Float?, normalizeDb: Float?, resolution: Int?, frequencyResolution: Int?, sensitivity: Float?, ducking: Float?
        /// The frequencies mapped to the frequency envelope's 0 and 1, in Hz.
        public var filterHz: (low: Float, high: Float)?

        public init() {}

        /// `base` with every setting given here in place of its own.
        public func applied(to base: AudioToHaptics.Settings) -> AudioToHaptics.Settings {
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

    /// The sound files, each with where its output goes.
    public var jobs: [Job]
    public var format: Format
    /// The settings file's (or the defaults).
    public var baseSettings = AudioToHaptics.Settings()
    /// A Haptics Studio project: each sound takes its clip's settings.
    public var project: AudioToHaptics.Project?
    /// The settings given one by one, over the file's or a clip's.
    public var overrides = Overrides()
    /// The settings file read (never written over).
    public var settingsFile: String?
    /// Where the report goes: one `.html` page, or a folder (a page a sound and an index).
    public var report: String?
    /// A designer's clip of the sound, or a folder of them by the sounds' names.
    public var reference: String?
    /// Whether an existing output hapsynth did not write is replaced (it is kept otherwise).
    public var force = false
    /// Sounds analysed at once.
    public var threads = 1

    public init(jobs: [Job], format: Format) {
        (self.jobs, self.format) = (jobs, format)
    }

    /// The settings `sound` is analysed with: its clip's in a project (the overrides over them),
    /// else the settings file's or the defaults with the overrides.
    public func settings(for sound: String) -> AudioToHaptics.Settings {
        project?.settings(for: sound).map(overrides.applied) ?? overrides.applied(to: baseSettings)
    }

    /// Whether `report` names a folder (an index page and a page a sound), not one `.html` page.
    public var reportsToFolder: Bool { report.map { !$0.lowercased().hasSuffix(".html") } ?? false }

    /// The designer's clip of `job`: `reference` itself, or the `.haptic` clip (else the AHAP file)
    /// at the sound's name below the `reference` folder; nil when there is none.
    public func reference(for job: Job) -> String? {
        guard let reference else { return nil }
        guard FilePaths.isFolder(reference) == true else { return reference }
        return ["haptic", "ahap"].map { FilePaths.join(reference, job.name + "." + $0) }.first { FilePaths.isFolder($0) == false }
    }

    /// Where the report page of `job` goes (in a folder: at `job.name + ".html"`, which the index links).
    public func reportPage(for job: Job) -> String? {
        guard let report else { return nil }
        return reportsToFolder ? FilePaths.join(report, job.name + ".html") : report
    }

    /// The index page of a report folder.
    var reportIndex: String? { reportsToFolder ? report.map { FilePaths.join($0, "index.html") } : nil }
}

/// Why a `from-audio` run could not start or stopped.
public enum FromAudioBatchError: Error, Sendable {
    /// Several sounds (or a folder) into an output that is a file, or is named as one.
    case outputNotAFolder(String)
    /// One sound into an output whose extension says no format (nor is it a folder).
    case unknownFormat(output: String)
    /// A format asked that the output's extension contradicts.
    case formatsDisagree(FromAudioBatch.Format, output: String)
    /// A settings file or project that could not be read.
    case settings(SettingsFileError)
    /// A run of several sounds whose report, or references, name no folder.
    case reportNotAFolder(String)
    case referenceNotAFolder(String)
    /// A sound or folder named that does not exist.
    case missingSound(String)
    /// Folders named that hold no sound.
    case noSounds([String])
    /// Two sounds that would write one file (`coin.wav` and `coin.flac`).
    case sameOutput(first: String, second: String, output: String)
    /// The one sound of a run could not be read.
    case unreadable(AudioToHaptics.Failure)
    /// A sound's haptics that do not fit one AHAP file.
    case notOneAHAPFile(sound: String)
    /// A designer's reference that could not be read, or not as a clip.
    case reference(path: String, LoadError)
    case referenceNotAClip(path: String, reason: String)
    /// A report page that could not be drawn.
    case report(String)
    /// A folder an output goes into that could not be made.
    case cannotMakeFolder(String, reason: String)
    /// An output that cannot be written, or that would replace an input.
    case output(OutputError)
    /// The caller asked the run to stop.
    case interrupted
}

extension FromAudioBatchError: CustomStringConvertible {
    /// The error in the library's words (the command line names its flags where one is the way out).
    public var description: String {
        switch self {
        case .outputNotAFolder(let output): return "several sounds go into a folder, got '\(output)'"
        case .unknownFormat(let output): return "cannot tell what to write from '\(output)': name a .haptic, .ahap or .json file (or a folder)"
        case let .formatsDisagree(format, output): return "\(format.rawValue) and '\(output)' are different formats"
        case .settings(let error): return error.description
        case .reportNotAFolder(let report): return "the report of several sounds is a folder (an index page and a page a sound), got '\(report)'"
        case .referenceNotAFolder(let reference): return "the references of several sounds are a folder of designers' clips, got '\(reference)'"
        case .missingSound(let path): return "\(path): no such file or folder"
        case .noSounds(let inputs): return "no sounds found in \(inputs.joined(separator: ", "))"
        case let .sameOutput(first, second, output): return "\(first) and \(second) would both write \(output); convert them into different folders"
        case .unreadable(let failure): return failure.description
        case .notOneAHAPFile(let sound): return "\(sound): its haptics do not fit one AHAP file"
        case let .reference(path, load): return "\(path): \(load)"
        case let .referenceNotAClip(path, reason): return "\(path): the reference cannot be read as a clip: \(reason)"
        case .report(let text): return text
        case let .cannotMakeFolder(folder, reason): return "cannot make \(folder): \(reason)"
        case .output(let output): return output.description
        case .interrupted: return "interrupted"
        }
    }
}
