import HapticCore

/// The plan document of `hapsynth plan --json` (docs/plan-output.md), keys in the documented order.
extension PlaybackPlan {
    /// The plan document as `hapsynth plan --json` prints it (without its `warnings` list).
    public var jsonText: String { json.pretty() }

    package var json: JSONOutput {
        let d = diagnostics
        return .object([
            ("backend", .string(d.backend.rawValue)),
            ("capabilities", .object([
                ("supportsHaptics", .bool(d.capabilities.supportsHaptics)),
                ("supportsAmplitudeControl", .bool(d.capabilities.supportsAmplitudeControl)),
                ("supportsEnvelopeEffects", .bool(d.capabilities.supportsEnvelopeEffects)),
            ])),
            ("logicalDurationMs", .integer(d.logicalDurationMs)),
            ("schedulingLeadMs", .integer(d.schedulingLeadMs)),
            ("estimatedNativeDurationMs", .integer(d.estimatedNativeDurationMs)),
            ("approximations", .array(d.approximations.map { .string($0) })),
            ("retriggerBoundariesMs", .array(d.retriggerBoundariesMs.map { .integer($0) })),
            ("unsupportedReason", d.unsupportedReason.map { .string($0) } ?? .null),
            ("players", .array(players.map(\.json))),
        ])
    }
}

extension PlayerPlan {
    /// Times in milliseconds: integers when whole, exact decimals when an AHAP file had
    /// sub-millisecond times. Envelope parameters appear only on events that have them.
    var json: JSONOutput {
        .object([
            ("events", .array(events.map { event in
                var fields: [(String, JSONOutput)] = [
                    ("type", .string(event.kind.rawValue)),
                    ("startMs", Microseconds.json(event.startUs)),
                    ("durationMs", Microseconds.json(event.durationUs)),
                    ("intensity", .float(event.intensity)),
                    ("sharpness", .float(event.sharpness)),
                ]
                let envelope = event.envelope
                if let value = envelope.attackTime { fields.append(("attackTime", .float(value))) }
                if let value = envelope.decayTime { fields.append(("decayTime", .float(value))) }
                if let value = envelope.releaseTime { fields.append(("releaseTime", .float(value))) }
                if let value = envelope.sustained { fields.append(("sustained", .bool(value))) }
                return .object(fields)
            })),
            ("curves", .array(curves.map { curve in
                .object([
                    ("parameter", .string(curve.parameter.rawValue)),
                    ("startMs", Microseconds.json(curve.startUs)),
                    ("points", .array(curve.points.map { .array([Microseconds.json($0.timeUs), .float($0.value)]) })),
                ])
            })),
        ])
    }
}
