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
}

extension AHAPAudio {
    /// A control's value at pattern time `us`: the latest-starting curve of that parameter in
    /// force (curves of one parameter replace one another, as haptic ones do; of two starting
    /// together, the later in the file), else neutral.
    public func control(_ parameter: AHAPAudioCurve.Parameter, atUs us: Int64) -> Float {
        var cursor = AudioControls(self).cursor(parameter, fromUs: us)
        return cursor.value(atUs: us)
    }
}

/// An AHAP file's audio controls ordered once for reading: each parameter's curves in the order
/// they take over (by start; of two starting together, the later in the file).
public struct AudioControls: Sendable {
    private let byParameter: [AHAPAudioCurve.Parameter: [AHAPAudioCurve]]

    public init(_ audio: AHAPAudio) {
        var byParameter: [AHAPAudioCurve.Parameter: [AHAPAudioCurve]] = [:]
        for parameter in AHAPAudioCurve.Parameter.allCases {
            byParameter[parameter] = audio.curves.enumerated().filter { $0.element.parameter == parameter }
                .sorted { ($0.element.startUs, $0.offset) < ($1.element.startUs, $1.offset) }.map(\.element)
        }
        self.byParameter = byParameter
    }

    /// A cursor over one parameter for reads from `fromUs` on.
    public func cursor(_ parameter: AHAPAudioCurve.Parameter, fromUs: Int64) -> ControlCursor {
        ControlCursor(curves: byParameter[parameter] ?? [], neutral: parameter.neutral, fromUs: fromUs)
    }
}

/// Reads one control at times that never go back, in time linear in the curves' points plus the
/// reads: the curve in force (the last to start at or before the time) and the point after the
/// time are found once and then only moved forward.
public struct ControlCursor: Sendable {
    private let curves: [AHAPAudioCurve]
    private let neutral: Float
    /// The curve in force (−1: none yet) and, inside it, the first point at or after the time.
    private var current: Int
    private var upper = 1

    /// A cursor over `curves` (ordered as `AudioControls` orders them) for reads from `fromUs` on.
    init(curves: [AHAPAudioCurve], neutral: Float, fromUs: Int64) {
        self.curves = curves
        self.neutral = neutral
        // The last curve starting at or before `fromUs`, by binary search.
        var low = 0, high = curves.count
        while low < high {
            let middle = (low + high) / 2
            if curves[middle].startUs <= fromUs { low = middle + 1 } else { high = middle }
        }
        current = low - 1
    }

    /// The control at pattern time `us` (no earlier than the previous read): the first point's
    /// value before it, linear between points, the last point's after it; neutral before any curve.
    public mutating func value(atUs us: Int64) -> Float {
        while current + 1 < curves.count, curves[current + 1].startUs <= us {
            current += 1
            upper = 1
        }
        guard current >= 0 else { return neutral }
        let curve = curves[current]
        guard let first = curve.points.first, let last = curve.points.last else { return neutral }
        let relative = us &- curve.startUs
        if relative <= first.timeUs { return first.value }
        if relative >= last.timeUs { return last.value }
        while curve.points[upper].timeUs < relative { upper += 1 }
        let low = curve.points[upper - 1], high = curve.points[upper]
        return low.value + (high.value - low.value) * Float(Double(relative - low.timeUs) / Double(high.timeUs - low.timeUs))
    }
}

extension AHAPAudioEvent {
    /// A whole sound file from pattern time 0, once, without the volume envelope: a player's own
    /// sound (an `AVAudioPlayer`'s, a system sound's); `path` names it among the track's resources.
    /// - Parameters: volume 0…1, pitch −1…1 (the file plays at 2^pitch of its speed), pan −1…1.
    package static func wholeSound(path: String, volume: Float, pitch: Float, pan: Float) -> AHAPAudioEvent {
        AHAPAudioEvent(kind: .custom, entry: JSONPath.root.appending("Pattern").appending(0), startUs: 0, durationUs: 0, waveformPath: path,
                       loops: false, usesVolumeEnvelope: false, volume: volume, pitch: pitch, pan: pan, brightness: 1, envelope: EventEnvelope())
    }
}
