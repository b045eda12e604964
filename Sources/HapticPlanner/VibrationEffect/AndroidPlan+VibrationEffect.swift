import HapticCore

extension AndroidPlan {
    /// The `VibrationEffect` the Jindong library's Android executor builds for this plan
    /// (docs/android.md, "VibrationEffect text"): `createWaveform(timings, amplitudes, -1)` for a
    /// waveform, a `Composition` of its primitives, a `BasicEnvelopeBuilder` envelope on API 36.
    /// - Throws: why there is no effect (a silent or unsupported plan, a system feedback call,
    ///   whose effect the framework chooses).
    public func vibrationEffect() throws(VibrationEffectExportError) -> VibrationEffect {
        switch backend {
        case .androidWaveform:
            guard let waveform else { throw .noEffect("the plan holds no waveform") }
            return .waveform(timingsMs: waveform.timings, amplitudes: waveform.amplitudes, repeatIndex: -1)
        case .androidPrimitives:
            let ids = primitives.map { step in VibrationEffect.primitiveNames.firstIndex(of: step.primitive.rawValue) ?? 0 }
            return .composed(segments: zip(primitives, ids).map { .primitive(.init(id: $1, scale: $0.scale, delayMs: $0.delayMs)) }, repeatIndex: -1)
        case .androidEnvelope:
            guard envelope.count >= 2 else { throw .noEffect("the envelope has no segment") }
            let segments = zip(envelope, envelope.dropFirst()).map { start, end in
                VibrationEffect.Segment.basicPwle(startIntensity: start.intensity, endIntensity: end.intensity, startSharpness: start.sharpness,
                                                  endSharpness: end.sharpness, durationMs: end.timeMs - start.timeMs)
            }
            return .composed(segments: segments, repeatIndex: -1)
        case .androidEffect:
            throw .noEffect("a system feedback call's effect is the one the framework picks (see its chain)")
        case .silent:
            throw .noEffect("the plan is silent: the executor plays nothing")
        case .unsupported:
            throw .noEffect("the plan is unsupported: \(unsupportedReason ?? "no path plays it")")
        }
    }
}

/// Why a plan has no `VibrationEffect` to write.
public enum VibrationEffectExportError: Error, Sendable, CustomStringConvertible {
    case noEffect(String)

    public var description: String {
        switch self {
        case .noEffect(let why): return "no VibrationEffect: \(why)"
        }
    }
}
