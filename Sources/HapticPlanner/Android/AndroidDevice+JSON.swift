import HapticCore

extension AndroidDevice {
    /// The device `--android-device` names: one of `named`, or a JSON file (docs/android.md).
    /// - Throws: `AndroidDeviceChoiceError.unknownName` (listing the names) for a word that is
    ///   neither; `SettingsFileError` with the JSON path for a file that cannot be used.
    public static func resolve(_ nameOrPath: String) throws -> AndroidDevice {
        if let device = named.first(where: { $0.name == nameOrPath }) { return device }
        guard nameOrPath.contains("/") || nameOrPath.hasSuffix(".json") else {
            throw AndroidDeviceChoiceError(name: nameOrPath)
        }
        return try read(contentsOf: nameOrPath)
    }

    /// Reads a device file: `apiLevel` (required), `name`, `hasVibrator`, `hasAmplitudeControl`,
    /// `envelope` (an object of the four limits, or null), `primitives` (durations in ms by
    /// name: CLICK, TICK, LOW_TICK) and `effects` (predefined effects as the firmware plays them:
    /// [[ms, drive 0…1], …] by name).
    public static func read(contentsOf path: String) throws(SettingsFileError) -> AndroidDevice {
        try read(try SettingsReader.root(of: path), file: path, at: .root)
    }

    /// Reads a device description held in a JSON value of `file` (a device file's root, or the
    /// `androidDevice` of a check suite's settings); the name defaults to the file's stem.
    /// - Parameter path: where the value sits in the file (for messages).
    /// - Parameter name: the name when the value has none (default: the file's stem).
    package static func read(_ node: JSONNode, file: String, at path: JSONPath = .root, name: String? = nil) throws(SettingsFileError) -> AndroidDevice {
        try AndroidDeviceReader(file: file, base: path).device(node, defaultName: name ?? FileName.stem(file))
    }
}

/// A device name that is not one of hapsynth's.
public struct AndroidDeviceChoiceError: Error, Sendable, CustomStringConvertible {
    public let name: String
    public var description: String {
        let names = AndroidDevice.named.map(\.name)
        let hint = KeySuggestion.closest(to: name, among: names).map { " (did you mean '\($0)'?)" } ?? ""
        return "unknown Android device '\(name)'\(hint); the devices are \(names.joined(separator: ", ")), or a JSON file"
    }
}

private enum FileName {
    /// `phones/pixel.json` → `pixel`.
    static func stem(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name.hasSuffix(".json") ? String(name.dropLast(5)) : name
    }
}

private struct AndroidDeviceReader {
    let file: String
    /// Where the device object sits in the file.
    let base: JSONPath

    private var reader: SettingsReader { SettingsReader(file: file) }

    func device(_ root: JSONNode, defaultName: String) throws(SettingsFileError) -> AndroidDevice {
        let keys = ["name", "apiLevel", "hasVibrator", "hasAmplitudeControl", "envelope", "primitives", "effects"]
        let fields = try reader.members(root, base, keys: keys, what: "an object of Android device keys")
        guard let api = fields["apiLevel"] else {
            throw SettingsFileError(file: file, position: root.position, path: base, message: "missing key \"apiLevel\"")
        }
        var device = AndroidDevice(name: defaultName, apiLevel: Int(try reader.whole(api, base.appending("apiLevel"), minimum: 1)))
        if let name = fields["name"] { device.name = try reader.string(name, base.appending("name")) }
        device.hasVibrator = try reader.flag(fields["hasVibrator"], base.appending("hasVibrator"), default: true)
        device.hasAmplitudeControl = try reader.flag(fields["hasAmplitudeControl"], base.appending("hasAmplitudeControl"), default: true)
        if let envelope = fields["envelope"], !isNull(envelope) {
            let path = base.appending("envelope")
            let limitKeys = ["maxControlPoints", "minSegmentMs", "maxSegmentMs", "maxDurationMs"]
            let limits = try reader.members(envelope, path, keys: limitKeys, what: "an object of envelope limits, or null")
            var values: [Int64] = []
            for key in limitKeys {
                guard let node = limits[key] else {
                    throw SettingsFileError(file: file, position: envelope.position, path: path, message: "missing key \"\(key)\"")
                }
                values.append(try reader.whole(node, path.appending(key), minimum: 1))
            }
            device.envelope = AndroidEnvelopeLimits(maxControlPoints: Int(values[0]), minSegmentMs: values[1], maxSegmentMs: values[2], maxDurationMs: values[3])
        }
        if let primitives = fields["primitives"] {
            let path = base.appending("primitives")
            let names = AndroidPrimitive.allCases.map(\.rawValue)
            for (name, node) in try reader.members(primitives, path, keys: names, what: "an object of primitive durations in ms") {
                device.primitiveDurationsMs[AndroidPrimitive(rawValue: name)!] = Int(try reader.whole(node, path.appending(name), minimum: 0))
            }
        }
        if let effects = fields["effects"] {
            let path = base.appending("effects")
            for member in try reader.orderedMembers(effects, path, keys: AndroidFirmwareEffect.names, what: "an object of predefined effects") {
                device.effects.append(AndroidFirmwareEffect(name: member.key, segments: try segments(member.value, path.appending(member.key))))
            }
        }
        return device
    }

    /// [[ms, drive], …]: 1 to 64 segments of 1…60000 ms at a drive in 0…1.
    private func segments(_ node: JSONNode, _ path: JSONPath) throws(SettingsFileError) -> [AndroidFirmwareEffect.Segment] {
        guard case .array(let items) = node.value, (1...64).contains(items.count) else { throw reader.fail("expected 1 to 64 segments [ms, drive]", node, path) }
        var segments: [AndroidFirmwareEffect.Segment] = []
        for (index, item) in items.enumerated() {
            guard case .array(let pair) = item.value, pair.count == 2 else { throw reader.fail("expected [ms, drive]", item, path.appending(index)) }
            let ms = try reader.whole(pair[0], path.appending(index).appending(0), minimum: 1)
            guard ms <= 60_000 else { throw reader.fail("expected at most 60000 ms, got \(ms)", pair[0], path.appending(index).appending(0)) }
            let drive = try reader.number(pair[1], path.appending(index).appending(1), "within 0...1") { (0...1).contains($0) }
            segments.append(.init(ms: ms, drive: drive))
        }
        return segments
    }

    private func isNull(_ node: JSONNode) -> Bool {
        if case .null = node.value { return true }
        return false
    }
}
