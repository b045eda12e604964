import HapticCheck
import HapticCore
import HapticPlayback

extension AudioToHaptics {
    /// What `from-audio --settings` names: one clip's analysis settings, or a Haptics Studio
    /// project whose clips each hold their own (docs/from-audio.md, "Settings").
    public enum SettingsFile: Sendable {
        case settings(Settings)
        case project(Project)

        /// Reads the file at `path` once: a project when it is an object with a `clips` array.
        /// - Throws: `SettingsFileError` with the JSON path of what is wrong.
        public static func read(_ path: String) throws(SettingsFileError) -> SettingsFile {
            let reader = SettingsReader(file: path), root = try SettingsReader.root(of: path)
            guard let clips = root.member("clips"), case .array(let items) = clips.value else {
                return .settings(try Settings.read(root, at: .root, reader: reader))
            }
            return .project(try Project(items, file: path, reader: reader))
        }
    }

    /// A Haptics Studio project (`.hasp`) as `from-audio --settings` takes it: each clip's sound,
    /// found by the path its `audioAsset` gives inside the project's folder, with the analysis
    /// settings the clip stores.
    public struct Project: Sendable {
        /// Each clip's sound (its resolved path) and settings.
        public let clips: [(sound: String, settings: Settings)]

        /// The project's clips: every one whose sound is there; a clip without settings takes the
        /// defaults. Keys hapsynth does not use (waveforms, the clips' haptics, groups) are passed
        /// over. A sound's path is resolved as an AHAP file's sounds are (`SoundPaths`): one that
        /// leads out of the project's folder is refused.
        init(_ items: [JSONNode], file path: String, reader: SettingsReader) throws(SettingsFileError) {
            let folder = FilePaths.folder(path).isEmpty ? "." : FilePaths.folder(path)
            var clips: [(sound: String, settings: Settings)] = []
            for (index, item) in items.enumerated() {
                let at = JSONPath.root.appending("clips").appending(index)
                guard case .object = item.value else { throw reader.fail("expected a clip object, got \(item.kindDescription)", item, at) }
                let asset = item.member("audioAsset"), pathAt = at.appending("audioAsset").appending("path")
                guard let pathNode = asset?.member("path") ?? asset?.member("filename") else { continue }
                switch SoundPaths.resolve(try reader.string(pathNode, pathAt), roots: [], folder: folder) {
                case .found(let sound, _):
                    let settings = try item.member("settings").map { node throws(SettingsFileError) in
                        try Settings.read(node, at: at.appending("settings"), reader: reader)
                    } ?? Settings()
                    clips.append((sound, settings))
                case .notFound:
                    continue
                case .refused(let refusal):
                    throw reader.fail("the clip's sound is not read: \(refusal.reason)", pathNode, pathAt)
                }
            }
            self.clips = clips
        }

        /// The settings of the clip whose sound is `sound` (the same file, however named), if any.
        public func settings(for sound: String) -> Settings? {
            let real = InputFile.realPath(sound) ?? sound
            return clips.first { $0.sound == real }?.settings
        }
    }
}
