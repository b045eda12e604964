import Foundation
import HapsynthKit
import Testing
import TestSupport

/// The picture `plot` draws, checked against the synthesizer it pictures. Moved from
/// hapsynthTests.PlotTests, where they ran the binary: the same assertions, on the SVG that
/// `PlanPicture.draw` makes (the process added nothing but its exit status, which PlotTests keeps
/// checking for the command).
@Suite struct PlanPictureTests {
    func plot(_ pattern: String) throws -> (svg: SVGReader, text: String) {
        let path = pattern.hasPrefix("/") ? pattern : packageRoot + "/" + pattern
        let loaded = try Hapsynth.load(contentsOf: path)
        let text = try PlanPicture.draw(loaded, platform: .ios, title: "t", profile: ActuatorProfile()).svg + "\n"
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
}
