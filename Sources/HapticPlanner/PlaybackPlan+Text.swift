import HapticCore

/// The plan as a person reads it (`hapsynth plan`): the pattern's name, the diagnostics, then each
/// player with its events and curves.
extension PlaybackPlan {
    /// Curve points shown per curve before the rest are summarized.
    static let pointsShown = 8

    /// The text, headed by `title` (the pattern's name and description).
    public func text(title: String) -> String {
        let plan = self
        let d = plan.diagnostics
        var lines: [String] = []
        lines.append(title)
        lines.append("backend: \(d.backend.rawValue)")
        lines.append("logical duration: \(d.logicalDurationMs) ms, estimated native duration: "
            + "\(d.estimatedNativeDurationMs) ms, scheduling lead: \(d.schedulingLeadMs) ms")
        lines.append("capabilities: haptics \(yesNo(d.capabilities.supportsHaptics)), amplitude control "
            + "\(yesNo(d.capabilities.supportsAmplitudeControl)), envelope effects \(yesNo(d.capabilities.supportsEnvelopeEffects))")
        if let reason = d.unsupportedReason { lines.append("unsupported: \(reason)") }
        for (index, player) in plan.players.enumerated() {
            lines.append("")
            lines.append("player \(index + 1): \(count(player.events.count, "event")), \(count(player.curves.count, "curve"))")
            for event in player.events {
                let duration = event.kind == .transient && event.durationUs == 0 ? "" : " for \(ms(event.durationUs)) ms"
                lines.append("  \(event.kind.rawValue) at \(ms(event.startUs)) ms\(duration), intensity "
                    + "\(figure(event.intensity)), sharpness \(figure(event.sharpness))"
                    + envelopeText(event.envelope))
            }
            for curve in player.curves {
                let shown = curve.points.prefix(Self.pointsShown)
                    .map { "(\(ms($0.timeUs)), \(figure($0.value)))" }.joined(separator: " ")
                let more = curve.points.count > Self.pointsShown ? " … \(curve.points.count - Self.pointsShown) more" : ""
                lines.append("  \(curve.parameter.rawValue) from \(ms(curve.startUs)) ms: \(shown)\(more)")
            }
        }
        if plan.players.isEmpty {
            lines.append("")
            lines.append(d.backend == .silent ? "no players: nothing audible" : "no players")
        }
        if !d.approximations.isEmpty {
            lines.append("")
            lines.append("approximations:")
            lines += d.approximations.map { "  - \($0)" }
        }
        if !d.retriggerBoundariesMs.isEmpty {
            lines.append("retrigger boundaries: " + d.retriggerBoundariesMs.map { "\($0) ms" }.joined(separator: ", "))
        }
        return lines.joined(separator: "\n")
    }

    /// Microseconds as milliseconds text (`100`, `100.1`).
    private func ms(_ microseconds: Int64) -> String { Microseconds.millisecondsText(microseconds) }

    /// `, attack 0.3, sustained no` for the envelope parameters an event has.
    private func envelopeText(_ envelope: EventEnvelope) -> String {
        var parts: [String] = []
        if let value = envelope.attackTime { parts.append("attack \(figure(value))") }
        if let value = envelope.decayTime { parts.append("decay \(figure(value))") }
        if let value = envelope.releaseTime { parts.append("release \(figure(value))") }
        if let value = envelope.sustained { parts.append("sustained \(yesNo(value))") }
        return parts.map { ", " + $0 }.joined()
    }

    private func yesNo(_ value: Bool) -> String { value ? "yes" : "no" }

    private func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }

    /// A parameter value for reading: 6 significant digits, so float arithmetic does not show
    /// (`0.64`, not `0.64000005`); `plan --json` keeps every digit.
    private func figure(_ value: Float) -> String { NumberText.significant(Double(value), 6) }
}
