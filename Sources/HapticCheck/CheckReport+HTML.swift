import HapticPlot

/// `check --report FILE`: one self-contained HTML page (inline SVG and CSS, no scripts, nothing
/// fetched) for a reviewer: the counts, every pattern that did not pass with its pictures, figures
/// and warnings (real failures first, then those that fail by their warnings under `--strict`),
/// then the passing ones as thumbnails.
extension CheckReport {
    static let style = """
        body { font-family: sans-serif; margin: 16px; color: #111; max-width: 880px; }
        table { border-collapse: collapse; font-size: 14px; }
        th, td { border: 1px solid #bbb; padding: 3px 10px; text-align: left; }
        th { background: #eee; }
        section { border-top: 2px solid #999; margin-top: 18px; padding-top: 6px; }
        .failing h2 { color: #a11; }
        pre { white-space: pre-wrap; font-size: 12px; background: #f6f6f6; padding: 6px; }
        .thumbs { display: flex; flex-wrap: wrap; gap: 8px; }
        .thumbs div { font-size: 12px; }
        """

    /// Failing patterns drawn in full; later ones show their figures only, so a report stays a few
    /// megabytes whatever the suite (the artifacts hold every render).
    static let drawnFailures = 25

    public var html: String {
        let escape: (String) -> String = { Figure.escape($0) }
        var parts = ["<!DOCTYPE html>", "<html lang=\"en\"><head><meta charset=\"utf-8\"><title>hapsynth check: \(escape(goldens))</title>",
                     "<style>\(Self.style)</style></head><body>", "<h1>hapsynth check</h1>",
                     "<p>goldens: \(escape(goldens)) — gate: \(perceptual ? "perceptual" : "sample-exact") — \(pass ? "pass" : "fail")</p>", "<table><tr><th>status</th><th>patterns</th></tr>"]
        for status in CheckOutcome.Status.allCases {
            parts.append("<tr><td>\(status.rawValue)</td><td>\(outcomes.filter { $0.status == status }.count)</td></tr>")
        }
        let warned = outcomes.filter { !$0.warnings.isEmpty }.count
        parts.append("<tr><td>with warnings</td><td>\(warned)</td></tr><tr><td>obsolete goldens</td><td>\(obsolete.count)</td></tr></table>")
        for (index, outcome) in failing.enumerated() {
            parts.append("<section class=\"failing\"><h2>\(escape(outcome.entry.name)): \(escape(failureHeading(outcome)))</h2>")
            let figures = Self.lines(outcome) + (outcome.perceptual.map(PerceptualText.report) ?? [])
            parts.append("<pre>\(Figure.escape(figures.joined(separator: "\n"), keepingLineBreaks: true))</pre>")
            if index < Self.drawnFailures {
                parts += outcome.pictures
            } else if index == Self.drawnFailures {
                parts.append("<p>Pictures are drawn for the first \(Self.drawnFailures) failing patterns; the artifacts folder holds every render.</p>")
            }
            parts.append("</section>")
        }
        for golden in obsolete {
            parts.append("<section class=\"failing\"><h2>obsolete golden</h2><pre>\(escape(golden))</pre></section>")
        }
        let passing = outcomes.filter { !fails($0) }
        if !passing.isEmpty {
            parts.append("<section><h2>passing</h2><div class=\"thumbs\">")
            for outcome in passing {
                parts.append("<div>\(escape(Self.lines(outcome)[0]))<br>\(outcome.pictures.first ?? "")</div>")
            }
            parts.append("</div></section>")
        }
        parts.append("</body></html>")
        return parts.joined(separator: "\n") + "\n"
    }
}
