import Foundation
import Testing
import TestSupport

/// Every reader stays within about four times its input plus 40 MiB, and a file at the limits
/// plans in time proportional to it (issue 40): a clip of 100,000 breakpoints once peaked at 75 MB
/// (a dictionary per breakpoint), and an AHAP curve of 99,990 points took about 40 minutes to plan
/// for Android (each point read the whole curve).
@Suite struct ReaderMemoryTests {
    static func bound(_ path: String) throws -> Int {
        let bytes = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
        return (4 * bytes + (40 << 20)) / 1024
    }

    @Test func aClipOf100000BreakpointsStaysWithinFourTimesItsSizeAnd40MiB() throws {
        let scratch = try Scratch()
        let points = (0..<100_000).map { #"{"time": \#(Double($0) / 1000), "amplitude": \#(Double($0 % 100) / 100)}"# }.joined(separator: ",")
        let clip = try scratch.write("long.haptic", #"{"version": {"major": 1, "minor": 0, "patch": 0}, "signals": {"continuous": {"envelopes": {"amplitude": ["# + points + "]}}}}")
        for command in [["plan", clip], ["lint", clip], ["plan", clip, "--platform", "android"]] {
            let use = try hapsynthResourceUse(command, deadlineSeconds: 120)
            #expect(use.status == 0 || use.status == 1, "\(command)")
            #expect(use.peakKiB < (try Self.bound(clip)), "\(command): \(use.peakKiB) KiB")
        }
    }

    @Test func anAHAPCurveAtThePointLimitPlansForAndroidWithoutReadingItOncePerPoint() throws {
        let scratch = try Scratch()
        let points = (0..<99_990).map { #"{"Time": \#(Double($0) * 0.0003), "ParameterValue": \#(Double($0 % 100) / 100)}"# }.joined(separator: ",")
        let ahap = try scratch.write("dense.ahap", #"{"Version": 1.0, "Pattern": [{"Event": {"Time": 0.0, "EventType": "HapticContinuous", "EventDuration": 30.0, "#
            + #""EventParameters": []}}, {"ParameterCurve": {"ParameterID": "HapticIntensityControl", "Time": 0.0, "ParameterCurveControlPoints": ["#
            + points + "]}}]}")
        for command in [["plan", ahap, "--platform", "android"], ["lint", ahap]] {
            let use = try hapsynthResourceUse(command, deadlineSeconds: 120)  // a debug build takes about 3 s
            #expect(use.status != nil, "\(command) did not finish in 120 s")
            #expect(use.peakKiB < (try Self.bound(ahap)), "\(command): \(use.peakKiB) KiB")
        }
    }
}
