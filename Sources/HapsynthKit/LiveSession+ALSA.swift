import AudioIO
import HapticPlanner
import HapticSynth

extension LiveSession {
    /// A session that plays on the ALSA device named `device` (`default`, `null`, `hw:0`…), opened
    /// at `profile.sampleRate` for each playback. `underruns` is told how many underruns a
    /// playback's device recovered from (never silently) when the device is let go of: when the
    /// next playback opens it, or when the session is closed.
    public convenience init(
        platform: Platform, profile: ActuatorProfile, allowLong: Bool = false, audio: AudioTrackOptions?, alsaDevice device: String,
        underruns: @escaping (_ count: Int, _ device: String) -> Void
    ) {
        let opened = OpenedDevice(underruns)
        self.init(platform: platform, profile: profile, allowLong: allowLong, audio: audio) { channels in
            let output = try ALSAOutput(device: device, sampleRate: profile.sampleRate, channelCount: channels)
            opened.replace(with: output)
            return output
        }
        onClose = { opened.replace(with: nil) }
    }
}

/// The ALSA device of the latest playback, whose recovered underruns are told when it is let go of.
private final class OpenedDevice {
    private var last: ALSAOutput?
    private let underruns: (Int, String) -> Void

    init(_ underruns: @escaping (Int, String) -> Void) { self.underruns = underruns }

    func replace(with output: ALSAOutput?) {
        if let last, last.recoveredUnderruns > 0 { underruns(last.recoveredUnderruns, last.device) }
        last = output
    }
}
