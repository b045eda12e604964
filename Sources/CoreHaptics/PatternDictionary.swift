import HapticCore
import HapticPlanner

/// A pattern's dictionary and its JSON: what the AHAP reader takes and what `exportDictionary`
/// gives.
enum PatternDictionary {
    /// A value a dictionary cannot hold.
    struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    /// The JSON text of a dictionary: what `JSONSerialization` gives (Swift or Foundation
    /// containers, `NSNumber`s) or Swift literals (`Double`, `Int`, `Float`, `Bool`, `String`, the
    /// key and ID types).
    static func json(_ value: Any) throws(Problem) -> String {
        var text = ""
        try write(value, to: &text)
        return text
    }

    private static func write(_ value: Any, to text: inout String) throws(Problem) {
        switch value {
        case let string as String: text += JSONOutput.quote(string)
        case let type as CHHapticEvent.EventType: text += JSONOutput.quote(type.rawValue)
        case let id as CHHapticEvent.ParameterID: text += JSONOutput.quote(id.rawValue)
        case let id as CHHapticDynamicParameter.ID: text += JSONOutput.quote(id.rawValue)
        case let flag as Bool where !(value is NSNumber): text += flag ? "true" : "false"
        case let number as NSNumber:
            // A JSON boolean read by JSONSerialization is an NSNumber of a char.
            if String(cString: number.objCType) == "c" {
                text += number.boolValue ? "true" : "false"
            } else {
                try writeNumber(number.doubleValue, exact: Int64(exactly: number.doubleValue).map { _ in number.int64Value }, to: &text)
            }
        case let number as Double: try writeNumber(number, exact: nil, to: &text)
        case let number as Float: try writeNumber(Double(number), exact: nil, to: &text)
        case let number as Int: text += "\(number)"
        case let number as any BinaryInteger: text += "\(number)"
        case let dictionary as [String: Any]: try writeObject(dictionary.map { ($0.key, $0.value) }, to: &text)
        case let dictionary as [AnyHashable: Any]: try writeObject(dictionary.map { ("\($0.key.base)", $0.value) }, to: &text)
        case let dictionary as NSDictionary:
            try writeObject(dictionary.map { ("\($0.key)", $0.value) }, to: &text)
        case let array as [Any]: try writeArray(array, to: &text)
        case let array as NSArray: try writeArray(array.map { $0 }, to: &text)
        case is NSNull: text += "null"
        default: throw Problem(description: "a value of type \(type(of: value)) cannot be in a pattern")
        }
    }

    private static func writeNumber(_ value: Double, exact: Int64?, to text: inout String) throws(Problem) {
        guard value.isFinite else { throw Problem(description: "a number is \(value)") }
        text += exact.map { "\($0)" } ?? "\(value)"
    }

    /// Members in a fixed order (the dictionary's has none): the pattern's and entries' keys as an
    /// AHAP file writes them.
    private static func writeObject(_ members: [(String, Any)], to text: inout String) throws(Problem) {
        let order = ["Version", "Metadata", "Pattern", "Event", "Parameter", "ParameterCurve", "Time", "EventType", "EventDuration",
                     "EventWaveformPath", "EventWaveformLoopEnabled", "EventWaveformUseVolumeEnvelope", "EventParameters", "ParameterID",
                     "ParameterValue", "ParameterCurveControlPoints"]
        let sorted = members.sorted { a, b in
            let (x, y) = (order.firstIndex(of: a.0) ?? order.count, order.firstIndex(of: b.0) ?? order.count)
            return x != y ? x < y : a.0 < b.0
        }
        text += "{"
        for (index, member) in sorted.enumerated() {
            if index > 0 { text += ", " }
            text += JSONOutput.quote(member.0) + ": "
            try write(member.1, to: &text)
        }
        text += "}"
    }

    private static func writeArray(_ items: [Any], to text: inout String) throws(Problem) {
        text += "["
        for (index, item) in items.enumerated() {
            if index > 0 { text += ", " }
            try write(item, to: &text)
        }
        text += "]"
    }

    /// The document of AHAP bytes as plain values (`[String: Any]`, `[Any]`, `Double`, `Int`,
    /// `Bool`, `String`, `NSNull`), trailing commas accepted; nil when it does not parse.
    static func plain(_ bytes: [UInt8]) -> Any? {
        guard let parsed = try? JSONParser.parse(bytes, allowingTrailingCommas: true) else { return nil }
        return plain(parsed.root)
    }

    private static func plain(_ node: JSONNode) -> Any {
        switch node.value {
        case .object(let members): return Dictionary(members.map { ($0.key, plain($0.value)) }, uniquingKeysWith: { _, last in last })
        case .array(let items): return items.map(plain)
        case .string(let text): return text
        case .number(let number): return number.integer.map { Int($0) as Any } ?? number.double
        case .bool(let flag): return flag
        case .null: return NSNull()
        }
    }

    /// The code of an AHAP reader's refusal, from the reader's own code: a bad type, a bad time or
    /// duration, points going back, a missing key; else `otherwise`.
    static func code(of error: AHAPError, otherwise: CHHapticError.Code) -> CHHapticError.Code {
        let path = "\(error.path)"
        switch error.code {
        case .unknownEventType: return .invalidEventType
        case .timeOutOfRange:
            if path.hasSuffix("EventDuration") { return .invalidEventDuration }
            return path.contains("ParameterCurveControlPoints") ? .invalidTime : .invalidEventTime
        case .timeGoesBack: return .invalidTime
        case .missingKey: return path.contains("Parameter") ? .badParameterEntry : .badEventEntry
        default: return otherwise
        }
    }
}
