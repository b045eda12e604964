import AudioCore
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import HapticCore
import HapticPlanner
import HapticPlayback
import HapticSynth
import Testing
import TestSupport

/// The elements of an SVG that tests read back, parsed with an XML parser.
final class SVGReader: NSObject, XMLParserDelegate {
    struct Element {
        let name: String
        let attributes: [String: String]
        /// The `class` and `data-title` / `data-label` of the enclosing groups, innermost last.
        let groups: [[String: String]]
    }

    private(set) var root: [String: String] = [:]
    private(set) var elements: [Element] = []
    private var stack: [[String: String]] = []

    init(_ text: String) throws {
        super.init()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = self
        guard parser.parse() else { throw parser.parserError ?? CocoaError(.fileReadCorruptFile) }
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        if name == "svg" && root.isEmpty { root = attributes }
        elements.append(Element(name: name, attributes: attributes, groups: stack))
        if name == "g" { stack.append(attributes) }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "g" { stack.removeLast() }
    }

    func number(_ key: String) -> Double { Double(root[key] ?? "") ?? .nan }

    /// The points of a path's `d` (`M x y L x y …`, `V y` continuing the last x).
    static func points(_ path: String) -> [(x: Double, y: Double, move: Bool)] {
        var result: [(Double, Double, Bool)] = []
        let tokens = path.split(separator: " ")
        var index = 0, x = 0.0
        while index < tokens.count {
            let token = tokens[index]
            let command = token.first!, value = Double(token.dropFirst()) ?? 0
            switch command {
            case "M", "L":
                x = value
                result.append((x, Double(tokens[index + 1]) ?? 0, command == "M"))
                index += 2
            case "V":
                result.append((x, value, false))
                index += 1
            default: index += 1
            }
        }
        return result
    }
}

@Suite struct PlotTests {
    func plot(_ pattern: String, _ extra: [String] = []) throws -> (svg: SVGReader, text: String) {
        let scratch = try Scratch()
        let out = scratch.path + "/plot.svg"
        let result = try hapsynth(["plot", pattern, out] + extra)
        #expect(result.status == 0, "\(result.stderr)")
        let text = try String(contentsOfFile: out, encoding: .utf8)
        return (try SVGReader(text), text)
    }

    @Test func theTimeAxisSpansThePatternLeadIncludedAndEachPlayerHasALane() throws {
        let (svg, _) = try plot("Samples/mixed-overlap.json")
        let plan = try HapticPlanner.plan(try PatternReader.read(contentsOf: packageRoot + "/Samples/mixed-overlap.json").pattern)
        let frames = try #require(RenderLength.frames(of: plan, profile: ActuatorProfile()))
        #expect(svg.number("data-from-ms") == -10)
        #expect(abs(svg.number("data-to-ms") - (Double(frames) * 1000 / 48_000 - 10)) < 0.001)
        let lanes = svg.elements.filter { $0.name == "g" && $0.attributes["class"] == "lane" }
        #expect(lanes.count == plan.players.count)
        for (index, player) in plan.players.enumerated() {
            let marks = svg.elements.filter { $0.attributes["class"] == "event" && $0.groups.last?["data-label"] == lanes[index].attributes["data-label"] }
            #expect(marks.count == player.events.count, "player \(index + 1)")
        }
    }

    @Test func theIntensityLineIsTheSynthesizersEffectiveIntensity() throws {
        let (svg, _) = try plot("Samples/celebration.json")
        let plan = try HapticPlanner.plan(try PatternReader.read(contentsOf: packageRoot + "/Samples/celebration.json").pattern)
        let from = svg.number("data-from-ms"), to = svg.number("data-to-ms")
        let left = svg.number("data-plot-left"), right = svg.number("data-plot-right")
        let chart = try #require(svg.elements.first { $0.name == "g" && $0.attributes["data-title"] == "intensity" })
        let top = Double(chart.attributes["data-top"]!)!, height = Double(chart.attributes["data-height"]!)!
        let path = try #require(svg.elements.first { $0.attributes["data-label"] == "player 2" && $0.groups.last?["data-title"] == "intensity" })
        let levels = PlayerLevels(plan: plan.players[1], profile: ActuatorProfile())
        let points = SVGReader.points(path.attributes["d"]!)
        #expect(points.count > 200)
        for point in points.enumerated().filter({ $0.offset % 37 == 0 }).map(\.element) {
            let ms = from + (point.x - left) / (right - left) * (to - from)
            let frame = Int64(((ms + 10) * 48).rounded())
            let expected = try #require(levels.levels(atFrame: frame)).intensity
            let drawn = (top + height - point.y) / height
            #expect(abs(drawn - expected) * height <= 1, "at \(ms) ms: drawn \(drawn), synth \(expected)")
        }
    }

    @Test func theWaveformIsTheRendersMinimumAndMaximumPerColumn() throws {
        let (svg, _) = try plot("Samples/heartbeat.json")
        let plan = try HapticPlanner.plan(try PatternReader.read(contentsOf: packageRoot + "/Samples/heartbeat.json").pattern)
        let memory = MemoryOutput(format: AudioFormat(sampleRate: 48_000))
        _ = try OfflineRender.render(plan, profile: ActuatorProfile(), into: memory)
        let columns = Int(svg.number("data-plot-right") - svg.number("data-plot-left"))
        let panel = try #require(svg.elements.first { $0.name == "g" && $0.attributes["class"] == "waveform" })
        let top = Double(panel.attributes["data-top"]!)!, height = Double(panel.attributes["data-height"]!)!
        let path = try #require(svg.elements.first { $0.attributes["class"] == "wave" })
        let points = SVGReader.points(path.attributes["d"]!)
        #expect(points.count == 2 * columns)
        let frames = memory.samples.count
        for column in stride(from: 0, to: columns, by: 23) {
            let slice = memory.samples[(column * frames / columns)..<((column + 1) * frames / columns)]
            let high = Double(slice.max()!), low = Double(slice.min()!)
            let drawnHigh = (top + height / 2 - points[2 * column].y) / (height / 2)
            let drawnLow = (top + height / 2 - points[2 * column + 1].y) / (height / 2)
            #expect(abs(drawnHigh - high) * height / 2 <= 1, "column \(column)")
            #expect(abs(drawnLow - low) * height / 2 <= 1 || points[2 * column + 1].y - points[2 * column].y <= 0.5, "column \(column)")
        }
    }

