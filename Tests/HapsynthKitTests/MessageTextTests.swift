import HapsynthKit
import Testing

/// `MessageText.shortened`: a message that quotes a 10,000-character path keeps the path's start
/// and end and says how long it is; short words and the spaces between them stay as they are.
@Suite struct MessageTextTests {
    @Test func aLongRunShowsItsEndsAndLength() {
        let path = "/" + String(repeating: "a", count: 9_998) + "z"
        let shown = MessageText.shortened("cannot read \(path): no such file")
        #expect(shown == "cannot read /\(String(repeating: "a", count: 119))…\(String(repeating: "a", count: 38))z: (10001 characters) no such file")
    }

    @Test func runsUpToTheLimitStayWhole() {
        let run = String(repeating: "b", count: MessageText.longestRun)
        let text = "one  two \(run) \(run)"
        #expect(MessageText.shortened(text) == text)
    }
}
