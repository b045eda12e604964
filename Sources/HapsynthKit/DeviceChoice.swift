import HapticCore
import HapticPlanner
import HapticSynth

/// The device a pattern plays on, from the names a user gave (docs/devices.md, docs/android.md):
/// a device profile (a catalogue device or a device file) sets the platform, the capabilities and
/// the actuator; else a platform and an Android device (one of Android's named devices, a
/// catalogue device such as `pixel-5`, or a device file). One device name works everywhere.
public struct DeviceChoice: Sendable {
    /// A catalogue device or a device file (`--device-profile`).
    public var deviceProfile: String?
    /// `ios`, `android` or (where `allowsBoth`) `both`; nil: `recorded`'s.
    public var platform: String?
    /// An Android device by name, a catalogue device or a device file.
    public var androidDevice: String?
    /// Whether `both` is a platform (a stereo render: left iOS, right Android).
    public var allowsBoth = false
    /// The platform when none is named (a check suite's), whose Android device is the default.
    public var recorded = Platform.ios

    public init() {}

    /// What was chosen: the device profile, if one was named, the platform and the capabilities.
    public struct Chosen: Sendable {
        public let device: DeviceProfile?
        public let platform: Platform
        public let capabilities: DeviceCapabilities
    }

    /// The device, platform and capabilities the names give.
    public func resolve() throws(DeviceChoiceError) -> Chosen {
        // A catalogue Android device named as the Android device (`pixel-5`) is that device,
        // actuator and all, as a device profile names it.
        if deviceProfile == nil, let name = androidDevice, let named = Self.catalogueDevice(name), case .android = named.platform {
            // A stereo render plays both sides with one actuator: the iPhone's, not this device's.
            if case .both = try resolvePlatform() { throw .catalogueDeviceInBoth(name) }
            return Chosen(device: named, platform: named.platform, capabilities: named.capabilities)
        }
        guard let name = deviceProfile else { return Chosen(device: nil, platform: try resolvePlatform(), capabilities: .iPhone) }
        let device: DeviceProfile
        do {
            device = try DeviceProfile.resolve(name)
        } catch let error as DeviceProfileChoiceError {
            throw .unknownDeviceProfile(error)
        } catch let error as SettingsFileError {
            throw .deviceFile(error)
        } catch {
            throw .other("\(error)")
        }
        if androidDevice != nil { throw .deviceProfileWithAndroidDevice(name) }
        if let platform, platform != device.platform.name { throw .deviceProfileOnOtherPlatform(name, devicePlatform: device.platform.name, asked: platform) }
        return Chosen(device: device, platform: device.platform, capabilities: device.capabilities)
    }

    /// `profile` with the actuator of `device`, when there is one.
    public static func profile(_ device: DeviceProfile?, over profile: ActuatorProfile) throws(DeviceChoiceError) -> ActuatorProfile {
        guard let device else { return profile }
        let applied = device.applied(to: profile)
        do {
            try applied.validate()
        } catch {
            throw .deviceProfileInvalid(device.name, error)
        }
        return applied
    }

    /// The platform without a device profile: `platform` (else `recorded`'s) with its Android device.
    func resolvePlatform() throws(DeviceChoiceError) -> Platform {
        let platforms = allowsBoth ? ["ios", "android", "both"] : ["ios", "android"]
        if let platform, !platforms.contains(platform) { throw .unknownPlatform(platform, platforms: platforms) }
        let name = platform ?? recorded.name
        guard name != "ios" else {
            if androidDevice != nil { throw .androidDeviceOnIOS }
            return .ios
        }
        let device = try androidDevice.map { name throws(DeviceChoiceError) in try Self.android(name) } ?? recorded.androidDevice ?? .flagship
        return name == "both" ? .both(device) : .android(device)
    }

    /// A named Android device, a catalogue device (its Android device) or a device file.
    static func android(_ choice: String) throws(DeviceChoiceError) -> AndroidDevice {
        do {
            return try AndroidDevice.resolve(choice)
        } catch let error as AndroidDeviceChoiceError {
            if let device = catalogueDevice(choice) {
                guard case .android(let android) = device.platform else { throw .iosCatalogueDevice(choice) }
                return android
            }
            // One list of the names it takes: Android's own, then the catalogue's Android devices.
            let catalogue = ((try? DeviceProfile.catalogue()) ?? []).filter { $0.platform.name == "android" }.map(\.name)
            throw .unknownAndroidDevice(error.name, names: AndroidDevice.named.map(\.name) + catalogue)
        } catch let error as SettingsFileError {
            throw .deviceFile(error)
        } catch let error as DeviceChoiceError {
            throw error
        } catch {
            throw .other("\(error)")
        }
    }

    /// The catalogue device named `choice`, if it is one.
    static func catalogueDevice(_ choice: String) -> DeviceProfile? {
        (try? DeviceProfile.catalogue())?.first { $0.name == choice }
    }
}

/// Why the names given choose no device.
public enum DeviceChoiceError: Error, Sendable {
    /// A platform that is not one of `platforms`.
    case unknownPlatform(String, platforms: [String])
    /// An Android device named for an iPhone.
    case androidDeviceOnIOS
    /// A name that is no Android device, with the names there are.
    case unknownAndroidDevice(String, names: [String])
    /// An iOS catalogue device named as the Android device.
    case iosCatalogueDevice(String)
    /// A catalogue Android device for `both`, whose stereo render has one actuator (the iPhone's)
    /// for both sides: the device's own actuator would be lost.
    case catalogueDeviceInBoth(String)
    case unknownDeviceProfile(DeviceProfileChoiceError)
    /// A device file that cannot be used (missing, or with its JSON path).
    case deviceFile(SettingsFileError)
    /// A device profile names the Android device itself.
    case deviceProfileWithAndroidDevice(String)
    /// A device profile of one platform with another asked.
    case deviceProfileOnOtherPlatform(String, devicePlatform: String, asked: String)
    /// A device whose actuator does not fit the profile (the render rate).
    case deviceProfileInvalid(String, ProfileError)
    /// The actuator profile described over the device cannot be made.
    case profile(ProfileChoiceError)
    case other(String)
}

extension DeviceChoice {
    /// What a pattern plays on: the actuator, the platform and the capabilities.
    public struct Target: Sendable {
        /// The device profile named, if one was (nil: the platform's default device).
        public var device: DeviceProfile?
        public var profile: ActuatorProfile
        public var platform: Platform
        public var capabilities: DeviceCapabilities
    }

    /// The device the names give, its actuator (when a device was chosen) over the profile
    /// `profile` describes.
    public func target(over profile: ProfileChoice = ProfileChoice()) throws(DeviceChoiceError) -> Target {
        let chosen = try resolve()
        let options: ActuatorProfile
        do {
            options = try profile.resolve()
        } catch {
            throw .profile(error)
        }
        return Target(device: chosen.device, profile: try Self.profile(chosen.device, over: options), platform: chosen.platform, capabilities: chosen.capabilities)
    }
}
