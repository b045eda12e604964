import HapticCore

/// How much a finding matters; `off` switches a rule off.
public enum LintSeverity: String, Sendable, Comparable, CaseIterable {
    case off, info, warning, error

    public static func < (a: LintSeverity, b: LintSeverity) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// One rule of `hapsynth lint` (docs/lint.md): a stable id, a name, the platform it concerns and its
/// default severity.
public struct LintRule: Sendable, Hashable {
    public enum Scope: String, Sendable { case ios, android, both }

    public let id: String
    public let name: String
    public let scope: Scope
    public let severity: LintSeverity
    /// What it detects, one sentence.
    public let summary: String
    /// Whether this version of hapsynth checks it yet.
    public let isChecked: Bool

    init(_ id: String, _ name: String, _ scope: Scope, _ severity: LintSeverity, _ summary: String, checked: Bool = true) {
        self.id = id
        self.name = name
        self.scope = scope
        self.severity = severity
        self.summary = summary
        isChecked = checked
    }

    /// Every rule, ids stable forever.
    public static let all: [LintRule] = [
        LintRule("HS001", "invalid-file", .both, .error, "The file cannot be read as pattern.json, AHAP or a .haptic clip."),
        LintRule("HS002", "version", .ios, .warning, "The AHAP Version is missing, not a number or not above 0; an iPhone may refuse the file."),
        LintRule("HS003", "lenient-json", .both, .info, "A trailing comma in an AHAP file: Apple's reader accepts it, strict readers fail."),
        LintRule("HS004", "unknown-type", .ios, .error, "An unknown EventType or ParameterID value."),
        LintRule("HS005", "bad-time", .both, .error, "A negative time or duration, or curve points going back in time."),
        LintRule("HS006", "lenient-clip", .both, .warning, "A .haptic clip that Haptics Studio reads but Meta's strict reading refuses or drops."),
        LintRule("HS007", "kotlin-needs-run", .both, .info, "A Kotlin pattern known only when the app runs (a parameter, a var, a loop, the app's code): not checked."),
        LintRule("HS008", "kotlin-not-read", .both, .warning, "A Kotlin pattern written in a form hapsynth does not read: not checked."),
        LintRule("HS101", "continuous-over-30s", .ios, .warning, "A continuous event longer than 30 s: Core Haptics cuts it."),
        LintRule("HS102", "curve-over-16-points", .ios, .info, "A parameter curve of more than 16 points."),
        LintRule("HS103", "curve-times-absolute", .ios, .warning, "Curve point times that look absolute."),
        LintRule("HS104", "out-of-range", .both, .warning, "A value outside its range (clamped)."),
        LintRule("HS105", "sharpness-control-no-effect", .ios, .info, "A sharpness control while no continuous event plays."),
        LintRule("HS106", "transients-under-10ms", .ios, .info, "Transient onsets less than 10 ms apart."),
        LintRule("HS107", "transient-clip", .both, .warning, "Overlapping clicks whose own sum passes full scale (rendered)."),
        LintRule("HS201", "primitive-gap-under-50ms", .android, .warning, "A primitive starting less than 50 ms after the previous one ends."),
        LintRule("HS202", "primitive-scale-ratio", .android, .info, "Neighbouring primitive scales differing by a ratio under 1.4."),
        LintRule("HS203", "android-path-fallback", .android, .warning, "The Android plan fell through the envelope or primitive path and loses what it would have kept (a warning when lengthening the file keeps it, else info)."),
        LintRule("HS204", "short-pulse-on-off-motor", .android, .warning, "An ON pulse under 20 ms on a motor without amplitude control."),
        LintRule("HS205", "samsung-off-segment", .android, .info, "The waveform needed the compatibility tail."),
        LintRule("HS206", "short-may-be-silent", .android, .info, "A pattern under 1 s, which some phones may not play."),
        LintRule("HS207", "android-unsupported", .android, .error, "The Android plan is unsupported on the device."),
        LintRule("HS208", "conversion-error", .android, .warning, "The Android conversion of an AHAP file is more than 0.1 off in intensity somewhere."),
        LintRule("HS209", "effect-not-played", .android, .warning, "A VibrationEffect that plays nothing on the device (a primitive, an envelope or a predefined effect it lacks)."),
        LintRule("HS210", "effect-under-time-constant", .android, .info, "A VibrationEffect step driven for less than the actuator's time constant: it does not reach its amplitude."),
        LintRule("HS301", "silent", .both, .warning, "Nothing is felt: the plan is silent."),
        LintRule("HS302", "long-pattern", .both, .info, "A pattern longer than 30 s."),
        LintRule("HS303", "sub-period-event", .both, .warning, "A continuous event shorter than one frame or one period of its frequency."),
        LintRule("HS304", "not-felt", .both, .warning, "A platform plays the pattern, but never strongly enough to be felt."),
        LintRule("HS305", "feedback-not-felt", .both, .warning, "A system feedback call that plays nothing, or nothing felt, on a catalogue device it is meant for."),
        LintRule("HS306", "feedback-indistinguishable", .both, .warning, "Two system feedback calls of the run that a person could not tell apart on a catalogue device."),
        LintRule("HS401", "audio-file-missing", .ios, .error, "An AudioCustom file that is missing or unreadable."),
        LintRule("HS402", "audio-path-absolute", .ios, .info, "An absolute EventWaveformPath."),
        LintRule("HS403", "audio-haptic-offset", .ios, .warning, "A transient whose nearest sound, within 100 ms, is more than 24 ms away."),
    ]

    /// The one table from what a reader met to lint's rules: a code not here is no finding (a
    /// needed default, a skipped key), and a file that does not load is invalid-file (HS001)
    /// unless its error's code is here.
    static let byReadCode: [ReadCode: String] = [
        .trailingComma: "HS003",
        .unknownEventType: "HS004", .parameterSkipped: "HS004",
        .timeOutOfRange: "HS005", .timeGoesBack: "HS005",
        .clipKeyIgnored: "HS006", .clipNewerVersion: "HS006", .clipLateFrequency: "HS006",
        .cutAt30s: "HS101",
        .curveOverPointLimit: "HS102",
        .curveTimesAbsolute: "HS103", .curveTimesAbsoluteUnfelt: "HS103",
        .clamped: "HS104",
        .needsRun: "HS007", .notRead: "HS008",
    ]

    /// The id of the rule a reader's code breaks, if it is one.
    public static func id(for code: ReadCode) -> String? { byReadCode[code] }

    /// The rule with this id.
    public static func rule(_ id: String) -> LintRule? { all.first { $0.id == id } }
}
