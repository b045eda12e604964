import HapticCore
import HapticPlanner
import HapticPlot

/// The results of a check as people and CI systems read them, as pure functions of the outcomes:
/// a line per pattern (with its warnings under it), a summary, JSON, JUnit XML and an HTML page.
public struct CheckReport: Sendable {
    public let outcomes: [CheckOutcome]
    /// Goldens that no pattern owns (not pruned).
    public let obsolete: [String]
    /// Whether warnings and obsolete goldens fail the check.
    public let strict: Bool
    public let goldens: String
    /// The Android device of an Android suite; nil for iOS.
    public let androidDevice: AndroidDevice?
    /// Whether renders were judged by the perceptual gate.
    public var perceptual = false

    public init(outcomes: [CheckOutcome], obsolete: [String], strict: Bool, goldens: String, androidDevice: AndroidDevice? = nil) {
        self.outcomes = outcomes
        self.obsolete = obsolete
        self.strict = strict
        self.goldens = goldens
        self.androidDevice = androidDevice
    }

    /// Whether the outcome fails the check: not ok or recorded, or with warnings under `--strict`.
    public func fails(_ outcome: CheckOutcome) -> Bool {
        !(outcome.status == .ok || outcome.status == .recorded || outcome.status == .notChecked) || (strict && !outcome.warnings.isEmpty)
    }

    public var pass: Bool { !outcomes.contains(where: fails) && !(strict && !obsolete.isEmpty) }

    /// Whether the outcome fails only by its warnings (ok or recorded, under `--strict`).
    public func failsByWarningsAlone(_ outcome: CheckOutcome) -> Bool {
        fails(outcome) && (outcome.status == .ok || outcome.status == .recorded)
    }

    /// The failing outcomes, real failures (differs, missing, invalid) first, then those that fail
    /// by their warnings alone; each group in suite order.
    public var failing: [CheckOutcome] {
        let failed = outcomes.filter(fails)
        return failed.filter { !failsByWarningsAlone($0) } + failed.filter(failsByWarningsAlone)
    }

    /// What failed, in a few words: the status, or `strict: 2 warnings` for an outcome that fails
    /// by its warnings alone (never `ok`).
    public func failureHeading(_ outcome: CheckOutcome) -> String {
        failsByWarningsAlone(outcome) ? "strict: \(NumberText.count(outcome.warnings.count, "warning"))" : outcome.status.rawValue
    }

    /// `ok       ui/tap`, then `  warning: …` lines.
    public static func lines(_ outcome: CheckOutcome) -> [String] {
        let name = outcome.entry.name
        var line: String
        switch outcome.status {
        case .ok: line = "ok       \(name)"
        case .recorded: line = "recorded \(name): \(outcome.golden ?? "")" + (outcome.note.map { " (\($0))" } ?? "")
        case .missing: line = "missing  \(name): no golden \(outcome.entry.goldenBase).wav or .flac"
        case .invalid: line = "invalid  \(name): \(outcome.error ?? "")"
        case .notChecked: line = "skipped  \(name): \(outcome.note ?? "")"
        case .differs:
            if let note = outcome.note, outcome.comparison == nil {
                line = "differs  \(name): \(note)"
            } else if let felt = outcome.perceptual, let failure = felt.firstFailure {
                line = "differs  \(name) (perceptual: \(PerceptualText.failure(failure, channels: felt.channelCount))); "
                    + "actual \(outcome.actualPath ?? ""), diff \(outcome.diffPath ?? "")"
            } else {
                let figures = outcome.comparison.map { ComparisonText.figures($0, element: outcome.differingElement) } ?? ""
                line = "differs  \(name): \(figures); actual \(outcome.actualPath ?? ""), diff \(outcome.diffPath ?? "")"
            }
        }
        return [line] + outcome.warnings.map { "  warning: \($0)" } + outcome.notes.map { "  note: \($0)" }
    }

    /// `check: 12 patterns: 10 ok, 1 recorded, 1 differs, 0 missing, 0 invalid`, with warnings and
    /// obsolete goldens when there are any; an Android suite says so and names its device
    /// (`check (android on flagship-api36): …`). `strictName` names the strict setting where it
    /// fails warnings (`(strict: failing)`).
    public func summary(strictName: String = "strict") -> String {
        // `not checked` is counted only where a Kotlin pattern was not checked.
        let counts = CheckOutcome.Status.allCases.filter { $0 != .notChecked || outcomes.contains { $0.status == .notChecked } }
            .map { status in "\(outcomes.filter { $0.status == status }.count) \(status.rawValue)" }
        var text = "check\(androidDevice.map { " (android on \($0.name))" } ?? ""): \(outcomes.count) pattern\(outcomes.count == 1 ? "" : "s"): \(counts.joined(separator: ", "))"
        let warned = outcomes.filter { !$0.warnings.isEmpty }.count
        if warned > 0 { text += ", \(warned) with warnings\(strict ? " (\(strictName): failing)" : "")" }
        if !obsolete.isEmpty { text += ", \(obsolete.count) obsolete golden\(obsolete.count == 1 ? "" : "s")" }
        return text
    }

