/// A settings file (an actuator profile, an Android device) that cannot be used: where and what.
public struct SettingsFileError: Error, Sendable, CustomStringConvertible {
    public let file: String
    public let position: SourcePosition?
    public let path: JSONPath?
    public let message: String
    /// Whether the file itself is missing.
    public var isMissing = false

    public init(file: String, position: SourcePosition?, path: JSONPath?, message: String, isMissing: Bool = false) {
        self.file = file
        self.position = position
        self.path = path
        self.message = message
        self.isMissing = isMissing
    }

    public var description: String {
        let place = position.map { "\(file):\($0)" } ?? file
        return "\(place): \(message)\(path.map { " at \($0)" } ?? "")"
    }
}

extension SettingsFileError {
    /// The bytes of a settings file, or why it cannot be read (missing: `isMissing`).
    package static func read(_ path: String) throws(SettingsFileError) -> [UInt8] {
        do {
            return try InputFile.read(path, display: path)
        } catch {
            throw SettingsFileError(file: path, position: nil, path: nil, message: error.message, isMissing: error.isMissingInput)
        }
    }

    /// A key that is not one of `keys`, at the key's place in the object at `path`: the close key
    /// it probably meant (`did you mean "…"?`), or else every key.
    package static func unknownKey(_ key: String, at position: SourcePosition, in path: JSONPath, among keys: [String], file: String) -> SettingsFileError {
        let hint = KeySuggestion.closest(to: key, among: keys).map { " — did you mean \"\($0)\"?" } ?? "; the keys are \(keys.joined(separator: ", "))"
        return SettingsFileError(file: file, position: position, path: path, message: "unknown key \"\(PatternFileError.shown(key))\"\(hint)")
    }

    /// A settings file's JSON, or the parse error with its place.
    package static func parse(_ bytes: [UInt8], file: String) throws(SettingsFileError) -> JSONNode {
        do {
            return try JSONParser.parse(bytes)
        } catch {
            throw SettingsFileError(file: file, position: error.position, path: error.path, message: "\(error.reason)")
        }
    }
}
