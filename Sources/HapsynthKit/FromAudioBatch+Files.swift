import FoundationEssentials
import HapticCheck
import HapticCore
import HapticPlanner

/// The files of a `from-audio` run: the sounds a folder holds, where each one's output goes, and
/// a designer's clip to compare with.
extension FromAudioBatch {
    /// The extensions of the sounds a folder search finds: what libsndfile and libmpg123 read.
    public static let soundExtensions: Set<String> = ["wav", "flac", "ogg", "oga", "mp3", "aif", "aiff", "aifc", "caf"]

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
