import HapticCore
import HapticPlanner
import HapticSynth

/// Lints one file (docs/lint.md): loads it through the one loader (a file that does not load is
/// HS001), checks the AHAP document's own mistakes on its JSON, and the plans' for the platform.
public enum Linter {
    /// HS208's limit: the largest intensity error of an AHAP file's Android conversion that passes.
    public static let conversionErrorLimit = 0.1
    /// The findings for `path` on `target`'s platforms, in file order, each with its rule's default
    /// severity (HS203 and HS402 choose theirs per finding). The file is read once. In a Kotlin
    /// file, `pattern` chooses the declaration (docs/kotlin.md) and the findings about it point at
    /// its name.
    public static func lint(_ path: String, target: LintTarget, pattern: String? = nil, alongside: [String] = []) -> [LintFinding] {
        let loaded: LoadedPattern
        let source: PatternSource?
        do {
            (loaded, source) = try PatternLoader.loadKeepingSource(path, capabilities: target.capabilities, pattern: pattern, alongside: alongside)
        } catch {
            return [invalidFile(path, error)]
        }
        // A system feedback call has no file to lint: its rules judge it on every device (HS305, HS306).
        if loaded.feedback != nil { return [] }
        if let effect = loaded.vibration { return vibrationFindings(effect, file: path, target: target) }
        let findings = lint(loaded, source: source, path: path, target: target)
        guard let declared = loaded.declaredAt else { return findings }
        let end = SourcePosition(line: declared.line, column: declared.column + (loaded.name?.count ?? 1))
        return findings.map { finding in
            guard finding.jsonPath == "$" else { return finding }
            return LintFinding(rule: finding.rule, severity: finding.severity, file: finding.file, jsonPath: "$", start: declared, end: end,
                               message: finding.message)
        }
    }

    private static func lint(_ loaded: LoadedPattern, source: PatternSource?, path: String, target: LintTarget) -> [LintFinding] {
        let (platform, profile) = (target.platform, target.profile)
        var findings: [LintFinding] = []
        let ios: Bool
        if case .android = platform { ios = false } else { ios = true }
        if let source, PatternLoader.format(of: source.root) == .ahap {
            findings += ahapFindings(source.root, file: path, ios: ios)
            if ios {
                let audio = loaded.audio.map { audioFindings($0, plan: loaded.plan, root: source.root, file: path, target: target) } ?? []
                findings += audioPathFindings(source.root, file: path, refused: Set(audio.filter { $0.rule.id == "HS402" }.map(\.jsonPath)))
                findings += audio
            }
        }
        if let source { findings += warningFindings(loaded, source: source, file: path, ios: ios) }
        let measured = ios ? measureIOS(loaded, profile: profile) : nil
        if ios { findings += iosPlanFindings(loaded.plan, file: path, profile: profile, clickProfile: target.clickProfile) }
        let diagnostics = loaded.plan.diagnostics
        if diagnostics.backend == .silent { findings.append(.fileLevel(rule("HS301"), path, "nothing is felt: the plan is silent")) }
        if diagnostics.logicalDurationMs > 30_000 {
            findings.append(.fileLevel(rule("HS302"), path, "the pattern lasts \(NumberText.fixed(Double(diagnostics.logicalDurationMs) / 1000, 3)) s, over 30 s"))
        }
        let androidPlan = platform.androidDevice.map { loaded.androidPlan(on: $0) }
        findings += feltFindings(measured, android: androidPlan, file: path, profile: profile)
        if let device = platform.androidDevice, let android = androidPlan {
            findings += androidPlanFindings(android, file: path)
            if android.backend == .unsupported {
                findings.append(.fileLevel(rule("HS207"), path, "unsupported on \(device.name): \(android.unsupportedReason ?? "")"))
            }
            if let error = android.conversionError, error.intensity > Self.conversionErrorLimit {
                findings.append(.fileLevel(rule("HS208"), path, "on Android the intensity is \(NumberText.significant(error.intensity, 2)) off the file's "
                    + "at \(NumberText.significant(error.intensityAtMs, 4)) ms (over \(NumberText.significant(Self.conversionErrorLimit)))"))
            }
            // Only a fallback that loses something the path left would have kept (taps played as
            // primitives lose nothing), with the limit that forced it.
            if let fallback = android.fallbacks.last(where: { $0.lost != nil }), let lost = fallback.lost {
                findings.append(fallbackFinding(fallback, lost: lost, plan: android, loaded: loaded, file: path))
            }
            if android.backend != .silent, android.backend != .unsupported, diagnostics.logicalDurationMs < 1_000 {
                findings.append(.fileLevel(rule("HS206"), path,
                                           "the pattern lasts \(diagnostics.logicalDurationMs) ms; some phones do not play effects under 1 s"))
            }
        }
        return findings
    }

    /// The findings for `path` on `platform` with the default iPhone.
    public static func lint(_ path: String, platform: Platform) -> [LintFinding] { lint(path, target: LintTarget(platform: platform)) }

