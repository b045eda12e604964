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

    /// What the arguments give: `--profile`, the field flags and `--seamless-splits`.
    static func choice(_ arguments: ParsedArguments, base: ActuatorProfile = ActuatorProfile()) throws(CLIError) -> ProfileChoice {
        var choice = ProfileChoice(base: base)
        choice.file = try arguments.value(profile)
        for field in flagged { choice.values[field.key] = field.flag.flatMap { arguments.value($0.name) } }
        choice.seamlessSplits = arguments.has(seamlessSplits)
        return choice
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

extension CLIError {
    /// A profile that cannot be made: a flag's value it does not take, or a rule broken, is a usage
    /// error naming the flag; a profile file missing is 66, one that cannot be used 65.
    init(_ error: ProfileChoiceError, command: String) {
        switch error {
        case .file(let file): self = file.isMissing ? .missingInput(file.description) : .invalidInput(file.description)
        case .unknownField(let key): self = .usage("no profile field '\(key)'", command: command)
        case let .notAValue(field, text):
            let flag = field.flag?.name ?? field.key
            guard case .choice(let names) = field.kind else {
                self = .usage("\(flag) needs \(DecimalNumber.parse(text) == nil ? "a number" : "a whole number"), got '\(text)'", command: command)
                return
            }
            self = .usage("\(flag) needs one of \(names.joined(separator: ", ")), got '\(text)'", command: command)
        case let .invalid(error, given, profile): self = .usage(ProfileOptions.message(for: error, given: given, profile: profile), command: command)
        }
    }
}
