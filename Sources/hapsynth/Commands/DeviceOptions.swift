import HapsynthKit

/// `--device-profile NAME|FILE`, `--platform ios|android[|both]` and `--android-device NAME|FILE`
/// (docs/devices.md, docs/android.md): what a command plays on, chosen by HapsynthKit's
/// `DeviceChoice`; an unknown name is a usage error listing the names (64), a missing file 66, a
/// file that cannot be used 65 with its JSON path.
enum DeviceOptions {
    static let profile = Option("--device-profile", "NAME|FILE", help: "A catalogue device ('hapsynth devices --list') or device file: platform and actuator.")
    /// `--platform`, whose values `DeviceChoice` checks (each command says which in its help).
    static let platform = Option("--platform", "ios|android", help: "Render as an iPhone (default) or an Android phone plays.")
    static let androidDevice = Option("--android-device", "NAME|FILE", help: "With --platform android: the Android device (default flagship-api36).")

    /// The device, platform and capabilities the arguments choose; `recorded` is the platform when
    /// none is named (a check suite's).
    static func chosen(_ arguments: ParsedArguments, allowingBoth: Bool = false, recorded: Platform = .ios) throws(CLIError) -> DeviceChoice.Chosen {
        let choice = try choice(arguments, allowingBoth: allowingBoth, recorded: recorded)
        return try worded(arguments.commandName) { try choice.resolve() }
    }

    /// The names the arguments give.
    static func choice(_ arguments: ParsedArguments, allowingBoth: Bool, recorded: Platform) throws(CLIError) -> DeviceChoice {
        var choice = DeviceChoice()
        (choice.deviceProfile, choice.platform, choice.androidDevice) = (try arguments.value(profile), try arguments.value(platform), try arguments.value(androidDevice))
        (choice.allowsBoth, choice.recorded) = (allowingBoth, Platform.playing(arguments.positionals, otherwise: recorded))
        return choice
    }

    /// What a rendering command plays on: the device's actuator over the profile options (`base`
    /// under them), the platform and the capabilities.
    static func target(
        _ arguments: ParsedArguments, allowingBoth: Bool = false, recorded: Platform = .ios, base: ActuatorProfile = ActuatorProfile()
    ) throws(CLIError) -> DeviceChoice.Target {
        let (choice, profile) = (try choice(arguments, allowingBoth: allowingBoth, recorded: recorded), try ProfileOptions.choice(arguments, base: base))
        return try worded(arguments.commandName) { try choice.target(over: profile) }
    }
}

extension CLIError {
    /// Names that choose no device, in the words of the options.
    init(_ error: DeviceChoiceError, command: String) {
        switch error {
        case let .unknownPlatform(platform, platforms):
            self = .usage("--platform takes \(platforms.dropLast().joined(separator: ", ")) or \(platforms.last ?? ""), got '\(platform)'", command: command)
        case .androidDeviceOnIOS: self = .usage("--android-device goes with --platform android", command: command)
        case let .unknownAndroidDevice(name, names):
            let hint = KeySuggestion.closest(to: name, among: names).map { " (did you mean '\($0)'?)" } ?? ""
            self = .usage("--android-device: unknown Android device '\(name)'\(hint); the devices are \(names.joined(separator: ", ")), or a JSON file",
                          command: command)
        case .iosCatalogueDevice(let name): self = .usage("--android-device: \(name) is an iOS device of the catalogue; name an Android one", command: command)
        case .catalogueDeviceInBoth(let name):
            self = .usage("--platform both renders both sides with the iPhone's actuator, not \(name)'s; render --platform android --android-device \(name) on its own", command: command)
        case .unknownDeviceProfile(let choice): self = .usage("--device-profile: \(choice)", command: command)
        case .deviceFile(let file): self = file.isMissing ? .missingInput(file.description) : .invalidInput(file.description)
        case .deviceProfileWithAndroidDevice(let name):
            self = .usage("--device-profile \(name) sets the Android device; leave out --android-device", command: command)
        case let .deviceProfileOnOtherPlatform(name, devicePlatform, asked):
            self = .usage("--device-profile \(name) is an \(devicePlatform == "ios" ? "iOS" : "Android") device; leave out --platform \(asked)", command: command)
        case let .deviceProfileInvalid(name, profile): self = .usage("--device-profile \(name): \(profile)", command: command)
        case .profile(let profile): self = CLIError(profile, command: command)
        case .other(let text): self = .invalidInput(text)
        }
    }
}
