import HapsynthKit

/// `--platform ios|android[|both]` and `--android-device NAME|FILE` (docs/android.md).
enum AndroidOptions {
    /// The platform the arguments choose.
    /// - Parameters:
    ///   - allowingBoth: `both` is a platform too (render's stereo file).
    ///   - recorded: the platform when `--platform` is not given (a check suite's); its Android
    ///     device is also the default of `--android-device`.
    static func platform(
        _ arguments: ParsedArguments, command: String, allowingBoth: Bool = false, recorded: Platform = .ios
    ) throws(CLIError) -> Platform {
        let name = try platformName(arguments, command: command, allowingBoth: allowingBoth) ?? recorded.name
        let choice = arguments.value("--android-device")
        guard name != "ios" else {
            if choice != nil { throw .usage("--android-device goes with --platform android", command: command) }
            return .ios
        }
        let device = try choice.map { name throws(CLIError) in try resolve(name, command: command) } ?? recorded.androidDevice ?? .flagship
        return name == "both" ? .both(device) : .android(device)
    }

    /// The `--platform` value, checked; nil when the option is not given.
    private static func platformName(_ arguments: ParsedArguments, command: String, allowingBoth: Bool) throws(CLIError) -> String? {
        guard let platform = arguments.value("--platform") else { return nil }
        let platforms = allowingBoth ? ["ios", "android", "both"] : ["ios", "android"]
        guard platforms.contains(platform) else {
            throw .usage("--platform takes \(platforms.dropLast().joined(separator: ", ")) or \(platforms.last!), got '\(platform)'", command: command)
        }
        return platform
    }

    /// A named device, a catalogue device (`pixel-5`: its Android device) or a device file: an
    /// unknown name is a usage error listing the names (64), a missing file 66, a file that cannot
    /// be used 65 with its JSON path.
    private static func resolve(_ choice: String, command: String) throws(CLIError) -> AndroidDevice {
        do {
            return try AndroidDevice.resolve(choice)
        } catch let error as AndroidDeviceChoiceError {
            if let device = catalogueDevice(choice) {
                guard case .android(let android) = device.platform else {
                    throw .usage("--android-device: \(choice) is an iOS device of the catalogue; name an Android one", command: command)
                }
                return android
            }
            // One list of the names it takes: Android's own, then the catalogue's Android devices.
            let catalogue = ((try? DeviceProfile.catalogue()) ?? []).filter { $0.platform.name == "android" }.map(\.name)
            let names = AndroidDevice.named.map(\.name) + catalogue
            let hint = KeySuggestion.closest(to: error.name, among: names).map { " (did you mean '\($0)'?)" } ?? ""
            throw .usage("--android-device: unknown Android device '\(error.name)'\(hint); the devices are \(names.joined(separator: ", ")), "
                + "or a JSON file", command: command)
        } catch let error as SettingsFileError {
            throw error.isMissing ? .missingInput(error.description) : .invalidInput(error.description)
        } catch {
            throw .invalidInput("\(error)")
        }
    }

    /// The catalogue device named `choice`, if it is one (the same name as `--device-profile`'s).
    static func catalogueDevice(_ choice: String) -> DeviceProfile? {
        (try? DeviceProfile.catalogue())?.first { $0.name == choice }
    }
}
