/// A JSON value to write, with object keys in the order given (FORMATS.md §2).
///
/// Times are written as integers (never through a double) and 0…1 values as the 32-bit float's
/// shortest round-trip text (`0.75`; whole values as `1` and `0`).
public indirect enum JSONOutput: Sendable, Equatable {
    case object([(String, JSONOutput)])
    case array([JSONOutput])
    case string(String)
    case integer(Int64)
    case float(Float)
    case bool(Bool)
    case null

    public static func == (a: JSONOutput, b: JSONOutput) -> Bool { a.compact == b.compact }

    /// The value on one line, with a space after `:` and `,`.
    public var compact: String {
        switch self {
        case .object(let members):
            return "{" + members.map { "\(JSONOutput.quote($0.0)): \($0.1.compact)" }.joined(separator: ", ") + "}"
        case .array(let items):
            return "[" + items.map(\.compact).joined(separator: ", ") + "]"
        case .string(let text): return JSONOutput.quote(text)
        case .integer(let value): return String(value)
        case .float(let value): return JSONOutput.floatText(value)
        case .bool(let value): return value ? "true" : "false"
        case .null: return "null"
        }
    }

    /// The value indented by two spaces a level; anything that fits in `width` columns stays on
    /// one line. Ends without a newline.
    public func pretty(width: Int = 100) -> String {
        var text = ""
        write(into: &text, indent: 0, width: width)
        return text
    }

    private func write(into text: inout String, indent: Int, width: Int) {
        let line = compact
        let padding = String(repeating: " ", count: indent)
        switch self {
        case .object(let members) where indent + line.count > width && !members.isEmpty:
            text += "{\n"
            for (index, member) in members.enumerated() {
                text += padding + "  " + JSONOutput.quote(member.0) + ": "
                member.1.write(into: &text, indent: indent + 2, width: width)
                text += index + 1 < members.count ? ",\n" : "\n"
            }
            text += padding + "}"
        case .array(let items) where indent + line.count > width && !items.isEmpty:
            text += "[\n"
            for (index, item) in items.enumerated() {
                text += padding + "  "
                item.write(into: &text, indent: indent + 2, width: width)
                text += index + 1 < items.count ? ",\n" : "\n"
            }
            text += padding + "]"
        default:
            text += line
        }
    }

    /// Shortest round-trip text of a 32-bit float; whole numbers without `.0`. Non-finite values,
    /// which JSON cannot hold, are written as `null`.
    public static func floatText(_ value: Float) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e7 { return String(Int64(value)) }
        return "\(value)"
    }

    /// A JSON string literal with the required escapes.
    public static func quote(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
