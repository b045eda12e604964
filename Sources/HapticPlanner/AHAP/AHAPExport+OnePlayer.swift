import HapticCore

/// A plan of several players written as one AHAP pattern (docs/ahap.md, "One file from several
/// players"): what `export --to ahap` writes for a `.haptic` clip with emphasis, whose transients
/// play on a player of their own.
extension AHAPExport {
    /// One player holding every event, or nil when the players cannot share a pattern: more than
    /// one player has controls, a control other than intensity or sharpness acts, or a player
    /// without controls holds a continuous event (the shared control would reshape it).
    ///
    /// In one pattern the intensity control multiplies the other players' transients too (at their
    /// onset; the sharpness control acts on continuous events only). So the control is scaled up
    /// until its largest value is 1 and the controlled player's events down by as much (their
    /// product is unchanged), and each other transient's intensity is divided by the scaled control
    /// at its onset: exact where the result is at most 1. Where it would be more (or the control is
    /// 0), the transient is written at 1 and the control peaks at the transient's intensity at its
    /// onset alone (`peakUs` either side): exact as hapsynth plays it, which reads a control at a
    /// transient's onset, and one warning for all of them, since a device that reads its controls
    /// less often would play them weaker. A plan with several intensity curves, or a transient
    /// before the curve, cannot take a peak: the transient is written at 1 and plays weaker (or
    /// silent), with a warning.
    public static func onePlayer(_ plan: PlaybackPlan, peakUs: Int64 = peakUs) -> (plan: PlaybackPlan, warnings: [String])? {
        // A silent plan is one file of no events (its duration kept).
        if plan.players.isEmpty { return (PlaybackPlan(players: [PlayerPlan(events: [], curves: [])], diagnostics: plan.diagnostics), []) }
        guard plan.players.count > 1 else { return (plan, []) }
        let controlled = plan.players.indices.filter { !plan.players[$0].curves.isEmpty }
        guard controlled.count <= 1 else { return nil }
        let main = controlled.first ?? 0
        let player = plan.players[main]
        guard player.curves.allSatisfy({ $0.parameter == .intensityControl || $0.parameter == .sharpnessControl }),
              plan.players.indices.allSatisfy({ $0 == main || plan.players[$0].events.allSatisfy { $0.kind == .transient } })
        else { return nil }
        let scale = headroomScale(player)
        var curves = player.curves.map { curve in
            guard curve.parameter == .intensityControl, scale < 1 else { return curve }
            return ParameterCurve(parameter: curve.parameter, startUs: curve.startUs,
                                  points: curve.points.map { CurvePoint(timeUs: $0.timeUs, value: min(1, Float(Double($0.value) / scale))) })
        }
        let intensityCurves = curves.filter { $0.parameter == .intensityControl }
        let control = PlayerControl(intensityCurves, neutral: 1)
        let peakable = intensityCurves.count == 1 ? intensityCurves[0] : nil
        var events: [(order: Int, event: NativeEvent)] = player.events.map { (main, $0.with(intensity: Float(Double($0.intensity) * scale))) }
        var warnings: [String] = []
        var peaks: [(atUs: Int64, value: Double)] = []
        for index in plan.players.indices where index != main {
            for event in plan.players[index].events {
                let level = control.value(atUs: Double(event.startUs))
                var intensity = event.intensity
                if event.intensity > 0, level <= 0 || Double(event.intensity) / level > 1 + 1e-6 {
                    intensity = 1
                    if let peakable, event.startUs >= peakable.startUs {
                        peaks.append((event.startUs, Double(event.intensity)))
                    } else {
                        warnings.append("the transient at \(Microseconds.millisecondsText(event.startUs)) ms plays at \(NumberText.significant(level, 3)) "
                            + "instead of \(NumberText.significant(Double(event.intensity), 3)) in one file: the intensity control there is "
                            + "\(NumberText.significant(level, 3)) (--split keeps it)")
                    }
                } else if event.intensity > 0 {
                    intensity = min(1, Float(Double(event.intensity) / level))
                }
                events.append((index, event.with(intensity: intensity)))
            }
        }
        events.sort { ($0.event.startUs, $0.order) < ($1.event.startUs, $1.order) }
        if let peakable, !peaks.isEmpty {
            let times = peaks.prefix(3).map { Microseconds.millisecondsText($0.atUs) }.joined(separator: ", ") + (peaks.count > 3 ? ", …" : "")
            let one = peaks.count == 1
            warnings.insert("\(NumberText.count(peaks.count, "transient")) (at \(times) ms) need\(one ? "s" : "") more than the intensity control gives "
                + "at \(one ? "its" : "their") onset: in one file the control peaks at \(one ? "its" : "each one's") intensity for \(one ? "its" : "the")"
                + " onset alone, as hapsynth plays it; a device that reads its controls less often plays \(one ? "it" : "them") weaker "
                + "(--split keeps \(one ? "it" : "them") exact everywhere)", at: 0)
            let peaked = withPeaks(peakable, peaks, control: control, peakUs: peakUs)
            curves = curves.map { $0.parameter == .intensityControl ? peaked : $0 }
        }
        return (PlaybackPlan(players: [PlayerPlan(events: events.map(\.event), curves: curves)], diagnostics: plan.diagnostics), warnings)
    }