    package var json: JSONOutput {
        func text(_ value: String?) -> JSONOutput { value.map { .string($0) } ?? .null }
        return .object([
            ("goldens", .string(goldens)),
            ("platform", .string(androidDevice == nil ? "ios" : "android")),
            ("androidDevice", androidDevice.map { .string($0.name) } ?? .null),
            ("gate", .string(perceptual ? "perceptual" : "sample-exact")),
            ("results", .array(outcomes.map { outcome in
                .object([
                    ("pattern", .string(outcome.entry.path)),
                    ("name", .string(outcome.entry.name)),
                    ("status", .string(outcome.status.rawValue)),
                    ("golden", text(outcome.golden)),
                    ("comparison", outcome.comparison.map(ComparisonText.json) ?? .null),
                    ("perceptual", outcome.perceptual.map(PerceptualText.json) ?? .null),
                    ("note", text(outcome.note)),
                    ("error", text(outcome.error)),
                    ("actual", text(outcome.actualPath)),
                    ("diff", text(outcome.diffPath)),
                    ("warnings", .array(outcome.warnings.map { .string($0) })),
                    ("notes", .array(outcome.notes.map { .string($0) })),
                ])
            })),
            ("obsolete", .array(obsolete.map { .string($0) })),
            ("pass", .bool(pass)),
        ])
    }

    /// JUnit XML (testsuites / testsuite / testcase with failure or error), as GitHub Actions,
    /// GitLab and Jenkins read it: one testcase per pattern, failure text with the figures.
    public var junit: String {
        let failures = outcomes.filter { fails($0) && $0.status != .invalid }.count + (strict ? obsolete.count : 0)
        let errors = outcomes.filter { $0.status == .invalid }.count
        let tests = outcomes.count + (strict ? obsolete.count : 0)
        let seconds = outcomes.reduce(0) { $0 + $1.seconds }
        var xml = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>"]
        let counts = "tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\" time=\"\(Self.time(seconds))\""
        xml.append("<testsuites name=\"hapsynth check\" \(counts)>")
        let skipped = outcomes.filter { $0.status == .notChecked }.count
        xml.append("  <testsuite name=\"\(Figure.escape(goldens))\" \(counts) skipped=\"\(skipped)\">")
        for outcome in outcomes {
            let open = "    <testcase classname=\"hapsynth.check\" name=\"\(Figure.escape(outcome.entry.name))\" "
                + "file=\"\(Figure.escape(outcome.entry.path))\" time=\"\(Self.time(outcome.seconds))\""
            let detail = (Self.lines(outcome) + (outcome.perceptual.map(PerceptualText.report) ?? [])).joined(separator: "\n")
            if outcome.status == .notChecked {
                xml.append(open + ">")
                xml.append("      <skipped message=\"\(Figure.escape(outcome.note ?? ""))\"/>")
                xml.append("    </testcase>")
            } else if outcome.status == .invalid {
                xml.append(open + ">")
                xml.append("      <error type=\"invalid\" message=\"\(Figure.escape(outcome.error ?? ""))\">\(Figure.escape(detail, keepingLineBreaks: true))</error>")
                xml.append("    </testcase>")
            } else if fails(outcome) {
                let type = failsByWarningsAlone(outcome) ? "warnings" : outcome.status.rawValue
                let message = failsByWarningsAlone(outcome) ? "\(outcome.entry.name): \(failureHeading(outcome)): \(outcome.warnings[0])" : Self.lines(outcome)[0]
                xml.append(open + ">")
                xml.append("      <failure type=\"\(type)\" message=\"\(Figure.escape(message))\">\(Figure.escape(detail, keepingLineBreaks: true))</failure>")
                xml.append("    </testcase>")
            } else {
                xml.append(open + "/>")
            }
        }
        if strict {
            for golden in obsolete {
                xml.append("    <testcase classname=\"hapsynth.check.obsolete\" name=\"\(Figure.escape(golden))\" time=\"0\">")
                xml.append("      <failure type=\"obsolete\" message=\"no pattern owns this golden\"/>")
                xml.append("    </testcase>")
            }
        }
        xml.append("  </testsuite>")
        xml.append("</testsuites>")
        return xml.joined(separator: "\n") + "\n"
    }

    /// Seconds with three decimals.
    static func time(_ seconds: Double) -> String { NumberText.fixed(seconds, 3) }
}
