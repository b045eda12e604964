/// hapsynth's small JSON tokenizer and parser (RFC 8259).
///
/// Unlike Foundation's readers it keeps every number's text and every value's line and column,
/// rejects duplicate keys, integers beyond 64 bits and numbers that overflow a double, and reports
/// every error with its JSON path. It parses iteratively with an explicit stack, so nesting depth
/// costs heap, not call stack, and is capped at `JSONError.maxDepth`.
package struct JSONParser {
    let bytes: [UInt8]
    var offset = 0
    var line = 1
    var column = 1
    /// Whether a comma may stand before a closing `]` or `}` (AHAP files, as Apple's reader takes them).
    let allowsTrailingCommas: Bool
    /// Where the first accepted trailing comma was.
    private(set) var firstTrailingComma: SourcePosition?
    /// Values parsed so far, against `JSONError.maxValues`.
    private var valueCount = 0

    /// An open container on the parse stack. A class, so appending to its items never copies them.
    private final class Frame {
        let start: SourcePosition
        let isObject: Bool
        var items: [JSONNode] = []
        var members: [JSONMember] = []
        /// Keys seen, kept only once an object grows large (small ones are scanned instead).
        var keys: Set<String>?
        /// The key whose value is being parsed (objects).
        var key = ""
        var keyPosition: SourcePosition

        init(start: SourcePosition, isObject: Bool) {
            self.start = start
            self.isObject = isObject
            keyPosition = start
        }

        /// The path component of the value being parsed inside this container.
        func appendPath(to path: JSONPath) -> JSONPath {
            isObject ? path.appending(key) : path.appending(items.count)
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
        let root = try parser.parseDocument()
        return (root, parser.firstTrailingComma)
    }

    private init(bytes: [UInt8], allowsTrailingCommas: Bool) {
        self.bytes = bytes
        self.allowsTrailingCommas = allowsTrailingCommas
    }

    var position: SourcePosition { SourcePosition(line: line, column: column) }

    /// The path of the value being parsed, from the open containers.
    private var path: JSONPath {
        stack.reduce(JSONPath.root) { $1.appendPath(to: $0) }
    }

    /// The path of the innermost open object itself (for errors about its keys).
    private var containerPath: JSONPath {
        stack.dropLast().reduce(JSONPath.root) { $1.appendPath(to: $0) }
    }

    func fail(_ reason: JSONError.Reason, at position: SourcePosition? = nil, path: JSONPath? = nil) -> JSONError {
        JSONError(reason: reason, position: position ?? self.position, path: path ?? self.path)
    }

    var current: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    mutating func advance() {
        let byte = bytes[offset]
        offset += 1
        if byte == UInt8(ascii: "\n") {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1  // count scalars: continuation bytes do not start a column
        }
    }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { advance() }
    }

    func describeCurrent() -> String {
        guard let byte = current else { return "end of input" }
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    private mutating func parseDocument() throws(JSONError) -> JSONNode {
        skipWhitespace()
        while true {
            guard var node = try parseValueOrOpen() else { continue }
            // A value is complete: hand it to the open containers, closing them as they end.
            while true {
                guard let frame = stack.last else {
                    skipWhitespace()
                    guard current == nil else { throw fail(.trailingContent) }
                    return node
                }
                if frame.isObject {
                    frame.members.append(JSONMember(key: frame.key, keyPosition: frame.keyPosition, value: node))
                } else {
                    frame.items.append(node)
                }
                skipWhitespace()
                let closing = UInt8(ascii: frame.isObject ? "}" : "]")
                if current != closing {
                    try expectComma(closing: frame.isObject ? "}" : "]", context: frame.isObject ? "an object member" : "an array element")
                }
                if current == closing {
                    advance()
                    stack.removeLast()
                    node = JSONNode(value: frame.isObject ? .object(frame.members) : .array(frame.items), position: frame.start)
                    continue
                }
                if frame.isObject { try readKey() }
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
        let comma = position
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
        let keyPosition = position
        guard current == UInt8(ascii: "\"") else {
            if current == nil { throw fail(.unexpectedEnd, path: containerPath) }
            throw fail(.expected("a string key, found \(describeCurrent())"), path: containerPath)
        }
        let key = try parseString()
        if frame.members.count >= 16, frame.keys == nil { frame.keys = Set(frame.members.map(\.key)) }
        let duplicate: Bool
        if frame.keys != nil {
            duplicate = !frame.keys!.insert(key).inserted
        } else {
            duplicate = frame.members.contains { $0.key == key }
        }
        guard !duplicate else { throw fail(.duplicateKey(key), at: keyPosition, path: containerPath) }
        frame.key = key
        frame.keyPosition = keyPosition
        skipWhitespace()
        guard current == UInt8(ascii: ":") else {
            if current == nil { throw fail(.unexpectedEnd) }
            throw fail(.expected("':' after key \"\(key)\", found \(describeCurrent())"))
        }
        advance()
        skipWhitespace()
    }

    /// Parses a scalar value, or opens a container (returning nil, or the empty container).
    private mutating func parseValueOrOpen() throws(JSONError) -> JSONNode? {
        let start = position
        guard let byte = current else { throw fail(.unexpectedEnd) }
        valueCount += 1
        guard valueCount <= JSONError.maxValues else { throw fail(.tooManyValues(limit: JSONError.maxValues)) }
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            guard stack.count < JSONError.maxDepth else { throw fail(.nestingTooDeep(limit: JSONError.maxDepth)) }
            let isObject = byte == UInt8(ascii: "{")
            advance()
            skipWhitespace()
            if current == UInt8(ascii: isObject ? "}" : "]") {
                advance()
                return JSONNode(value: isObject ? .object([]) : .array([]), position: start)
            }
            stack.append(Frame(start: start, isObject: isObject))
            if isObject { try readKey() }
            return nil
        case UInt8(ascii: "\""):
            return JSONNode(value: .string(try parseString()), position: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONNode(value: .number(try parseNumber()), position: start)
        case UInt8(ascii: "t"):
            try parseLiteral("true")
            return JSONNode(value: .bool(true), position: start)
        case UInt8(ascii: "f"):
            try parseLiteral("false")
            return JSONNode(value: .bool(false), position: start)
        case UInt8(ascii: "n"):
            try parseLiteral("null")
            return JSONNode(value: .null, position: start)
        default:
            throw fail(.unexpectedCharacter(describeCurrent()))
        }
    }

    private mutating func parseLiteral(_ word: String) throws(JSONError) {
        let start = position
        for expected in word.utf8 {
            guard let byte = current else { throw fail(.unexpectedEnd) }
            guard byte == expected else { throw fail(.unexpectedCharacter(describeCurrent()), at: start) }
            advance()
        }
    }
}
