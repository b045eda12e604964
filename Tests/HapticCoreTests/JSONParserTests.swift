import Foundation
import Testing
@testable import HapticCore

@Suite struct JSONParserTests {
    func parse(_ text: String) throws -> JSONNode { try JSONParser.parse(Array(text.utf8)) }

    func failure(_ text: String) -> JSONError? {
        do {
            _ = try JSONParser.parse(Array(text.utf8))
            return nil
        } catch {
            return error
        }
    }

    @Test func keepsNumberTextAndExactIntegers() throws {
        let node = try parse(#"[9223372036854775807, 0.1, -0, 1e3, 2.50]"#)
        guard case .array(let items) = node.value else { Issue.record("not an array"); return }
        let numbers = items.compactMap { item -> JSONNumber? in
            if case .number(let number) = item.value { return number }
            return nil
        }
        #expect(numbers.map(\.text) == ["9223372036854775807", "0.1", "-0", "1e3", "2.50"])
        #expect(numbers[0].integer == Int64.max)
        #expect(numbers[2].integer == 0)
        #expect(numbers[3].integer == nil && numbers[3].double == 1000)
    }

    @Test func keepsMemberOrderAndPositions() throws {
        let node = try parse("{\n  \"b\": 1,\n  \"a\": [true, null]\n}")
        guard case .object(let members) = node.value else { Issue.record("not an object"); return }
        #expect(members.map(\.key) == ["b", "a"])
        #expect(members[1].keyPosition == SourcePosition(line: 3, column: 3))
        #expect(members[1].value.position == SourcePosition(line: 3, column: 8))
    }

    @Test func decodesEscapesAndUnicode() throws {
        let node = try parse(#"["a\"b\\c\/\n\u00e9\ud83d\ude00", "héllo"]"#)
        guard case .array(let items) = node.value, case .string(let first) = items[0].value,
              case .string(let second) = items[1].value else { Issue.record("unexpected shape"); return }
        #expect(first == "a\"b\\c/\né😀")
        #expect(second == "héllo")
    }

    @Test func columnsCountCharactersNotBytes() {
        let error = failure(#"{"name": "héllo", "x": tru}"#)
        #expect(error?.position == SourcePosition(line: 1, column: 24))
    }

    @Test(arguments: [
        (#"{"a": 1, "a": 2}"#, JSONError.Reason.duplicateKey("a"), "$", 1, 10),
        (#"{"a": [1, 2"#, .unexpectedEnd, "$.a[2]", 1, 12),
        (#"[1, 2,]"#, .trailingComma, "$[2]", 1, 7),
        (#"[99999999999999999999]"#, .integerBeyond64Bits("99999999999999999999"), "$[0]", 1, 2),
        (#"[-9223372036854775809]"#, .integerBeyond64Bits("-9223372036854775809"), "$[0]", 1, 2),
        (#"[1e400]"#, .numberOverflowsDouble("1e400"), "$[0]", 1, 2),
        (#"[01]"#, .invalidNumber("01"), "$[0]", 1, 2),
        (#"[1.]"#, .invalidNumber("1."), "$[0]", 1, 2),
        (#"[NaN]"#, .unexpectedCharacter("'N'"), "$[0]", 1, 2),
        (#"{"a" 1}"#, .expected("':' after key \"a\", found '1'"), "$.a", 1, 6),
        (#"[1 2]"#, .expected("',' or ']' after an array element, found '2'"), "$[1]", 1, 4),
        (#"{"a": 1} x"#, .trailingContent, "$", 1, 10),
        (#"["\x"]"#, .invalidEscape("\\'x'"), "$[0]", 1, 4),
        ("[\"a\u{1}\"]", .controlCharacterInString, "$[0]", 1, 4),
        ("", .unexpectedEnd, "$", 1, 1),
    ] as [(String, JSONError.Reason, String, Int, Int)])
    func malformedJSONIsReportedWithPathAndPosition(text: String, reason: JSONError.Reason, path: String, line: Int, column: Int) {
        let error = failure(text)
        #expect(error?.reason == reason)
        #expect(error.map { "\($0.path)" } == path)
        #expect(error?.position == SourcePosition(line: line, column: column))
    }

    @Test func invalidUTF8IsAnError() {
        #expect(failure("[\"a\u{FF}\"]") == nil)  // U+00FF is valid UTF-8 text
        let bytes: [UInt8] = [0x5B, 0x22, 0xC3, 0x28, 0x22, 0x5D]  // ["\xC3("]
        #expect(throws: JSONError.self) { try JSONParser.parse(bytes) }
    }

    @Test func nestingIsCappedWithoutRecursion() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(failure(deep)?.reason == .nestingTooDeep(limit: JSONError.maxDepth))
        let fine = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(failure(fine) == nil)
    }

    @Test func pathsQuoteKeysThatAreNotIdentifiers() {
        let path = JSONPath.root.appending("timeline").appending(2).appending("odd key").appending("a\"b")
        #expect("\(path)" == #"$.timeline[2]["odd key"]["a\"b"]"#)
    }

    /// Positions of values come from the tape's checkpoints: they must match a count from the
    /// start for values far into a long line, past multi-byte characters, after a byte order mark.
    @Test func positionsFarIntoALongLineCountFromTheStart() throws {
        let filler = String(repeating: "\"é✓\",", count: 300)  // 300 items of 5 scalars (8 bytes) each
        let text = "\u{FEFF}[" + filler + "\n  {\"k\\u0041y\": \"v\\n\", \"n\": 1.25e2}]"
        let node = try parse(text)
        guard case .array(let items) = node.value, case .object(let members) = items[300].value else {
            Issue.record("unexpected shape")
            return
        }
        #expect(items[0].position == SourcePosition(line: 1, column: 2))
        #expect(items[299].position == SourcePosition(line: 1, column: 2 + 299 * 5))
        #expect(members.map(\.key) == ["kAy", "n"])
        #expect(members[0].keyPosition == SourcePosition(line: 2, column: 4))
        #expect(members[1].value.position == SourcePosition(line: 2, column: 28))
        guard case .string(let escaped) = members[0].value.value, case .number(let number) = members[1].value.value else {
            Issue.record("unexpected member values")
            return
        }
        #expect(escaped == "v\n")
        #expect(number.text == "1.25e2" && number.double == 125 && number.integer == nil)
        #expect(node.kindDescription == "an array" && items[0].kindDescription == "a string")
        let late = failure(text.replacingOccurrences(of: "1.25e2", with: "1.25e2x"))
        #expect(late?.position == SourcePosition(line: 2, column: 28))
    }

    /// The reader's fast path for short decimals gives the C library's doubles and floats exactly.
    @Test func shortDecimalsConvertExactlyAsTheCLibraryDoes() throws {
        var generator = SystemRandomNumberGenerator()
        var texts = ["0", "-0", "0.1", "-0.0", "0.035", "1.5", "250.5", "0.000001", "123456789012345", "9.99999999999999",
                     "0.3", "16777217", "16777216.5", "0.1000000000000001"]
        for _ in 0..<20_000 {
            let digits = Int.random(in: 1...15, using: &generator)
            var text = String((0..<digits).map { _ in Character(String(Int.random(in: 0...9, using: &generator))) })
            let point = Int.random(in: 1...digits, using: &generator)  // digits before the point
            if point > 1 && text.first == "0" { text = "1" + text.dropFirst() }  // JSON has no leading zeros
            if point < digits { text.insert(".", at: text.index(text.startIndex, offsetBy: point)) }
            if Bool.random(using: &generator) { text = "-" + text }
            texts.append(text)
        }
        for text in texts {
            let node = try parse("[" + text + "]")
            guard case .array(let items) = node.value, case .number(let number) = items[0].value else {
                Issue.record("\(text) did not parse as a number")
                continue
            }
            let isInteger = !text.contains(".")
            #expect(number.double.bitPattern == (isInteger ? Double(Int64(text)!) : Double(text)!).bitPattern, "\(text)")
            #expect(number.float.bitPattern == Float(text)!.bitPattern, "\(text)")
        }
    }
}

/// `JSONOutput.pretty`: what fits stays on a line; long lists of numbers fill lines; the text parses back.
@Suite struct JSONPrettyTests {
    @Test func longNumberListsFillLinesAndStringsKeepOneALine() throws {
        let numbers = JSONOutput.array((1...30).map { .integer(Int64($0 * 100)) })
        let words = JSONOutput.array(["alpha", "beta"].map { .string($0) })
        let text = JSONOutput.object([("timingsMs", numbers), ("notes", words), ("short", .array([.integer(1), .null]))]).pretty(width: 40)
        #expect(text == """
            {
              "timingsMs": [
                100, 200, 300, 400, 500, 600, 700,
                800, 900, 1000, 1100, 1200, 1300,
                1400, 1500, 1600, 1700, 1800, 1900,
                2000, 2100, 2200, 2300, 2400, 2500,
                2600, 2700, 2800, 2900, 3000
              ],
              "notes": ["alpha", "beta"],
              "short": [1, null]
            }
            """)
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= 40 })
        let long = JSONOutput.array((1...4).map { .string(String(repeating: "w", count: 12 * $0)) }).pretty(width: 40)
        #expect(long.split(separator: "\n").count == 6)  // one string a line, never packed
        _ = try JSONParser.parse(Array(text.utf8))
    }
}
