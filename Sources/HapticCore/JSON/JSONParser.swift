/// hapsynth's small JSON tokenizer and parser (RFC 8259), which reads a document into a `JSONTape`.
///
/// Unlike Foundation's readers it keeps every number's text and every value's line and column,
/// rejects duplicate keys, integers beyond 64 bits and numbers that overflow a double, and reports
/// every error with its JSON path. It parses iteratively with an explicit stack, so nesting depth
/// costs heap, not call stack, and is capped at `JSONError.maxDepth`.
package struct JSONParser {
    let bytes: [UInt8]
    var offset = 0
    /// Whether a comma may stand before a closing `]` or `}` (AHAP files, as Apple's reader takes them).
    let allowsTrailingCommas: Bool
    /// Where the first accepted trailing comma was (a byte offset).
    private(set) var firstTrailingComma: Int?
    /// Values parsed so far, against `JSONError.maxValues`.
    private var valueCount = 0
    /// The document's tokens so far.
    private var entries: [JSONTape.Entry] = []

    /// An open container on the parse stack.
    private struct Frame {
        /// Its entry, patched with its end and count when it closes.
        let entry: Int
        let isObject: Bool
        var count = 0
        /// Keys seen (objects), for duplicates: a list while small, a set once large.
        var keyList: [String] = []
        var keySet: Set<String>?
        /// The key whose value is being parsed (objects).
        var key = ""

        /// The path component of the value being parsed inside this container.
        func appendPath(to path: JSONPath) -> JSONPath {
            isObject ? path.appending(key) : path.appending(count)
        }
    }

    private var stack: [Frame] = []

    /// Parses one JSON document (a leading UTF-8 byte order mark is skipped).
    package static func parse(_ bytes: [UInt8]) throws(JSONError) -> JSONNode {
        try parse(bytes, allowingTrailingCommas: false).root
    }

    /// Parses one JSON document; with `allowingTrailingCommas`, a comma before a closing `]` or
    /// `}` is accepted and the first one's position returned (everything else stays strict).
    package static func parse(
        _ bytes: [UInt8], allowingTrailingCommas: Bool
    ) throws(JSONError) -> (root: JSONNode, trailingComma: SourcePosition?) {
        var parser = JSONParser(bytes: bytes, allowsTrailingCommas: allowingTrailingCommas)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.offset = 3 }
        parser.entries.reserveCapacity(min(Self.mostEntries(in: bytes), JSONError.maxValues * 2 + 1))
        try parser.parseDocument()
        let tape = JSONTape(bytes: bytes, entries: parser.entries, checkpoints: Self.checkpoints(bytes))
        return (JSONNode(tape: tape, index: 0), parser.firstTrailingComma.map { tape.position(ofByte: $0) })
    }

    init(bytes: [UInt8], allowsTrailingCommas: Bool) {
        self.bytes = bytes
        self.allowsTrailingCommas = allowsTrailingCommas
    }

    /// At most how many entries a document of these bytes has: every value and key after the first
    /// follows a `[`, `{`, `,` or `:` (so the tape is allocated once, at its size).
    private static func mostEntries(in bytes: [UInt8]) -> Int {
        var count = 1
        for byte in bytes where byte == UInt8(ascii: ",") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "[")
            || byte == UInt8(ascii: "{") {
            count += 1
        }
        return count
    }

    /// The line and column at every `JSONTape.checkpointBytes`-th byte.
    private static func checkpoints(_ bytes: [UInt8]) -> [SourcePosition] {
        var result = [SourcePosition(line: 1, column: 1)]
        result.reserveCapacity(bytes.count / JSONTape.checkpointBytes + 1)
        var next = JSONTape.checkpointBytes
        while next <= bytes.count {
            result.append(JSONTape.scan(bytes, from: next - JSONTape.checkpointBytes, to: next, startingAt: result[result.count - 1]))
            next += JSONTape.checkpointBytes
        }
        return result
    }

    /// The line and column of byte `offset`; for errors only (it scans from the start).
    func position(ofByte offset: Int) -> SourcePosition {
        JSONTape.scan(bytes, from: 0, to: offset, startingAt: SourcePosition(line: 1, column: 1))
    }

    /// The path of the value being parsed, from the open containers.
    private var path: JSONPath {
        stack.reduce(JSONPath.root) { $1.appendPath(to: $0) }
    }

    /// The path of the innermost open object itself (for errors about its keys).
    private var containerPath: JSONPath {
        stack.dropLast().reduce(JSONPath.root) { $1.appendPath(to: $0) }
    }

    /// An error at byte `offset` (default: the current one) and `path` (default: the value being parsed).
    func fail(_ reason: JSONError.Reason, at offset: Int? = nil, path: JSONPath? = nil) -> JSONError {
        JSONError(reason: reason, position: position(ofByte: offset ?? self.offset), path: path ?? self.path)
    }

    var current: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    @inline(__always)
    mutating func advance() { offset += 1 }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { offset += 1 }
    }

    func describeCurrent() -> String {
        guard let byte = current else { return "end of input" }
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    /// Adds a scalar's entry.
    mutating func record(_ kind: JSONTape.Kind, at start: Int, length: Int = 0, flag: Bool = false) {
        entries.append(JSONTape.Entry(kind: kind, flag: flag, offset: UInt32(start), length: UInt32(length), count: 0))
    }

    private mutating func parseDocument() throws(JSONError) {
        skipWhitespace()
        while true {
            guard try parseValueOrOpen() else { continue }
            // A value is complete: count it in the open containers, closing them as they end.
            while true {
                guard !stack.isEmpty else {
                    skipWhitespace()
                    guard current == nil else { throw fail(.trailingContent) }
                    return
                }
                stack[stack.count - 1].count += 1
                let isObject = stack[stack.count - 1].isObject
                skipWhitespace()
                let closing = UInt8(ascii: isObject ? "}" : "]")
                if current != closing {
                    try expectComma(closing: isObject ? "}" : "]", context: isObject ? "an object member" : "an array element")
                }
                if current == closing {
                    advance()
                    let frame = stack.removeLast()
                    entries[frame.entry].length = UInt32(entries.count)
                    entries[frame.entry].count = UInt32(frame.count)
                    continue
                }
                if isObject { try readKey() }
                break
            }
        }
    }

    /// After a container's element: a comma followed by more (or, when trailing commas are
    /// allowed, by the container's closing bracket), else an error.
    private mutating func expectComma(closing: Character, context: String) throws(JSONError) {
        guard current == UInt8(ascii: ",") else {
            if current == nil { throw fail(.unexpectedEnd) }
            throw fail(.expected("',' or '\(closing)' after \(context), found \(describeCurrent())"))
        }
        let comma = offset
        advance()
        skipWhitespace()
        if current == UInt8(ascii: "]") || current == UInt8(ascii: "}") {
            guard allowsTrailingCommas else { throw fail(.trailingComma) }
            guard current == closing.asciiValue else {
                throw fail(.expected("'\(closing)' after the trailing comma, found \(describeCurrent())"))
            }
            if firstTrailingComma == nil { firstTrailingComma = comma }
        }
    }

    /// Reads `"key" :` into the innermost object frame, rejecting duplicates.
    private mutating func readKey() throws(JSONError) {
        guard let frame = stack.last, frame.isObject else { return }
        let keyStart = offset
        guard current == UInt8(ascii: "\"") else {
            if current == nil { throw fail(.unexpectedEnd, path: containerPath) }
            throw fail(.expected("a string key, found \(describeCurrent())"), path: containerPath)
        }
        let key = try parseString(recording: .key)
        let top = stack.count - 1
        if stack[top].keySet == nil, stack[top].keyList.count >= 16 {
            stack[top].keySet = Set(stack[top].keyList)
            stack[top].keyList = []
        }
        let duplicate: Bool
        if stack[top].keySet != nil {
            duplicate = !stack[top].keySet!.insert(key).inserted
        } else {
            duplicate = stack[top].keyList.contains(key)
            if !duplicate { stack[top].keyList.append(key) }
        }
        guard !duplicate else { throw fail(.duplicateKey(key), at: keyStart, path: containerPath) }
        stack[top].key = key
        skipWhitespace()
        guard current == UInt8(ascii: ":") else {
            if current == nil { throw fail(.unexpectedEnd) }
            throw fail(.expected("':' after key \"\(key)\", found \(describeCurrent())"))
        }
        advance()
        skipWhitespace()
    }

    /// Parses a scalar value (true) or opens a container (false; true when it is empty).
    private mutating func parseValueOrOpen() throws(JSONError) -> Bool {
        let start = offset
        guard let byte = current else { throw fail(.unexpectedEnd) }
        valueCount += 1
        guard valueCount <= JSONError.maxValues else { throw fail(.tooManyValues(limit: JSONError.maxValues)) }
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            guard stack.count < JSONError.maxDepth else { throw fail(.nestingTooDeep(limit: JSONError.maxDepth)) }
            let isObject = byte == UInt8(ascii: "{")
            advance()
            skipWhitespace()
            let entry = entries.count
            record(isObject ? .object : .array, at: start)
            if current == UInt8(ascii: isObject ? "}" : "]") {
                advance()
                entries[entry].length = UInt32(entries.count)
                return true
            }
            stack.append(Frame(entry: entry, isObject: isObject))
            if isObject { try readKey() }
            return false
        case UInt8(ascii: "\""):
            _ = try parseString(recording: .string)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            try parseNumber()
        case UInt8(ascii: "t"):
            try parseLiteral("true")
            record(.true, at: start)
        case UInt8(ascii: "f"):
            try parseLiteral("false")
            record(.false, at: start)
        case UInt8(ascii: "n"):
            try parseLiteral("null")
            record(.null, at: start)
        default:
            throw fail(.unexpectedCharacter(describeCurrent()))
        }
        return true
    }

    private mutating func parseLiteral(_ word: String) throws(JSONError) {
        let start = offset
        for expected in word.utf8 {
            guard let byte = current else { throw fail(.unexpectedEnd) }
            guard byte == expected else { throw fail(.unexpectedCharacter(describeCurrent()), at: start) }
            advance()
        }
    }
}