    static func rule(_ id: String) -> LintRule { LintRule.rule(id)! }

    /// HS203, with the limit that forced the fallback and what is lost: a warning when the file can
    /// keep it by a change that alters nothing it plays (a transient's envelope pulse runs past the
    /// end, and the same file lasting that much longer is played on the path refused: lengthen
    /// it); info when the loss comes with the pattern's own shape on this device (it starts above
    /// rest, steps, moves faster than a segment, has more points or lasts longer than the device
    /// allows, needs a primitive the device lacks or closer than it plays).
    static func fallbackFinding(_ fallback: AndroidFallback, lost: String, plan: AndroidPlan, loaded: LoadedPattern, file: String) -> LintFinding {
        var message = "on \(plan.device.name) the \(fallback.from.rawValue) path is refused (\(fallback.limit.text)), "
            + "so it plays as \(plan.backend.rawValue), which loses \(lost)"
        var severity = LintSeverity.info
        if case .transientNearEnd(_, let pulseMs) = fallback.limit,
           let longer = loaded.androidPlan(on: plan.device, lengthenedByMs: pulseMs), longer.fallbacks.allSatisfy({ $0.from != fallback.from }) {
            message += "; lengthened by \(pulseMs) ms, it plays on the \(fallback.from.rawValue) path"
            severity = .warning
        }
        return .fileLevel(rule("HS203"), file, message, severity: severity)
    }

    /// HS001 at the place the reader gives.
    static func invalidFile(_ path: String, _ error: LoadError) -> LintFinding {
        let position: SourcePosition?
        switch error {
        case .file(let error): position = error.position
        case .ahap(let error): position = error.position
        case .haptic(let error): position = error.position
        case .neitherFormat(_, let at, _): position = at
        case .planning, .kotlin(.choice), .kotlin(.noPatterns), .feedbackName: position = nil
        case .kotlin(.unreadable(let error)): position = error.position
        case .vibration(.text(let error)): position = SourcePosition(line: error.line, column: error.column)
        case .vibration: position = nil
        }
        let start = position ?? SourcePosition(line: 1, column: 1)
        var message = error.description
        if let prefix = ["\(path):\(start): ", "\(path): "].first(where: message.hasPrefix) { message.removeFirst(prefix.count) }
        let broken = rule(LintRule.id(for: error.code) ?? "HS001")
        return LintFinding(rule: broken, severity: broken.severity, file: path, jsonPath: error.path.map { "\($0)" } ?? "$", start: start,
                           end: SourcePosition(line: start.line, column: start.column + 1), message: message)
    }

    /// The rule an AHAP document breaks on its own, which no reader warns of: its Version (HS002).
    /// A missing Version is info: Core Haptics sets a missing key to its default (Apple's
    /// "Representing haptic patterns in AHAP files"); a Version that is not a number above 0 is
    /// a warning.
    static func ahapFindings(_ root: JSONNode, file: String, ios: Bool) -> [LintFinding] {
        guard ios, case .object(let members) = root.value else { return [] }
        guard let node = members.first(where: { $0.key == "Version" })?.value else {
            return [.fileLevel(rule("HS002"), file, "the AHAP file has no Version; Core Haptics uses its default (write 1.0 to say which it is)",
                               severity: .info)]
        }
        if case .number(let number) = node.value, number.double > 0 { return [] }
        let shown: String
        if case .number(let number) = node.value { shown = number.text } else { shown = node.kindDescription }
        return [LintFinding(rule: rule("HS002"), severity: rule("HS002").severity, file: file, jsonPath: "$.Version", start: node.position,
                            end: node.endPosition, message: "Version is \(shown); an iPhone may refuse the file (write 1.0)")]
    }
}

/// What lint checks a file against: the platforms, the iPhone's actuator and capabilities (a
/// `--device-profile`'s, else the defaults; HS107's clicks on the catalogue's `iphone`) and the folders an AHAP file's sounds are looked for
/// in first (`--audio-root`, then the file's own folder).
public struct LintTarget: Sendable {
    public var platform: Platform
    /// The iPhone's actuator the renders are measured on (HS303, HS304, HS403): a device
    /// profile's, else the default profile.
    public var profile = ActuatorProfile() {
        didSet { clickProfile = profile }
    }
    /// The actuator HS107 measures the clicks' sum on: as the device plays them, the catalogue's
    /// `iphone` (taps braked through its resonator) unless a device profile is given (setting
    /// `profile` sets it too).
    public var clickProfile = LintTarget.iPhoneProfile
    public var capabilities = DeviceCapabilities.iPhone
    public var audioRoots: [String] = []

    public init(platform: Platform) { self.platform = platform }

    /// The catalogue's `iphone` over the default profile (the default profile where the catalogue
    /// cannot be read, which its tests rule out).
    public static let iPhoneProfile = (try? DeviceProfile.resolve("iphone"))?.applied(to: ActuatorProfile()) ?? ActuatorProfile()
}
