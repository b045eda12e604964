import HapticCore
import HapticSynth

/// The actuator profile a user describes (docs/synthesis.md): values typed for the profile's
/// fields override a profile file, which overrides `base` (the defaults, or a suite's profile).
/// Every rule of the profile is checked on the result.
public struct ProfileChoice: Sendable {
    /// What the file and values go on top of.
    public var base: ActuatorProfile
    /// A profile JSON file.
    public var file: String?
    /// The text typed for each field, by the field's key (`maxFrequencyHz`: `"250"`): a number, a
    /// whole number or one of a choice field's names.
    public var values: [String: String] = [:]
    /// Render parts of events split at 30 s as one phase-continuous voice (no re-trigger).
    public var seamlessSplits = false

    public init(base: ActuatorProfile = ActuatorProfile()) { self.base = base }

    /// The profile: `base`, then the file, then each value in the field table's order.
    public func resolve() throws(ProfileChoiceError) -> ActuatorProfile {
        var profile = base
        if let file {
            do {
                profile = try ActuatorProfile.read(contentsOf: file)
            } catch {
                throw .file(error)
            }
        }
        if let key = values.keys.sorted().first(where: { key in !ActuatorProfile.fields.contains { $0.key == key } }) { throw .unknownField(key) }
        for field in ActuatorProfile.fields {
            guard let text = values[field.key] else { continue }
            field.set(try Self.value(text, of: field), in: &profile)
        }
        if seamlessSplits { profile.splitRetrigger = false }
        do {
            try profile.validate()
        } catch {
            throw .invalid(error, given: Set(values.keys), profile: profile)
        }
        return profile
    }

    /// The number `text` sets `field` to: a choice's index, a whole number, or any number.
    static func value(_ text: String, of field: ProfileField) throws(ProfileChoiceError) -> Double {
        if case .choice(let names) = field.kind {
            guard let index = names.firstIndex(of: text) else { throw .notAValue(field, text: text) }
            return Double(index)
        }
        guard let value = DecimalNumber.parse(text), field.kind != .wholeNumber || Int(exactly: value) != nil else {
            throw .notAValue(field, text: text)
        }
        return value
    }
}

/// A profile that could not be made from what was given.
public enum ProfileChoiceError: Error, Sendable {
    /// The profile file could not be read (missing, not JSON, a key out of range).
    case file(SettingsFileError)
    /// A key that is no field of the profile.
    case unknownField(String)
    /// A text that is not a value of the field's kind (a number, a whole number, one of its names).
    case notAValue(ProfileField, text: String)
    /// A profile that breaks a rule; `given` holds the keys of the fields given values, so a
    /// message can name the one the user set when the rule that failed is another field's.
    case invalid(ProfileError, given: Set<String>, profile: ActuatorProfile)
}
