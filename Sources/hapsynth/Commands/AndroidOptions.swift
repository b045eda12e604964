import HapticCore
import HapticPlanner

/// `--platform ios|android` and `--android-device NAME|FILE` (docs/android.md).
enum AndroidOptions {
    /// The Android device the arguments choose, or nil for iOS.
    /// - Parameters:
    ///   - allowingBoth: `both` is a platform too (render's stereo file).
    ///   - recorded: the platform's default when `--platform` is not given: nil for iOS, or an
    ///     Android device, which is also the default of `--android-device` (a check suite's).
    static func device(
        _ arguments: ParsedArguments, command: String, allowingBoth: Bool = false, recorded: AndroidDevice? = nil
    ) throws(CLIError) -> AndroidDevice? {
        let platform = try platform(arguments, command: command, allowingBoth: allowingBoth) ?? (recorded == nil ? "ios" : "android")
        let choice = arguments.value("--android-device")
        guard platform != "ios" else {
            if choice != nil { throw .usage("--android-device goes with --platform android", command: command) }
            return nil
        }
        guard let choice else { return recorded ?? .flagship }
        return try resolve(choice, command: command)
    }

    /// The `--platform` value, checked; nil when the option is not given.
    private static func platform(_ arguments: ParsedArguments, command: String, allowingBoth: Bool) throws(CLIError) -> String? {
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

extension LoadedPlan {
    /// The pattern planned for `device`. An AHAP file is refused (exit 65): it is a Core Haptics
    /// plan with no Jindong pattern behind it, and the Android planner takes a pattern.
    /// - Parameters:
    ///   - path: the pattern file, as the user named it (for the message).
    ///   - platform: the `--platform` value asked for (`android` or `both`).
    func androidPlan(on device: AndroidDevice, path: String, platform: String = "android") throws(CLIError) -> AndroidPlan {
        guard let pattern else {
            throw .invalidInput("\(path): an AHAP file is a Core Haptics pattern; --platform \(platform) takes a pattern.json")
        }
        return planAndroid(pattern, device: device)
    }
}
