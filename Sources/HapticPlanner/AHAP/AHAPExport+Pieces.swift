import HapticCore

extension AHAPExport {
    /// The plan with every curve cut into consecutive curves of at most `devicePointLimit` points,
    /// for devices reported to accept no more (docs/ahap.md, "Curves in pieces"): each piece starts
    /// at the point the one before ends on, so the control takes the same value at every time (a
    /// curve holds its last value until the next curve of its parameter starts).
    public static func inPieces(_ plan: PlaybackPlan) -> PlaybackPlan {
        let players = plan.players.map { player in
            PlayerPlan(events: player.events, curves: player.curves.flatMap { curve -> [ParameterCurve] in
                guard curve.points.count > devicePointLimit else { return [curve] }
                var pieces: [ParameterCurve] = []
                var first = 0
                // Each piece shares its first point with the last of the one before.
                while first < curve.points.count - 1 {
                    let last = min(first + devicePointLimit - 1, curve.points.count - 1)
                    let offsetUs = curve.points[first].timeUs
                    pieces.append(ParameterCurve(parameter: curve.parameter, startUs: curve.startUs + offsetUs,
                                                 points: curve.points[first...last].map { CurvePoint(timeUs: $0.timeUs - offsetUs, value: $0.value) }))
                    first = last
                }
                return pieces
            })
        }
        return PlaybackPlan(players: players, diagnostics: plan.diagnostics)
    }
}
