import HapticCore
import HapticPlanner
import HapticPlot

/// The `.html` page of `plot`: the SVG and a table of the plan, self-contained.
enum PlotHTML {
    static let style = """
        body { font-family: sans-serif; margin: 16px; color: #111; }
        table { border-collapse: collapse; margin-top: 12px; font-size: 13px; }
        th, td { border: 1px solid #bbb; padding: 3px 8px; text-align: left; }
        th { background: #eee; }
        """

    static func page(title: String, svg: String, plan: PlaybackPlan) -> String {
        var rows: [[String]] = []
        for (index, player) in plan.players.enumerated() {
            for event in player.events {
                rows.append(["\(index + 1)", event.kind.rawValue, Microseconds.millisecondsText(event.startUs),
                             Microseconds.millisecondsText(event.durationUs), JSONOutput.floatText(event.intensity),
                             JSONOutput.floatText(event.sharpness)])
            }
            for curve in player.curves {
                rows.append(["\(index + 1)", curve.parameter.rawValue, Microseconds.millisecondsText(curve.startUs), "\(curve.points.count) points"])
            }
        }
        return page(title: title, svg: svg, header: ["player", "event or curve", "start (ms)", "duration (ms)", "intensity", "sharpness"],
                    rows: rows)
    }

    /// A page of the picture and a table (`header`, then `rows`, each cell escaped).
    static func page(title: String, svg: String, header: [String], rows: [[String]]) -> String {
        func row(_ cells: [String], tag: String) -> String {
            "<tr>" + cells.map { "<\(tag)>\(Figure.escape($0))</\(tag)>" }.joined() + "</tr>"
        }
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>\(Figure.escape(title))</title><style>\(style)</style></head>
            <body>
            <h1>\(Figure.escape(title))</h1>
            \(svg)
            <table>\(row(header, tag: "th"))
            \(rows.map { row($0, tag: "td") }.joined(separator: "\n"))
            </table>
            </body></html>

            """
    }
}
