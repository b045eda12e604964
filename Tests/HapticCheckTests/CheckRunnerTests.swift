import Foundation
import Testing
import TestSupport
@testable import AudioCore
@testable import AudioIO
@testable import HapticCheck
@testable import HapticPlanner
@testable import HapticSynth

/// The runner's file handling: a golden is replaced only by a complete render, in one rename.
@Suite struct CheckRunnerTests {
    func runner(record: RecordMode, goldens: Scratch) -> CheckRunner {
        var profile = ActuatorProfile()
        profile.sampleRate = 8_000
        return CheckRunner(profile: profile, platform: .ios, tolerance: .init(), record: record, newGoldenContainer: .wav,
                           artifacts: CheckArtifacts(folder: goldens.path + "/artifacts"))
    }

    func entry(_ pattern: String, goldens: Scratch) -> CheckSuite.Entry {
        CheckSuite(found: [(path: pattern, relative: nil)], goldens: goldens.path, android: false) { _ in .patternJSON }.entries[0]
    }

    @Test func aReRecordWhoseLastStepFailsKeepsTheOldGolden() throws {
        let scratch = try Scratch()
        let pattern = try scratch.write("tap.json", #"{"timeline": [{"transient": {}}, {"delay": 20}]}"#)
        let first = try runner(record: .missing, goldens: scratch).check(entry(pattern, goldens: scratch))
        #expect(first.status == .recorded)
        let golden = scratch.path + "/tap.wav"
        let before = fileBytes(golden)
        #expect(!before.isEmpty)
        // An edit that changes the sound, re-recorded with a rename that fails (another file
        // system, a full disk): the check stops with the error and the old golden is intact.
        try scratch.write("tap.json", #"{"timeline": [{"transient": {"intensity": 0.3}}, {"delay": 20}]}"#)
        var failing = runner(record: .missingAndDiffering, goldens: scratch)
        failing.replace = { _, _ throws(CheckError) in throw .cannotWrite("cannot re-record: the disk is full") }
        #expect(throws: CheckError.self) { try failing.check(entry(pattern, goldens: scratch)) }
        #expect(fileBytes(golden) == before)
        // Nothing is left beside it: the render made for the rename is removed.
        #expect(scratch.entries == ["hapsynth-check.json", "tap.json", "tap.wav"].filter { FileManager.default.fileExists(atPath: scratch.path + "/" + $0) })
        // With the real rename the same re-record replaces the golden.
        let rerecorded = try runner(record: .missingAndDiffering, goldens: scratch).check(entry(pattern, goldens: scratch))
        #expect(rerecorded.status == .recorded && rerecorded.note?.hasPrefix("changed: ") == true)
        #expect(fileBytes(golden) != before)
        #expect(scratch.entries == ["tap.json", "tap.wav"])
    }

    @Test func aMatchingRenderPassesAndADifferingOneLeavesArtifacts() throws {
        let scratch = try Scratch()
        let pattern = try scratch.write("tap.json", #"{"timeline": [{"transient": {}}, {"delay": 20}]}"#)
        _ = try runner(record: .missing, goldens: scratch).check(entry(pattern, goldens: scratch))
        #expect(try runner(record: .none, goldens: scratch).check(entry(pattern, goldens: scratch)).status == .ok)
        try scratch.write("tap.json", #"{"timeline": [{"transient": {"sharpness": 0.1}}, {"delay": 20}]}"#)
        let differs = try runner(record: .none, goldens: scratch).check(entry(pattern, goldens: scratch))
        #expect(differs.status == .differs && differs.comparison?.pass == false)
        #expect(differs.actualPath == scratch.path + "/artifacts/tap.actual.wav" && FileManager.default.fileExists(atPath: differs.actualPath!))
    }

    @Test func aPatternThatCannotBeLoadedIsInvalidInTheChecksWording() throws {
        let scratch = try Scratch()
        let pattern = try scratch.write("bad.json", #"{"timeline": [{"haptic": -1}]}"#)
        var checker = runner(record: .none, goldens: scratch)
        checker.wording = CheckWording(error: { _ in "worded" })
        let outcome = try checker.check(entry(pattern, goldens: scratch))
        #expect(outcome.status == .invalid && outcome.error == "worded")
    }
}

/// The check's reports, as the library writes them (moved out of the command line: issue 41).
@Suite struct CheckReportFilesTests {
    @Test func theReportsArePutInPlaceTogetherAndNeverOverAnInput() throws {
        let scratch = try Scratch()
        let pattern = try scratch.write("tap.json", #"{"timeline": [{"transient": {}}, {"delay": 20}]}"#)
        var request = CheckRequest(inputs: [pattern], goldens: scratch.path + "/goldens")
        request.record = .missing
        (request.junit, request.report) = (scratch.path + "/junit.xml", scratch.path + "/report.html")
        let result = try GoldenCheck.run(request)
        #expect(result.report.pass)
        #expect(fileBytes(scratch.path + "/junit.xml") == Array(result.report.junit.utf8))
        #expect(String(decoding: fileBytes(scratch.path + "/report.html"), as: UTF8.self).contains("<html"))
        // A report named as the pattern would replace it: refused, and the pattern is intact.
        let before = fileBytes(pattern)
        request.junit = pattern
        #expect {
            try GoldenCheck.run(request)
        } throws: { error in
            guard case .output = error as? CheckError else { return false }
            return true
        }
        #expect(fileBytes(pattern) == before)
    }
}

/// The lines a check prints of its events (moved out of the command line: issue 62): each outcome
/// and each golden pruned; quiet leaves out the patterns that pass without a word.
@Suite struct CheckEventLinesTests {
    @Test func eachEventIsItsLinesAndQuietKeepsWhatNeedsALook() throws {
        let scratch = try Scratch()
        try scratch.write("lib/tap.json", #"{"timeline": [{"transient": {}}, {"delay": 20}]}"#)
        try scratch.write("goldens/gone.wav", "RIFF")
        var request = CheckRequest(inputs: [scratch.path + "/lib"], goldens: scratch.path + "/goldens")
        (request.record, request.prune) = (.missing, true)
        var loud: [String] = [], quiet: [String] = []
        _ = try GoldenCheck.run(request) { event in
            loud += event.lines()
            quiet += event.lines(quiet: true)
        }
        let goldens = scratch.path + "/goldens"
        #expect(loud == ["recorded tap: \(goldens)/tap.wav", "pruned   \(goldens)/gone.wav"])
        #expect(quiet == loud)  // a golden recorded is news, quiet or not
        // A second run finds the golden and says ok, which quiet leaves out.
        request.record = .none
        var again: [String] = []
        _ = try GoldenCheck.run(request) { again += $0.lines(quiet: true) }
        #expect(again.isEmpty)
        _ = try GoldenCheck.run(request) { again += $0.lines() }
        #expect(again == ["ok       tap"])
    }
}
