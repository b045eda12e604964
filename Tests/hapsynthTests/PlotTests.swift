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

@Suite struct PlotTests {
    func plot(_ pattern: String, _ extra: [String] = []) throws -> (svg: SVGReader, text: String) {
        let scratch = try Scratch()
        let out = scratch.path + "/plot.svg"
        let result = try hapsynth(["plot", pattern, out] + extra)
        #expect(result.status == 0, "\(result.stderr)")
        let text = try String(contentsOfFile: out, encoding: .utf8)
        return (try SVGReader(text), text)
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
        // Changed assertion (issue 40): the differs line names the first difference as `first differs at T ms (frame N`.
        let frame = try #require(result.stdout.components(separatedBy: "first differs at ").dropFirst().first?
            .components(separatedBy: "(frame ").dropFirst().first?.prefix { $0.isNumber })
        let failing = try #require(html.components(separatedBy: "<section class=\"failing\">").dropFirst().first)
        #expect(failing.contains("<h2>swell: differs</h2>") && failing.contains("(frame \(frame)"))
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

/// A plan of transients alone draws no empty chart; a chart draws a line only for players with
/// continuous events (issue 40).
@Suite struct PlotLaneTests {
    @Test func transientsAloneDrawNoEmptyCharts() throws {
        let scratch = try Scratch()
        for arguments in [["Samples/click-train.json"], ["Samples/click-train.json", "--platform", "android", "--android-device", "phone-api31"]] {
            let svg = scratch.path + "/p.svg"
            #expect(try hapsynth(["plot", arguments[0], svg] + arguments.dropFirst()).status == 0)
            let text = try String(contentsOfFile: svg, encoding: .utf8)
            #expect(!text.contains("class=\"chart\""), "\(arguments): an empty chart")
            #expect(text.contains("class=\"waveform\""))
        }
        let svg = scratch.path + "/c.svg"
        #expect(try hapsynth(["plot", "Samples/celebration.json", svg]).status == 0)
        let text = try String(contentsOfFile: svg, encoding: .utf8)
        // celebration's first player holds only its taps: the charts draw the second player alone.
        #expect(text.components(separatedBy: "class=\"chart\"").count - 1 == 2)
        #expect(!text.contains("player 1</text><line") && text.contains("player 2"))
    }
}
