import HapticCore

extension ActuatorProfile {
    /// Reads a profile file: a JSON object of the profile's keys (docs/synthesis.md), each overriding the
    /// default; an unknown key, a wrong type or an invalid value is an error with its place.
    public static func read(contentsOf path: String) throws(ProfileFileError) -> ActuatorProfile {
        try parse(try SettingsFileError.read(path), file: path)
    }

    /// Parses profile JSON; `file` names it in errors.
    public static func parse(_ bytes: [UInt8], file: String) throws(ProfileFileError) -> ActuatorProfile {
        try read(try SettingsFileError.parse(bytes, file: file), at: .root, file: file)
    }

    /// Reads the profile object at `path` of a settings file (a profile file, or the `profile` of
    /// a suite's `hapsynth-check.json`): each key overriding the default, every refusal at its place.
    package static func read(_ node: JSONNode, at base: JSONPath, file: String) throws(ProfileFileError) -> ActuatorProfile {
        guard case .object(let members) = node.value else {
            throw ProfileFileError(file: file, position: node.position, path: base,
                                   message: "expected an object of profile keys, got \(node.kindDescription)")
        }
        var profile = ActuatorProfile()
        for member in members {
            let path = base.appending(member.key)
            func fail(_ message: String) -> ProfileFileError {
                ProfileFileError(file: file, position: member.value.position, path: path, message: message)
            }
            guard let field = ActuatorProfile.field(member.key) else {
                throw .unknownKey(member.key, at: member.keyPosition, in: base, among: ActuatorProfile.fields.map(\.key), file: file)
            }
            switch (field.kind, member.value.value) {
            case (.boolean, .bool(let value)):
                field.set(value ? 1 : 0, in: &profile)
            case (.boolean, _):
                throw fail("expected true or false, got \(member.value.kindDescription)")
            case (.wholeNumber, .number(let number)):
                guard let whole = number.integer, let value = Int(exactly: whole) else {
                    throw fail("expected a whole number, got \(number.text)")
                }
                field.set(Double(value), in: &profile)
            case (.number, .number(let number)):
                field.set(number.double, in: &profile)
            case (.choice(let names), .string(let name)):
                guard let index = names.firstIndex(of: name) else {
                    throw fail("expected one of \(names.joined(separator: ", ")), got \"\(PatternFileError.shown(name))\"")
                }
                field.set(Double(index), in: &profile)
            case (.choice(let names), _):
                throw fail("expected one of \(names.joined(separator: ", ")), got \(member.value.kindDescription)")
            default:
                throw fail("expected a number, got \(member.value.kindDescription)")
            }
        }
        do {
            try profile.validate()
        } catch {
            let member = members.first { $0.key == error.field.key }
            throw ProfileFileError(
                file: file, position: member?.value.position ?? node.position,
                path: member == nil ? base : base.appending(error.field.key), message: "\(error)")
        }
        return profile
    }
}

/// A profile file that cannot be used (docs/synthesis.md).
public typealias ProfileFileError = SettingsFileError
