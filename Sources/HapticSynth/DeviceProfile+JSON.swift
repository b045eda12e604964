import HapticCore
import HapticPlanner

extension DeviceProfile {
    /// Reads a device profile (docs/devices.md, `docs/schema/device-profile.schema.json`): every
    /// leaf under `hasHaptics`, `actuator`, `android` and `systemFeedback` takes its provenance from the entry keyed
    /// by its JSON Pointer or, failing that, by its nearest enclosing array or object (one entry
    /// for a whole table); every entry names a value of the device.
    public static func read(_ bytes: [UInt8], file: String) throws(SettingsFileError) -> DeviceProfile {
        let root = try SettingsFileError.parse(bytes, file: file)
        let reader = SettingsReader(file: file)
        let keys = ["name", "title", "platform", "hasHaptics", "actuator", "android", "systemFeedback", "provenance"]
        let members = try reader.members(root, .root, keys: keys, what: "an object of device profile keys")
        func required(_ key: String) throws(SettingsFileError) -> JSONNode { try reader.required(key, in: members, of: root, at: .root) }
        let name = try reader.text(try required("name"), JSONPath.root.appending("name"))
        let title = try reader.text(try required("title"), JSONPath.root.appending("title"))
        let platformPath = JSONPath.root.appending("platform")
        let platform = try reader.text(try required("platform"), platformPath)
        guard platform == "ios" || platform == "android" else {
            throw reader.fail("expected \"ios\" or \"android\", got \"\(PatternFileError.shown(platform))\"", try required("platform"), platformPath)
        }
        let hasHapticsNode = try required("hasHaptics")
        guard case .bool(let hasHaptics) = hasHapticsNode.value else {
            throw reader.fail("expected true or false, got \(hasHapticsNode.kindDescription)", hasHapticsNode, JSONPath.root.appending("hasHaptics"))
        }
        var actuator: Actuator?
        if let node = members["actuator"] {
            actuator = try reader.actuator(node, JSONPath.root.appending("actuator"))
        } else if hasHaptics {
            throw reader.fail("a device with haptics needs \"actuator\"", root, .root)
        }
        var android: AndroidDevice?
        if let node = members["android"] {
            guard platform == "android" else { throw reader.fail("\"android\" goes with \"platform\": \"android\"", node, JSONPath.root.appending("android")) }
            android = try AndroidDevice.read(node, file: file, at: JSONPath.root.appending("android"), name: name)
        } else if platform == "android" {
            throw reader.fail("an Android device needs \"android\"", root, .root)
        }
        var feedback: SystemFeedback?
        if let node = members["systemFeedback"] {
            guard platform == "ios" else { throw reader.fail("\"systemFeedback\" goes with \"platform\": \"ios\"", node, JSONPath.root.appending("systemFeedback")) }
            feedback = try reader.systemFeedback(node, JSONPath.root.appending("systemFeedback"))
        }
        var nodes = [SettingsReader.ValueNode(pointer: "/hasHaptics", text: hasHaptics ? "true" : "false", leafCount: 0)]
        if let node = members["actuator"] { nodes += SettingsReader.nodes(node, "/actuator") }
        if let node = members["android"] { nodes += SettingsReader.nodes(node, "/android") }
        if let node = members["systemFeedback"] { nodes += SettingsReader.nodes(node, "/systemFeedback") }
        let provenance = try reader.provenance(try required("provenance"), nodes: nodes)
        return DeviceProfile(name: name, title: title, isIOS: platform == "ios", hasHaptics: hasHaptics, actuator: actuator,
                             android: android, systemFeedback: feedback, provenance: provenance)
    }
}

/// The reading rules of a device profile file, with the place of every refusal.
extension SettingsReader {
    func actuator(_ node: JSONNode, _ path: JSONPath) throws(SettingsFileError) -> DeviceProfile.Actuator {
        let members = try members(node, path, keys: ["f0Hz", "q", "fullScaleG", "bandHz", "foamG"],
                                  what: "an object of f0Hz, q, fullScaleG, bandHz and foamG")
        func required(_ key: String) throws(SettingsFileError) -> JSONNode { try self.required(key, in: members, of: node, at: path) }
        // Ceilings where they enter: no rate hapsynth renders at (at most 192 kHz) plays past 96 kHz,
        // and no actuator moves a phone at 1,000 g.
        let f0 = try number(try required("f0Hz"), path.appending("f0Hz"), "within 20...96000") { $0 >= 20 && $0 <= 96_000 }
        let q = try number(try required("q"), path.appending("q"), "within 0.5...100") { $0 >= 0.5 && $0 <= 100 }
        let scale = try number(try required("fullScaleG"), path.appending("fullScaleG"), "greater than 0 and at most 1000") { $0 > 0 && $0 <= 1_000 }
        let bandNode = try required("bandHz"), bandPath = path.appending("bandHz")
        guard case .array(let band) = bandNode.value, band.count == 2 else { throw fail("expected [min, max] in Hz", bandNode, bandPath) }
        let low = try number(band[0], bandPath.appending(0), "greater than 0") { $0 > 0 }
        let high = try number(band[1], bandPath.appending(1), "above the band's minimum (\(low)) and at most 96000") { $0 > low && $0 <= 96_000 }
        var foam: OutputAccelerationMap?
        if let node = members["foamG"] { foam = try outputAccelerationMap(node, path.appending("foamG")) }
        return DeviceProfile.Actuator(f0Hz: f0, q: q, fullScaleG: scale, bandHz: low...high, foamG: foam)
    }

    /// The most points a map may have (a HAL's map at 1 Hz from 0 to 4 kHz fits).
    static let maxMapPoints = 4_096

