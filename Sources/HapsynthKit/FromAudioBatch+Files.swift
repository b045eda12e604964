import FoundationEssentials
import HapticCheck
import HapticCore
import HapticPlanner

/// The files of a `from-audio` run: the sounds a folder holds, where each one's output goes, and
/// a designer's clip to compare with.
extension FromAudioBatch {
    /// The extensions of the sounds a folder search finds: what libsndfile and libmpg123 read.
    public static let soundExtensions: Set<String> = ["wav", "flac", "ogg", "oga", "mp3", "aif", "aiff", "aifc", "caf"]

    /// A run of `sounds` into `output` (docs/from-audio.md): a folder — for several sounds or a
    /// folder of them, an existing folder, or a path ending in `/` — whose tree mirrors the
    /// sounds', each file in `format` (default `.haptic`); else the one file `output` names, in
    /// the format its extension says (which `format`, when given, must agree with).
    /// - Throws: `.outputNotAFolder`, `.unknownFormat`, `.formatsDisagree`, or what `mirrored` throws.
    public static func planned(_ sounds: [String], into output: String, format: Format?) throws(FromAudioBatchError) -> FromAudioBatch {
        let several = sounds.count > 1 || sounds.contains { FilePaths.isFolder($0) == true }
        let extensionFormat = Format(rawValue: FilePaths.lowercasedExtension(output))
        if several, FilePaths.isFolder(output) == false || extensionFormat != nil { throw .outputNotAFolder(output) }
        if several || output.hasSuffix("/") || FilePaths.isFolder(output) == true {
            let format = format ?? .haptic
            return FromAudioBatch(jobs: try mirrored(sounds, into: output, format: format), format: format)
        }
        guard let extensionFormat else { throw .unknownFormat(output: output) }
        if let format, format != extensionFormat { throw .formatsDisagree(format, output: output) }
        let name = FilePaths.deletingExtension(FilePaths.lastComponent(sounds[0]))
        return FromAudioBatch(jobs: [Job(sound: sounds[0], output: output, name: name)], format: extensionFormat)
    }

    /// Takes the analysis settings from `file`: Studio's settings, or a project whose clips each
    /// give their sound's.
    public mutating func readSettings(_ file: String) throws(FromAudioBatchError) {
        do {
            switch try AudioToHaptics.SettingsFile.read(file) {
            case .settings(let read): baseSettings = read
            case .project(let read): project = read
            }
        } catch {
            throw .settings(error)
        }
        settingsFile = file
    }

    /// Checks that a run of several sounds names folders for its report and references.
    public func checkFolders() throws(FromAudioBatchError) {
        guard jobs.count > 1 else { return }
        if let report, !reportsToFolder { throw .reportNotAFolder(report) }
        if let reference, FilePaths.isFolder(reference) != true { throw .referenceNotAFolder(reference) }
    }

    /// The sounds named (files as given, folders searched for the sounds `soundExtensions` lists,
    /// hidden files and folders and macOS's `__MACOSX` folders passed over), each with its output
    /// below `folder` in `format`, the input folder's tree mirrored.
    public static func mirrored(_ inputs: [String], into folder: String, format: Format) throws(FromAudioBatchError) -> [Job] {
        var jobs: [Job] = []
        for input in inputs {
            switch FilePaths.isFolder(input) {
            case true?:
                let sounds = FilePaths.files(below: input) { relative, _ in
                    let name = FilePaths.lastComponent(relative)
                    return !name.hasPrefix(".") && name != "__MACOSX"
                }
                .filter { !FilePaths.lastComponent($0).hasPrefix(".") && soundExtensions.contains(FilePaths.lowercasedExtension($0)) }
                for sound in sounds {
                    let name = FilePaths.deletingExtension(sound)
                    jobs.append(Job(sound: FilePaths.join(input, sound), output: FilePaths.join(folder, name + "." + format.rawValue), name: name))
                }
            case false?:
                let name = FilePaths.deletingExtension(FilePaths.lastComponent(input))
                jobs.append(Job(sound: input, output: FilePaths.join(folder, name + "." + format.rawValue), name: name))
            case nil:
                throw .missingSound(input)
            }
        }
        guard !jobs.isEmpty else { throw .noSounds(inputs) }
        // Two sounds that would write one file (coin.wav and coin.flac): neither replaces the other.
        var byOutput: [String: String] = [:]
        for job in jobs {
            if let other = byOutput[job.output] { throw .sameOutput(first: other, second: job.sound, output: job.output) }
            byOutput[job.output] = job.sound
        }
        return jobs
    }

    /// Makes the folder `file` goes into, when it is missing.
    static func makeFolder(of file: String) throws(FromAudioBatchError) {
        guard let slash = file.lastIndex(of: "/"), case let folder = String(file[..<slash]), !folder.isEmpty, FilePaths.isFolder(folder) == nil else { return }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw .cannotMakeFolder(folder, reason: FilePaths.message(of: error))
        }
    }

    /// A designer's clip: a `.haptic` clip as it is, an AHAP file or pattern as `export --to
    /// haptic` writes it.
    static func designerClip(_ path: String) throws(FromAudioBatchError) -> HapticClip {
        let loaded: LoadedPattern
        do {
            loaded = try PatternLoader.load(path, capabilities: .iPhone)
        } catch {
            throw .reference(path: path, error)
        }
        if let clip = loaded.clip { return clip }
        do {
            return try HapticClipExport.export(loaded, source: FilePaths.lastComponent(path)).clip
        } catch {
            throw .referenceNotAClip(path: path, reason: "\(error)")
        }
    }
}
