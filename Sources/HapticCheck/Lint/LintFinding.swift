import HapticCore

/// One finding of `hapsynth lint`: a rule, where (the file, the JSON path and the region of the
/// offending value, 1-based, its end one past its last character), and what.
public struct LintFinding: Sendable, Hashable {
    public let rule: LintRule
    public let severity: LintSeverity
    public let file: String
    /// The JSON path of the offending value (`$` for the whole file).
    public let jsonPath: String
    public let start: SourcePosition
    public let end: SourcePosition
    public let message: String

    /// `path:line:col: warning: HS102 curve-over-16-points: $.Pattern[3] has 24 points`.
    public var line: String {
        "\(file):\(start): \(severity.rawValue): \(rule.id) \(rule.name): \(message)"
    }

    /// A finding about the whole file: line 1, columns 1–2; at the rule's severity unless the
    /// finding chooses its own.
    static func fileLevel(_ rule: LintRule, _ file: String, _ message: String, severity: LintSeverity? = nil) -> LintFinding {
        LintFinding(rule: rule, severity: severity ?? rule.severity, file: file, jsonPath: "$", start: SourcePosition(line: 1, column: 1),
                    end: SourcePosition(line: 1, column: 2), message: message)
    }
}
