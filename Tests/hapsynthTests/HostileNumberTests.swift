import Foundation
import Testing
import TestSupport

/// Numbers at the edge of every range: each is a clear error with the right exit code, never a
/// trap, a wrapped result or a leftover temporary file (the reproducers of the hostile-input
/// campaign).
@Suite struct HostileNumberTests {
    /// Runs `arguments` with `{}` replaced by the scratch folder; returns the result.
    func run(_ scratch: Scratch, _ arguments: [String]) throws -> RunResult {
        try hapsynth(arguments.map { $0.replacingOccurrences(of: "{}", with: scratch.path) })
    }

    @Test(arguments: [
        (#"{"events":[{"type":"transient","startMs":9223372036854775800}]}"#,
         "time 9223372036854775800 ms is beyond the plan's range (at most 9223372036854775 ms)"),
        (#"{"events":[{"type":"continuous","startMs":0,"durationMs":9223372036854775807}]}"#,
         "Core Haptics native events: expanded event count 307445734561826 exceeds limit 10000"),
    ])
    func planRefusesTimesAtTheEndOfTheRange(pattern: String, message: String) throws {
        let scratch = try Scratch()
        let file = try scratch.write("p.json", pattern)
        for command in [["plan", file], ["play", file, "--device", "null"], ["render", file, scratch.path + "/o.wav", "--allow-long"]] {
            let result = try hapsynth(command)
            #expect(result.status == 65, "\(command[0])")
            #expect(result.stderr == "hapsynth: error: \(file): \(message)\n", "\(command[0])")
        }
        #expect(scratch.entries == ["p.json"])
    }

    @Test(arguments: [
        #"{"events":[{"type":"transient","startMs":0}],"durationMs":9223372036854775807}"#,
        #"{"timeline":[{"transient":{}},{"delay":1125899906842624}]}"#,
        #"{"timeline":[{"transient":{}},{"repeat":{"count":75,"timeline":[{"delay":4294816729680}]}}]}"#,
        #"{"Metadata":{"hapsynthLogicalDurationMs":9223372036854775807},"Pattern":[{"Event":{"Time":0,"EventType":"HapticTransient"}}]}"#,
    ])
    func rendersBeyondWhatCanBeRepresentedAreRefusedEvenWithAllowLong(pattern: String) throws {
        let scratch = try Scratch()
        let file = try scratch.write(pattern.contains("Pattern") ? "p.ahap" : "p.json", pattern)
        let message = "the render would last longer than hapsynth can represent (10000000000000 ms)"
        for command in [["render", file, scratch.path + "/o.wav", "--allow-long", "--quiet"],
                        ["play", file, "--device", "null", "--allow-long"], ["play", file, "--device", "null"]] {
            let result = try hapsynth(command)
            #expect(result.status == 65, "\(command)")
            #expect(result.stderr.hasSuffix("\(message)\n"), "\(command): \(result.stderr)")
        }
        #expect(!scratch.entries.contains { $0 != "p.json" && $0 != "p.ahap" })
    }

