import HapticCore
import HapticPlanner

/// `--platform ios|android` and `--android-device NAME|FILE` (docs/android.md).
enum AndroidOptions {
    /// The Android device the arguments choose, or nil for iOS (the default platform).
    static func device(_ arguments: ParsedArguments, command: String) throws(CLIError) -> AndroidDevice? {
        let platform = arguments.value("--platform") ?? "ios"
        guard ["ios", "android"].contains(platform) else {
            throw .usage("--platform takes ios or android, got '\(platform)'", command: command)
        }
        guard platform == "android" else {
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
