import HapsynthKit

/// The actuator profile options shared by `render`, `play` and `check` (docs/synthesis.md): flags
/// override a `--profile` file, which overrides the defaults. An invalid flag exits 64, an invalid
/// profile file 65.
enum ProfileOptions {
    /// Flags that take a number, with the field each sets.
    static let numericFlags: [(field: ProfileError.Field, valueName: String, help: String)] = [
        (.sampleRate, "HZ", "Output rate, 8000-192000 (default 48000)."),
        (.minFrequencyHz, "HZ", "Frequency at sharpness 0 (default 65)."),
        (.maxFrequencyHz, "HZ", "Frequency at sharpness 1 (default 300)."),
        (.intensityExponent, "X", "Amplitude follows intensity^X (default 1)."),
        (.continuousGain, "X", "Peak of a continuous event at intensity 1, 0-1 (default 0.5)."),
        (.transientGain, "X", "Peak of a transient at intensity 1, 0-1 (default 0.8)."),
        (.transientCycles, "N", "Whole sine cycles in a transient (default 2)."),
        (.rampMs, "MS", "Attack and release of continuous events (default 2)."),
        (.envelopeMinMs, "MS", "AHAP envelope time of a value of 0 (default 2)."),
        (.envelopeMaxMs, "MS", "AHAP envelope time of a value of 1 (default 1000)."),
    ]

    static var specs: [OptionSpec] {
        [OptionSpec(name: "--profile", valueName: "FILE", help: "Actuator profile JSON (flags override it).")]
            + numericFlags.map { OptionSpec(name: $0.field.flag, valueName: $0.valueName, help: $0.help) }
            + [OptionSpec(name: "--seamless-splits", valueName: nil,
                          help: "Render parts of events split at 30 s as one phase-continuous voice.")]
    }

    /// The profile the arguments describe, on top of `base` (the defaults, or a suite's profile).
    static func resolve(_ arguments: ParsedArguments, command: String, base: ActuatorProfile = ActuatorProfile()) throws(CLIError) -> ActuatorProfile {
        var profile = base
        if let path = arguments.value("--profile") {
            do {
                profile = try ActuatorProfile.read(contentsOf: path)
            } catch {
                throw error.isMissing ? .missingInput(error.description) : .invalidInput(error.description)
            }
        }
        for flag in numericFlags {
            guard let text = arguments.value(flag.field.flag) else { continue }
            guard let value = DecimalNumber.parse(text) else {
                throw .usage("\(flag.field.flag) needs a number, got '\(text)'", command: command)
            }
            switch flag.field {
            case .sampleRate, .transientCycles:
                guard let whole = Int(exactly: value) else {
                    throw .usage("\(flag.field.flag) needs a whole number, got '\(text)'", command: command)
                }
                if flag.field == .sampleRate { profile.sampleRate = whole } else { profile.transientCycles = whole }
            default:
                profile[flag.field] = value
            }
        }
        if arguments.has("--seamless-splits") { profile.splitRetrigger = false }
        do {
            try profile.validate()
        } catch {
            let given = Set(numericFlags.map(\.field).filter { arguments.value($0.flag) != nil })
            throw .usage(message(for: error, given: given, profile: profile), command: command)
        }
        return profile
    }

    /// A profile error in the words of the flags: it names the flag the user gave, also when the
    /// rule that failed is another field's (`--min-frequency 400` above the default maximum).
    static func message(for error: ProfileError, given: Set<ProfileError.Field>, profile: ActuatorProfile) -> String {
        func number(_ value: Double) -> String { value == value.rounded() && abs(value) < 1e15 ? "\(Int64(value))" : "\(value)" }
        func source(_ field: ProfileError.Field) -> String { given.contains(field) ? "" : ", the default" }
        switch error.field {
        case .maxFrequencyHz where !given.contains(.maxFrequencyHz) && given.contains(.minFrequencyHz):
            return "--min-frequency must be below --max-frequency (\(number(profile.maxFrequencyHz))\(source(.maxFrequencyHz))), "
                + "got \(number(profile.minFrequencyHz))"
        case .maxFrequencyHz where !given.contains(.maxFrequencyHz) && given.contains(.sampleRate):
            return "--rate must be at least twice --max-frequency (\(number(profile.maxFrequencyHz))\(source(.maxFrequencyHz))), "
                + "got \(profile.sampleRate)"
        case .maxFrequencyHz:
            return "--max-frequency must be above --min-frequency (\(number(profile.minFrequencyHz))\(source(.minFrequencyHz))) "
                + "and at most half of --rate (\(number(Double(profile.sampleRate) / 2))), got \(number(profile.maxFrequencyHz))"
        case .envelopeMaxMs where !given.contains(.envelopeMaxMs) && given.contains(.envelopeMinMs):
            return "--envelope-min-ms must be below --envelope-max-ms (\(number(profile.envelopeMaxMs))\(source(.envelopeMaxMs))), "
                + "got \(number(profile.envelopeMinMs))"
        case .envelopeMaxMs:
            return "--envelope-max-ms must be above --envelope-min-ms (\(number(profile.envelopeMinMs))\(source(.envelopeMinMs))) "
                + "and at most 60000, got \(number(profile.envelopeMaxMs))"
        default:
            return "\(error.field.flag): \(error)"
        }
    }
}
