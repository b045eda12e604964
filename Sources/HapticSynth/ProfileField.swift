/// One field of the actuator profile, described once: its JSON key, its kind and unit, its
/// default, its rule, and the command-line flag that sets it. Validation, profile files, the
/// suite settings of `check`, the flags and their help, and a docs test all derive from
/// `ActuatorProfile.fields`.
public struct ProfileField: Sendable, Hashable, CustomStringConvertible {
    /// What a value is.
    public enum Kind: Sendable, Equatable {
        case number, wholeNumber, boolean
        /// One of these names, held as its index.
        case choice([String])
    }

    /// The flag that sets a field on the command line, with its value's placeholder and help.
    public struct Flag: Sendable, Hashable {
        public let name: String
        public let valueName: String
        public let help: String
    }

    /// The key in profile JSON (`maxFrequencyHz`).
    public let key: String
    public let kind: Kind
    /// The unit (`Hz`, `ms`), or nil for a plain number.
    public let unit: String?
    /// The flag, for fields that have one.
    public let flag: Flag?
    private let getter: @Sendable (ActuatorProfile) -> Double
    private let setter: @Sendable (inout ActuatorProfile, Double) -> Void
    /// The rule the value breaks, or nil when it keeps it.
    let violatedRule: @Sendable (ActuatorProfile) -> String?

    public var description: String { key }

    /// The field's value, as a number (a boolean as 0 or 1).
    public func value(of profile: ActuatorProfile) -> Double { getter(profile) }

    /// Sets the field (a whole-number field takes whole values, a boolean 0 or 1).
    public func set(_ value: Double, in profile: inout ActuatorProfile) { setter(&profile, value) }

    /// The field's default.
    public var defaultValue: Double { getter(ActuatorProfile()) }

    /// The value as messages show it (`48000`, `300.0`, `true`).
    public func valueText(_ profile: ActuatorProfile) -> String {
        let value = getter(profile)
        switch kind {
        case .wholeNumber: return Int(exactly: value).map { "\($0)" } ?? "\(value)"
        case .boolean: return value != 0 ? "true" : "false"
        case .number: return "\(value)"
        case .choice(let names): return Int(exactly: value).flatMap { names.indices.contains($0) ? names[$0] : nil } ?? "\(value)"
        }
    }

    public static func == (lhs: ProfileField, rhs: ProfileField) -> Bool { lhs.key == rhs.key }
    public func hash(into hasher: inout Hasher) { hasher.combine(key) }

    init(
        _ key: String, _ kind: Kind = .number, unit: String? = nil, flag: Flag? = nil,
        get: @escaping @Sendable (ActuatorProfile) -> Double, set: @escaping @Sendable (inout ActuatorProfile, Double) -> Void,
        rule: @escaping @Sendable (ActuatorProfile) -> String? = { _ in nil }
    ) {
        self.key = key
        self.kind = kind
        self.unit = unit
        self.flag = flag
        getter = get
        setter = set
        violatedRule = rule
    }
}

