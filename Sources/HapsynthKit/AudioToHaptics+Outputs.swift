import HapticCore

extension AudioToHaptics {
    /// The start of the `description` from-audio writes in a pattern.json, so that a later run
    /// knows it made the file.
    static let madeBy = "made by hapsynth from-audio"

    /// Whether the file at `path` is one hapsynth wrote, which a later `from-audio` may replace: a
    /// `.haptic` clip whose `metadata.editor` is hapsynth, an AHAP file whose `Metadata.Project`
    /// is hapsynth, a pattern.json whose `description` says from-audio made it. Anything else (a
    /// designer's own clip, a file that is not JSON) is not, and is kept unless the user says.
    public static func isOwnOutput(_ path: String) -> Bool {
        guard let bytes = try? InputFile.read(path, display: path), let root = try? PatternReader.parse(bytes, file: path) else { return false }
        func member(_ node: JSONNode?, _ key: String) -> JSONNode? {
            guard case .object(let members)? = node?.value else { return nil }
            return members.first { $0.key == key }?.value
        }
        func string(_ node: JSONNode?) -> String? {
            guard case .string(let text)? = node?.value else { return nil }
            return text
        }
        return string(member(member(root, "metadata"), "editor")) == "hapsynth" || string(member(member(root, "Metadata"), "Project")) == "hapsynth"
            || string(member(root, "description"))?.hasPrefix(madeBy) == true
    }
}
