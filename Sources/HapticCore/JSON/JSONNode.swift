/// A line and column in a text file, both from 1; columns count Unicode scalars.
public struct SourcePosition: Hashable, Sendable, CustomStringConvertible {
    /// Kept in 32 bits each (8 bytes, not 16): inputs hold at most 64 MiB, and every node of a
    /// parsed file carries a position.
    private let storedLine: Int32, storedColumn: Int32

    public var line: Int { Int(storedLine) }
    public var column: Int { Int(storedColumn) }

    public init(line: Int, column: Int) {
        storedLine = Int32(clamping: line)
        storedColumn = Int32(clamping: column)
    }

    public var description: String { "\(line):\(column)" }
}

/// A JSON number as written: its text, its nearest double and, for integer text, its exact value.
package struct JSONNumber: Hashable, Sendable {
    /// The number exactly as it appears in the file.
    package let text: String
    /// The nearest double (finite: larger numbers are rejected by the parser).
    package let double: Double
    /// The exact value when the text has no fraction or exponent (it then fits 64 bits).
    package let integer: Int64?
    /// The nearest float, as `Float(text)` gives it.
    package let float: Float

    init(text: String, double: Double, integer: Int64?, float: Float? = nil) {
        self.text = text
        self.double = double
        self.integer = integer
        self.float = float ?? Float(text) ?? Float(double)
    }
}

/// A parsed JSON value with the position where it starts. Object members keep their order, so
/// duplicate keys (rejected by the parser) and key order are visible to readers.
///
/// A node is a place in its document's `JSONTape`: its value and position are made when asked for.
package struct JSONNode: Sendable {
    package enum Value: Sendable {
        case object([JSONMember])
        case array([JSONNode])
        case string(String)
        case number(JSONNumber)
        case bool(Bool)
        case null
    }

    let tape: JSONTape
    let index: Int

    /// The value; containers list their members or elements (each a node of the same document).
    package var value: Value { tape.value(at: index) }
    /// Where the value starts.
    package var position: SourcePosition { tape.position(of: index) }

    /// Where the value ends: the line and column one past its last character.
    package var endPosition: SourcePosition { tape.position(ofByte: tape.endOffset(of: index)) }

    /// A short name of the value's kind for error messages (`an object`, `a number`).
    package var kindDescription: String {
        switch tape.entries[index].kind {
        case .object: return "an object"
        case .array: return "an array"
        case .string, .key: return "a string"
        case .number: return "a number"
        case .true, .false: return "a boolean"
        case .null: return "null"
        }
    }

    /// The value of member `key` when this is an object that has one; nil otherwise.
    package func member(_ key: String) -> JSONNode? {
        guard case .object(let members) = value else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The text when this is a string; nil otherwise.
    package var string: String? {
        guard case .string(let text) = value else { return nil }
        return text
    }
}

/// One `"key": value` member of a JSON object.
package struct JSONMember: Sendable {
    package let key: String
    package let keyPosition: SourcePosition
    package let value: JSONNode
}

/// A JSONPath-style location (`$.timeline[1].continuous.intensityCurve[2]`).
///
/// Appending is cheap (one small node that shares its parent), because readers make a path for
/// every value they visit and print one only for an error.
public struct JSONPath: Hashable, Sendable, CustomStringConvertible {
    enum Component: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    /// A path component with a link to the path before it.
    final class Node: Sendable {
        let parent: Node?
        let component: Component

        init(parent: Node?, component: Component) {
            self.parent = parent
            self.component = component
        }
    }

    private let last: Node?

    private init(last: Node?) { self.last = last }

    /// The document root, `$`.
    public static let root = JSONPath(last: nil)

    public func appending(_ key: String) -> JSONPath {
        JSONPath(last: Node(parent: last, component: .key(key)))
    }

    public func appending(_ index: Int) -> JSONPath {
        JSONPath(last: Node(parent: last, component: .index(index)))
    }

    /// The components from the root.
    var components: [Component] {
        var result: [Component] = []
        var node = last
        while let current = node {
            result.append(current.component)
            node = current.parent
        }
        return result.reversed()
    }

    public static func == (a: JSONPath, b: JSONPath) -> Bool { a.components == b.components }
    public func hash(into hasher: inout Hasher) { hasher.combine(components) }

    public var description: String {
        var text = "$"
        for component in components {
            switch component {
            case .index(let index):
                text += "[\(index)]"
            case .key(let key) where JSONPath.isIdentifier(key):
                text += ".\(key)"
            case .key(let key):
                // A control character is written \u{HEX}, as messages write it, so none reaches a terminal.
                text += "[\"\(PatternFileError.escapingControls(key.replacingAll("\\", with: "\\\\").replacingAll("\"", with: "\\\"")))\"]"
            }
        }
        return text
    }

    private static func isIdentifier(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
        return key.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
    }
}

extension String {
    /// Every occurrence of `target` (compared character by character) replaced (no Foundation needed).
    package func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var result = ""
        var rest = Substring(self)
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound] + replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
