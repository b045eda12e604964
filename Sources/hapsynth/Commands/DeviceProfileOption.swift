import HapsynthKit

/// `--device-profile NAME|FILE` (docs/devices.md): a catalogue device or a device file sets the
/// platform, the Android device, the capabilities and the actuator (the resonator at its f0 and
/// Q, its band, its full scale) over the profile's own keys.
enum DeviceProfileOption {
    static let spec = OptionSpec(name: "--device-profile", valueName: "NAME|FILE",
                                 help: "A catalogue device ('hapsynth devices --list') or device file: platform and actuator.")

    /// The device the arguments name, if any. With `--android-device` or a `--platform` other
    /// than the device's it is a usage error (64); an unknown name 64 with the list; a missing
    /// file 66; a file that cannot be used 65 with its place.
    static func device(_ arguments: ParsedArguments, command: String) throws(CLIError) -> DeviceProfile? {
        guard let choice = arguments.value("--device-profile") else { return nil }
        let device: DeviceProfile
        do {
            device = try DeviceProfile.resolve(choice)
        } catch let error as DeviceProfileChoiceError {
            throw .usage("--device-profile: \(error)", command: command)
        } catch let error as SettingsFileError {
            throw error.isMissing ? .missingInput(error.description) : .invalidInput(error.description)
        } catch {
            throw .invalidInput("\(error)")
        }
        if arguments.value("--android-device") != nil {
            throw .usage("--device-profile \(choice) sets the Android device; leave out --android-device", command: command)
        }
        if let platform = arguments.value("--platform"), platform != device.platform.name {
            throw .usage("--device-profile \(choice) is an \(device.platform.name == "ios" ? "iOS" : "Android") device; "
                + "leave out --platform \(platform)", command: command)
        }
        return device
    }

    /// `profile` with the device's actuator, when one is named.
    static func profile(_ device: DeviceProfile?, over profile: ActuatorProfile, command: String) throws(CLIError) -> ActuatorProfile {
        guard let device else { return profile }
        let applied = device.applied(to: profile)
        do {
            try applied.validate()
        } catch {
            throw .usage("--device-profile \(device.name): \(error)", command: command)
        }
        return applied
    }

    /// What a rendering command uses: the profile (the device's actuator over the profile options),
    /// the platform (the device's, else `--platform` and `--android-device`) and the capabilities.
    static func choose(
        _ arguments: ParsedArguments, command: String, allowingBoth: Bool = false
    ) throws(CLIError) -> (profile: ActuatorProfile, platform: Platform, capabilities: DeviceCapabilities) {
        // A catalogue Android device named by `--android-device` (`pixel-5`) is that device,
        // actuator and all, as `--device-profile` names it.
        let named = arguments.value("--device-profile") == nil ? arguments.value("--android-device").flatMap(AndroidOptions.catalogueDevice) : nil
        let device: DeviceProfile?
        if let named {
            // Its platform and the rules of `--platform` are `AndroidOptions`'.
            _ = try AndroidOptions.platform(arguments, command: command, allowingBoth: allowingBoth)
            device = named
        } else {
            device = try Self.device(arguments, command: command)
        }
        let chosen = try profile(device, over: try ProfileOptions.resolve(arguments, command: command), command: command)
        if let device { return (chosen, device.platform, device.capabilities) }
        return (chosen, try AndroidOptions.platform(arguments, command: command, allowingBoth: allowingBoth), .iPhone)
    }
}
