import AudioCore
import HapticCore
import HapticPlanner
import HapticPlayback
import HapticPlot
import HapticSynth

/// Wires a plan and its render into a `Figure`: a lane per planned player, the effective
/// intensity and sharpness of each player as the synthesizer computes them, the waveform as a
/// min/max per pixel column, and the diagnostics as the caption.
enum PlotFigure {
    /// The figure of `plan` without its waveform, and the frames its waveform's columns span: the
    /// window in pattern milliseconds (default: the whole render, the 10 ms lead included, or
    /// to `endFrame` when something else, an audio track, lasts longer), clamped into what
    /// hapsynth can represent.
    static func figure(
        _ plan: PlaybackPlan, title: String, profile: ActuatorProfile, fromMs: Double?, toMs: Double?, endFrame: Int64
    ) throws(PictureError) -> (figure: Figure, columns: ClosedRange<Int64>) {
        let rate = Double(profile.sampleRate)
        let leadMs = plan.diagnostics.backend == .coreHaptics ? Double(CoreHapticsRules.schedulingLeadMs) : 0
        func frame(_ ms: Double) -> Int64 { Int64(max(0, min(Double(endFrame), ((ms + leadMs) * rate / 1000).rounded()))) }
        func ms(_ frame: Int64) -> Double { Double(frame) * 1000 / rate - leadMs }
        let limit = Double(RenderLength.maxRepresentableMs)
        // An empty render still gets an axis of a millisecond.
        let from = min(max(fromMs ?? -leadMs, -limit), limit), to = min(max(toMs ?? max(ms(endFrame), from + 1), -limit), limit)
        guard to > from else { throw .emptyWindow(fromMs: from, toMs: to) }
        var figure = Figure(title: title, caption: caption(plan, profile: profile), fromMs: from, toMs: to)
        let columns = figure.columnCount
        let columnMs = (0..<columns).map { from + (Double($0) + 0.5) * (to - from) / Double(columns) }

        for (index, player) in plan.players.enumerated() {
            figure.lanes.append(lane(player, index: index))
        }
        // The effective levels are those of continuous events: a player of transients alone has no
        // line, and a plan of transients alone no chart (each tick's label gives its values).
        let levels = plan.players.enumerated().filter { $0.element.events.contains { $0.kind == .continuous } }
            .map { (index: $0.offset, levels: PlayerLevels(plan: $0.element, profile: profile)) }
        func chart(_ title: String, _ pick: @escaping ((intensity: Double, sharpness: Double)) -> Double) -> LineChart {
            LineChart(title: title, lines: levels.map { player in
                LineChart.Line(label: "player \(player.index + 1)", points: columnMs.map { time in
                    player.levels.levels(atFrame: frame(time)).map { (time, pick($0)) }
                })
            })
        }
        if !levels.isEmpty {
            figure.charts = [chart("intensity", { $0.intensity }), chart("sharpness", { $0.sharpness })]
        }
        // The columns span the window even past the render's end (those stay empty), so the
        // waveform keeps the axis of the lanes above it.
        let windowEnd = max(frame(from) + 1, Int64(((to + leadMs) * rate / 1000).rounded()))
        return (figure, frame(from)...windowEnd)
    }

    /// One player's native events: bars for continuous events, ticks for transients, and the
    /// boundaries where split parts meet (the plan's retrigger points).
    static func lane(_ player: PlayerPlan, index: Int) -> Lane {
        var marks: [Lane.Mark] = []
        for event in player.events {
            let start = Microseconds.milliseconds(event.startUs)
            let label = "I \(JSONOutput.floatText(event.intensity)) S \(JSONOutput.floatText(event.sharpness))"
            if event.kind == .transient {
                marks.append(.tick(atMs: start, label: "transient at \(Microseconds.millisecondsText(event.startUs)) ms, \(label)"))
            } else {
                if event.isContinuation { marks.append(.boundary(atMs: start, label: "split at \(Microseconds.millisecondsText(event.startUs)) ms")) }
                marks.append(.bar(fromMs: start, toMs: Microseconds.milliseconds(event.endUs), label: label))
            }
        }
        let curves = player.curves.isEmpty ? "" : ", \(player.curves.count) curve\(player.curves.count == 1 ? "" : "s")"
        return Lane(label: "player \(index + 1)", detail: "\(player.events.count) event\(player.events.count == 1 ? "" : "s")\(curves)", marks: marks)
    }

    /// The diagnostics, a line each.
    static func caption(_ plan: PlaybackPlan, profile: ActuatorProfile) -> [String] {
        let d = plan.diagnostics
        var lines = ["backend \(d.backend.rawValue); logical duration \(d.logicalDurationMs) ms; estimated native duration "
            + "\(d.estimatedNativeDurationMs) ms; scheduling lead \(d.schedulingLeadMs) ms; rendered at \(profile.sampleRate) Hz"]
        lines += d.approximations.map { "approximation: \($0)" }
        if !d.retriggerBoundariesMs.isEmpty {
            lines.append("retrigger boundaries: " + d.retriggerBoundariesMs.map { "\($0) ms" }.joined(separator: ", "))
        }
        if let reason = d.unsupportedReason { lines.append("unsupported: \(reason)") }
        return lines
    }
}
