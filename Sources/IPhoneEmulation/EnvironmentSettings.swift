import Foundation
import HapticPlayback

extension DeviceSettings {
    /// What is wrong with the environment's settings that `fromEnvironment` passes over: a clock
    /// that is neither `virtual` nor `realtime`.
    static func environmentProblems() -> [String] {
        guard let clock = ProcessInfo.processInfo.environment["HAPSYNTH_COREHAPTICS_CLOCK"], !clock.isEmpty, clock != "virtual", clock != "realtime" else { return [] }
        return ["HAPSYNTH_COREHAPTICS_CLOCK=\(clock) is not a clock (virtual or realtime); the virtual clock is used"]
    }

    /// The settings of a process that never configures the device: `HAPSYNTH_COREHAPTICS_DEVICE`,
    /// `HAPSYNTH_COREHAPTICS_CLOCK` (`virtual` or `realtime`) and `HAPSYNTH_COREHAPTICS_PLAY` (an
    /// ALSA device), else the defaults.
    static func fromEnvironment() -> DeviceSettings {
        let environment = ProcessInfo.processInfo.environment
        var settings = DeviceSettings()
        if let device = environment["HAPSYNTH_COREHAPTICS_DEVICE"], !device.isEmpty { settings.device = device }
        settings.realtime = environment["HAPSYNTH_COREHAPTICS_CLOCK"] == "realtime"
        if let live = environment["HAPSYNTH_COREHAPTICS_PLAY"], !live.isEmpty { settings.liveDevice = live }
        return settings
    }

    /// Whether the environment asks for a capture (`HAPSYNTH_COREHAPTICS_CAPTURE`).
    static var capturesFromEnvironment: Bool { !(ProcessInfo.processInfo.environment["HAPSYNTH_COREHAPTICS_CAPTURE"] ?? "").isEmpty }
}
