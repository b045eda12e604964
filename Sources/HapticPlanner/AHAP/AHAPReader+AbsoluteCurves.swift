import HapticCore

/// Curves whose point times look absolute (lint's HS103, docs/lint.md), and how much that changes
/// what the iPhone plays.
extension AHAPReader {
    /// The largest change, in the control's own units (an intensity factor, a sharpness offset),
    /// between a curve read as Core Haptics reads it and read with absolute times, past which the
    /// warning is one a designer feels (`.curveTimesAbsolute`); at or under it the shift is
    /// `.curveTimesAbsoluteUnfelt`. The same 0.1 as lint's HS208 limit on an Android conversion.
    static let feltControlChange = 0.1
    /// The most control values compared over the whole file; past it a curve is taken as felt.
    static let comparisonBudget = 1_000_000

    /// Warns about curves whose point times look absolute: the first point sits at the curve's own
    /// (non-zero) `Time` and the points run past the last event, as when an exporter wrote pattern
    /// times where AHAP wants times relative to the curve. Each is compared, while events play,
    /// with the same file whose suspicious curves are read with absolute times: a shift that moves
    /// the control by more than `feltControlChange` is `.curveTimesAbsolute`, else
    /// `.curveTimesAbsoluteUnfelt` (an exporter's chunk of nearly constant values).
    mutating func lintAbsoluteCurveTimes() {
        let lastEventEndUs = events.map(\.endUs).max() ?? 0
        let suspects = curves.indices.filter { index in
            let curve = curves[index]
            guard curve.points.count > 1, curve.startUs > 0, curve.points[0].timeUs == curve.startUs else { return false }
            let endUs = curve.startUs.addingReportingOverflow(curve.points[curve.points.count - 1].timeUs)
            return endUs.overflow || endUs.partialValue > lastEventEndUs
        }
        guard !suspects.isEmpty else { return }
        var budget = Self.comparisonBudget
        let comparison = AbsoluteReading(curves: curves, suspects: Set(suspects), events: events)
        for index in suspects {
            let curve = curves[index]
            let change = comparison.largestChange(of: index, budget: &budget)
            let felt = change.map { $0 > Self.feltControlChange } ?? true
            let effect = change.map { "; read as Core Haptics reads it, the control is \(NumberText.significant($0, 2)) off the absolute reading while events play" } ?? ""
            warn("the \(curve.parameter.ahapID) curve's point times look absolute: its first point is at its own Time "
                 + "(\(Microseconds.millisecondsText(curve.startUs)) ms) and its points run past the last event "
                 + "(\(Microseconds.millisecondsText(lastEventEndUs)) ms); point times are relative to the curve's Time" + effect,
                 curvePaths[index], code: felt ? .curveTimesAbsolute : .curveTimesAbsoluteUnfelt,
                 kind: "curves whose point times look absolute (AHAP point times are relative to the curve's Time)")
        }
    }
}

/// A file's controls as Core Haptics plays them beside the same controls with the suspicious
/// curves read with absolute point times.
private struct AbsoluteReading {
    let curves: [ParameterCurve]
    let played: [ParameterCurve.Parameter: PlayerControl]
    let absolute: [ParameterCurve.Parameter: PlayerControl]
    /// Every time a control can bend or an event starts or ends, sorted, in µs.
    let timesUs: [Double]
    /// The times some event plays, as disjoint spans sorted by start, in µs.
    let spans: [(startUs: Double, endUs: Double)]

    init(curves: [ParameterCurve], suspects: Set<Int>, events: [NativeEvent]) {
        self.curves = curves
        let shifted = curves.enumerated().map { index, curve in
            suspects.contains(index)
                ? ParameterCurve(parameter: curve.parameter, startUs: curve.startUs,
                                 points: curve.points.map { CurvePoint(timeUs: $0.timeUs - curve.startUs, value: $0.value) })
                : curve
        }
        var played: [ParameterCurve.Parameter: PlayerControl] = [:], absolute: [ParameterCurve.Parameter: PlayerControl] = [:]
        for parameter in Set(curves.map(\.parameter)) {
            let neutral = parameter == .intensityControl ? 1.0 : 0.0
            played[parameter] = PlayerControl(curves.filter { $0.parameter == parameter }, neutral: neutral)
            absolute[parameter] = PlayerControl(shifted.filter { $0.parameter == parameter }, neutral: neutral)
        }
        self.played = played
        self.absolute = absolute
        let eventTimes = events.flatMap { [Double($0.startUs), Double($0.endUs)] }
        timesUs = Array(Set(played.values.flatMap(\.timesUs) + absolute.values.flatMap(\.timesUs) + eventTimes)).sorted()
        var spans: [(startUs: Double, endUs: Double)] = []
        for event in events.sorted(by: { $0.startUs < $1.startUs }) {
            let (startUs, endUs) = (Double(event.startUs), Double(event.endUs))
            if let last = spans.last, startUs <= last.endUs {
                spans[spans.count - 1].endUs = max(last.endUs, endUs)
            } else {
                spans.append((startUs, endUs))
            }
        }
        self.spans = spans
    }

    /// The largest difference of the curve's parameter between the two readings at a time an
    /// event plays, over the span either reading gives the curve; nil when the budget of
    /// comparisons runs out first.
    func largestChange(of index: Int, budget: inout Int) -> Double? {
        let curve = curves[index]
        guard let played = played[curve.parameter], let absolute = absolute[curve.parameter] else { return nil }
        let fromUs = Double(curve.startUs), toUs = Double(curve.startUs) + Double(curve.points[curve.points.count - 1].timeUs)
        var largest = 0.0
        var at = timesUs.prefixCount { $0 < fromUs }
        while at < timesUs.count, timesUs[at] <= toUs {
            budget -= 1
            if budget < 0 { return nil }
            let us = timesUs[at]
            at += 1
            guard playing(at: us) else { continue }
            for justBefore in [false, true] {
                largest = max(largest, abs(played.value(atUs: us, justBefore: justBefore) - absolute.value(atUs: us, justBefore: justBefore)))
            }
        }
        return largest
    }

    /// Whether an event plays at `us` (its start through its end).
    private func playing(at us: Double) -> Bool {
        let started = spans.prefixCount { $0.startUs <= us }
        return started > 0 && spans[started - 1].endUs >= us
    }
}
