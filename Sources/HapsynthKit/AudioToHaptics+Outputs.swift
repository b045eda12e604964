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
        return root.member("metadata")?.member("editor")?.string == "hapsynth" || root.member("Metadata")?.member("Project")?.string == "hapsynth"
            || root.member("description")?.string?.hasPrefix(madeBy) == true
    }
}
