import HapticCore

/// The audio of an AHAP file (docs/audio.md): its `AudioCustom` and `AudioContinuous` events and
/// the audio controls that act on them. Haptic controls never act on audio events, nor audio
/// controls on haptic ones.
public struct AHAPAudio: Sendable, Hashable {
    public var events: [AHAPAudioEvent] = []
    public var curves: [AHAPAudioCurve] = []

    public init() {}
}

/// One audio event as the file gives it; defaults where it says nothing.
public struct AHAPAudioEvent: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        /// A sound file, from `Time`, once or looped.
        case custom = "AudioCustom"
        /// hapsynth's tone (Apple does not document the built-in one).
        case continuous = "AudioContinuous"
    }

    public let kind: Kind
    /// `$.Pattern[i]`, for warnings.
    public let entry: JSONPath
    public let startUs: Int64
    /// `EventDuration` in µs; 0 when the file gives none (an AudioCustom plays to its file's end).
    public let durationUs: Int64
    /// `EventWaveformPath` (AudioCustom).
    public let waveformPath: String?
    /// `EventWaveformLoopEnabled` (default false).
    public let loops: Bool
    /// `EventWaveformUseVolumeEnvelope` (default true).
    public let usesVolumeEnvelope: Bool
    /// `AudioVolume` 0…1 (default 1), `AudioPitch` −1…1 (default 0), `AudioPan` −1…1 (default 0),
    /// `AudioBrightness` 0…1 (default 1).
    public let volume: Float, pitch: Float, pan: Float, brightness: Float
    /// `AttackTime`, `DecayTime`, `ReleaseTime` and `Sustained`.
    public let envelope: EventEnvelope
}

/// An audio control over time (`AudioVolumeControl` multiplies; the others add).
public struct AHAPAudioCurve: Sendable, Hashable {
    public enum Parameter: String, Sendable, Hashable, CaseIterable {
        case volume = "AudioVolumeControl", pan = "AudioPanControl", brightness = "AudioBrightnessControl", pitch = "AudioPitchControl"

        /// The control's range: a multiplier in 0…1, or an offset in −1…1.
        var range: ClosedRange<Float> { self == .volume ? 0...1 : -1...1 }
        /// The value when no curve is in force.
        public var neutral: Float { self == .volume ? 1 : 0 }
    }

    public let parameter: Parameter
    public let startUs: Int64
    /// Points relative to `startUs`, by time.
    public let points: [CurvePoint]

    /// The curve's value at pattern time `us`: the first point's before it, linear between
    /// points, the last point's after it; nil before the curve starts.
    public func value(atUs us: Int64) -> Float? {
        guard us >= startUs, let first = points.first, let last = points.last else { return nil }
        let relative = us - startUs
        if relative <= first.timeUs { return first.value }
        if relative >= last.timeUs { return last.value }
        var upper = 1
        while points[upper].timeUs < relative { upper += 1 }
        let low = points[upper - 1], high = points[upper]
        return low.value + (high.value - low.value) * Float(Double(relative - low.timeUs) / Double(high.timeUs - low.timeUs))
    }
}

extension AHAPAudio {
    /// A control's value at pattern time `us`: the latest-starting curve of that parameter in
    /// force (curves of one parameter replace one another, as haptic ones do), else neutral.
    public func control(_ parameter: AHAPAudioCurve.Parameter, atUs us: Int64) -> Float {
        var latest: AHAPAudioCurve?
        for curve in curves where curve.parameter == parameter && curve.startUs <= us {
            if latest == nil || curve.startUs >= latest!.startUs { latest = curve }
        }
        return latest?.value(atUs: us) ?? parameter.neutral
    }
}
