import HapsynthKit

/// The actuator profile options shared by `render`, `play`, `plot` and `check` (docs/synthesis.md),
/// made from the profile's field table: flags override a `--profile` file, which overrides the
/// defaults. An invalid flag exits 64, an invalid profile file 65.
enum ProfileOptions {
    /// The fields that have a flag, in the table's order.
    static let flagged = ActuatorProfile.fields.filter { $0.flag != nil }

    static let profile = Option("--profile", "FILE", help: "Actuator profile JSON (flags override it).")
    static let seamlessSplits = Flag("--seamless-splits", help: "Render parts of events split at 30 s as one phase-continuous voice.")

    /// `--profile`, a flag for each flagged field (named in the profile's field table), `--seamless-splits`.
    static var specs: [OptionSpec] {
        [profile.spec] + flagged.compactMap(\.flag).map { OptionSpec(name: $0.name, valueName: $0.valueName, help: $0.help) } + [seamlessSplits.spec]
    }

    /// The profile the arguments describe, on top of `base` (the defaults, or a suite's profile).
    static func resolve(_ arguments: ParsedArguments, command: String, base: ActuatorProfile = ActuatorProfile()) throws(CLIError) -> ActuatorProfile {
        var profile = base
        if let path = try arguments.value(Self.profile) {
            do {
                profile = try ActuatorProfile.read(contentsOf: path)
            } catch {
                throw error.isMissing ? .missingInput(error.description) : .invalidInput(error.description)
            }
        }
        var given: Set<String> = []
        for field in flagged {
            guard let flag = field.flag?.name, let text = arguments.value(flag) else { continue }
            if case .choice(let names) = field.kind {
                guard let index = names.firstIndex(of: text) else {
                    throw .usage("\(flag) needs one of \(names.joined(separator: ", ")), got '\(text)'", command: command)
                }
                field.set(Double(index), in: &profile)
                given.insert(field.key)
                continue
            }
            guard let value = DecimalNumber.parse(text) else { throw .usage("\(flag) needs a number, got '\(text)'", command: command) }
            if field.kind == .wholeNumber, Int(exactly: value) == nil {
                throw .usage("\(flag) needs a whole number, got '\(text)'", command: command)
            }
            field.set(value, in: &profile)
            given.insert(field.key)
        }
        if arguments.has(seamlessSplits) { profile.splitRetrigger = false }
        do {
            try profile.validate()
        } catch {
            throw .usage(message(for: error, given: given, profile: profile), command: command)
        }
        return profile
    }

    /// A profile error in the words of the flags: it names the flag the user gave, also when the
    /// rule that failed is another field's (`--min-frequency 400` above the default maximum).
    /// `given` holds the keys of the fields set by flags.
    static func message(for error: ProfileError, given: Set<String>, profile: ActuatorProfile) -> String {
        func number(_ value: Double) -> String { value == value.rounded() && abs(value) < 1e15 ? "\(Int64(value))" : "\(value)" }
        func source(_ key: String) -> String { given.contains(key) ? "" : ", the default" }
        switch error.field.key {
        case "maxFrequencyHz" where !given.contains("maxFrequencyHz") && given.contains("minFrequencyHz"):
            return "--min-frequency must be below --max-frequency (\(number(profile.maxFrequencyHz))\(source("maxFrequencyHz"))), "
                + "got \(number(profile.minFrequencyHz))"
        case "maxFrequencyHz" where !given.contains("maxFrequencyHz") && given.contains("sampleRate"):
            return "--rate must be at least twice --max-frequency (\(number(profile.maxFrequencyHz))\(source("maxFrequencyHz"))), "
                + "got \(profile.sampleRate)"
        case "maxFrequencyHz":
            return "--max-frequency must be above --min-frequency (\(number(profile.minFrequencyHz))\(source("minFrequencyHz"))) "
                + "and at most half of --rate (\(number(Double(profile.sampleRate) / 2))), got \(number(profile.maxFrequencyHz))"
        case "envelopeMaxMs" where !given.contains("envelopeMaxMs") && given.contains("envelopeMinMs"):
            return "--envelope-min-ms must be below --envelope-max-ms (\(number(profile.envelopeMaxMs))\(source("envelopeMaxMs"))), "
                + "got \(number(profile.envelopeMinMs))"
        case "envelopeMaxMs":
            return "--envelope-max-ms must be above --envelope-min-ms (\(number(profile.envelopeMinMs))\(source("envelopeMinMs"))) "
                + "and at most 60000, got \(number(profile.envelopeMaxMs))"
        default:
            return "\(error.field.flag?.name ?? "--profile"): \(error)"
        }
    }
}
