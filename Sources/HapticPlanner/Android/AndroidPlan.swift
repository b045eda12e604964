/// What the Android executor would play for a pattern: one native effect (docs/android.md).
public struct AndroidPlan: Hashable, Sendable {
    public enum Backend: String, Hashable, Sendable {
        case silent, unsupported, androidEnvelope, androidPrimitives, androidWaveform, androidEffect
    }

    public let backend: Backend
    public let device: AndroidDevice
    /// The pattern's duration in milliseconds.
    public let logicalDurationMs: Int64
    /// When the native effect ends, from the request (Android plays at once: no lead).
    public let estimatedNativeDurationMs: Int64
    /// Where the effect differs from the pattern, each with its code and its words.
    public internal(set) var approximations: [AndroidApproximation]
    public let unsupportedReason: String?
    /// The envelope's points (`androidEnvelope`).
    public let envelope: [AndroidEnvelopePoint]
    /// The primitives in order (`androidPrimitives`).
    public let primitives: [AndroidPrimitiveStep]
    /// The amplitude waveform (`androidWaveform`).
    public let waveform: AndroidWaveform?
    /// The longest pulse a transient becomes on the waveform path, in ms (docs/android.md).
    public static let transientPulseMs: Int64 = 10
    /// A predefined effect as the device's firmware plays it (`androidEffect`: a system feedback
    /// call, docs/feedback.md): its driven stretches.
    public var effectBursts: [AndroidEffectBurst] = []
    /// For a system feedback call: each step from the app's call to what the HAL plays, with its
    /// source (docs/feedback.md).
    public var chain: [FeedbackStep] = []
    /// The paths the planner left before the one it took, and why.
    public var fallbacks: [AndroidFallback] = []
    /// For an AHAP file: how far the converted curves are from the file's values at its
    /// breakpoints (docs/ahap.md, "On Android").
    public var conversionError: AndroidConversionError?

    /// How long an Android session lasts: the longer of the pattern and the native effect (Android
    /// reports no completion).
    public var sessionDurationMs: Int64 { max(logicalDurationMs, estimatedNativeDurationMs) }

    /// The primitives with their onsets and native durations, in ms from the request: each starts
    /// its delay after the previous one's end.
    public var primitiveOnsets: [(step: AndroidPrimitiveStep, onsetMs: Int64, durationMs: Int64)] {
        var onsetMs: Int64 = 0
        return primitives.map { step in
            onsetMs += Int64(step.delayMs)
            let durationMs = Int64(device.primitiveDurationsMs[step.primitive] ?? 0)
            defer { onsetMs += durationMs }
            return (step, onsetMs, durationMs)
        }
    }
}

/// The largest difference between an AHAP file's values and the curves Android plays (at the
/// file's own breakpoints), and where the intensity's is, in pattern ms.
public struct AndroidConversionError: Hashable, Sendable {
    public let intensity: Double
    public let sharpness: Double
    public let intensityAtMs: Double
}

/// A point of an envelope effect: at `timeMs` from the start, intensity and sharpness in 0…1.
public struct AndroidEnvelopePoint: Hashable, Sendable {
    public let timeMs: Int64
    public let intensity: Float
    public let sharpness: Float
}

/// One primitive of a composition: played `delayMs` after the previous one ends, at `scale`.
public struct AndroidPrimitiveStep: Hashable, Sendable {
    public let primitive: AndroidPrimitive
    public let scale: Float
    public let delayMs: Int
}

/// A driven stretch of a predefined effect: from `onsetMs` for `durationMs` at `level` of the
/// device's full scale (0…1).
public struct AndroidEffectBurst: Hashable, Sendable {
    public let onsetMs: Int64
    public let durationMs: Int64
    public let level: Double
}

/// An amplitude waveform: each `timings[i]` milliseconds at `amplitudes[i]` (0…255).
public struct AndroidWaveform: Hashable, Sendable {
    public let timings: [Int64]
    public let amplitudes: [Int]

    /// The waveform's length in milliseconds.
    public var durationMs: Int64 { timings.reduce(0, +) }

    /// The segments with their start times, in ms from the request.
    public var segments: [(startMs: Int64, durationMs: Int64, amplitude: Int)] {
        var startMs: Int64 = 0
        return zip(timings, amplitudes).map { timing, amplitude in
            defer { startMs += timing }
            return (startMs, timing, amplitude)
        }
    }

    /// The amplitude at `timeMs` (0 after the end).
    public func amplitude(atMs timeMs: Int64) -> Int {
        segments.first { timeMs < $0.startMs + $0.durationMs }?.amplitude ?? 0
    }
}
