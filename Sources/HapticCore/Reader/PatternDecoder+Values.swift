/// JSON values for the pattern decoder: objects with known keys, numbers, times, intensities,
/// sharpness, counts, factors and curves, each checked at its own JSON path.

/// An object whose keys have been checked against the allowed ones.
struct ObjectReader {
    let node: JSONNode
    let path: JSONPath
    private let members: [JSONMember]

    /// - Throws: for a non-object, or for a key not in `allowed` (with the closest as a hint).
    init(_ node: JSONNode, _ path: JSONPath, allowed: [String], decoder: PatternDecoder) throws(PatternFileError) {
        guard case .object(let members) = node.value else {
            throw decoder.fail(.wrongType(expected: "an object", got: node.kindDescription), node, path)
        }
        for member in members where !allowed.contains(member.key) {
            let suggestion = KeySuggestion.closest(to: member.key, among: allowed)
            throw PatternFileError(
                file: decoder.file, position: member.keyPosition, path: path,
                reason: .unknownName(kind: "key", name: member.key, suggestion: suggestion, known: allowed))
        }
        self.node = node
        self.path = path
        self.members = members
    }

    subscript(key: String) -> JSONNode? { members.first { $0.key == key }?.value }

    func required(_ key: String, decoder: PatternDecoder) throws(PatternFileError) -> JSONNode {
        guard let value = self[key] else { throw decoder.fail(.missingKey(key), node, path) }
        return value
    }
}

extension PatternDecoder {
    func number(_ node: JSONNode, _ path: @autoclosure () -> JSONPath, expected: String = "a number") throws(PatternFileError) -> JSONNumber {
        guard case .number(let number) = node.value else {
            throw fail(.wrongType(expected: expected, got: node.kindDescription), node, path())
        }
        return number
    }

    func string(_ node: JSONNode, _ path: @autoclosure () -> JSONPath) throws(PatternFileError) -> String {
        guard case .string(let text) = node.value else {
            throw fail(.wrongType(expected: "a string", got: node.kindDescription), node, path())
        }
        return text
    }

    func array(_ node: JSONNode, _ path: @autoclosure () -> JSONPath, expected: String = "an array") throws(PatternFileError) -> [JSONNode] {
        guard case .array(let items) = node.value else {
            throw fail(.wrongType(expected: expected, got: node.kindDescription), node, path())
        }
        return items
    }

    /// A time or duration in whole milliseconds: exact for integer text, else rounded half up.
    func milliseconds(_ node: JSONNode, _ path: @autoclosure () -> JSONPath, field: String) throws(PatternFileError) -> Int64 {
        let number = try self.number(node, path(), expected: "a number of milliseconds")
        return try located(node, path()) { () throws(PatternError) in
            if let integer = number.integer {
                guard integer >= 0 else { throw .negative(field: field, value: number.text) }
                return integer
            }
            guard !(number.double < 0) else { throw .negative(field: field, value: number.text) }
            return try Milliseconds.rounding(number.double, field: field)
        }
    }

    /// A vibration's duration: whole milliseconds, at least 1.
    func vibrationMilliseconds(_ node: JSONNode, _ path: @autoclosure () -> JSONPath, field: String) throws(PatternFileError) -> Int64 {
        let durationMs = try milliseconds(node, path(), field: field)
        guard durationMs >= 1 else {
            throw fail(.pattern(.vibrationTooShort(field: field, value: try number(node, path()).text)), node, path())
        }
        return durationMs
    }

    /// An intensity: a number (clamped into 0…1, with a warning when clamping changed it) or a
    /// preset name.
    func intensity(_ node: JSONNode?, _ path: @autoclosure () -> JSONPath) throws(PatternFileError) -> Intensity {
        guard let node else { return .medium }
        switch node.value {
        case .number(let number):
            var requested = number.float
            if requested.isInfinite { requested = requested.sign == .minus ? -.greatestFiniteMagnitude : .greatestFiniteMagnitude }
            let intensity = Intensity(requested)
            if intensity.wasClamped { warn("intensity \(number.text) clamped to \(intensity.value)", kind: "intensities clamped into 0…1", code: .clamped, node, path()) }
            return intensity
        case .string(let name):
            if let preset = Intensity.presets.first(where: { $0.name == name }) { return preset.intensity }
            let names = Intensity.presets.map(\.name)
            throw fail(.unknownName(
                kind: "intensity", name: name, suggestion: KeySuggestion.closest(to: name, among: names), known: names),
                node, path())
        default:
            throw fail(.wrongType(expected: "a number or an intensity name", got: node.kindDescription), node, path())
        }
    }

