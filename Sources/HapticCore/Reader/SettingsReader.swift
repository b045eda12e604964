/// The one way hapsynth reads a settings file (an actuator profile, an Android device, a device
/// profile, a lint config, a check suite's settings): its JSON parsed strictly, and each value
/// checked where it enters, a refusal carrying the file, line, column and JSON path.
package struct SettingsReader: Sendable {
    package let file: String

    package init(file: String) { self.file = file }

    /// The parsed root of the settings file at `path` (`isMissing` when there is none).
    package static func root(of path: String) throws(SettingsFileError) -> JSONNode {
        try SettingsFileError.parse(try SettingsFileError.read(path), file: path)
    }

    package func fail(_ message: String, _ node: JSONNode, _ path: JSONPath) -> SettingsFileError {
        SettingsFileError(file: file, position: node.position, path: path, message: message)
    }

    /// The members of the object at `path` in file order, each key one of `keys` (any key when
    /// `keys` is empty); `what` says what was expected (`an object of Android device keys`).
    package func orderedMembers(_ node: JSONNode, _ path: JSONPath, keys: [String], what: String = "an object") throws(SettingsFileError) -> [JSONMember] {
        guard case .object(let members) = node.value else { throw fail("expected \(what), got \(node.kindDescription)", node, path) }
        for member in members where !keys.isEmpty && !keys.contains(member.key) {
            throw .unknownKey(member.key, at: member.keyPosition, in: path, among: keys, file: file)
        }
        return members
    }

    /// The members of the object at `path`, by key.
    package func members(_ node: JSONNode, _ path: JSONPath, keys: [String], what: String) throws(SettingsFileError) -> [String: JSONNode] {
        var result: [String: JSONNode] = [:]
        for member in try orderedMembers(node, path, keys: keys, what: what) { result[member.key] = member.value }
        return result
    }

    /// `members[key]`, or a refusal naming it at the object.
    package func required(_ key: String, in members: [String: JSONNode], of node: JSONNode, at path: JSONPath) throws(SettingsFileError) -> JSONNode {
        guard let value = members[key] else { throw fail("missing \"\(key)\"", node, path) }
        return value
    }

    package func string(_ node: JSONNode, _ path: JSONPath) throws(SettingsFileError) -> String {
        guard case .string(let text) = node.value else { throw fail("expected a string, got \(node.kindDescription)", node, path) }
        return text
    }

    /// A string that is not empty.
    package func text(_ node: JSONNode, _ path: JSONPath) throws(SettingsFileError) -> String {
        guard case .string(let value) = node.value, !value.isEmpty else { throw fail("expected a non-empty string, got \(node.kindDescription)", node, path) }
        return value
    }

    /// A finite number that keeps `rule` (`within 20...96000`).
    package func number(_ node: JSONNode, _ path: JSONPath, _ rule: String, _ valid: (Double) -> Bool) throws(SettingsFileError) -> Double {
        guard case .number(let number) = node.value else { throw fail("expected a number, got \(node.kindDescription)", node, path) }
        guard number.double.isFinite, valid(number.double) else { throw fail("must be \(rule) (got \(number.text))", node, path) }
        return number.double
    }

    /// A whole number of at least `minimum`.
    package func whole(_ node: JSONNode, _ path: JSONPath, minimum: Int64) throws(SettingsFileError) -> Int64 {
        guard case .number(let number) = node.value else { throw fail("expected a whole number, got \(node.kindDescription)", node, path) }
        guard let value = number.integer else { throw fail("expected a whole number, got \(number.text)", node, path) }
        guard value >= minimum else { throw fail("must be at least \(minimum) (got \(value))", node, path) }
        return value
    }

    /// `true` or `false` (`value` when absent).
    package func flag(_ node: JSONNode?, _ path: JSONPath, default value: Bool) throws(SettingsFileError) -> Bool {
        guard let node else { return value }
        guard case .bool(let flag) = node.value else { throw fail("expected true or false, got \(node.kindDescription)", node, path) }
        return flag
    }
}
