#if canImport(Glibc)
import Glibc
#endif
import HapticCore
import HapticPlot

/// SARIF 2.1.0 (GitHub code scanning) and JUnit XML for a lint report (docs/lint.md).
extension LintReport {
    /// The SARIF log: the tool with every rule, and a result per finding placed by its region.
    /// - Parameters:
    ///   - toolVersion: hapsynth's version (`semanticVersion`).
    ///   - root: the folder paths are made relative to (the repository's root).
    package func sarif(toolVersion: String, root: String) -> JSONOutput {
        let rules = LintRule.all
        func level(_ severity: LintSeverity) -> String { severity == .info ? "note" : severity.rawValue }
        let driver: JSONOutput = .object([
            ("name", .string("hapsynth")),
            ("semanticVersion", .string(toolVersion)),
            ("rules", .array(rules.map { rule in
                .object([
                    ("id", .string(rule.id)),
                    ("name", .string(rule.name)),
                    ("shortDescription", .object([("text", .string(rule.summary))])),
                    ("fullDescription", .object([("text", .string("\(rule.summary) Platform: \(rule.scope.rawValue).\(rule.isChecked ? "" : " Not yet checked.")"))])),
                    ("help", .object([("text", .string("docs/lint.md lists every rule with an example that triggers it."))])),
                    ("defaultConfiguration", .object([("level", .string(level(rule.severity)))])),
                ])
            })),
        ])
        let results: [JSONOutput] = findings.map { finding in
            .object([
                ("ruleId", .string(finding.rule.id)),
                ("ruleIndex", .integer(Int64(rules.firstIndex(of: finding.rule) ?? 0))),
                ("level", .string(level(finding.severity))),
                ("message", .object([("text", .string(finding.message))])),
                ("locations", .array([.object([("physicalLocation", .object([
                    ("artifactLocation", .object([("uri", .string(Self.uri(finding.file, root: root)))])),
                    ("region", .object([
                        ("startLine", .integer(Int64(finding.start.line))), ("startColumn", .integer(Int64(finding.start.column))),
                        ("endLine", .integer(Int64(finding.end.line))), ("endColumn", .integer(Int64(finding.end.column))),
                    ])),
                ]))])])),
            ])
        }
        return .object([
            ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
            ("version", .string("2.1.0")),
            ("runs", .array([.object([
                ("tool", .object([("driver", driver)])),
                ("columnKind", .string("unicodeCodePoints")),
                ("results", .array(results)),
            ])])),
        ])
    }

    /// A file's URI relative to `root` (as a config's globs see it): `/`-separated, percent-encoded.
    static func uri(_ path: String, root: String) -> String {
        let relative = LintConfig.relative(path, to: root)
        let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/".utf8)
        return relative.utf8.map { unreserved.contains($0) ? String(UnicodeScalar($0)) : "%" + String($0, radix: 16, uppercase: true).leftPadded }.joined()
    }

    /// JUnit XML: a testcase per file; its error and warning findings in one failure, its info in
    /// `system-out`.
    public var junit: String {
        let failing = paths.filter { path in findings.contains { $0.file == path && $0.severity >= .warning } }.count
        var xml = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
                   "<testsuites name=\"hapsynth lint\" tests=\"\(paths.count)\" failures=\"\(failing)\" errors=\"0\">",
                   "  <testsuite name=\"hapsynth lint\" tests=\"\(paths.count)\" failures=\"\(failing)\" errors=\"0\" skipped=\"0\">"]
        for path in paths {
            let mine = findings.filter { $0.file == path }
            let serious = mine.filter { $0.severity >= .warning }, info = mine.filter { $0.severity == .info }
            let open = "    <testcase classname=\"hapsynth.lint\" name=\"\(Figure.escape(path))\""
            guard !mine.isEmpty else {
                xml.append(open + "/>")
                continue
            }
            xml.append(open + ">")
            if !serious.isEmpty {
                xml.append("      <failure message=\"\(serious.count) finding\(serious.count == 1 ? "" : "s")\">"
                    + Figure.escape(serious.map(\.line).joined(separator: "\n"), keepingLineBreaks: true) + "</failure>")
            }
            if !info.isEmpty {
                xml.append("      <system-out>" + Figure.escape(info.map(\.line).joined(separator: "\n"), keepingLineBreaks: true) + "</system-out>")
            }
            xml.append("    </testcase>")
        }
        xml += ["  </testsuite>", "</testsuites>"]
        return xml.joined(separator: "\n") + "\n"
    }
}

private extension String {
    /// Two hex digits.
    var leftPadded: String { count == 1 ? "0" + self : self }
}
