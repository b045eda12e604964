import FoundationEssentials
import HapticSynth

/// How the emulated device is set up: which device of the catalogue (or device file), its rate,
/// what it supports and which clock drives it (docs/corehaptics.md, "The emulated device").
package struct DeviceSettings: Sendable, Equatable {
    /// A catalogue name (`iphone`, `ipad`) or a device file.
    package var device: String
    /// Frames per second of the haptics and audio it renders.
    package var sampleRate: Int
    package var supportsHaptics: Bool
    package var supportsAudio: Bool
    /// Whether the clock follows the monotonic clock (false: it moves only when advanced).
    package var realtime: Bool
    /// An ALSA device the device plays through as it renders (the haptics with the audio, in
    /// stereo, as `hapsynth play` plays an AHAP file); nil: none.
    package var liveDevice: String?

    package init(device: String = "iphone", sampleRate: Int = 48_000, supportsHaptics: Bool = true, supportsAudio: Bool = true, realtime: Bool = false,
                 liveDevice: String? = nil) {
        (self.device, self.sampleRate, self.supportsHaptics, self.supportsAudio, self.realtime, self.liveDevice) =
            (device, sampleRate, supportsHaptics, supportsAudio, realtime, liveDevice)
    }

    /// The actuator profile the device plays with: the default profile at `sampleRate` with the
    /// device's actuator, and whether it has haptics.
    /// - Throws: a message for a device that is not in the catalogue, cannot be read, is an
    ///   Android device, or gives an invalid profile.
    package func resolve() throws(DeviceSettingsError) -> (profile: ActuatorProfile, hasHaptics: Bool, device: DeviceProfile) {
        let chosen: DeviceProfile
        do {
            chosen = try DeviceProfile.resolve(device)
        } catch {
            throw DeviceSettingsError(description: "\(error)")
        }
        guard chosen.isIOS else {
            throw DeviceSettingsError(description: "\(chosen.name) is an Android device; Core Haptics plays on an iPhone or iPad device")
        }
        var base = ActuatorProfile()
        base.sampleRate = sampleRate
        let profile = chosen.applied(to: base)
        do {
            try profile.validate()
        } catch {
            throw DeviceSettingsError(description: "device \(device) at \(sampleRate) Hz: \(error)")
        }
        return (profile, chosen.hasHaptics, chosen)
    }
}

extension DeviceSettings {
    /// The profile the device plays with, whether it has haptics and its device, or, for settings
    /// it cannot be set up as, the default profile at the nearest usable rate, no haptics, no
    /// device, and why.
    package func resolvedOrFallback() -> (profile: ActuatorProfile, hasHaptics: Bool, device: DeviceProfile?, problem: String?) {
        do {
            let resolved = try resolve()
            return (resolved.profile, resolved.hasHaptics && supportsHaptics, resolved.device, nil)
        } catch {
            var fallback = ActuatorProfile()
            fallback.sampleRate = max(1_000, min(sampleRate, 384_000))
            return (fallback, false, nil, "\(error)")
        }
    }
}

/// A device the emulator cannot be set up as; engines then fail to start with `serverInitFailed`.
package struct DeviceSettingsError: Error, Sendable, CustomStringConvertible {
    package let description: String
}
