import Foundation
import Testing
@testable import HapticCore

/// The corpus of invalid pattern files: one rule each, each with its exact message, position and
/// JSON path. Every `*.json` in `Fixtures/invalid/` must have a row here.
@Suite struct InvalidFixtureTests {
    static let folder = fixturesDirectory + "/invalid"

    /// File name → the error text after the folder prefix.
    static let cases: [(file: String, message: String)] = [
        ("not-an-object.json", "not-an-object.json:1:1: expected an object, got an array at $"),
        ("empty-file.json", "empty-file.json:1:1: unexpected end of input (the JSON is truncated) at $"),
        ("truncated.json", "truncated.json:2:1: unexpected end of input (the JSON is truncated) at $.timeline[1].delay"),
        ("trailing-comma.json", "trailing-comma.json:1:31: trailing comma before the closing bracket at $.timeline[1]"),
        ("duplicate-key.json", "duplicate-key.json:1:48: duplicate key \"intensity\" at $.timeline[0].transient"),
        ("invalid-utf8.json", "invalid-utf8.json:1:10: string is not valid UTF-8 at $.name"),
        ("non-finite-number.json", "non-finite-number.json:1:25: unexpected character 'N' at $.timeline[0].delay"),
        ("number-overflows-double.json",
         "number-overflows-double.json:1:25: number 1e400 overflows a double at $.timeline[0].delay"),
        ("integer-beyond-64-bits.json",
         "integer-beyond-64-bits.json:1:25: integer 9223372036854775808 is beyond the 64-bit range at $.timeline[0].delay"),
        ("unknown-key.json",
         "unknown-key.json:4:18: unknown key \"intesity\" at $.timeline[2].transient — did you mean \"intensity\"?"),
        ("unknown-top-level-key.json",
         "unknown-top-level-key.json:1:33: unknown key \"duration\" at $ — did you mean \"durationMs\"?"),
        ("unknown-element.json",
         "unknown-element.json:1:16: unknown key \"pause\" at $.timeline[0] — expected one of \"transient\", \"continuous\", \"haptic\", \"delay\", \"sequence\", \"parallel\", \"repeat\", \"clip\""),
        ("element-with-two-keys.json",
         "element-with-two-keys.json:1:15: a timeline element must be an object with exactly one key (got 2) at $.timeline[0]"),
        ("version-2.json", "version-2.json:1:13: version must be 1 (got 2) at $.version"),
        ("events-and-timeline.json",
         "events-and-timeline.json:1:1: a pattern has either \"events\" or \"timeline\", not both at $"),
        ("no-events-or-timeline.json", "no-events-or-timeline.json:1:1: a pattern needs \"events\" or \"timeline\" at $"),
        ("negative-delay.json", "negative-delay.json:1:42: delay must not be negative (got -20) at $.timeline[1].delay"),
        ("negative-start.json", "negative-start.json:1:46: startMs must not be negative (got -5) at $.events[0].startMs"),
        ("duration-as-string.json",
         "duration-as-string.json:1:25: expected a number of milliseconds, got a string at $.timeline[0].delay"),
        ("duration-too-short.json",
         "duration-too-short.json:1:47: durationMs 50 is shorter than the latest event end 100 at $.durationMs"),
        ("transient-with-duration.json",
         "transient-with-duration.json:1:63: a transient has no duration (got 20 ms) at $.events[0].durationMs"),
        ("transient-with-curve.json",
         "transient-with-curve.json:1:67: a transient cannot have a curve (got intensityCurve) at $.events[0].intensityCurve"),
        ("unknown-event-type.json",
         "unknown-event-type.json:1:22: unknown event type \"tap\" at $.events[0].type — expected one of \"transient\", \"continuous\""),
        ("continuous-rounds-to-zero.json",
         "continuous-rounds-to-zero.json:1:45: durationMs must be at least 1 ms for a vibration (got 0.4) at $.timeline[0].continuous.durationMs"),
        ("continuous-without-duration.json",
         "continuous-without-duration.json:1:30: missing required key \"durationMs\" at $.timeline[0].continuous"),
        ("haptic-zero.json",
         "haptic-zero.json:1:26: haptic durationMs must be at least 1 ms for a vibration (got 0) at $.timeline[0].haptic"),
        ("curve-starts-late.json",
         "curve-starts-late.json:1:69: intensityCurve must start at 0 ms (first point at 10 ms) at $.timeline[0].continuous.intensityCurve[0]"),
        ("curve-unsorted.json",
         "curve-unsorted.json:3:74: intensityCurve point 2 at 50 ms must come after the previous point at 80 ms at $.timeline[1].continuous.intensityCurve[2]"),
        ("curve-value-out-of-range.json",
         "curve-value-out-of-range.json:1:83: value must be in 0...1 (got 1.5) at $.timeline[0].continuous.sharpnessCurve[1][1]"),
        ("curve-end-mismatch.json",
         "curve-end-mismatch.json:1:68: intensityCurve ends at 250 ms but the event lasts 300 ms; it must end exactly at the event's duration at $.timeline[0].continuous.intensityCurve"),
        ("curve-single-point.json",
         "curve-single-point.json:1:68: intensityCurve needs at least 2 points (got 1) at $.timeline[0].continuous.intensityCurve"),
        ("curve-bad-point.json",
         "curve-bad-point.json:1:77: expected a [timeMs, value] pair, got an array of 1 at $.timeline[0].continuous.intensityCurve[1]"),
        ("curve-negative-time.json",
         "curve-negative-time.json:1:107: timeMs must not be negative (got -300) at $.timeline[0].continuous.intensityCurve[1].timeMs"),
        ("sharpness-out-of-range.json",
         "sharpness-out-of-range.json:1:43: sharpness must be in 0...1 (got 1.2) at $.timeline[0].transient.sharpness"),
        ("unknown-intensity-name.json",
         "unknown-intensity-name.json:1:43: unknown intensity \"strnog\" at $.timeline[0].transient.intensity — did you mean \"strong\"?"),
        ("repeat-count-fractional.json",
         "repeat-count-fractional.json:1:36: count must be a whole number in 0...2147483647 (got 2.5) at $.timeline[0].repeat.count"),
        ("repeat-count-negative.json",
         "repeat-count-negative.json:1:36: count must be a whole number in 0...2147483647 (got -1) at $.timeline[0].repeat.count"),
        ("repeat-over-event-limit.json",
         "repeat-over-event-limit.json:1:26: expanded event count 1000000000 exceeds limit 10000 at $.timeline[0].repeat"),
        ("repeat-overflows-time.json",
         "repeat-overflows-time.json:1:26: time overflow in repeated: the result exceeds the 64-bit millisecond range at $.timeline[0].repeat"),
        ("control-points-over-limit.json",
         "control-points-over-limit.json:1:26: expanded control point count 101000 exceeds limit 100000 at $.timeline[0].repeat"),
        ("unknown-transform.json",
         "unknown-transform.json:1:83: unknown transform \"reverse\" at $.timeline[0].clip.transforms[0] — did you mean \"reversed\"?"),
        ("time-stretch-zero.json",
         "time-stretch-zero.json:1:99: timeStretch must be in (0, ∞) (got 0.0) at $.timeline[0].clip.transforms[0].timeStretch"),
        ("time-stretch-collapses-event.json",
         "time-stretch-collapses-event.json:1:98: timeStretch(0.1) collapses the 3 ms duration to 0 ms of event 0 at $.timeline[0].clip.transforms[0].timeStretch"),
        ("scale-intensity-negative.json",
         "scale-intensity-negative.json:1:102: scaleIntensity must not be negative (got -1.0) at $.timeline[0].clip.transforms[0].scaleIntensity"),
        ("include-missing.json",
         "include-missing.json:1:36: included file \"no-such-file.json\" not found at $.timeline[0].clip.pattern"),
        ("include-cycle-a.json",
         "include-cycle-b.json:1:36: include cycle include-cycle-a.json → include-cycle-b.json → include-cycle-a.json at $.timeline[0].clip.pattern (included from include-cycle-a.json:1:52)"),
        ("include-cycle-b.json",
         "include-cycle-a.json:1:52: include cycle include-cycle-b.json → include-cycle-a.json → include-cycle-b.json at $.timeline[1].clip.pattern (included from include-cycle-b.json:1:36)"),
        ("deep-element-nesting.json",
         "deep-element-nesting.json:1:910: nesting depth 65 exceeds limit 64 at $.timeline[0]"
            + String(repeating: ".sequence[0]", count: 63) + ".sequence"),
        ("deep-json-nesting.json",
         "deep-json-nesting.json:1:525: JSON nesting deeper than 512 levels at $.timeline"
            + String(repeating: "[0]", count: 511)),
    ]

    @Test(arguments: cases)
    func invalidFileIsReportedExactly(file: String, message: String) throws {
        do {
            _ = try PatternReader.read(contentsOf: Self.folder + "/" + file)
            Issue.record("\(file) was accepted")
        } catch {
            #expect(!error.isMissingInput)
            // Compare as a user in the fixture folder would see it.
            let text = error.description.replacingOccurrences(of: Self.folder + "/", with: "")
            #expect(text == message)
        }
    }

    @Test func everyFixtureHasARowAndTheCorpusIsLargeEnough() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder).filter { $0.hasSuffix(".json") }
        #expect(Set(files) == Set(Self.cases.map(\.file)))
        #expect(files.count >= 30)
    }
}
