/// A malformed JSON document: what was wrong, where (line and column) and at which JSON path.
public struct JSONError: Error, Equatable, Sendable {
    /// The problems the tokenizer reports; their text is written here, once.
    public enum Reason: Equatable, Sendable {
        case unexpectedEnd
        case unexpectedCharacter(String)
        case expected(String)
        case trailingComma
        case invalidNumber(String)
        case integerBeyond64Bits(String)
        case numberOverflowsDouble(String)
        case invalidEscape(String)
        case invalidUTF8
        case controlCharacterInString
        case duplicateKey(String)
        case nestingTooDeep(limit: Int)
        case tooManyValues(limit: Int)
        case trailingContent
    }

    public let reason: Reason
    public let position: SourcePosition
    public let path: JSONPath

    /// Deepest nesting of arrays and objects that the tokenizer accepts. Valid patterns stay far
    /// below it (64 element levels need about 260); the limit keeps hostile input off the stack.
    public static let maxDepth = 512

    /// Most values (numbers, strings, literals, arrays, objects) in one document. The largest
    /// valid documents hold about 450,000 (10,000 events and 100,000 curve points); the limit
    /// keeps the parsed tree of a hostile file to a bounded size, whatever the file's size.
    public static let maxValues = 1_000_000
}

extension JSONError.Reason: CustomStringConvertible {
    public var description: String {
        switch self {
        case .unexpectedEnd: return "unexpected end of input (the JSON is truncated)"
        case .unexpectedCharacter(let character): return "unexpected character \(character)"
        case .expected(let what): return "expected \(what)"
        case .trailingComma: return "trailing comma before the closing bracket"
        case .invalidNumber(let text): return "invalid number \(text)"
        case .integerBeyond64Bits(let text): return "integer \(text) is beyond the 64-bit range"
        case .numberOverflowsDouble(let text): return "number \(text) overflows a double"
        case .invalidEscape(let text): return "invalid escape \(text) in string"
        case .invalidUTF8: return "string is not valid UTF-8"
        case .controlCharacterInString: return "unescaped control character in string"
        case .duplicateKey(let key): return "duplicate key \"\(key)\""
        case .nestingTooDeep(let limit): return "JSON nesting deeper than \(limit) levels"
        case .tooManyValues(let limit): return "more than \(limit) JSON values (hapsynth's limit)"
        case .trailingContent: return "unexpected content after the JSON value"
        }
    }
}
