import AudioCore
import HapticCore
import HapticPlanner
import HapticPlot
import HapticSynth

/// `plot --platform android`: the one native effect the Android planner chose, as a lane (waveform
/// segments and envelope spans as bars, primitives as ticks), its intensity and sharpness over time,
/// the emulated actuator's waveform, and the plan's diagnostics. Android starts at once: the axis
/// is milliseconds from the request, with no lead.
enum AndroidPlotFigure {
    /// The figure without its waveform, and the frames its waveform's columns span (the window in
    /// milliseconds from the request, default the whole render, clamped into what hapsynth can represent).
    static func figure(
        _ plan: AndroidPlan, title: String, profile: ActuatorProfile, fromMs: Double?, toMs: Double?, endFrame: Int64
    ) throws(PictureError) -> (figure: Figure, columns: ClosedRange<Int64>) {
        let rate = Double(profile.sampleRate)
        let limit = Double(RenderLength.maxRepresentableMs)
        let from = min(max(fromMs ?? 0, -limit), limit), to = min(max(toMs ?? max(Double(endFrame) * 1000 / rate, from + 1), -limit), limit)
        guard to > from else { throw .emptyWindow(fromMs: from, toMs: to) }
        var figure = Figure(title: title, caption: caption(plan, rate: profile.sampleRate), fromMs: from, toMs: to)
        figure.lanes = [lane(plan)]
        let columns = figure.columnCount
        let times = (0..<columns).map { from + (Double($0) + 0.5) * (to - from) / Double(columns) }
        let levels = times.map { level(plan, atMs: $0) }
        // Primitives have no level over time (each tick's label gives its scale): no empty charts.
        if plan.backend == .androidEnvelope || plan.backend == .androidWaveform {
            figure.charts = [
                LineChart(title: "intensity", lines: [LineChart.Line(label: "android", points: zip(times, levels).map { time, level in level.map { (time, $0.intensity) } })]),
                LineChart(title: "sharpness", lines: [LineChart.Line(label: "android", points: zip(times, levels).map { time, level in level?.sharpness.map { (time, $0) } })]),
            ]
        }
        func frame(_ ms: Double) -> Int64 { Int64(max(0, min(Double(endFrame), (ms * rate / 1000).rounded()))) }
        return (figure, frame(from)...max(frame(from) + 1, frame(to)))
    }

    /// The effect as marks on one lane.
    static func lane(_ plan: AndroidPlan) -> Lane {
        var marks: [Lane.Mark] = []
        for segment in plan.waveform?.segments ?? [] where segment.amplitude > 0 {
            marks.append(.bar(fromMs: Double(segment.startMs), toMs: Double(segment.startMs + segment.durationMs),
                              label: "amplitude \(segment.amplitude) for \(segment.durationMs) ms"))
        }
        for (start, end) in zip(plan.envelope, plan.envelope.dropFirst()) where start.intensity > 0 || end.intensity > 0 {
            marks.append(.bar(fromMs: Double(start.timeMs), toMs: Double(end.timeMs),
                              label: "I \(JSONOutput.floatText(start.intensity))→\(JSONOutput.floatText(end.intensity))"))
        }
        for (step, onsetMs, _) in plan.primitiveOnsets {
            marks.append(.tick(atMs: Double(onsetMs), label: "\(step.primitive.rawValue) at \(onsetMs) ms, scale \(JSONOutput.floatText(step.scale))"))
        }
        return Lane(label: "android", detail: "\(plan.backend.rawValue) on \(plan.device.name)", marks: marks)
    }

    /// A table row of a lane mark: what and when.
    static func row(_ mark: Lane.Mark) -> [String] {
        switch mark {
        case let .bar(fromMs, toMs, label): return ["\(Int64(fromMs)) to \(Int64(toMs)) ms", label]
        case let .tick(atMs, label): return ["at \(Int64(atMs)) ms", label]
        case let .boundary(atMs, label): return ["at \(Int64(atMs)) ms", label]
        case let .syncTick(atMs, _, label, _): return ["at \(Int64(atMs)) ms", label]
        }
    }

    /// The effect's intensity (0…1) and sharpness (envelopes only) at `ms`; nil where nothing plays.
    static func level(_ plan: AndroidPlan, atMs ms: Double) -> (intensity: Double, sharpness: Double?)? {
        switch plan.backend {
        case .androidWaveform:
            guard let waveform = plan.waveform, ms >= 0, ms < 9e15 else { return nil }
            let amplitude = waveform.amplitude(atMs: Int64(ms.rounded(.down)))
            return amplitude > 0 ? (Double(amplitude) / 255, nil) : nil
        case .androidEnvelope:
            for (start, end) in zip(plan.envelope, plan.envelope.dropFirst()) where Double(start.timeMs) <= ms && ms < Double(end.timeMs) {
                let fraction = (ms - Double(start.timeMs)) / Double(end.timeMs - start.timeMs)
                let intensity = Double(start.intensity) + (Double(end.intensity) - Double(start.intensity)) * fraction
                let sharpness = Double(start.sharpness) + (Double(end.sharpness) - Double(start.sharpness)) * fraction
                return intensity > 0 ? (intensity, sharpness) : nil
            }
            return nil
        case .androidEffect:
            let burst = plan.effectBursts.first { Double($0.onsetMs) <= ms && ms < Double($0.onsetMs + $0.durationMs) }
            return burst.map { ($0.level, nil) }
        case .androidPrimitives, .silent, .unsupported:
            return nil
        }
    }

    static func caption(_ plan: AndroidPlan, rate: Int) -> [String] {
        ["android \(plan.backend.rawValue) on \(plan.device.name) (API \(plan.device.apiLevel)); logical duration \(plan.logicalDurationMs) ms; "
            + "estimated native duration \(plan.estimatedNativeDurationMs) ms; no lead; rendered at \(rate) Hz"]
            + (plan.unsupportedReason.map { ["unsupported: \($0)"] } ?? []) + plan.approximations.map(\.text)
    }
}
