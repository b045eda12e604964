import HapticCore
import HapticPlanner

/// One device of the catalogue (docs/devices.md): its platform, its actuator as a resonator, its
/// Android capabilities, and where every value comes from. `--device-profile NAME|FILE`.
public struct DeviceProfile: Sendable {
    /// Where a value comes from.
    public enum Basis: String, Sendable, Hashable, CaseIterable { case measured, sourced, derived, assumed }

    /// A value's basis and its reference: a repository path, a URL or a formula.
    public struct Provenance: Sendable, Hashable {
        public let basis: Basis
        public let ref: String
    }

    /// The actuator: its resonance, Q, full scale in g, the band sharpness maps onto, in Hz, and
    /// its HAL's frequency → output acceleration map when it publishes one.
    public struct Actuator: Sendable, Hashable {
        public let f0Hz: Double
        public let q: Double
        public let fullScaleG: Double
        public let bandHz: ClosedRange<Double>
        public let foamG: OutputAccelerationMap?
    }

    public let name: String
    public let title: String
    /// Whether the device is an iPhone-like Core Haptics device (false: Android).
    public let isIOS: Bool
    public let hasHaptics: Bool
    /// nil for a device without haptics.
    public let actuator: Actuator?
    /// The Android capabilities (Android devices only).
    public let android: AndroidDevice?
    /// What it plays for the feedback generators and vibrating system sounds (iOS devices; nil:
    /// the file gives none, and the catalogue's `iphone` rows play).
    public let systemFeedback: SystemFeedback?
    /// Every provenance entry with the value it covers (JSON text; a table as its count of
    /// values), by JSON Pointer (`/actuator/f0Hz`), in the file's order of the values.
    public let provenance: [(pointer: String, value: String, provenance: Provenance)]

    /// The platform it plays as: iOS, or Android on its capabilities.
    public var platform: Platform { android.map(Platform.android) ?? .ios }

    /// What Core Haptics reports: no haptics on a device without them (every iOS plan unsupported).
    public var capabilities: DeviceCapabilities { hasHaptics ? .iPhone : .noHaptics }

    /// `profile` with this device's actuator: the resonator at its f0 and Q, its band as the
    /// platform's frequency keys, its full scale and map; an Android device's full drive reaches
    /// its full scale (androidGain 1).
    public func applied(to profile: ActuatorProfile) -> ActuatorProfile {
        var profile = profile
        guard let actuator else { return profile }
        profile.actuator = .resonator
        profile.resonatorQ = actuator.q
        profile.fullScaleG = actuator.fullScaleG
        profile.foamG = actuator.foamG
        if isIOS {
            profile.resonatorHz = actuator.f0Hz
            profile.minFrequencyHz = actuator.bandHz.lowerBound
            profile.maxFrequencyHz = actuator.bandHz.upperBound
        } else {
            profile.android.gain = 1
            profile.android.resonanceHz = actuator.f0Hz
            profile.android.minFrequencyHz = actuator.bandHz.lowerBound
            profile.android.maxFrequencyHz = actuator.bandHz.upperBound
        }
        return profile
    }

    /// The device `--device-profile` names: one of the catalogue's, or a JSON file.
    /// - Throws: `DeviceProfileChoiceError` (listing the names) for a word that is neither;
    ///   `SettingsFileError` with its place for a file that cannot be used.
    public static func resolve(_ nameOrPath: String) throws -> DeviceProfile {
        if let device = try catalogue().first(where: { $0.name == nameOrPath }) { return device }
        guard nameOrPath.contains("/") || nameOrPath.hasSuffix(".json") else { throw DeviceProfileChoiceError(name: nameOrPath) }
        return try read(try SettingsFileError.read(nameOrPath), file: nameOrPath)
    }

    /// The catalogue shipped in the binary (`devices/*.json`), by name.
    public static func catalogue() throws(SettingsFileError) -> [DeviceProfile] { try embedded.get() }

    /// The embedded files read once, on first use.
    private static let embedded = Result { () throws(SettingsFileError) -> [DeviceProfile] in
        var devices: [DeviceProfile] = []
        for file in DeviceCatalogueFiles.files { devices.append(try read(Array(file.json.utf8), file: "devices/\(file.name).json")) }
        return devices
    }
}

/// A device name that is not one of the catalogue's.
public struct DeviceProfileChoiceError: Error, Sendable, CustomStringConvertible {
    public let name: String

    public init(name: String) { self.name = name }

    public var description: String {
        let names = DeviceCatalogueFiles.files.map(\.name)
        let hint = KeySuggestion.closest(to: name, among: names).map { " (did you mean '\($0)'?)" } ?? ""
        return "unknown device profile '\(name)'\(hint); the devices are \(names.joined(separator: ", ")), or a JSON file"
    }
}
