import Foundation
import FoundationXML
import Testing
@testable import HapticPlot

/// Figures: the time axis maps the window onto the plot, ticks fall on round numbers, and the SVG
/// is well-formed XML with its text escaped.
@Suite struct FigureTests {
    @Test func theWindowSpansThePlot() {
        let figure = Figure(title: "t", fromMs: -10, toMs: 90, width: 820)
        #expect(figure.x(-10) == figure.plotLeft && figure.x(90) == figure.plotRight)
        #expect(abs(figure.x(40) - (figure.plotLeft + figure.plotRight) / 2) < 1e-9)
        #expect(figure.columnCount == Int(figure.plotRight - figure.plotLeft))
    }

    @Test func ticksAreRoundAndInsideTheWindow() {
        let ticks = Figure.ticks(from: -10, to: 540)
        #expect(!ticks.isEmpty && ticks.allSatisfy { (-10...540).contains($0) })
        #expect(ticks.allSatisfy { $0.truncatingRemainder(dividingBy: 50) == 0 || $0.truncatingRemainder(dividingBy: 100) == 0 })
    }

    @Test func theSVGIsWellFormedAndEscapesText() throws {
        var figure = Figure(title: "a <b> & \"c\"", caption: ["x < y"], fromMs: 0, toMs: 100)
        figure.lanes = [Lane(label: "player 1", marks: [.bar(fromMs: 10, toMs: 50, label: "I 1 & S 0"), .tick(atMs: 60, label: "t")])]
        figure.charts = [LineChart(title: "intensity", lines: [LineChart.Line(label: "p", points: [(0, 0), nil, (100, 1)])])]
        figure.waves = [WaveEnvelope(title: "waveform", columns: Array(repeating: (min: -0.5, max: 0.5), count: figure.columnCount))]
        let svg = figure.svg
        #expect(svg.contains("a &lt;b&gt; &amp;") && !svg.contains("<b>"))
        let document = try XMLDocument(data: Data(svg.utf8))
        #expect(document.rootElement()?.name == "svg")
    }
}
