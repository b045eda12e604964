import HapticCore
import HapticPlanner

/// `--platform ios|android` and `--android-device NAME|FILE` (docs/android.md).
enum AndroidOptions {
    /// The Android device the arguments choose, or nil for iOS (the default platform).
    /// `allowingBoth`: `both` is a platform too (render's stereo file).
    static func device(_ arguments: ParsedArguments, command: String, allowingBoth: Bool = false) throws(CLIError) -> AndroidDevice? {
        let platform = arguments.value("--platform") ?? "ios"
        let platforms = allowingBoth ? ["ios", "android", "both"] : ["ios", "android"]
        guard platforms.contains(platform) else {
            throw .usage("--platform takes \(platforms.dropLast().joined(separator: ", ")) or \(platforms.last!), got '\(platform)'", command: command)
        }
        guard platform != "ios" else {
            if arguments.value("--android-device") != nil { throw .usage("--android-device goes with --platform android", command: command) }
            return nil
        }
        let choice = arguments.value("--android-device") ?? AndroidDevice.flagship.name
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