    /// A value in 0…1 that is not clamped (sharpness, curve values).
    func unitValue(_ node: JSONNode?, _ path: @autoclosure () -> JSONPath, field: String, default defaultValue: Float) throws(PatternFileError) -> Float {
        guard let node else { return defaultValue }
        let number = try self.number(node, path())
        let value = number.float
        guard (0...1).contains(value) else {
            throw fail(.pattern(.outOfRange(field: field, value: number.text, range: "0...1")), node, path())
        }
        return value
    }

    /// A whole-number count in 0...2,147,483,647 (2.0 is accepted, 2.5 is not).
    func count(_ node: JSONNode, _ path: @autoclosure () -> JSONPath, field: String) throws(PatternFileError) -> Int {
        let number = try self.number(node, path())
        let value = number.double
        guard value == value.rounded(), value >= 0, value <= Double(PatternLimits.maxCount) else {
            throw fail(.pattern(.invalidCount(field: field, value: number.text)), node, path())
        }
        return Int(number.integer ?? Int64(value))
    }

    /// A transform factor as the nearest 32-bit float; the transform checks its range.
    func factor(_ node: JSONNode, _ path: @autoclosure () -> JSONPath) throws(PatternFileError) -> Float {
        let number = try self.number(node, path())
        return number.float
    }

    /// A curve: points `[timeMs, value]` or `{"timeMs": t, "value": v}` that must end at `durationMs`.
    func curve(_ node: JSONNode?, _ path: JSONPath, field: String, durationMs: Int64) throws(PatternFileError) -> Curve? {
        guard let node else { return nil }
        let items = try array(node, path, expected: "an array of control points")
        guard items.count <= PatternLimits.maxControlPoints else {
            throw fail(.pattern(.tooManyControlPoints(count: items.count)), node, path)
        }
        var points: [ControlPoint] = []
        points.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            points.append(try controlPoint(item, path.appending(index)))
        }
        let curve: Curve
        do {
            curve = try Curve(points: points, field: field)
        } catch {
            switch error {
            case .curveNotIncreasing(_, let index, _, _): throw fail(.pattern(error), items[index], path.appending(index))
            case .curveStartsLate: throw fail(.pattern(error), items[0], path.appending(0))
            default: throw fail(.pattern(error), node, path)
            }
        }
        guard curve.durationMs == durationMs else {
            throw fail(.pattern(.curveEndMismatch(field: field, endMs: curve.durationMs, durationMs: durationMs)), node, path)
        }
        return curve
    }

    private func controlPoint(_ node: JSONNode, _ path: @autoclosure () -> JSONPath) throws(PatternFileError) -> ControlPoint {
        switch node.value {
        case .array(let pair):
            guard pair.count == 2 else {
                throw fail(.wrongType(expected: "a [timeMs, value] pair", got: "an array of \(pair.count)"), node, path())
            }
            return ControlPoint(
                timeMs: try milliseconds(pair[0], path().appending(0), field: "timeMs"),
                value: try unitValue(pair[1], path().appending(1), field: "value", default: 0))
        case .object:
            let object = try ObjectReader(node, path(), allowed: ["timeMs", "value"], decoder: self)
            return ControlPoint(
                timeMs: try milliseconds(try object.required("timeMs", decoder: self), path().appending("timeMs"), field: "timeMs"),
                value: try unitValue(try object.required("value", decoder: self), path().appending("value"), field: "value", default: 0))
        default:
            throw fail(.wrongType(expected: "a control point [timeMs, value]", got: node.kindDescription), node, path())
        }
    }
}
