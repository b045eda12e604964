import HapticPlanner
import HapticPlayback

/// A dynamic parameter or a curve sent to a player: which control, its points (seconds of the
/// pattern after its start) and values, clamped into the control's range.
struct SentControl {
    let id: CHHapticDynamicParameter.ID
    /// The haptic control it is, or the audio one (neither: a control hapsynth does not emulate).
    let haptic: ParameterCurve.Parameter?
    let audio: AHAPAudioCurve.Parameter?
    let timesSeconds: [Double]
    let values: [Float]
    /// The pattern time it starts at in milliseconds, for a curve placed as an AHAP file places it;
    /// nil: the pattern time of the frame it is applied at.
    let startMs: Double?

    init?(_ id: CHHapticDynamicParameter.ID, timesSeconds: [Double], values: [Float], startMs: Double? = nil) {
        let haptic: [CHHapticDynamicParameter.ID: ParameterCurve.Parameter] = [
            .hapticIntensityControl: .intensityControl, .hapticSharpnessControl: .sharpnessControl,
            .hapticAttackTimeControl: .attackTimeControl, .hapticDecayTimeControl: .decayTimeControl,
            .hapticReleaseTimeControl: .releaseTimeControl,
        ]
        let audio: [CHHapticDynamicParameter.ID: AHAPAudioCurve.Parameter] = [
            .audioVolumeControl: .volume, .audioPanControl: .pan, .audioBrightnessControl: .brightness, .audioPitchControl: .pitch,
        ]
        guard let range = DeviceCapability.dynamicRange(id) else { return nil }
        (self.id, self.haptic, self.audio, self.timesSeconds, self.startMs) = (id, haptic[id], audio[id], timesSeconds, startMs)
        self.values = values.map { min(max($0, range.0), range.1) }
    }

    /// The value it leaves in force: its last.
    var last: SentControl { SentControl(id, timesSeconds: [0], values: [values.last ?? 0])! }

    /// The control as the device takes it.
    var deviceControl: DeviceControl { DeviceControl(haptic: haptic, audio: audio, timesSeconds: timesSeconds, values: values, startMs: startMs) }

    /// Whether hapsynth emulates it (the audio envelope-time controls it does not, as in files).
    var isEmulated: Bool { haptic != nil || audio != nil }
}
