/// A parsed JSON document as its tokens: one fixed-size entry per value and per object key, in
/// document order, over the file's bytes. A container's entry says where its contents end, so a
/// reader walks it without anything having been built per value; strings, numbers, members and
/// positions are made when a reader asks for them.
///
/// This is what keeps reading a large pattern cheap: 16 bytes a value and no allocation per value,
/// where a tree of nodes costs several allocations and about 150 bytes a value.
package final class JSONTape: Sendable {
    enum Kind: UInt8 {
        case object, array, string, number, `true`, `false`, null, key
    }

    struct Entry {
        var kind: Kind
        /// Strings and keys: whether the text has escapes. Numbers: whether the text is an integer.
        var flag: Bool
        /// Byte offset where the value starts (its quote, for strings and keys).
        var offset: UInt32
        /// Scalars: the text's length in bytes (inside the quotes for strings and keys).
        /// Containers: the index of the first entry after their contents.
        var length: UInt32
        /// Containers: how many members or elements they hold.
        var count: UInt32
    }

    let bytes: [UInt8]
    let entries: [Entry]
    /// The line and column at every `checkpointBytes`-th byte, so a position is found by scanning
    /// at most that many bytes.
    private let checkpoints: [SourcePosition]
    static let checkpointBytes = 64

    init(bytes: [UInt8], entries: [Entry], checkpoints: [SourcePosition]) {
        self.bytes = bytes
        self.entries = entries
        self.checkpoints = checkpoints
    }

    /// The line and column of byte `offset` (columns count Unicode scalars).
    func position(ofByte offset: Int) -> SourcePosition {
        let checkpoint = offset / Self.checkpointBytes
        return Self.scan(bytes, from: checkpoint * Self.checkpointBytes, to: offset, startingAt: checkpoints[checkpoint])
    }

    /// The position of byte `to`, given that of byte `from`: a line feed starts a line, every
    /// byte that starts a UTF-8 sequence a column. A byte order mark takes no column.
    static func scan(_ bytes: [UInt8], from: Int, to: Int, startingAt start: SourcePosition) -> SourcePosition {
        var line = start.line, column = start.column
        let markLength = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        for index in max(from, markLength)..<max(min(to, bytes.count), markLength) {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return SourcePosition(line: line, column: column)
    }

    func position(of index: Int) -> SourcePosition { position(ofByte: Int(entries[index].offset)) }

    /// The text of a string or key entry, escapes resolved.
    func string(at index: Int) -> String {
        let entry = entries[index]
        let start = Int(entry.offset) + 1
        guard entry.flag else { return String(decoding: bytes[start..<start + Int(entry.length)], as: UTF8.self) }
        // Escapes: decode again with the parser (the text was checked when the document was read).
        var parser = JSONParser(bytes: bytes, allowsTrailingCommas: false)
        parser.offset = Int(entry.offset)
        return (try? parser.parseString()) ?? ""
    }

    func value(at index: Int) -> JSONNode.Value {
        let entry = entries[index]
        switch entry.kind {
        case .object:
            var members: [JSONMember] = []
            members.reserveCapacity(Int(entry.count))
            var child = index + 1
            while child < Int(entry.length) {
                let value = child + 1
                members.append(JSONMember(key: string(at: child), keyPosition: position(of: child),
                                          value: JSONNode(tape: self, index: value)))
                child = end(of: value)
            }
            return .object(members)
        case .array:
            var items: [JSONNode] = []
            items.reserveCapacity(Int(entry.count))
            var child = index + 1
            while child < Int(entry.length) {
                items.append(JSONNode(tape: self, index: child))
                child = end(of: child)
            }
            return .array(items)
        case .string, .key:
            return .string(string(at: index))
        case .number:
            // The text was checked when the document was read: it converts as it did then.
            let start = Int(entry.offset)
            let digits = bytes[start..<start + Int(entry.length)]
            let text = String(decoding: digits, as: UTF8.self)
            let decimal = DecimalText(digits)
            if entry.flag {
                let integer = decimal.map { $0.isNegative ? -$0.mantissa : $0.mantissa } ?? Int64(text) ?? 0
                return .number(JSONNumber(text: text, double: Double(integer), integer: integer, float: decimal?.float))
            }
            return .number(JSONNumber(text: text, double: decimal?.double ?? Double(text) ?? 0, integer: nil, float: decimal?.float))
        case .true:
            return .bool(true)
        case .false:
            return .bool(false)
        case .null:
            return .null
        }
    }

    /// The byte offset one past the value at `index` (a string's closing quote, a container's
    /// closing bracket).
    func endOffset(of index: Int) -> Int {
        let entry = entries[index]
        let start = Int(entry.offset)
        switch entry.kind {
        case .string, .key: return start + Int(entry.length) + 2
        case .number: return start + Int(entry.length)
        case .true, .null: return start + 4
        case .false: return start + 5
        case .object, .array:
            // After the last element (or the opening bracket), past spaces and a trailing comma.
            var offset = entry.count > 0 ? endOffset(of: lastChild(of: index)) : start + 1
            while offset < bytes.count, bytes[offset] != UInt8(ascii: "}"), bytes[offset] != UInt8(ascii: "]") { offset += 1 }
            return min(offset + 1, bytes.count)
        }
    }

    /// The last value directly inside a container.
    private func lastChild(of index: Int) -> Int {
        var child = index + 1, last = child
        while child < Int(entries[index].length) {
            if entries[index].kind == .object { child += 1 }  // the key
            last = child
            child = end(of: child)
        }
        return last
    }

    /// The index after the value at `index` and everything inside it.
    func end(of index: Int) -> Int {
        let entry = entries[index]
        return entry.kind == .object || entry.kind == .array ? Int(entry.length) : index + 1
    }
}
