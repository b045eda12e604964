import HapticCore
import HapticPlanner

/// Lints one file (docs/lint.md): loads it through the one loader (a file that does not load is
/// HS001), checks the AHAP document's own mistakes on its JSON, and the plans' for the platform.
public enum Linter {
    /// HS208's limit: the largest intensity error of an AHAP file's Android conversion that passes.
    public static let conversionErrorLimit = 0.1
    /// The findings for `path` on `platform`, in file order, each with its rule's default severity.
    public static func lint(_ path: String, platform: Platform) -> [LintFinding] {
        let loaded: LoadedPattern
        do {
            loaded = try PatternLoader.load(path)
        } catch {
            return [invalidFile(path, error)]
        }
        var findings: [LintFinding] = []
        let ios: Bool
        if case .android = platform { ios = false } else { ios = true }
        let parsed = (try? InputFile.read(path, display: path)).flatMap { try? PatternLoader.parse($0, file: path) }
        if let parsed, PatternLoader.format(of: parsed.root) == .ahap {
            findings += ahapFindings(parsed.root, trailingComma: parsed.trailingComma, file: path, ios: ios)
            if ios {
                let audio = loaded.audio.map { audioFindings($0, plan: loaded.plan, root: parsed.root, file: path) } ?? []
                findings += audioPathFindings(parsed.root, file: path, refused: Set(audio.filter { $0.rule.id == "HS402" }.map(\.jsonPath)))
                findings += audio
            }
        }
        findings += warningFindings(loaded, root: parsed?.root, file: path, ios: ios)
        if ios { findings += iosPlanFindings(loaded.plan, file: path) }
        let diagnostics = loaded.plan.diagnostics
        if diagnostics.backend == .silent { findings.append(.fileLevel(rule("HS301"), path, "nothing is felt: the plan is silent")) }
        if diagnostics.logicalDurationMs > 30_000 {
            findings.append(.fileLevel(rule("HS302"), path, "the pattern lasts \(NumberText.fixed(Double(diagnostics.logicalDurationMs) / 1000, 3)) s, over 30 s"))
        }
        let androidPlan = platform.androidDevice.map { loaded.androidPlan(on: $0) }
        findings += feltFindings(loaded, android: androidPlan, file: path, ios: ios)
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
                findings.append(.fileLevel(rule("HS203"), path, "on \(device.name) the \(fallback.from.rawValue) path is refused (\(fallback.limit.text)), "
                    + "so it plays as \(android.backend.rawValue), which loses \(lost)"))
            }
            if android.backend != .silent, android.backend != .unsupported, diagnostics.logicalDurationMs < 1_000 {
                findings.append(.fileLevel(rule("HS206"), path,
                                           "the pattern lasts \(diagnostics.logicalDurationMs) ms; some phones do not play effects under 1 s"))
            }
        }
        return findings
    }

    static func rule(_ id: String) -> LintRule { LintRule.rule(id)! }

    /// HS001 at the place the reader gives.
    static func invalidFile(_ path: String, _ error: LoadError) -> LintFinding {
        let position: SourcePosition?
        switch error {
        case .file(let error): position = error.position
        case .ahap(let error): position = error.position
        case .haptic(let error): position = error.position
        case .neitherFormat(_, let at, _): position = at
        case .planning: position = nil
        }
        let start = position ?? SourcePosition(line: 1, column: 1)
        var message = error.description
        if let prefix = ["\(path):\(start): ", "\(path): "].first(where: message.hasPrefix) { message.removeFirst(prefix.count) }
        let broken = loadRule(message)
        return LintFinding(rule: broken, severity: broken.severity, file: path, jsonPath: "$", start: start,
                           end: SourcePosition(line: start.line, column: start.column + 1), message: message)
    }

    /// The rules an AHAP document breaks on its own.
    static func ahapFindings(_ root: JSONNode, trailingComma: SourcePosition?, file: String, ios: Bool) -> [LintFinding] {
        guard case .object(let members) = root.value else { return [] }
        var findings: [LintFinding] = []
        func finding(_ id: String, _ node: JSONNode, _ path: String, _ message: String) -> LintFinding {
            LintFinding(rule: rule(id), severity: rule(id).severity, file: file, jsonPath: path, start: node.position, end: node.endPosition,
                        message: message)
        }
        if ios {
            if let node = members.first(where: { $0.key == "Version" })?.value {
                if case .number(let number) = node.value, number.double > 0 {} else {
                    let shown: String
                    if case .number(let number) = node.value { shown = number.text } else { shown = node.kindDescription }
                    findings.append(finding("HS002", node, "$.Version", "Version is \(shown); an iPhone may refuse the file (write 1.0)"))
                }
            } else {
                findings.append(.fileLevel(rule("HS002"), file, "the AHAP file has no Version; an iPhone may refuse it (write 1.0)"))
            }
        }
        if let trailingComma {
            findings.append(LintFinding(rule: rule("HS003"), severity: rule("HS003").severity, file: file, jsonPath: "$", start: trailingComma,
                                        end: SourcePosition(line: trailingComma.line, column: trailingComma.column + 1),
                                        message: "a comma before a closing bracket: Apple's reader accepts it, strict JSON readers fail"))
        }
        guard ios, let pattern = members.first(where: { $0.key == "Pattern" })?.value, case .array(let entries) = pattern.value else { return findings }
        for (index, entry) in entries.enumerated() {
            guard case .object(let kinds) = entry.value, let kind = kinds.first else { continue }
            let path = "$.Pattern[\(index)]"
            guard case .object(let fields) = kind.value.value else { continue }
            func field(_ key: String) -> JSONNode? { fields.first { $0.key == key }?.value }
            if kind.key == "Event", case .string("HapticContinuous")? = field("EventType")?.value,
               case .number(let duration)? = field("EventDuration")?.value, duration.double > 30 {
                findings.append(finding("HS101", entry, path, "\(path) is a continuous event of \(duration.text) s; Core Haptics plays at most 30 s"))
            }
            if kind.key == "ParameterCurve", case .array(let points)? = field("ParameterCurveControlPoints")?.value, points.count > 16 {
                findings.append(finding("HS102", entry, path, "\(path) has \(points.count) points"))
            }
        }
        return findings
    }
}
