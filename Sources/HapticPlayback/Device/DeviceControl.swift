import HapticPlanner

/// A control sent to a playing segment: a haptic control (an AHAP `ParameterCurve`'s) or an audio
/// one, its points in seconds after it starts and its values.
package struct DeviceControl: Sendable {
    package let haptic: ParameterCurve.Parameter?
    package let audio: AHAPAudioCurve.Parameter?
    package let timesSeconds: [Double]
    package let values: [Float]
    /// The pattern time it starts at in milliseconds, for a curve placed as an AHAP file places it;
    /// nil: the pattern time of the frame it is applied at.
    package let startMs: Double?

    package init(haptic: ParameterCurve.Parameter?, audio: AHAPAudioCurve.Parameter?, timesSeconds: [Double], values: [Float], startMs: Double?) {
        (self.haptic, self.audio, self.timesSeconds, self.values, self.startMs) = (haptic, audio, timesSeconds, values, startMs)
    }
}
