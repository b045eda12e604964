import HapticCore

/// A haptic file as loaded: its Core Haptics plan, the pattern behind it (pattern.json; an AHAP
/// file is a Core Haptics plan with no pattern behind it), its free text, every file read and the
/// warnings met.
public struct LoadedPattern: Sendable {
    /// The file as the caller named it.
    public let path: String
    /// What Core Haptics would receive.
    public let plan: PlaybackPlan
    /// The pattern itself (pattern.json; nil for an AHAP file or a clip).
    public let pattern: Pattern?
    /// The `.haptic` clip, when the file is one.
    public let clip: HapticClip?
    /// The top-level `name` of a pattern.json.
    public let name: String?
    /// The top-level `description` (pattern.json) or `Metadata.Description` (AHAP).
    public let description: String?
    /// The real path of every file read, the root first (what `play --watch` follows).
    public let files: [String]
    /// A 64-bit hash of the content of every file read: the key of "this version".
    public let contentKey: UInt64
    /// Accepted oddities, in full, in the order met.
    public let warnings: [LoadWarning]
    /// An AHAP file's audio events and controls, when it has audio events (docs/audio.md).
    public var audio: AHAPAudio? = nil
    /// Where a Kotlin file declares the pattern (its name's line and column): what lint findings
    /// about the whole pattern point at.
    public var declaredAt: SourcePosition? = nil
    /// A system feedback call named as the pattern (`uikit:impact.light`, docs/feedback.md): its
    /// iPhone plan is the catalogue iPhone's row, its Android plan the call's chain.
    public var feedback: FeedbackCall? = nil
    /// For a `.vibration` file: the effect, which on Android plays as the device plays it.
    public var vibration: VibrationEffect? = nil

    /// The warnings grouped by kind, as a person reads them (`1000 events lack HapticSharpness
    /// (0.5 used): $.Pattern[0], …`).
    public var groupedWarnings: [WarningGroup] {
        WarningGroup.group(warnings.map { ($0.kind, $0.place, $0.description) })
    }

    /// The pattern planned for `platform`.
    public func plan(for platform: Platform) -> PlatformPlan {
        switch platform {
        case .ios: return .ios(plan)
        case .android(let device): return .android(androidPlan(on: device))
        case .both(let device): return .both(ios: plan, android: androidPlan(on: device))
        }
    }

    /// The file planned for an Android `device`: a pattern by the Jindong planner, a clip as Meta's
    /// SDK plays it, an AHAP file converted to events with their own curves first.
    public func androidPlan(on device: AndroidDevice) -> AndroidPlan {
        if let feedback { return feedback.androidPlan(on: device) }
        if let vibration { return vibration.androidPlan(on: device) }
        if let clip { return clip.androidPlan(on: device) }
        guard let pattern else { return AHAPOnAndroid.plan(plan, device: device) }
        return planAndroid(pattern, device: device)
    }

    /// The Android plan of the same file lasting `extraMs` longer (silence added at its end), for
    /// telling whether lengthening it would keep a path; nil for a clip, or when the length
    /// does not fit.
    public func androidPlan(on device: AndroidDevice, lengthenedByMs extraMs: Int64) -> AndroidPlan? {
        guard clip == nil, feedback == nil, vibration == nil else { return nil }
        if let pattern {
            guard let longer = try? Pattern(events: pattern.events, durationMs: pattern.durationMs + extraMs) else { return nil }
            return planAndroid(longer, device: device)
        }
        let d = plan.diagnostics
        let longer = PlaybackPlan(players: plan.players, diagnostics: PlanDiagnostics(
            backend: d.backend, capabilities: d.capabilities, logicalDurationMs: d.logicalDurationMs + extraMs, schedulingLeadMs: d.schedulingLeadMs,
            estimatedNativeDurationMs: d.estimatedNativeDurationMs, approximations: d.approximations, retriggerBoundariesMs: d.retriggerBoundariesMs,
            unsupportedReason: d.unsupportedReason))
        return AHAPOnAndroid.plan(longer, device: device)
    }
}

/// A warning met loading a file, with its kind for grouping.
public struct LoadWarning: Hashable, Sendable, CustomStringConvertible {
    /// What warnings of this kind say together (`intensities clamped into 0…1`).
    public let kind: String
    /// Where it was (`file:line:column at $.path`, or the JSON path).
    public let place: String
    /// The whole warning, one line.
    public let description: String
    /// What it is, for programs (lint's rules are chosen by it).
    public let code: ReadCode
    /// The JSON path of the offending value, when it is narrower than `place` (lint's region).
    public var valuePlace: String?
}

/// A file that cannot be loaded.
public enum LoadError: Error, Sendable, CustomStringConvertible {
    /// The file or one it includes cannot be read or is not a valid pattern.json.
    case file(PatternFileError)
    /// The AHAP file cannot be imported.
    case ahap(AHAPError)
    /// The `.haptic` clip cannot be read.
    case haptic(HapticClipError)
    /// The document is neither a pattern.json nor an AHAP object.
    case neitherFormat(file: String, position: SourcePosition, reason: String)
    /// The pattern cannot be planned.
    case planning(file: String, PlanError)
    /// The Kotlin file's chosen pattern cannot be read, or which one is meant is not said.
    case kotlin(KotlinLoadError)
    /// A feedback family's prefix with a name it does not have (`uikit:impact.lite`).
    case feedbackName(FeedbackNameError)
    /// A `.vibration` file's text cannot be read, holds no effect, or which effect is meant is not said.
    case vibration(VibrationEffectLoadError)

    /// What it is, for programs.
    public var code: ReadCode {
        switch self {
        case .file(let error): return error.code
        case .ahap(let error): return error.code
        case .haptic(let error): return error.code
        case .neitherFormat: return .wrongFormat
        case .planning(_, .tooManyNativeEvents): return .overLimit
        case .planning(_, .timeBeyondPlanRange): return .timeOutOfRange
        case .kotlin(.choice): return .unknownName
        case .kotlin(.unreadable(let refused)) where refused.isUncheckable: return refused.kind == .needsRun ? .needsRun : .notRead
        case .kotlin(.unreadable), .kotlin(.noPatterns): return .invalid
        case .feedbackName, .vibration(.choice): return .unknownName
        case .vibration: return .invalid
        }
    }

    /// The JSON path of the offending value, when the error is inside the file's text.
    public var path: JSONPath? {
        switch self {
        case .file(let error): return error.includedFrom.isEmpty ? error.path : nil
        case .ahap(let error): return error.path
        case .haptic(let error): return error.path
        case .neitherFormat: return .root
        case .planning, .kotlin, .feedbackName, .vibration: return nil
        }
    }

    /// Whether the named file itself is missing (rather than unusable).
    public var isMissingInput: Bool {
        if case .file(let error) = self { return error.isMissingInput }
        return false
    }

    public var description: String {
        switch self {
        case .file(let error): return error.description
        case .ahap(let error): return error.description
        case .haptic(let error): return error.description
        case let .neitherFormat(file, position, reason): return "\(file):\(position): \(reason) at $"
        case let .planning(file, error): return "\(file): \(error)"
        case .kotlin(let error): return error.description
        case .feedbackName(let error): return error.description
        case .vibration(let error): return error.description
        }
    }
}