    /// `foamG`: [[Hz, g], …], at least two points, frequencies rising, each acceleration within
    /// 0...1000 g.
    func outputAccelerationMap(_ node: JSONNode, _ path: JSONPath) throws(SettingsFileError) -> OutputAccelerationMap {
        guard case .array(let items) = node.value, (2...Self.maxMapPoints).contains(items.count) else {
            throw fail("expected 2 to \(Self.maxMapPoints) points [Hz, g] by rising frequency", node, path)
        }
        var points: [OutputAccelerationMap.Point] = []
        for (index, item) in items.enumerated() {
            let pointPath = path.appending(index)
            guard case .array(let pair) = item.value, pair.count == 2 else { throw fail("expected [Hz, g]", item, pointPath) }
            let floor = points.last?.hz ?? 0
            let hz = try number(pair[0], pointPath.appending(0), "above \(NumberText.significant(floor)) (the frequencies rise) and at most 96000") {
                $0 > floor && $0 <= 96_000
            }
            let g = try number(pair[1], pointPath.appending(1), "within 0...1000") { $0 >= 0 && $0 <= 1_000 }
            points.append(.init(hz: hz, g: g))
        }
        return OutputAccelerationMap(points)
    }

    /// A value of a device file: its JSON Pointer, its JSON text (for an array or object with
    /// values, how many leaves it holds) and its leaf count (0: it is a leaf).
    struct ValueNode {
        let pointer: String
        let text: String
        let leafCount: Int
    }

    /// The values at and below `node`, parents before their children: leaves are scalars, null and
    /// empty objects and arrays.
    static func nodes(_ node: JSONNode, _ pointer: String) -> [ValueNode] {
        var children: [ValueNode] = []
        switch node.value {
        case .object(let members) where !members.isEmpty:
            // RFC 6901: "~" is written "~0" and "/" is "~1".
            let escaped = { (key: String) in key.map { $0 == "~" ? "~0" : $0 == "/" ? "~1" : String($0) }.joined() }
            children = members.flatMap { nodes($0.value, pointer + "/" + escaped($0.key)) }
        case .array(let items) where !items.isEmpty:
            children = items.enumerated().flatMap { nodes($0.element, pointer + "/\($0.offset)") }
        case .object: return [ValueNode(pointer: pointer, text: "{}", leafCount: 0)]
        case .array: return [ValueNode(pointer: pointer, text: "[]", leafCount: 0)]
        case .string(let text): return [ValueNode(pointer: pointer, text: "\"\(text)\"", leafCount: 0)]
        case .number(let number): return [ValueNode(pointer: pointer, text: number.text, leafCount: 0)]
        case .bool(let value): return [ValueNode(pointer: pointer, text: value ? "true" : "false", leafCount: 0)]
        case .null: return [ValueNode(pointer: pointer, text: "null", leafCount: 0)]
        }
        let leaves = children.filter { $0.leafCount == 0 }.count
        return [ValueNode(pointer: pointer, text: "(\(leaves) values)", leafCount: leaves)] + children
    }

    /// The provenance object: entries {basis, ref} keyed by values of the device; every leaf is
    /// covered by its own entry or its nearest enclosing one. In the values' order.
    func provenance(_ node: JSONNode, nodes: [ValueNode]) throws(SettingsFileError) -> [(pointer: String, value: String, provenance: DeviceProfile.Provenance)] {
        let path = JSONPath.root.appending("provenance")
        guard case .object(let pointers) = node.value else { throw fail("expected an object of JSON Pointers, got \(node.kindDescription)", node, path) }
        // Pointers looked up in sets and tables, never by scanning: a large file stays linear.
        let values = Set(nodes.map(\.pointer))
        var entries: [String: DeviceProfile.Provenance] = [:]
        for member in pointers {
            let entryPath = path.appending(member.key)
            guard values.contains(member.key) else {
                throw fail("\"\(PatternFileError.shown(member.key))\" is not a value of this device (a JSON Pointer such as /actuator/f0Hz)", member.value, entryPath)
            }
            guard entries[member.key] == nil else { throw fail("a second provenance for \(member.key)", member.value, entryPath) }
            let fields = try members(member.value, entryPath, keys: ["basis", "ref"], what: "an object of basis and ref")
            guard let basisNode = fields["basis"], case .string(let name) = basisNode.value, let basis = DeviceProfile.Basis(rawValue: name) else {
                throw fail("expected \"basis\": one of \(DeviceProfile.Basis.allCases.map(\.rawValue).joined(separator: ", "))", fields["basis"] ?? member.value, entryPath.appending("basis"))
            }
            guard let refNode = fields["ref"] else { throw fail("missing \"ref\"", member.value, entryPath) }
            entries[member.key] = DeviceProfile.Provenance(basis: basis, ref: try text(refNode, entryPath.appending("ref")))
        }
        /// Whether the value at `pointer`, or one enclosing it, has an entry.
        func covered(_ pointer: String) -> Bool {
            var enclosing = Substring(pointer)
            while !enclosing.isEmpty {
                if entries[String(enclosing)] != nil { return true }
                guard let slash = enclosing.lastIndex(of: "/") else { return false }
                enclosing = enclosing[..<slash]
            }
            return false
        }
        if let missing = nodes.first(where: { $0.leafCount == 0 && !covered($0.pointer) }) {
            throw fail("no provenance for \(missing.pointer): every value says where it comes from (measured, sourced, derived or assumed)", node, path)
        }
        return nodes.compactMap { value in entries[value.pointer].map { (value.pointer, value.text, $0) } }
    }
}
