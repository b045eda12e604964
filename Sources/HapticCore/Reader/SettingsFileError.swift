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
