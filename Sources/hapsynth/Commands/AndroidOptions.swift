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

    /// A named device or a device file: an unknown name is a usage error listing the names (64),
    /// a missing file 66, a file that cannot be used 65 with its JSON path.
    private static func resolve(_ choice: String, command: String) throws(CLIError) -> AndroidDevice {
        do {
            return try AndroidDevice.resolve(choice)
        } catch let error as AndroidDeviceChoiceError {
            throw .usage("--android-device: \(error)", command: command)
        } catch let error as SettingsFileError {
            throw error.isMissing ? .missingInput(error.description) : .invalidInput(error.description)
        } catch {
            throw .invalidInput("\(error)")
        }
    }
}
