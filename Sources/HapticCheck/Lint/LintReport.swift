import Dispatch
import HapticCore
import HapticPlanner
import HapticPlayback

/// The findings of a lint run over files and folders, and how people and programs read them.
public struct LintReport: Sendable {
    /// The files linted, in path order.
    public let paths: [String]
    /// How many files were linted.
    public var files: Int { Set(paths).count }
    /// Findings in path order, then by place.
    public let findings: [LintFinding]
    /// Files found in folders that are not patterns, with why.
    public let skipped: [CheckSuite.Skipped]

    /// Lints `inputs` (files, or folders searched as `check` searches them) for `target`, `jobs`
    /// files at once; the report is the same for any number of jobs.
    /// - Throws: `CheckError.inputNotFound` for an input that does not exist.
    public static func run(_ inputs: [String], target: LintTarget, jobs: Int = 1) throws(CheckError) -> LintReport {
        let suite = try CheckSuite(patterns: inputs)
        // By path; a Kotlin file's patterns in the file's order.
        let entries = suite.entries.enumerated().sorted { ($0.element.path, $0.offset) < ($1.element.path, $1.offset) }.map(\.element)
        let paths = entries.map(\.path)
        let results = LintResults(count: entries.count)
        DispatchQueue.concurrentPerform(iterations: max(1, min(jobs, entries.count))) { _ in
            while let index = results.take() {
                results.store(index, Linter.lint(entries[index].path, target: target, pattern: entries[index].pattern, alongside: entries[index].alongside).sorted {
                    ($0.start.line, $0.start.column) < ($1.start.line, $1.start.column)
                })
            }
        }
        // The calls named (no file of their name) are judged together, on every device.
        let calls = entries.filter { FeedbackCall.isCall(argument: $0.path) }.compactMap { (try? FeedbackCall.named($0.path)) ?? nil }
        return LintReport(paths: paths, findings: results.all.flatMap { $0 } + Linter.feedbackFindings(calls), skipped: suite.skipped)
    }

    /// The report with `config`'s severities (findings switched off left out).
    public func applying(_ config: LintConfig) -> LintReport {
        LintReport(paths: paths, findings: config.apply(findings), skipped: skipped)
    }

    /// How many findings of a severity.
    public func count(_ severity: LintSeverity) -> Int { findings.filter { $0.severity == severity }.count }

    /// Whether the run passes: no error findings, and none at warning level when `strict`.
    public func passes(strict: Bool) -> Bool { files > 0 && count(.error) == 0 && !(strict && count(.warning) > 0) }

    /// `lint: 12 files, 1 error, 3 warnings, 2 info`.
    public var summary: String {
        "lint: \(NumberText.count(files, "file")), \(NumberText.count(count(.error), "error")), "
            + "\(NumberText.count(count(.warning), "warning")), \(count(.info)) info"
    }

    /// `{"version": 1, "files": …, "findings": […], "counts": {…}, "skipped": […]}`.
    package var json: JSONOutput {
        .object([
            ("version", .integer(1)),
            ("files", .integer(Int64(files))),
            ("findings", .array(findings.map { finding in
                .object([
                    ("path", .string(finding.file)),
                    ("line", .integer(Int64(finding.start.line))), ("column", .integer(Int64(finding.start.column))),
                    ("endLine", .integer(Int64(finding.end.line))), ("endColumn", .integer(Int64(finding.end.column))),
                    ("jsonPath", .string(finding.jsonPath)), ("ruleId", .string(finding.rule.id)), ("name", .string(finding.rule.name)),
                    ("severity", .string(finding.severity.rawValue)), ("platform", .string(finding.rule.scope.rawValue)),
                    ("message", .string(finding.message)),
                ])
            })),
            ("counts", .object([LintSeverity.error, .warning, .info].map { ($0.rawValue, .integer(Int64(count($0)))) })),
            ("skipped", .array(skipped.map { .object([("path", .string($0.path)), ("why", .string($0.why))]) })),
        ])
    }
}

/// The files still to lint and each one's findings, under one lock.
private final class LintResults: @unchecked Sendable {
    private let lock = RecursiveLock()
    private var next = 0
    private var results: [[LintFinding]]

    init(count: Int) { results = Array(repeating: [], count: count) }

    func take() -> Int? {
        lock.withLock {
            guard next < results.count else { return nil }
            next += 1
            return next - 1
        }
    }

    func store(_ index: Int, _ findings: [LintFinding]) { lock.withLock { results[index] = findings } }

    var all: [[LintFinding]] { lock.withLock { results } }
}
