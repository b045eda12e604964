import HapticCore
import HapticPlanner

/// `--platform ios|android` and `--android-device NAME|FILE` (docs/android.md).
enum AndroidOptions {
    /// The Android device the arguments choose, or nil for iOS (the default platform).
    /// `allowingBoth`: `both` is a platform too (render's stereo file).
    static func device(_ arguments: ParsedArguments, command: String, allowingBoth: Bool = false) throws(CLIError) -> AndroidDevice? {
        let platform = try platform(arguments, command: command, allowingBoth: allowingBoth) ?? "ios"
        guard platform != "ios" else {
            if arguments.value("--android-device") != nil { throw .usage("--android-device goes with --platform android", command: command) }
            return nil
        }
        return try resolve(arguments.value("--android-device") ?? AndroidDevice.flagship.name, command: command)
    }

    /// The `--platform` value, checked; nil when the option is not given.
    static func platform(_ arguments: ParsedArguments, command: String, allowingBoth: Bool = false) throws(CLIError) -> String? {
        guard let platform = arguments.value("--platform") else { return nil }
        let platforms = allowingBoth ? ["ios", "android", "both"] : ["ios", "android"]
        guard platforms.contains(platform) else {
            throw .usage("--platform takes \(platforms.dropLast().joined(separator: ", ")) or \(platforms.last!), got '\(platform)'", command: command)
        }
        return platform
    }

    /// A named device or a device file: an unknown name is a usage error listing the names (64),
    /// a missing file 66, a file that cannot be used 65 with its JSON path.
    static func resolve(_ choice: String, command: String) throws(CLIError) -> AndroidDevice {
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
