import FoundationEssentials
import Glibc

/// Drawing a figure as SVG: no scripts, no external fonts or files; generic font families; lines
/// told apart by dash patterns as well as colours, so a greyscale print stays readable.
extension Figure {
    /// Heights of the parts, in pixels.
    static let titleHeight = 34.0, laneHeight = 28.0, chartHeight = 130.0, waveHeight = 110.0, gap = 14.0,
        axisHeight = 34.0, captionLineHeight = 16.0, titleLineHeight = 20.0, detailLineHeight = 10.0

    /// A lane's detail wrapped to the left margin (a lane grows by a line for each line more).
    private func detailLines(_ lane: Lane) -> [String] {
        Self.wrapped(lane.detail, size: 9, bold: false, width: plotLeft - 14)
    }

    /// `text` broken at spaces into lines no wider than `width` pixels, in a sans-serif of `size`
    /// pixels whose characters average at most 0.56 of the size (0.62 bold; measured on DejaVu
    /// Sans, the widest of Debian's default sans-serif fonts, with a margin); a word longer than a
    /// line is cut where it must be.
    static func wrapped(_ text: String, size: Double, bold: Bool, width: Double) -> [String] {
        let perLine = max(8, Int(width / (size * (bold ? 0.62 : 0.56))))
        var lines: [String] = [], current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
            var word = word
            while word.count > perLine {
                if !current.isEmpty { lines.append(current); current = "" }
                lines.append(String(word.prefix(perLine)))
                word = String(word.dropFirst(perLine))
            }
            if current.isEmpty {
                current = word
            } else if current.count + 1 + word.count <= perLine {
                current += " " + word
            } else {
                lines.append(current)
                current = word
            }
        }
        return lines + [current]
    }

    /// Line styles: colour and dash pattern.
    static let styles: [(color: String, dash: String?)] = [
        ("#1f4e99", nil), ("#c0392b", "7 3"), ("#2e7d32", "2 3"), ("#6a1b9a", "9 3 2 3"), ("#b35900", "4 2 1 2"),
        ("#00695c", "12 4"), ("#424242", "1 2"),
    ]

    /// The figure as one SVG document.
    package var svg: String {
        var body: [String] = []
        // A long title or caption line wraps at word boundaries to the figure's width.
        let titleLines = Self.wrapped(title, size: 16, bold: true, width: Double(width) - 20)
        var y = Self.titleHeight + Double(titleLines.count - 1) * Self.titleLineHeight
        for (index, line) in titleLines.enumerated() {
            body.append(text(x: 10, y: 22 + Double(index) * Self.titleLineHeight, Self.escape(line), size: 16, weight: "bold"))
        }
        for lane in lanes {
            body.append("<g class=\"lane\" data-label=\"\(Self.escape(lane.label))\">")
            body += draw(lane, top: y)
            body.append("</g>")
            y += Self.laneHeight + Double(detailLines(lane).count - 1) * Self.detailLineHeight
        }
        if !lanes.isEmpty { y += Self.gap }
        for chart in charts {
            body.append(group("chart", chart.title, top: y, height: Self.chartHeight, extra: " data-min=\"\(Self.number(chart.range.lowerBound))\" data-max=\"\(Self.number(chart.range.upperBound))\""))
            body += draw(chart, top: y)
            body.append("</g>")
            y += Self.chartHeight + Self.gap
        }
        for wave in waves {
            body.append(group("waveform", wave.title, top: y, height: Self.waveHeight, extra: ""))
            body += draw(wave, top: y)
            body.append("</g>")
            y += Self.waveHeight + Self.gap
        }
        body += axis(top: y)
        y += Self.axisHeight
        for line in caption.flatMap({ Self.wrapped($0, size: 12, bold: false, width: Double(width) - 20) }) {
            y += Self.captionLineHeight
            body.append(text(x: 10, y: y - 4, Self.escape(line), size: 12))
        }
        let height = Int(y + 10)
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)" \
            font-family="sans-serif" data-from-ms="\(Self.number(fromMs))" data-to-ms="\(Self.number(toMs))" \
            data-plot-left="\(n(plotLeft))" data-plot-right="\(n(plotRight))">
            <rect width="100%" height="100%" fill="#ffffff"/>
            \(body.joined(separator: "\n"))
            </svg>
            """
    }

    private func draw(_ lane: Lane, top: Double) -> [String] {
        var parts = [text(x: 10, y: top + (lane.detail.isEmpty ? 18 : 13), Self.escape(lane.label), size: 12)]
            + detailLines(lane).enumerated().map { index, line in text(x: 10, y: top + 25 + Double(index) * Self.detailLineHeight, Self.escape(line), size: 9) }
            + ["<line x1=\"\(n(plotLeft))\" y1=\"\(n(top + 14))\" x2=\"\(n(plotRight))\" y2=\"\(n(top + 14))\" stroke=\"#dddddd\"/>"]
        for mark in lane.marks {
            switch mark {
            case let .bar(from, to, label):
                let left = max(plotLeft, x(from)), right = min(plotRight, x(to))
                guard right >= left else { continue }
                parts.append("<rect class=\"event\" x=\"\(n(left))\" y=\"\(n(top + 6))\" width=\"\(n(max(1, right - left)))\" height=\"16\" "
                    + "fill=\"#9db4d8\" stroke=\"#1f4e99\"><title>\(Self.escape(label))</title></rect>")
                if right - left > Double(label.count) * 6 + 4 {
                    parts.append(text(x: left + 3, y: top + 18, Self.escape(label), size: 10))
                }
            case let .tick(at, label):
                guard x(at) >= plotLeft, x(at) <= plotRight else { continue }
                parts.append("<line class=\"event\" x1=\"\(n(x(at)))\" y1=\"\(n(top + 3))\" x2=\"\(n(x(at)))\" y2=\"\(n(top + 25))\" "
                    + "stroke=\"#c0392b\" stroke-width=\"2\"><title>\(Self.escape(label))</title></line>")
            case let .syncTick(at, caption, label, state):
                guard x(at) >= plotLeft, x(at) <= plotRight else { continue }
                let colour = state.colour
                parts.append("<g class=\"sync \(state.rawValue)\"><line x1=\"\(n(x(at)))\" y1=\"\(n(top + 3))\" x2=\"\(n(x(at)))\" y2=\"\(n(top + 25))\" "
                    + "stroke=\"\(colour)\" stroke-width=\"\(state == .flagged ? 3 : 2)\"><title>\(Self.escape(label))</title></line>"
                    + text(x: x(at) + 3, y: top + 24, Self.escape(caption), size: 9, fill: colour) + "</g>")
            case let .boundary(at, label):
                guard x(at) >= plotLeft, x(at) <= plotRight else { continue }
                parts.append("<line class=\"boundary\" x1=\"\(n(x(at)))\" y1=\"\(n(top))\" x2=\"\(n(x(at)))\" y2=\"\(n(top + Self.laneHeight))\" "
                    + "stroke=\"#000000\" stroke-dasharray=\"2 2\"><title>\(Self.escape(label))</title></line>")
            }
        }
        return parts
    }

    private func draw(_ chart: LineChart, top: Double) -> [String] {
        let height = Self.chartHeight
        func y(_ value: Double) -> Double {
            let span = chart.range.upperBound - chart.range.lowerBound
            return top + height - (value - chart.range.lowerBound) / span * height
        }
        var parts = frame(top: top, height: height, title: chart.title)
        for value in [chart.range.lowerBound, (chart.range.lowerBound + chart.range.upperBound) / 2, chart.range.upperBound] {
            parts.append(text(x: plotLeft - 6, y: y(value) + 4, Self.number(value), size: 10, anchor: "end"))
        }
        for (index, line) in chart.lines.enumerated() {
            let style = Self.styles[index % Self.styles.count]
            var path = "", open = false
            for point in line.points {
                guard let point else {
                    open = false
                    continue
                }
                path += (open ? "L" : "M") + "\(n(x(point.ms))) \(n(y(point.value))) "
                open = true
            }
            parts.append("<path class=\"series\" data-label=\"\(Self.escape(line.label))\" d=\"\(path)\" fill=\"none\" "
                + "stroke=\"\(style.color)\" stroke-width=\"1.5\"\(style.dash.map { " stroke-dasharray=\"\($0)\"" } ?? "")/>")
            // Legend: top right, one entry per line, the first eight (then how many more).
            guard index < 8 else {
                if index == 8 {
                    parts.append(text(x: plotRight - 135, y: top + 14 + 8 * 14, "… and \(chart.lines.count - 8) more", size: 10))
                }
                continue
            }
            let legendY = top + 14 + Double(index) * 14
            parts.append("<line x1=\"\(n(plotRight - 170))\" y1=\"\(n(legendY - 4))\" x2=\"\(n(plotRight - 140))\" y2=\"\(n(legendY - 4))\" "
                + "stroke=\"\(style.color)\" stroke-width=\"2\"\(style.dash.map { " stroke-dasharray=\"\($0)\"" } ?? "")/>")
            parts.append(text(x: plotRight - 135, y: legendY, Self.escape(line.label), size: 10))
        }
        return parts
    }

    private func draw(_ wave: WaveEnvelope, top: Double) -> [String] {
        let height = Self.waveHeight
        func y(_ value: Float) -> Double { top + height / 2 - Double(max(-1, min(1, value))) * height / 2 }
        var parts = frame(top: top, height: height, title: wave.title)
        for value: Float in [-1, 0, 1] { parts.append(text(x: plotLeft - 6, y: y(value) + 4, Self.number(Double(value)), size: 10, anchor: "end")) }
        var path = ""
        for (column, range) in wave.columns.enumerated() {
            guard let range else { continue }
            let left = plotLeft + Double(column) * (plotRight - plotLeft) / Double(max(1, wave.columns.count))
            // At least half a pixel tall, so silence still shows as a line.
            path += "M\(n(left + 0.5)) \(n(y(range.max))) V\(n(max(y(range.min), y(range.max) + 0.5))) "
        }
        parts.append("<path class=\"wave\" data-label=\"\(Self.escape(wave.title))\" d=\"\(path)\" stroke=\"#333333\" stroke-width=\"1\" fill=\"none\"/>")
        return parts
    }

    /// The opening tag of a panel, with where its values are drawn (for readers of the SVG).
    private func group(_ kind: String, _ title: String, top: Double, height: Double, extra: String) -> String {
        "<g class=\"\(kind)\" data-title=\"\(Self.escape(title))\" data-top=\"\(n(top))\" data-height=\"\(n(height))\"\(extra)>"
    }

    /// A panel's border, its zero line and its title.
    private func frame(top: Double, height: Double, title: String) -> [String] {
        // The title wraps inside the left margin, left of the axis labels.
        ["<rect x=\"\(n(plotLeft))\" y=\"\(n(top))\" width=\"\(n(plotRight - plotLeft))\" height=\"\(n(height))\" fill=\"#fafafa\" stroke=\"#bbbbbb\"/>"]
            + Self.wrapped(title, size: 12, bold: true, width: plotLeft - 40).enumerated().map { index, line in
                text(x: 10, y: top + 14 + Double(index) * 15, Self.escape(line), size: 12, weight: "bold")
            }
    }

    /// The time axis: round-number ticks in milliseconds, with a grid line each.
    private func axis(top: Double) -> [String] {
        var parts = ["<line x1=\"\(n(plotLeft))\" y1=\"\(n(top))\" x2=\"\(n(plotRight))\" y2=\"\(n(top))\" stroke=\"#000000\"/>"]
        for tick in Self.ticks(from: fromMs, to: toMs) {
            let position = x(tick)
            parts.append("<line x1=\"\(n(position))\" y1=\"\(n(top))\" x2=\"\(n(position))\" y2=\"\(n(top + 5))\" stroke=\"#000000\"/>")
            parts.append(text(x: position, y: top + 18, Self.number(tick), size: 10, anchor: "middle"))
        }
        parts.append(text(x: plotRight, y: top + 31, "time (ms)", size: 10, anchor: "end"))
        return parts
    }

    /// Round-number ticks (1, 2 or 5 × 10^k apart), about eight across the range.
    package static func ticks(from: Double, to: Double) -> [Double] {
        let span = to - from
        guard span > 0, span.isFinite else { return [from] }
        let raw = span / 8
        let magnitude = pow(10, floor(log10(raw)))
        let step = [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= raw } ?? 10 * magnitude
        var ticks: [Double] = []
        var value = (from / step).rounded(.up) * step
        while value <= to + step * 1e-9, ticks.count < 100 {
            ticks.append(abs(value) < step * 1e-9 ? 0 : value)
            value += step
        }
        return ticks
    }

    private func text(x: Double, y: Double, _ escaped: String, size: Int, weight: String? = nil, anchor: String? = nil, fill: String = "#111111") -> String {
        "<text x=\"\(n(x))\" y=\"\(n(y))\" font-size=\"\(size)\"\(weight.map { " font-weight=\"\($0)\"" } ?? "")"
            + "\(anchor.map { " text-anchor=\"\($0)\"" } ?? "") fill=\"\(fill)\">\(escaped)</text>"
    }

    /// A coordinate with two decimals at most.
    private func n(_ value: Double) -> String { Self.number((value * 100).rounded() / 100) }

    /// A number as a person writes it: `250`, `0.5`, `-10`.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\((value * 1000).rounded() / 1000)"
    }

    /// Text escaped for XML content and attributes; characters XML 1.0 forbids become `?`, and
    /// line breaks and tabs spaces unless `keepingLineBreaks` (element content such as `<pre>`).
    package static func escape(_ text: String, keepingLineBreaks: Bool = false) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\n", "\t": if keepingLineBreaks { result.unicodeScalars.append(scalar) } else { result += " " }
            case _ where scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value): result += "?"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

}