    @Test func anAHAPTimeBeyondTheRangeIsAnErrorWithItsPath() throws {
        let scratch = try Scratch()
        let file = try scratch.write("p.ahap", #"{"Pattern":[{"Event":{"Time":9.1e15,"EventType":"HapticTransient"}}]}"#)
        let result = try hapsynth(["render", file, scratch.path + "/o.wav", "--allow-long"])
        #expect(result.status == 65)
        #expect(result.stderr == "hapsynth: error: \(file):1:30: time 9.1e15 s is beyond the 64-bit microsecond range at $.Pattern[0].Event.Time\n")
    }

    // Changed (issue 31): transient cycles have a ceiling of 1,000 where they enter, so the two
    // cases of huge cycle counts moved to `transientCyclesHaveACeilingWhereTheyEnter`.
    @Test(arguments: [
        (["--min-frequency", "1e-300"], "the render would last longer than hapsynth can represent (10000000000000 ms)"),
        (["--min-frequency", "0.000001"], "the render would last 23d 03:33:20 (96000000480 frames at 48000 Hz), over 24 hours; use --allow-long to render it"),
    ])
    func aTransientClickCountsInTheRenderLengthGuard(flags: [String], message: String) throws {
        let scratch = try Scratch()
        let file = try scratch.write("p.json", #"{"events":[{"type":"transient","startMs":0,"sharpness":0}]}"#)
        let result = try hapsynth(["render", file, scratch.path + "/o.wav"] + flags)
        #expect(result.status == 65)
        #expect(result.stderr == "hapsynth: error: \(file): \(message)\n")
        #expect(scratch.entries == ["p.json"])
    }

    /// Changed assertion (issue 31): a huge cycle count is refused where it enters, with its place,
    /// before the render-length guard (which it used to overflow from a device profile).
    @Test func aProfileWithAHugeCycleCountIsRefusedWithoutLeavingAFile() throws {
        let scratch = try Scratch()
        let file = try scratch.write("p.json", #"{"events":[{"type":"transient","startMs":0}]}"#)
        let profile = try scratch.write("profile.json", #"{"transientCycles": 9223372036854775807}"#)
        let result = try hapsynth(["render", file, scratch.path + "/o.wav", "--profile", profile, "--allow-long"])
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("hapsynth: error: \(profile):1:21: transientCycles must be a whole number in 1...1000"), "\(result.stderr)")
        #expect(scratch.entries == ["p.json", "profile.json"])
    }

    @Test(arguments: [["--transient-cycles", "1e18"], ["--transient-cycles", "1000000000"], ["--transient-cycles", "5e18", "--device-profile", "pixel-cs40l26"]])
    func transientCyclesHaveACeilingWhereTheyEnter(flags: [String]) throws {
        let scratch = try Scratch()
        let file = try scratch.write("p.json", #"{"events":[{"type":"transient","startMs":0,"sharpness":0}]}"#)
        let result = try hapsynth(["render", file, scratch.path + "/o.wav"] + flags)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("hapsynth: error: --transient-cycles: transientCycles must be a whole number in 1...1000 (got "), "\(result.stderr)")
        #expect(scratch.entries == ["p.json"])
    }

    @Test func checkRefusesAPatternOverADay() throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(atPath: scratch.path + "/p", withIntermediateDirectories: true)
        try scratch.write("p/long.json", #"{"events":[{"type":"transient","startMs":0}],"durationMs":90000000}"#)
        let result = try hapsynth(["check", scratch.path + "/p", "--goldens", scratch.path + "/g", "--record", "--rate", "48000"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("invalid  long: the render would last 1d 01:00:00 (4320000480 frames at 48000 Hz), over 24 hours"))
    }

    @Test func hexadecimalAndSpecialNumbersAreNotFlagValues() throws {
        let scratch = try Scratch()
        let file = try scratch.write("p.json", #"{"events":[{"type":"transient","startMs":0}]}"#)
        for value in ["0x2EE0", "inf", "nan", "12000abc", ""] {
            let result = try hapsynth(["render", file, scratch.path + "/o.wav", "--rate", value])
            #expect(result.status == 64, "\(value)")
            #expect(result.stderr.hasPrefix("hapsynth: error: --rate needs a number, got '\(value)'"), "\(value)")
        }
    }

    @Test func compareOfSilenceNaNAndEmptyFilesGivesAResult() throws {
        let scratch = try Scratch()
        func wav(_ name: String, _ samples: [Float]) throws -> String {
            let data = floatWAV(samples, rate: 8000)
            let path = scratch.path + "/" + name
            try data.write(to: URL(fileURLWithPath: path))
            return path
        }
        let tone = try wav("tone.wav", (0..<800).map { Float(sin(Double($0) * 0.2)) * 0.5 })
        let silent = try wav("silent.wav", [Float](repeating: 0, count: 800))
        let empty = try wav("empty.wav", [])
        let nan = try wav("nan.wav", [Float](repeating: .nan, count: 400) + [Float](repeating: .infinity, count: 400))
        let silence = try hapsynth(["compare", silent, tone])
        #expect(silence.status == 1 && silence.stdout.contains("SNR: -inf dB") && silence.stdout.contains("; SNR -inf dB is below the limit 90 dB\n"))
        let none = try hapsynth(["compare", empty, tone, "--json"])
        #expect(none.status == 1 && none.stdout.contains(#""expectedFrames": 0"#) && none.stdout.contains(#""pass": false"#))
        // Changed assertion (issue 31): NaN and ±inf are read as silence and counted, never compared as numbers.
        // Changed again (issue 40): they fail the comparison, and the first line says how many and where.
        let broken = try hapsynth(["compare", tone, nan])
        #expect(broken.status == 1 && broken.stdout.hasPrefix("not finite: the actual file has 800 NaN or infinite samples, the first at 0 ms (frame 0); read as 0 for the figures below\n")
            && broken.stdout.contains("max abs error: 0.5 at") && broken.stdout.contains("first differing frame: 1 "), "\(broken.stdout)")
        let json = try hapsynth(["compare", nan, tone, "--json"])
        #expect(json.status == 1 && json.stdout.contains(#""snrDb": null"#) && json.stdout.contains(#""nonFinite": {"#), "\(json.stdout)")
    }
}