    @Test func namesThatLookLikeMarkupCannotBreakTheDocument() throws {
        let scratch = try Scratch()
        let pattern = try scratch.write("a<b>&\"c'.json", #"{"name": "<script>&\"'", "description": "]]> <!--", "timeline": [{"transient": {}}, {"delay": 20}]}"#)
        for out in ["p.svg", "p.html"] {
            let result = try hapsynth(["plot", pattern, scratch.path + "/" + out])
            #expect(result.status == 0)
        }
        let svg = try String(contentsOfFile: scratch.path + "/p.svg", encoding: .utf8)
        #expect(!svg.contains("<script>") && svg.contains("&lt;script&gt;&amp;&quot;&apos;"))
        _ = try SVGReader(svg)
        let html = try String(contentsOfFile: scratch.path + "/p.html", encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>") && !html.contains("<script>") && html.contains("<svg "))
    }

    @Test func aWindowAndAnAHAPFileWork() throws {
        let (svg, _) = try plot("Samples/sub-ms-texture.ahap", ["--from", "0", "--to", "100"])
        #expect(svg.number("data-from-ms") == 0 && svg.number("data-to-ms") == 100)
        #expect(try hapsynth(["plot", "Samples/celebration.json", "/tmp/x.png"]).status == 64)
        #expect(try hapsynth(["plot", "Samples/celebration.json", "/tmp/x.svg", "--from", "50", "--to", "10"]).status == 64)
    }
}

/// The README's picture and the golden report.
@Suite struct PictureDocumentTests {
    @Test func theREADMEPictureIsWhatPlotDrawsToday() throws {
        let scratch = try Scratch()
        #expect(try hapsynth(["plot", "Samples/celebration.json", scratch.path + "/c.svg"]).status == 0)
        let fresh = try String(contentsOfFile: scratch.path + "/c.svg", encoding: .utf8)
        let committed = try String(contentsOfFile: packageRoot + "/docs/celebration.svg", encoding: .utf8)
        #expect(fresh == committed, "docs/celebration.svg is stale: run hapsynth plot Samples/celebration.json docs/celebration.svg")
    }

    @Test func theReportNamesTheChangedPatternItsFirstDifferingFrameAndItsThreeWaveforms() throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(atPath: scratch.path + "/suite/ui", withIntermediateDirectories: true)
        try scratch.write("suite/ui/tap.json", #"{"timeline": [{"transient": {"sharpness": 0.9}}, {"delay": 30}]}"#)
        try scratch.write("suite/swell.json", #"{"timeline": [{"continuous": {"durationMs": 200, "intensityCurve": [[0, 0], [200, 1]]}}]}"#)
        let goldens = scratch.path + "/goldens"
        #expect(try hapsynth(["check", scratch.path + "/suite", "--goldens", goldens, "--record", "--rate", "8000"]).status == 0)
        try scratch.write("suite/swell.json", #"{"timeline": [{"continuous": {"durationMs": 200, "sharpness": 0.8, "intensityCurve": [[0, 0], [200, 1]]}}]}"#)
        let report = scratch.path + "/report.html"
        let result = try hapsynth(["check", scratch.path + "/suite", "--goldens", goldens, "--report", report, "--artifacts", scratch.path + "/art"])
        #expect(result.status == 1)
        let html = try String(contentsOfFile: report, encoding: .utf8)
        let frame = try #require(result.stdout.components(separatedBy: "first differing frame ").dropFirst().first?.prefix { $0.isNumber })
        let failing = try #require(html.components(separatedBy: "<section class=\"failing\">").dropFirst().first)
        #expect(failing.contains("<h2>swell: differs</h2>") && failing.contains("first differing frame \(frame)"))
        #expect(failing.contains("around the first differing frame, \(frame)"))
        for title in ["expected (golden)", "actual", "actual − expected"] {
            #expect(failing.components(separatedBy: "class=\"wave\" data-label=\"\(title)\"").count - 1 == 2, "\(title)")
        }
        #expect(html.contains("ok       ui/tap") && html.contains("data-label=\"golden\""))  // its thumbnail
        #expect(!html.contains("<script"))
        #expect(html.utf8.count < 300_000)
    }
}

@Suite struct PlotEdgeTests {
    @Test func silentAndEmptyPatternsStillDrawAnAxis() throws {
        let scratch = try Scratch()
        let empty = try scratch.write("empty.json", #"{"timeline": [{"delay": 0}]}"#)
        for (pattern, to) in [(empty, "1"), (packageRoot + "/Samples/delay-only.json", "250")] {
            let out = scratch.path + "/p.svg"
            let result = try hapsynth(["plot", pattern, out])
            #expect(result.status == 0, "\(result.stderr)")
            let svg = try SVGReader(try String(contentsOfFile: out, encoding: .utf8))
            #expect(svg.root["data-to-ms"] == to)
            #expect(svg.elements.filter { $0.attributes["class"] == "lane" }.isEmpty)
        }
    }
}