extension ActuatorProfile {
    /// Every field, in the order validation checks them and files list them.
    public static let fields: [ProfileField] = [
        ProfileField("sampleRate", .wholeNumber, unit: "Hz", flag: .init(name: "--rate", valueName: "HZ", help: "Output rate, 8000-192000 (default 48000)."),
                     get: { Double($0.sampleRate) }, set: { $0.sampleRate = whole($1) },
                     rule: { (8_000...192_000).contains($0.sampleRate) ? nil : "8000...192000" }),
        ProfileField("minFrequencyHz", unit: "Hz", flag: .init(name: "--min-frequency", valueName: "HZ", help: "Frequency at sharpness 0 (default 65)."),
                     get: { $0.minFrequencyHz }, set: { $0.minFrequencyHz = $1 }, rule: { positive($0.minFrequencyHz) }),
        ProfileField("maxFrequencyHz", unit: "Hz", flag: .init(name: "--max-frequency", valueName: "HZ", help: "Frequency at sharpness 1 (default 300)."),
                     get: { $0.maxFrequencyHz }, set: { $0.maxFrequencyHz = $1 },
                     rule: { above($0.maxFrequencyHz, $0.minFrequencyHz, "minFrequencyHz", atMostHalfOf: $0.sampleRate) }),
        ProfileField("intensityExponent", flag: .init(name: "--intensity-exponent", valueName: "X", help: "Amplitude follows intensity^X, up to 100 (default 1)."),
                     get: { $0.intensityExponent }, set: { $0.intensityExponent = $1 }, rule: { positive($0.intensityExponent, atMost: 100) }),
        ProfileField("continuousGain", flag: .init(name: "--continuous-gain", valueName: "X", help: "Peak of a continuous event at intensity 1, 0-1 (default 0.5)."),
                     get: { $0.continuousGain }, set: { $0.continuousGain = $1 }, rule: { within($0.continuousGain, 0...1) }),
        ProfileField("transientGain", flag: .init(name: "--transient-gain", valueName: "X", help: "Peak of a transient at intensity 1, 0-1 (default 0.8)."),
                     get: { $0.transientGain }, set: { $0.transientGain = $1 }, rule: { within($0.transientGain, 0...1) }),
        ProfileField("transientCycles", .wholeNumber, flag: .init(name: "--transient-cycles", valueName: "N", help: "Whole sine cycles in a transient, 1-1000 (default 2)."),
                     get: { Double($0.transientCycles) }, set: { $0.transientCycles = whole($1) },
                     rule: { (1...1_000).contains($0.transientCycles) ? nil : "a whole number in 1...1000" }),
        ProfileField("rampMs", unit: "ms", flag: .init(name: "--ramp-ms", valueName: "MS", help: "Attack and release of continuous events (default 2)."),
                     get: { $0.rampMs }, set: { $0.rampMs = $1 }, rule: { within($0.rampMs, 0...60_000) }),
        ProfileField("splitRetrigger", .boolean, get: { $0.splitRetrigger ? 1 : 0 }, set: { $0.splitRetrigger = $1 != 0 }),
        ProfileField("envelopeMinMs", unit: "ms", flag: .init(name: "--envelope-min-ms", valueName: "MS", help: "AHAP envelope time of a value of 0 (default 2)."),
                     get: { $0.envelopeMinMs }, set: { $0.envelopeMinMs = $1 }, rule: { positive($0.envelopeMinMs) }),
        ProfileField("envelopeMaxMs", unit: "ms", flag: .init(name: "--envelope-max-ms", valueName: "MS", help: "AHAP envelope time of a value of 1 (default 1000)."),
                     get: { $0.envelopeMaxMs }, set: { $0.envelopeMaxMs = $1 },
                     rule: { profile in
                         let value = profile.envelopeMaxMs, minimum = profile.envelopeMinMs
                         return value.isFinite && value > minimum && value <= 60_000 ? nil
                             : "greater than envelopeMinMs (\(minimum)) and at most 60000"
                     }),
        ProfileField("fullScaleG", unit: "g", get: { $0.fullScaleG }, set: { $0.fullScaleG = $1 }, rule: { positive($0.fullScaleG, atMost: 1_000) }),
        ProfileField("actuator", .choice(Actuator.allCases.map(\.rawValue)),
                     flag: .init(name: "--actuator", valueName: "drive|resonator", help: "Render the drive, or the actuator's motion (default drive)."),
                     get: { Double(Actuator.allCases.firstIndex(of: $0.actuator) ?? 0) },
                     set: { profile, index in profile.actuator = Actuator.allCases[min(max(Int(index), 0), Actuator.allCases.count - 1)] }),
        ProfileField("resonatorHz", unit: "Hz", get: { $0.resonatorHz }, set: { $0.resonatorHz = $1 },
                     rule: { resonance($0.resonatorHz, rate: $0.sampleRate) }),
        ProfileField("resonatorQ", get: { $0.resonatorQ }, set: { $0.resonatorQ = $1 }, rule: { within($0.resonatorQ, 0.5...100) }),
        ProfileField("tapBraking", .boolean, get: { $0.tapBraking ? 1 : 0 }, set: { $0.tapBraking = $1 != 0 }),
        ProfileField("androidResonanceHz", unit: "Hz", get: { $0.android.resonanceHz }, set: { $0.android.resonanceHz = $1 },
                     rule: { profile in
                         let value = profile.android.resonanceHz, nyquist = Double(profile.sampleRate) / 2
                         if profile.actuator == .resonator { return resonance(value, rate: profile.sampleRate) }
                         return value.isFinite && value > 0 && value <= nyquist ? nil : "greater than 0 and at most sampleRate / 2 (\(nyquist))"
                     }),
        ProfileField("androidInertiaMs", unit: "ms", get: { $0.android.inertiaMs }, set: { $0.android.inertiaMs = $1 },
                     rule: { within($0.android.inertiaMs, 0...1000) }),
        ProfileField("androidGain", get: { $0.android.gain }, set: { $0.android.gain = $1 }, rule: { within($0.android.gain, 0...1) }),
        ProfileField("androidMinFrequencyHz", unit: "Hz", get: { $0.android.minFrequencyHz }, set: { $0.android.minFrequencyHz = $1 },
                     rule: { positive($0.android.minFrequencyHz) }),
        ProfileField("androidMaxFrequencyHz", unit: "Hz", get: { $0.android.maxFrequencyHz }, set: { $0.android.maxFrequencyHz = $1 },
                     rule: { above($0.android.maxFrequencyHz, $0.android.minFrequencyHz, "androidMinFrequencyHz", atMostHalfOf: $0.sampleRate) }),
    ]

