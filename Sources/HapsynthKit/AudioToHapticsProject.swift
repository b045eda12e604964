import HapticCheck
import HapticCore

extension AudioToHaptics {
    /// A Haptics Studio project (`.hasp`) as `from-audio --settings` takes it (docs/from-audio.md,
    /// "Settings"): each clip's sound, by the path its `audioAsset` gives (relative to the
    /// project's folder), with the analysis settings the clip stores.
    public struct Project: Sendable {
        /// Each clip's sound (its path joined to the project's folder, as written) and settings.
        public let clips: [(sound: String, settings: Settings)]

        /// Whether the JSON file at `path` is a Studio project (an object with a `clips` array)
        /// rather than one clip's settings.
        public static func isProject(_ path: String) -> Bool {
            guard let root = try? SettingsReader.root(of: path), case .object(let members) = root.value,
                  let clips = members.first(where: { $0.key == "clips" }), case .array = clips.value.value else { return false }
            return true
        }

        /// Reads the project at `path`: every clip that names a sound; a clip without settings
        /// takes the defaults. Keys hapsynth does not use (waveforms, the clips' haptics, groups)
        /// are passed over.
        /// - Throws: `SettingsFileError` with the JSON path of a clip or a setting that is wrong.
        public static func read(file path: String) throws(SettingsFileError) -> Project {
            let reader = SettingsReader(file: path), root = try SettingsReader.root(of: path)
            guard case .object(let members) = root.value, let list = members.first(where: { $0.key == "clips" })?.value,
                  case .array(let items) = list.value else {
                throw reader.fail("expected a Haptics Studio project: an object with a \"clips\" array", root, .root)
            }
            let folder = FilePaths.folder(path)
            var clips: [(sound: String, settings: Settings)] = []
            for (index, item) in items.enumerated() {
                let at = JSONPath.root.appending("clips").appending(index)
                guard case .object(let fields) = item.value else { throw reader.fail("expected a clip object, got \(item.kindDescription)", item, at) }
                func field(_ node: JSONNode?, _ key: String) -> JSONNode? {
                    guard case .object(let members)? = node?.value else { return nil }
                    return members.first { $0.key == key }?.value
                }
                let clip = fields.first { $0.key == "audioAsset" }?.value
                guard let pathNode = field(clip, "path") ?? field(clip, "filename") else { continue }
                let relative = try reader.string(pathNode, at.appending("audioAsset").appending("path"))
                // A path in a project shared in a pull request stays inside the project's folder.
                guard !relative.hasPrefix("/"), !relative.split(separator: "/").contains("..") else {
                    throw reader.fail("the sound's path must stay inside the project's folder (got \"\(relative)\")", pathNode,
                                      at.appending("audioAsset").appending("path"))
                }
                let stored = fields.first { $0.key == "settings" }?.value
                let settings = try stored.map { node throws(SettingsFileError) in try Settings.read(node, at: at.appending("settings"), reader: reader) } ?? Settings()
                clips.append((folder.isEmpty ? relative : FilePaths.join(folder, relative), settings))
            }
            return Project(clips: clips)
        }

        /// The settings of the clip whose sound is `sound` (the same file, however named), if any.
        public func settings(for sound: String) -> Settings? {
            let real = InputFile.realPath(sound) ?? sound
            return clips.first { (InputFile.realPath($0.sound) ?? $0.sound) == real }?.settings
        }
    }
}
