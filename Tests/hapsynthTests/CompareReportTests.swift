import Foundation
import Testing
import TestSupport

/// `compare` says why it failed: each limit beside its figure, positions as frame and time,
/// figures to 4 significant digits (the JSON keeps full precision).
@Suite struct CompareReportTests {
    @Test func aFailureSaysWhichLimitFailedAndByHowMuch() throws {
        let scratch = try Scratch()
        let expected = scratch.path + "/a.wav", actual = scratch.path + "/b.wav", shorter = scratch.path + "/c.wav"
        #expect(try hapsynth(["render", "Samples/celebration.json", expected]).status == 0)
        #expect(try hapsynth(["render", "Samples/celebration.json", actual, "--max-frequency", "301"]).status == 0)
        #expect(try hapsynth(["render", "Samples/click-train.json", shorter]).status == 0)
        let result = try hapsynth(["compare", expected, actual])
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines == [
            "frames: 26400 expected, 26400 actual",
            "rate: 48000 Hz, channels: 1",
            "max abs error: 0.09307 at frame 20565 = 428.4 ms (limit 0.0001, over by 0.09297)",
            "RMS error: 0.03399",
            "SNR: 12.73 dB (limit 90 dB, short by 77.27 dB)",
            "first differing frame: 482 = 10.04 ms",
            "fail: max abs error 0.09307 is above the limit 0.0001; SNR 12.73 dB is below the limit 90 dB",
        ])
        let json = try hapsynth(["compare", expected, actual, "--json"]).stdout
        #expect(json.range(of: #""maxAbsError": 0\.09\d{6,}"#, options: .regularExpression) != nil)
        let lengths = try hapsynth(["compare", expected, shorter])
        #expect(lengths.stdout.split(separator: "\n").last?.hasPrefix("fail: the lengths differ (26400 and 23520 frames)") == true)
        let same = try hapsynth(["compare", expected, expected])
        #expect(same.status == 0 && same.stdout.hasSuffix("first differing frame: none\npass\n"))
    }
}
