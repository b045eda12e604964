/// What a reader met, named for programs rather than people: every warning and every error that
/// reading a haptic file (pattern.json, AHAP, `.haptic`) can give carries one, beside its words
/// and the JSON place of the offending value. Lint maps codes to its rules in one table
/// (docs/lint.md) and the Core Haptics emulation to `CHHapticError` codes, so rewording a message
/// changes neither. The raw values are stable.
public enum ReadCode: String, Sendable, Hashable, CaseIterable {
    // Errors: the file is not read.

    /// The file does not exist.
    case fileMissing = "file-missing"
    /// The file cannot be read, is over a size limit, or is a sound file.
    case fileUnreadable = "file-unreadable"
    /// Malformed JSON.
    case syntax
    /// A document of another format, or of none.
    case wrongFormat = "wrong-format"
    /// A value of the wrong JSON type.
    case wrongType = "wrong-type"
    /// A required key is absent.
    case missingKey = "missing-key"
    /// A key, transform or name that is not known where it must be.
    case unknownName = "unknown-name"
    /// An AHAP `EventType` that is not known.
    case unknownEventType = "unknown-event-type"
    /// A negative time or duration, or one beyond the 64-bit microsecond range.
    case timeOutOfRange = "time-out-of-range"
    /// Points or breakpoints whose times go back or do not increase.
    case timeGoesBack = "time-goes-back"
    /// A duration too short to play (a continuous event under 1 µs, a clip of no length).
    case tooShort = "too-short"
    /// A value outside its range where the format refuses it (a clip's amplitude or frequency).
    case outOfRange = "out-of-range"
    /// A version the reader does not read.
    case unsupportedVersion = "unsupported-version"
    /// A count, size or depth over one of hapsynth's limits.
    case overLimit = "over-limit"
    /// An included file that cannot be used (missing, unreadable, a cycle, too long a chain).
    case include
    /// Any other rule of the format.
    case invalid
    /// Source code whose value is known only when its app runs (a parameter, a loop).
    case needsRun = "needs-run"
    /// Source code in a form the reader does not read.
    case notRead = "not-read"

    // Warnings: the file is read, changed as said.

    /// A comma before a closing bracket, accepted as Apple's reader accepts it.
    case trailingComma = "trailing-comma"
    /// A key the reader does not know, skipped (AHAP).
    case keySkipped = "key-skipped"
    /// A value that was not given, its default used (`HapticSharpness` 0.5).
    case defaultUsed = "default-used"
    /// A value clamped into its range.
    case clamped
    /// A continuous event over 30 s, cut at 30 s.
    case cutAt30s = "cut-at-30s"
    /// An event parameter or control whose `ParameterID` is not known, skipped.
    case parameterSkipped = "parameter-skipped"
    /// An entry that cannot play, skipped (an `AudioCustom` event without a file).
    case entrySkipped = "entry-skipped"
    /// Curve points at one time merged, the later one used.
    case pointsMerged = "points-merged"
    /// A curve of more points than some devices accept.
    case curveOverPointLimit = "curve-over-point-limit"
    /// Curve point times that look absolute.
    case curveTimesAbsolute = "curve-times-absolute"
    /// Curve point times that look absolute, where reading them so would change what plays by
    /// little (an exporter's chunk of nearly constant values).
    case curveTimesAbsoluteUnfelt = "curve-times-absolute-unfelt"
    /// A `.haptic` key the reader does not know, ignored (Meta's strict reading refuses it).
    case clipKeyIgnored = "clip-key-ignored"
    /// A `.haptic` minor version newer than 1.0, read as 1.0.
    case clipNewerVersion = "clip-newer-version"
    /// A `.haptic` frequency breakpoint outside the amplitude envelope, read as Haptics Studio reads it.
    case clipLateFrequency = "clip-late-frequency"
    /// A `.haptic` curve that Meta's converter would start late.
    case clipCurveStartsLate = "clip-curve-starts-late"

    /// Whether the reader refuses the file with this code (else it reads it, with a warning).
    public var isError: Bool { ReadCode.allCases.firstIndex(of: self)! <= ReadCode.allCases.firstIndex(of: .invalid)! }
}

extension PatternFileError {
    /// The error's code.
    public var code: ReadCode {
        switch reason {
        case .pattern(let error): return error.code
        case .json: return .syntax
        case .unknownName: return .unknownName
        case .missingKey: return .missingKey
        case .wrongType: return .wrongType
        case .unsupportedVersion: return .unsupportedVersion
        case .needsEventsOrTimeline, .eventsAndTimeline, .oneKeyExpected: return .invalid
        case .fileNotFound: return includedFrom.isEmpty ? .fileMissing : .include
        case .unreadable, .fileTooLarge, .soundFile, .utf16Text: return .fileUnreadable
        case .includeNotFound, .includeUnreadable, .includeCycle, .includeChainTooLong: return .include
        case .includesTooLarge, .transformWorkTooLarge: return .overLimit
        case .otherFormat: return .wrongFormat
        }
    }
}

extension PatternError {
    /// The error's code.
    public var code: ReadCode {
        switch self {
        case .negative, .beyondMillisecondRange: return .timeOutOfRange
        case .timeOverflow: return .overLimit
        case .curveNotIncreasing: return .timeGoesBack
        case .vibrationTooShort: return .tooShort
        case .outOfRange: return .outOfRange
        case .tooManyEvents, .tooManyControlPoints, .nestingTooDeep: return .overLimit
        default: return .invalid
        }
    }
}
