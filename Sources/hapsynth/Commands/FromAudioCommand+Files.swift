import FoundationEssentials
import HapsynthKit

/// The files of a `from-audio` run: the sounds a folder holds and where each one's clip, report
/// page and designer's reference are.
extension FromAudioCommand {
    /// `--report` names a folder (an index page and a page a sound), not one `.html` page.
    var reportsToFolder: Bool { report.map { !$0.lowercased().hasSuffix(".html") } ?? false }

    /// The designer's clip of each sound: `--reference` itself, or the `.haptic` clip (else the
    /// AHAP file) at the sound's name below the `--reference` folder; nil when there is none.
    func reference(for job: Job) -> String? {
        guard let reference else { return nil }
        guard FilePaths.isFolder(reference) == true else { return reference }
        return ["haptic", "ahap"].map { FilePaths.join(reference, job.name + "." + $0) }.first { FilePaths.isFolder($0) == false }
    }

    /// Where the report page of `job` goes (in a folder: at `job.name + ".html"`, which the index links).
    func reportPage(for job: Job) -> String? {
        guard let report else { return nil }
        return reportsToFolder ? FilePaths.join(report, job.name + ".html") : report
    }

    /// The extensions of the sounds a folder search finds: what libsndfile and libmpg123 read.
    static let soundExtensions: Set<String> = ["wav", "flac", "ogg", "oga", "mp3", "aif", "aiff", "aifc", "caf"]

    /// The sounds named (files as given, folders searched for the sounds libsndfile reads, hidden
    /// files and folders and macOS's `__MACOSX` folders passed over), each with its output below
    /// `folder`, the input folder's tree mirrored.
    static func mirrored(_ inputs: [String], into folder: String, format: Format) throws(CLIError) -> [Job] {
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
                throw .missingInput("\(input): no such file or folder")
            }
        }
        guard !jobs.isEmpty else { throw .usage("no sounds found in \(inputs.joined(separator: ", "))", command: name) }
        // Two sounds that would write one file (coin.wav and coin.flac): neither replaces the other.
        var byOutput: [String: String] = [:]
        for job in jobs {
            if let other = byOutput[job.output] {
                throw .usage("\(other) and \(job.sound) would both write \(job.output); convert them into different folders", command: name)
            }
            byOutput[job.output] = job.sound
        }
        return jobs
    }

    /// Makes the folder `file` goes into, when it is missing.
    static func makeFolder(of file: String) throws(CLIError) {
        guard let slash = file.lastIndex(of: "/"), case let folder = String(file[..<slash]), !folder.isEmpty, FilePaths.isFolder(folder) == nil else { return }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw .cannotCreate("cannot make \(folder): \(FilePaths.message(of: error))")
        }
    }

    /// A designer's clip: a `.haptic` clip as it is, an AHAP file or pattern as `export --to
    /// haptic` writes it.
    func designerClip(_ path: String, console: Console) throws(CLIError) -> HapticClip {
        let loaded = try PatternInput.load(path, console: console, quiet: true)
        if let clip = loaded.clip { return clip }
        do {
            return try HapticClipExport.export(loaded, source: FilePaths.lastComponent(path)).clip
        } catch {
            throw .invalidInput("\(path): --reference cannot be read as a clip: \(error)")
        }
    }
}