    /// How far either side of a transient's onset its peak of the intensity control reaches, in µs:
    /// the least a curve's points can be apart, so that no continuous event hears the peak (a
    /// continuous event is read at frame times, a transient at its onset). A caller may widen it:
    /// from-audio's AHAP files take 1 ms, which Android's conversion (on whole milliseconds) keeps.
    public static let peakUs: Int64 = 1

    /// `curve` with a peak at each `(atUs, value)`: the control's own value `peakUs` before and after,
    /// `value` at the onset. Its points: the curve's own outside every peak, and each peak's three.
    private static func withPeaks(_ curve: ParameterCurve, _ peaks: [(atUs: Int64, value: Double)], control: PlayerControl, peakUs: Int64) -> ParameterCurve {
        let tops = Dictionary(peaks.map { ($0.atUs, $0.value) }, uniquingKeysWith: max)
        func inside(_ us: Int64) -> Bool { peaks.contains { abs(us - $0.atUs) < peakUs } }
        var times = Set([curve.startUs])
        times.formUnion(curve.points.map { curve.startUs + $0.timeUs }.filter { !inside($0) })
        for peak in peaks { times.formUnion([peak.atUs - peakUs, peak.atUs, peak.atUs + peakUs].filter { $0 >= curve.startUs }) }
        let points = times.sorted().map { us in
            CurvePoint(timeUs: us - curve.startUs, value: Float(min(1, max(0, tops[us] ?? control.value(atUs: Double(us))))))
        }
        return ParameterCurve(parameter: curve.parameter, startUs: curve.startUs, points: points)
    }

    /// The largest value of the player's intensity control, when scaling the control up to 1 (and
    /// its events down) changes nothing the player plays: every event starts once a control is in
    /// force (before it the control is neutral, ×1). Else 1.
    private static func headroomScale(_ player: PlayerPlan) -> Double {
        let intensity = player.curves.filter { $0.parameter == .intensityControl }
        guard let firstUs = intensity.map(\.startUs).min(), player.events.allSatisfy({ $0.startUs >= firstUs }),
              let largest = intensity.flatMap({ $0.points.map { Double($0.value) } }).max(), largest > 0 else { return 1 }
        return min(1, largest)
    }
}

private extension NativeEvent {
    /// The same event at another intensity.
    func with(intensity: Float) -> NativeEvent {
        NativeEvent(kind: kind, startUs: startUs, durationUs: durationUs, intensity: intensity, sharpness: sharpness, envelope: envelope,
                    isContinuation: isContinuation)
    }
}
