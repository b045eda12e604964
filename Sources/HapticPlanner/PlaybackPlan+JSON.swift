import HapticCore

/// The plan document of `hapsynth plan --json` (FORMATS.md §2), keys in the documented order.
extension PlaybackPlan {
    public var json: JSONOutput {
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
    var json: JSONOutput {
        .object([
            ("events", .array(events.map { event in
                .object([
                    ("type", .string(event.kind.rawValue)),
                    ("startMs", .integer(event.startMs)),
                    ("durationMs", .integer(event.durationMs)),
                    ("intensity", .float(event.intensity)),
                    ("sharpness", .float(event.sharpness)),
                ])
            })),
            ("curves", .array(curves.map { curve in
                .object([
                    ("parameter", .string(curve.parameter.rawValue)),
                    ("startMs", .integer(curve.startMs)),
                    ("points", .array(curve.points.map { .array([.integer($0.timeMs), .float($0.value)]) })),
                ])
            })),
        ])
    }
}
