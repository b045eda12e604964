import HapticCore
import HapticPlanner

/// What an iOS device plays for UIKit's feedback generators and AudioToolbox's vibrating system
/// sounds (docs/corehaptics.md, "Feedback generators, system sounds and AVAudioPlayer"): one AHAP
/// pattern of haptics per name, read from a device file's `systemFeedback` object.
public struct SystemFeedback: Sendable {
    /// The names a table may give, in the docs' order: the five impact styles, the three
    /// notification types, the selection tick, `kSystemSoundID_Vibrate` (4095) and the system
    /// sounds 1519, 1520 and 1521 that apps play for a tap (`peek`, `pop`, `nope`).
    public static let names = ["impact.light", "impact.medium", "impact.heavy", "impact.soft", "impact.rigid", "notification.success",
                               "notification.warning", "notification.error", "selection", "vibrate", "peek", "pop", "nope"]

    /// The rows the file gives, by name.
    public let patterns: [String: AHAPDocument]

    public init(patterns: [String: AHAPDocument]) { self.patterns = patterns }
}

extension SettingsReader {
    /// `systemFeedback`: {name: AHAP document}, each name one of `SystemFeedback.names`, each
    /// document a pattern of haptics only (an AHAP file's object, read as an AHAP file is).
    func systemFeedback(_ node: JSONNode, _ path: JSONPath) throws(SettingsFileError) -> SystemFeedback {
        var patterns: [String: AHAPDocument] = [:]
        for member in try orderedMembers(node, path, keys: SystemFeedback.names, what: "an object of system feedback patterns by name") {
            let rowPath = path.appending(member.key)
            // Apple's reader needs the Pattern array: an object without one (`{}`, `{"Version": 1}`) is no pattern.
            if case .object = member.value.value, member.value.member("Pattern") == nil {
                throw fail("an AHAP pattern: missing \"Pattern\" (an empty array plays nothing)", member.value, rowPath)
            }
            let document: AHAPDocument
            do {
                document = try AHAPImport.read(member.value, file: file)
            } catch {
                throw SettingsFileError(file: file, position: error.position, path: rowPath, message: "an AHAP pattern: \(error.message) at \(error.path)")
            }
            guard document.audio.events.isEmpty else { throw fail("a system feedback pattern plays haptics only, not audio events", member.value, rowPath) }
            patterns[member.key] = document
        }
        return SystemFeedback(patterns: patterns)
    }
}

extension DeviceProfile {
    /// The row `name` this device plays: its own, else the catalogue `iphone`'s; with the device
    /// it comes from and that device's provenance of it. nil for a name no table gives.
    public func systemFeedbackRow(_ name: String) -> (document: AHAPDocument, device: String, provenance: Provenance?)? {
        let owner: DeviceProfile
        if systemFeedback?.patterns[name] != nil {
            owner = self
        } else if let iphone = try? Self.catalogue().first(where: { $0.name == "iphone" }), iphone.systemFeedback?.patterns[name] != nil {
            owner = iphone
        } else {
            return nil
        }
        guard let document = owner.systemFeedback?.patterns[name] else { return nil }
        let entry = owner.provenance.first { $0.pointer == "/systemFeedback/" + name } ?? owner.provenance.first { $0.pointer == "/systemFeedback" }
        return (document, owner.name, entry?.provenance)
    }
}
