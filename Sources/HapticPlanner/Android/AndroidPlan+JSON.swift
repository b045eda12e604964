import HapticCore

extension AndroidPlan {
    /// The Android plan as `hapsynth plan --platform android --json` prints it (docs/android.md).
    package var json: JSONOutput {
        var effect: [(String, JSONOutput)] = []
        switch backend {
        case .androidEnvelope:
            effect = [("envelope", .array(envelope.map { .array([.integer($0.timeMs), .float($0.intensity), .float($0.sharpness)]) }))]
        case .androidPrimitives:
            effect = [("primitives", .array(primitives.map {
                .object([("primitive", .string($0.primitive.rawValue)), ("scale", .float($0.scale)), ("delayMs", .integer(Int64($0.delayMs)))])
            }))]
        case .androidWaveform:
            if let waveform {
                effect = [("waveform", .object([("timingsMs", .array(waveform.timings.map { .integer($0) })),
                                                ("amplitudes", .array(waveform.amplitudes.map { .integer(Int64($0)) }))]))]
            }
        case .androidEffect:
            effect = [("effect", .array(effectBursts.map { .array([.integer($0.onsetMs), .integer($0.durationMs), .double($0.level)]) }))]
        case .silent, .unsupported:
            break
        }
        let calls: [(String, JSONOutput)] = chain.isEmpty ? [] : [("chain", .array(chain.map {
            .object([("step", .string($0.text)), ("source", .string($0.source))])
        }))]
        return .object(calls + [
            ("platform", .string("android")),
            ("backend", .string(backend.rawValue)),
            ("device", device.json),
            ("logicalDurationMs", .integer(logicalDurationMs)),
            ("estimatedNativeDurationMs", .integer(estimatedNativeDurationMs)),
            ("approximations", .array(approximations.map { .string($0.text) })),
            ("unsupportedReason", unsupportedReason.map { .string($0) } ?? .null),
        ] + effect)
    }

    /// The plan for people: backend, durations, the effect and the approximations.
    package var text: String {
        var lines = [
            "android plan for \(device.name) (API \(device.apiLevel))",
            "backend: \(backend.rawValue)",
            "logical duration: \(logicalDurationMs) ms, estimated native duration: \(estimatedNativeDurationMs) ms",
        ]
        if let unsupportedReason { lines.append("unsupported: \(unsupportedReason)") }
        if !chain.isEmpty {
            lines.append("chain:")
            lines += chain.map { "  \($0.text)   [\($0.source)]" }
        }
        if !effectBursts.isEmpty {
            lines.append("effect: \(effectBursts.count) driven stretches")
            lines += effectBursts.map { "  at \($0.onsetMs) ms for \($0.durationMs) ms at \(NumberText.significant($0.level)) of full scale" }
        }
        if !envelope.isEmpty {
            lines.append("envelope: \(envelope.count) points")
            lines += envelope.map { "  at \($0.timeMs) ms: intensity \(Self.figure($0.intensity)), sharpness \(Self.figure($0.sharpness))" }
        }
        if !primitives.isEmpty {
            lines.append("primitives: \(primitives.count)")
            lines += primitives.map { step in
                "  \(step.primitive.rawValue) at scale \(Self.figure(step.scale)) after \(step.delayMs) ms"
                    + (device.primitiveDurationsMs[step.primitive].map { " (lasts \($0) ms)" } ?? "")
            }
        }
        if !device.effects.isEmpty {
            lines.append("device effects as its firmware plays them (reached by system feedback calls, not by patterns):")
            lines += device.effects.map { effect in
                let parts = effect.segments.map { "\($0.ms) ms " + ($0.drive == 0 ? "off" : "at drive \(NumberText.significant($0.drive))") }
                return "  \(effect.name): \(parts.joined(separator: ", ")) (\(effect.durationMs) ms)"
            }
        }
        if let waveform {
            lines.append("waveform: \(waveform.timings.count) segments, \(waveform.durationMs) ms")
            lines += zip(waveform.timings, waveform.amplitudes).map { "  \($0) ms at \($1)" }
        }
        if !approximations.isEmpty {
            lines.append("approximations:")
            lines += approximations.map { "  - \($0)" }
        }
        return lines.joined(separator: "\n")
    }

    private static func figure(_ value: Float) -> String { JSONOutput.floatText(value) }
}

extension AndroidDevice {
    package var json: JSONOutput {
        .object([
            ("name", .string(name)),
            ("apiLevel", .integer(Int64(apiLevel))),
            ("hasVibrator", .bool(hasVibrator)),
            ("hasAmplitudeControl", .bool(hasAmplitudeControl)),
            ("envelope", envelope.map { limits in
                .object([("maxControlPoints", .integer(Int64(limits.maxControlPoints))), ("minSegmentMs", .integer(limits.minSegmentMs)),
                         ("maxSegmentMs", .integer(limits.maxSegmentMs)), ("maxDurationMs", .integer(limits.maxDurationMs))])
            } ?? .null),
            ("primitives", .object(primitiveDurationsMs.sorted { $0.key < $1.key }.map { ($0.key.rawValue, .integer(Int64($0.value))) })),
        ] + (effects.isEmpty ? [] : [("effects", .object(effects.map { effect in
            (effect.name, .array(effect.segments.map { .array([.integer($0.ms), .double($0.drive)]) }))
        }))]))
    }
}
