/// A JSON value to write, with object keys in the order given (docs/plan-output.md).
///
/// Times are written as integers (never through a double) and 0…1 values as the 32-bit float's
/// shortest round-trip text (`0.75`; whole values as `1` and `0`).
package enum JSONOutput: Sendable, Equatable {
    case object([(String, JSONOutput)])
    case array([JSONOutput])
    case string(String)
    case integer(Int64)
    /// A number written as the given text, which must be a valid JSON number (exact decimals
    /// such as `100.1` for a time with microseconds).
    case number(String)
    case float(Float)
    /// A double in its shortest round-trip form (measurements such as errors and decibels).
    case double(Double)
    case bool(Bool)
    case null

    package static func == (a: JSONOutput, b: JSONOutput) -> Bool { a.compact == b.compact }

    /// The value on one line, with a space after `:` and `,`.
    package var compact: String {
        var text = ""
        appendCompact(to: &text)
        return text
    }

    private func appendCompact(to text: inout String) {
        switch self {
        case .object(let members):
            text += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { text += ", " }
                text += JSONOutput.quote(member.0)
                text += ": "
                member.1.appendCompact(to: &text)
            }
            text += "}"
        case .array(let items):
            text += "["
            for (index, item) in items.enumerated() {
                if index > 0 { text += ", " }
                item.appendCompact(to: &text)
            }
            text += "]"
        case .string(let value): text += JSONOutput.quote(value)
        case .integer(let value): text += String(value)
        case .number(let value): text += value
        case .float(let value): text += JSONOutput.floatText(value)
        case .double(let value): text += value.isFinite ? "\(value)" : "null"
        case .bool(let value): text += value ? "true" : "false"
        case .null: text += "null"
        }
    }

    /// The compact length, or nil as soon as it would pass `budget` characters (so measuring a
    /// large value costs no more than the budget).
    private func compactLength(within budget: Int) -> Int? {
        var used = 0
        func add(_ count: Int) -> Bool {
            used += count
            return used <= budget
        }
        switch self {
        case .object(let members):
            guard add(2 + max(0, members.count - 1) * 2) else { return nil }
            for member in members {
                guard add(JSONOutput.quote(member.0).count + 2),
                      let length = member.1.compactLength(within: budget - used), add(length) else { return nil }
            }
        case .array(let items):
            guard add(2 + max(0, items.count - 1) * 2) else { return nil }
            for item in items {
                guard let length = item.compactLength(within: budget - used), add(length) else { return nil }
            }
        default:
            guard add(compact.count) else { return nil }
        }
        return used
    }

    /// The value indented by two spaces a level; anything that fits in `width` columns stays on
    /// one line, and a long array of numbers (or nulls) fills lines of `width` columns. Ends without a newline.
    package func pretty(width: Int = 100) -> String {
        var text = ""
        write(into: &text, indent: 0, width: width)
        return text
    }

    /// The value as `pretty` writes it at `indent` spaces (an element of a larger document).
    package func pretty(into text: inout String, indent: Int, width: Int = 100) {
        write(into: &text, indent: indent, width: width)
    }

    /// Whether the value is a number or null.
    private var isNumeric: Bool {
        switch self {
        case .integer, .number, .float, .double, .null: return true
        default: return false
        }
    }

    private func write(into text: inout String, indent: Int, width: Int) {
        let fits = compactLength(within: width - indent) != nil
        let padding = String(repeating: " ", count: indent)
        switch self {
        case .object(let members) where !fits && !members.isEmpty:
            text += "{\n"
            for (index, member) in members.enumerated() {
                text += padding + "  " + JSONOutput.quote(member.0) + ": "
                member.1.write(into: &text, indent: indent + 2, width: width)
                text += index + 1 < members.count ? ",\n" : "\n"
            }
            text += padding + "}"
        case .array(let items) where !fits && !items.isEmpty && items.allSatisfy(\.isNumeric):
            // Numbers fill lines, so that a long list (a waveform's timings) reads as a table.
            text += "[\n"
            var line = ""
            for (index, item) in items.enumerated() {
                var piece = ""
                item.appendCompact(to: &piece)
                if index + 1 < items.count { piece += "," }
                if !line.isEmpty, padding.count + 2 + line.count + 1 + piece.count > width {
                    text += padding + "  " + line + "\n"
                    line = ""
                }
                line += (line.isEmpty ? "" : " ") + piece
            }
            text += padding + "  " + line + "\n" + padding + "]"
        case .array(let items) where !fits && !items.isEmpty:
            text += "[\n"
            for (index, item) in items.enumerated() {
                text += padding + "  "
                item.write(into: &text, indent: indent + 2, width: width)
                text += index + 1 < items.count ? ",\n" : "\n"
            }
            text += padding + "]"
        default:
            appendCompact(to: &text)
        }
    }

    /// Shortest round-trip text of a 32-bit float; whole numbers without `.0`. Non-finite values,
    /// which JSON cannot hold, are written as `null`.
    package static func floatText(_ value: Float) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e7 { return String(Int64(value)) }
        return "\(value)"
    }

    /// A JSON string literal with the required escapes.
    package static func quote(_ text: String) -> String {
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
