/// Strings and numbers for `JSONParser`.
extension JSONParser {
    /// Parses a string starting at its opening quote, resolving escapes and checking UTF-8, and
    /// records it as `kind` (a string value or a key).
    mutating func parseString(recording kind: JSONTape.Kind) throws(JSONError) -> String {
        let start = offset
        let text = try parseString()
        record(kind, at: start, length: offset - 1 - (start + 1), flag: hadEscapes(from: start + 1, to: offset - 1))
        return text
    }

    /// Whether the string text in `from ..< to` has a backslash.
    private func hadEscapes(from: Int, to: Int) -> Bool {
        bytes[from..<to].contains(UInt8(ascii: "\\"))
    }

    /// Parses a string starting at its opening quote, resolving escapes and checking UTF-8.
    mutating func parseString() throws(JSONError) -> String {
        let start = offset
        advance()  // opening quote
        // Fast path: no escapes and no control characters, so the text is the bytes themselves.
        var end = offset
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20 {
            end += 1
        }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            guard let text = String(validating: bytes[offset..<end], as: UTF8.self) else { throw fail(.invalidUTF8, at: start) }
            offset = end + 1
            return text
        }
        var buffer: [UInt8] = []
        while true {
            guard let byte = current else { throw fail(.unexpectedEnd) }
            switch byte {
            case UInt8(ascii: "\""):
                advance()
                guard let text = String(validating: buffer, as: UTF8.self) else { throw fail(.invalidUTF8, at: start) }
                return text
            case UInt8(ascii: "\\"):
                advance()
                try parseEscape(into: &buffer)
            case 0..<0x20:
                throw fail(.controlCharacterInString)
            default:
                buffer.append(byte)
                advance()
            }
        }
    }

    private mutating func parseEscape(into buffer: inout [UInt8]) throws(JSONError) {
        guard let byte = current else { throw fail(.unexpectedEnd) }
        let simple: [UInt8: UInt8] = [
            UInt8(ascii: "\""): 0x22, UInt8(ascii: "\\"): 0x5C, UInt8(ascii: "/"): 0x2F, UInt8(ascii: "b"): 0x08,
            UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A, UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09,
        ]
        if let replacement = simple[byte] {
            advance()
            buffer.append(replacement)
            return
        }
        guard byte == UInt8(ascii: "u") else { throw fail(.invalidEscape("\\\(describeCurrent())")) }
        advance()
        var scalar = try parseHex4()
        if (0xD800...0xDBFF).contains(scalar) {
            // A high surrogate must be followed by an escaped low surrogate.
            guard current == UInt8(ascii: "\\") else { throw fail(.invalidEscape("(lone surrogate)")) }
            advance()
            guard current == UInt8(ascii: "u") else { throw fail(.invalidEscape("(lone surrogate)")) }
            advance()
            let low = try parseHex4()
            guard (0xDC00...0xDFFF).contains(low) else { throw fail(.invalidEscape("(lone surrogate)")) }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let unicode = Unicode.Scalar(scalar) else { throw fail(.invalidEscape("(lone surrogate)")) }
        buffer.append(contentsOf: Array(String(Character(unicode)).utf8))
    }

    private mutating func parseHex4() throws(JSONError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current else { throw fail(.unexpectedEnd) }
            guard let digit = Character(Unicode.Scalar(byte)).hexDigitValue else {
                throw fail(.invalidEscape("\\u with non-hex digit \(describeCurrent())"))
            }
            value = value * 16 + UInt32(digit)
            advance()
        }
        return value
    }

    /// Parses a number by the JSON grammar and records it (its text stays in the document).
    mutating func parseNumber() throws(JSONError) {
        let start = offset
        let startOffset = offset
        var isInteger = true
        func digits(_ parser: inout JSONParser) -> Int {
            var count = 0
            while let byte = parser.current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                parser.advance()
                count += 1
            }
            return count
        }
        if current == UInt8(ascii: "-") { advance() }
        let leadingZero = current == UInt8(ascii: "0")
        let integerDigits = digits(&self)
        var valid = integerDigits > 0 && !(leadingZero && integerDigits > 1)
        if current == UInt8(ascii: ".") {
            isInteger = false
            advance()
            valid = valid && digits(&self) > 0
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            isInteger = false
            advance()
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { advance() }
            valid = valid && digits(&self) > 0
        }
        // Swallow any letters or digits glued on, so the message shows the whole bad token.
        while let byte = current, byte == UInt8(ascii: ".") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) {
            advance()
            valid = false
        }
        // Short plain decimals are valid numbers that fit; the rest is checked through their text.
        if valid, DecimalText(bytes[startOffset..<offset]) != nil {
            record(.number, at: start, length: offset - start, flag: isInteger)
            return
        }
        let text = String(decoding: bytes[startOffset..<offset], as: UTF8.self)
        guard valid else { throw fail(.invalidNumber(text), at: start) }
        if isInteger {
            guard Int64(text) != nil else { throw fail(.integerBeyond64Bits(text), at: start) }
            record(.number, at: start, length: offset - start, flag: true)
            return
        }
        guard let double = Double(text), double.isFinite else { throw fail(.numberOverflowsDouble(text), at: start) }
        record(.number, at: start, length: offset - start)
    }
}
