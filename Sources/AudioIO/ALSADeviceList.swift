import CALSA
import Glibc

/// The playback devices ALSA knows (its "hints", as `aplay -L` lists them).
public enum ALSADeviceList {
    public struct Device: Hashable, Sendable {
        /// What `--device` takes: `default`, `null`, `sysdefault:CARD=PCH`, …
        public let name: String
        /// ALSA's description, its lines joined by ` — ` (empty when it has none).
        public let description: String
    }

    /// Every PCM device that can play (output or both directions), in ALSA's order.
    public static func playbackDevices() -> [Device] {
        hapsynth_alsa_silence()
        var hints: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
        guard snd_device_name_hint(-1, "pcm", &hints) == 0, let hints else { return [] }
        defer { snd_device_name_free_hint(hints) }
        var devices: [Device] = []
        var index = 0
        while let hint = hints[index] {
            index += 1
            func field(_ id: String) -> String? {
                guard let value = snd_device_name_get_hint(hint, id) else { return nil }
                defer { free(value) }
                return String(cString: value)
            }
            guard let name = field("NAME") else { continue }
            if let direction = field("IOID"), direction != "Output" { continue }
            let description = (field("DESC") ?? "").split(separator: "\n").joined(separator: " — ")
            devices.append(Device(name: name, description: description))
        }
        return devices
    }
}
