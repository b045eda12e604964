import HapticPlanner
import Testing

/// `web:vibrate(…)` as Chromium takes `navigator.vibrate` (issue 62, item 2): nothing a browser
/// accepts is refused; what Blink's sanitiser changes is played changed and said in a warning.
@Suite struct WebVibrationTests {
    static func vibration(_ call: String) throws -> WebVibration {
        try #require(try FeedbackCall.named(call)?.webVibration)
    }

    @Test func entriesOver10SecondsAreClampedAndPlayed() throws {
        let long = try Self.vibration("web:vibrate(20000)")
        #expect(long.requested == [20_000] && long.played == [10_000])
        #expect(long.changes == ["Chromium clamps 1 entry to 10000 ms: entry 1 (20000 ms)"])
        // Pauses are clamped too: Blink clamps every entry, not only vibrations.
        let pause = try Self.vibration("web:vibrate([200, 30000, 100])")
        #expect(pause.played == [200, 10_000, 100] && pause.androidTimingsMs == [0, 200, 10_000, 100])
        let loaded = try PatternLoader.load("web:vibrate(20000)")
        #expect(loaded.warnings.map(\.description) == ["Chromium clamps 1 entry to 10000 ms: entry 1 (20000 ms)"] && loaded.warnings.map(\.code) == [.clamped])
    }

    @Test func aPatternIsCutAt99EntriesAndLosesATrailingPause() throws {
        let many = try Self.vibration("web:vibrate(" + Array(repeating: "20", count: 150).joined(separator: ",") + ")")
        #expect(many.requested.count == 150 && many.played.count == 99 && many.changes == ["Chromium keeps the first 99 of 150 entries"])
        let trailing = try Self.vibration("web:vibrate(100,50,100,50)")
        #expect(trailing.played == [100, 50, 100] && trailing.changes == ["Chromium drops the trailing pause (50 ms)"])
        // 100 entries: the first 99 are kept, which end on a vibration, so no pause is dropped.
        let hundred = try Self.vibration("web:vibrate(" + Array(repeating: "30", count: 100).joined(separator: ",") + ")")
        #expect(hundred.played.count == 99 && hundred.droppedPauseMs == nil)
    }

    @Test func numbersConvertAsWebIDLUnsignedLong() throws {
        let odd = try Self.vibration("web:vibrate(-1,5.9,1e3)")
        #expect(odd.requested == [4_294_967_295, 5, 1_000] && odd.played == [10_000, 5, 1_000])
        #expect(odd.changes.first == "entry 1 (-1) is 4294967295 ms as navigator.vibrate converts it (WebIDL unsigned long)")
        #expect((try? FeedbackCall.named("web:vibrate(0x10)")) == nil && (try? FeedbackCall.named("web:vibrate(1,,2)")) == nil)
    }

    @Test func aCancelPlaysNothingOnEveryPhone() throws {
        for call in ["web:vibrate(0)", "web:vibrate([])", "web:vibrate(0,100)"] {
            #expect(try Self.vibration(call).played.isEmpty, "\(call)")
            let plan = try PatternLoader.load(call).androidPlan(on: .amplitudePhone)
            #expect(plan.backend == .silent, "\(call)")
        }
        // Android plays every vibration for at least 1 ms; one cut short by the next still starts.
        #expect(try Self.vibration("web:vibrate(0,0,100)").androidTimingsMs == [0, 0, 0, 100])
        #expect(try Self.vibration("web:vibrate(5,0,0)").androidTimingsMs == [0, 5, 0, 1])
    }
}