    /// The field with this JSON key.
    public static func field(_ key: String) -> ProfileField? { fields.first { $0.key == key } }
}

/// `greater than 0`, broken by a value that is not finite and positive (or above a ceiling).
private func positive(_ value: Double, atMost ceiling: Double = .greatestFiniteMagnitude) -> String? {
    guard ceiling < .greatestFiniteMagnitude else { return value.isFinite && value > 0 ? nil : "greater than 0" }
    return value.isFinite && value > 0 && value <= ceiling ? nil : "greater than 0 and at most \(Int(ceiling))"
}

/// `0...1`, broken by a value outside the range (or NaN).
private func within(_ value: Double, _ range: ClosedRange<Double>) -> String? {
    let bound = { (value: Double) in value == value.rounded() ? "\(Int(value))" : "\(value)" }
    return value.isFinite && range.contains(value) ? nil : "\(bound(range.lowerBound))...\(bound(range.upperBound))"
}

/// A resonance the resonator can have: at least 20 Hz and below half the rate.
private func resonance(_ value: Double, rate: Int) -> String? {
    let nyquist = Double(rate) / 2
    return value.isFinite && value >= 20 && value < nyquist ? nil : "at least 20 and below sampleRate / 2 (\(nyquist))"
}

/// A frequency above another field's and at most half the rate.
private func above(_ value: Double, _ minimum: Double, _ minimumKey: String, atMostHalfOf rate: Int) -> String? {
    let nyquist = Double(rate) / 2
    return value.isFinite && value > minimum && value <= nyquist ? nil
        : "greater than \(minimumKey) (\(minimum)) and at most sampleRate / 2 (\(nyquist))"
}

/// A whole number for a whole-number field: rounded, and saturated where it does not fit (the
/// rule then refuses it).
private func whole(_ value: Double) -> Int {
    guard value.isFinite else { return value > 0 ? .max : .min }
    return Int(exactly: value.rounded()) ?? (value > 0 ? .max : .min)
}
