import HapticCore

extension ActuatorProfile {
    /// Reads a profile file: a JSON object of the profile's keys (docs/synthesis.md), each overriding the
    /// default; an unknown key, a wrong type or an invalid value is an error with its place.
    public static func read(contentsOf path: String) throws(ProfileFileError) -> ActuatorProfile {
        try parse(try SettingsFileError.read(path), file: path)
    }

    /// Parses profile JSON; `file` names it in errors.
    public static func parse(_ bytes: [UInt8], file: String) throws(ProfileFileError) -> ActuatorProfile {
        let root = try SettingsFileError.parse(bytes, file: file)
        guard case .object(let members) = root.value else {
            throw ProfileFileError(file: file, position: root.position, path: .root,
                                   message: "expected an object of profile keys, got \(root.kindDescription)")
        }
        var profile = ActuatorProfile()
        let keys = ProfileError.Field.allCases.map(\.rawValue)
        for member in members {
            let path = JSONPath.root.appending(member.key)
            func fail(_ message: String) -> ProfileFileError {
                ProfileFileError(file: file, position: member.value.position, path: path, message: message)
            }
            guard let field = ProfileError.Field(rawValue: member.key) else {
                throw .unknownKey(member.key, at: member.keyPosition, in: .root, among: keys, file: file)
            }
            switch (field, member.value.value) {
            case (.splitRetrigger, .bool(let value)):
                profile.splitRetrigger = value
            case (.splitRetrigger, _):
                throw fail("expected true or false, got \(member.value.kindDescription)")
            case (.sampleRate, .number(let number)), (.transientCycles, .number(let number)):
                guard let whole = number.integer, let value = Int(exactly: whole) else {
                    throw fail("expected a whole number, got \(number.text)")
                }
                if field == .sampleRate { profile.sampleRate = value } else { profile.transientCycles = value }
            case (_, .number(let number)):
                profile[field] = number.double
            default:
                throw fail("expected a number, got \(member.value.kindDescription)")
            }
        }
        do {
            try profile.validate()
        } catch {
            let field = error.field
            let member = members.first { $0.key == field.rawValue }
            throw ProfileFileError(
                file: file, position: member?.value.position ?? root.position,
                path: member == nil ? .root : JSONPath.root.appending(field.rawValue), message: "\(error)")
        }
        return profile
    }

    /// The Double-valued fields by name (whole-number and boolean fields are set with their types).
    public subscript(field: ProfileError.Field) -> Double {
        get {
            switch field {
            case .minFrequencyHz: return minFrequencyHz
            case .maxFrequencyHz: return maxFrequencyHz
            case .intensityExponent: return intensityExponent
            case .continuousGain: return continuousGain
            case .transientGain: return transientGain
            case .rampMs: return rampMs
            case .envelopeMinMs: return envelopeMinMs
            case .envelopeMaxMs: return envelopeMaxMs
            case .androidResonanceHz: return androidResonanceHz
            case .androidInertiaMs: return androidInertiaMs
            case .androidGain: return androidGain
            case .androidMinFrequencyHz: return androidMinFrequencyHz
            case .androidMaxFrequencyHz: return androidMaxFrequencyHz
            case .sampleRate: return Double(sampleRate)
            case .transientCycles: return Double(transientCycles)
            case .splitRetrigger: return splitRetrigger ? 1 : 0
            }
        }
        set {
            switch field {
            case .minFrequencyHz: minFrequencyHz = newValue
            case .maxFrequencyHz: maxFrequencyHz = newValue
            case .intensityExponent: intensityExponent = newValue
            case .continuousGain: continuousGain = newValue
            case .transientGain: transientGain = newValue
            case .rampMs: rampMs = newValue
            case .envelopeMinMs: envelopeMinMs = newValue
            case .envelopeMaxMs: envelopeMaxMs = newValue
            case .androidResonanceHz: androidResonanceHz = newValue
            case .androidInertiaMs: androidInertiaMs = newValue
            case .androidGain: androidGain = newValue
            case .androidMinFrequencyHz: androidMinFrequencyHz = newValue
            case .androidMaxFrequencyHz: androidMaxFrequencyHz = newValue
            case .sampleRate, .transientCycles, .splitRetrigger: break  // set with their own types
            }
        }
    }
}

extension ProfileError {
    /// The field the error is about.
    public var field: Field {
        switch self {
        case .outOfRange(let field, _, _): return field
        }
    }
}

/// A profile file that cannot be used (docs/synthesis.md).
public typealias ProfileFileError = SettingsFileError
