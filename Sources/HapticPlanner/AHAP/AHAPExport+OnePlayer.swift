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
    /// 0), the transient is written at 1 and the control rises to the transient's intensity at its
    /// onset, in a tent `bumpUs` wide either side: exact for the transient, and a warning when a
    /// continuous event plays under the tent (it rises with it). A plan with several intensity
    /// curves, or a transient before the curve, cannot take a tent: the transient is written at 1
    /// and plays weaker (or silent), with a warning.
    public static func onePlayer(_ plan: PlaybackPlan) -> (plan: PlaybackPlan, warnings: [String])? {
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
        let tentable = intensityCurves.count == 1 ? intensityCurves[0] : nil
        var events: [(order: Int, event: NativeEvent)] = player.events.map { (main, scaled($0, by: scale)) }
        var warnings: [String] = []
        var tents: [(atUs: Int64, value: Double)] = []
        for index in plan.players.indices where index != main {
            for event in plan.players[index].events {
                let atMs = Microseconds.millisecondsText(event.startUs)
                let level = control.value(atUs: Double(event.startUs))
                var intensity = event.intensity
                if event.intensity > 0, level <= 0 || Double(event.intensity) / level > 1 + 1e-6 {
                    intensity = 1
                    if let tentable, event.startUs >= tentable.startUs {
                        tents.append((event.startUs, Double(event.intensity)))
                        let window = (event.startUs - bumpUs)...(event.startUs + bumpUs)
                        if player.events.contains(where: { $0.kind == .continuous && $0.startUs < window.upperBound && $0.startUs + $0.durationUs > window.lowerBound }) {
                            warnings.append("the transient at \(atMs) ms needs more than the intensity control gives there (\(NumberText.significant(level, 3))): "
                                + "in one file the control rises to \(NumberText.significant(Double(event.intensity), 3)) for "
                                + "\(Microseconds.millisecondsText(bumpUs)) ms either side of it, and the continuous event under it with it (--split keeps both exact)")
                        }
                    } else {
                        warnings.append("the transient at \(atMs) ms plays at \(NumberText.significant(level, 3)) instead of "
                            + "\(NumberText.significant(Double(event.intensity), 3)) in one file: the intensity control there is "
                            + "\(NumberText.significant(level, 3)) (--split keeps it)")
                    }
                } else if event.intensity > 0 {
                    intensity = min(1, Float(Double(event.intensity) / level))
                }
                events.append((index, NativeEvent(kind: event.kind, startUs: event.startUs, durationUs: event.durationUs, intensity: intensity,
                                                  sharpness: event.sharpness, envelope: event.envelope, isContinuation: event.isContinuation)))
            }
        }
        events.sort { ($0.event.startUs, $0.order) < ($1.event.startUs, $1.order) }
        if let tentable, !tents.isEmpty {
            let tented = withTents(tentable, tents, control: control)
            curves = curves.map { $0.parameter == .intensityControl ? tented : $0 }
        }
        return (PlaybackPlan(players: [PlayerPlan(events: events.map(\.event), curves: curves)], diagnostics: plan.diagnostics), warnings)
    }

    /// How far either side of a transient's onset the intensity control rises for it, in µs
    /// (assumed: wide enough that a device sampling its controls every millisecond meets the peak).
    public static let bumpUs: Int64 = 1_000

    /// `curve` with a tent at each `(atUs, value)`: the control rises linearly from its own value
    /// `bumpUs` before to `value` at the onset and back `bumpUs` after (where tents overlap, the
    /// higher one). Its points: the curve's own outside every tent, each tent's edges and peak.
    private static func withTents(_ curve: ParameterCurve, _ tents: [(atUs: Int64, value: Double)], control: PlayerControl) -> ParameterCurve {
        func inside(_ us: Int64) -> Bool { tents.contains { abs(us - $0.atUs) < bumpUs } }
        func value(_ us: Int64) -> Double {
            let tentValues = tents.compactMap { tent -> Double? in
                let distance = abs(us - tent.atUs)
                guard distance < bumpUs else { return nil }
                let edge = control.value(atUs: Double(tent.atUs + (us < tent.atUs ? -bumpUs : bumpUs)))
                return tent.value + (edge - tent.value) * Double(distance) / Double(bumpUs)
            }
            return max(control.value(atUs: Double(us)), tentValues.max() ?? 0)
        }
        var times = Set([curve.startUs])
        times.formUnion(curve.points.map { curve.startUs + $0.timeUs }.filter { !inside($0) })
        for tent in tents { times.formUnion([tent.atUs - bumpUs, tent.atUs, tent.atUs + bumpUs].filter { $0 >= curve.startUs }) }
        let points = times.sorted().map { CurvePoint(timeUs: $0 - curve.startUs, value: Float(min(1, max(0, value($0))))) }
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

    private static func scaled(_ event: NativeEvent, by scale: Double) -> NativeEvent {
        guard scale < 1 else { return event }
        return NativeEvent(kind: event.kind, startUs: event.startUs, durationUs: event.durationUs, intensity: Float(Double(event.intensity) * scale),
                           sharpness: event.sharpness, envelope: event.envelope, isContinuation: event.isContinuation)
    }
}
