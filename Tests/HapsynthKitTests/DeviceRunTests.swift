import Foundation
import HapsynthKit
import Testing
import TestSupport

/// `DeviceRun` as a Swift user calls it (issue 52, the shell): words sorted into devices and
/// patterns, one pattern judged on the devices chosen, the gate's verdicts, and reports that
/// appear only when committed.
@Suite struct DeviceRunTests {
    static let heartbeat = packageRoot + "/Samples/heartbeat.json"

    @Test func wordsAreSortedIntoDevicesAndPatterns() throws {
        let sorted = try DeviceRun.sort(["pixel-5", Self.heartbeat, "iphone", packageRoot + "/Samples"])
        #expect(sorted.devices == ["pixel-5", "iphone"] && sorted.patterns == [Self.heartbeat, packageRoot + "/Samples"])
        #expect { try DeviceRun.sort(["pixel5"]) } throws: { error in
            guard case let .unknownDevice(choice, option, noFile) = error as? DeviceRunError else { return false }
            return choice.name == "pixel5" && option == nil && noFile && "\(choice)".contains("did you mean 'pixel-5'?")
        }
    }

    @Test func aPatternIsJudgedOnTheDevicesChosenAndTheReportsWaitForTheCommit() throws {
        let scratch = try Scratch()
        var run = DeviceRun(patterns: [Self.heartbeat])
        run.devices = ["pixel-5", "ipad"]
        run.sampleRate = 8_000
        run.gate = DeviceGate(defaultPercent: 100)
        run.junit = scratch.path + "/junit.xml"
        run.report = scratch.path + "/report.html"
        var loaded: [String] = []
        let outcome = try run.run { if case .loaded(let path, _) = $0 { loaded.append(path) } }
        #expect(loaded == [Self.heartbeat])
        #expect(outcome.judged.count == 1 && outcome.judged[0].matrix.rows.map(\.device.name) == ["pixel-5", "ipad"])
        #expect(outcome.judgements.map(\.device) == ["pixel-5", "ipad"] && outcome.failing.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "/junit.xml") && !FileManager.default.fileExists(atPath: scratch.path + "/report.html"))
        try outcome.commitReports()
        let junit = try String(contentsOfFile: scratch.path + "/junit.xml", encoding: .utf8)
        #expect(junit.contains("pixel-5") && junit.contains("<testsuite"))
        #expect(try String(contentsOfFile: scratch.path + "/report.html", encoding: .utf8).contains("<html"))
        // A 0 % limit fails the device without haptics, which feels nothing of the heartbeat.
        run.gate = DeviceGate(percentByDevice: ["ipad": 0])
        (run.junit, run.report) = (nil, nil)
        let failing = try run.run { _ in }
        #expect(failing.failing.map(\.device) == ["ipad"])
        // The words a person reads: the table, then the verdict and the device over its limit.
        let text = failing.text(gated: true)
        #expect(text.contains("pixel-5") && text.contains("\n\nmax loss: 1 over the limit\n  FAIL ") && !failing.text(gated: false).contains("max loss"))
        #expect(failing.json(gated: true).hasPrefix("{") && failing.json(gated: true).contains("ipad"))
    }

    @Test func aPatternThatCannotBeReadIsAnEntryOfItsOwnAndFailsTheRun() throws {
        let scratch = try Scratch()
        let broken = try scratch.write("broken.json", #"{"timeline": [{"haptic": -5}]}"#)
        var run = DeviceRun(patterns: [Self.heartbeat, broken])
        run.devices = ["pixel-5"]
        run.sampleRate = 8_000
        var told: [String] = []
        let outcome = try run.run { if case .invalid(let invalid) = $0 { told.append(invalid.pattern) } }
        #expect(told == [broken] && outcome.invalid.map(\.pattern) == [broken] && outcome.judged.map(\.pattern) == [Self.heartbeat])
        #expect(outcome.fails && outcome.failing.isEmpty)
        guard case .invalid = outcome.entries.last, case .judged = outcome.entries.first else { Issue.record("entries out of order"); return }
        #expect(outcome.text(gated: false).contains("invalid  \(broken): \(broken):1:"))
        run.patterns = [broken]
        #expect { try run.run { _ in } } throws: { error in
            guard case .load = error as? DeviceRunError else { return false }
            return true
        }
    }

    @Test func whatCannotBeJudgedIsRefusedBeforeAnythingRenders() throws {
        var run = DeviceRun(patterns: [Self.heartbeat])
        run.devices = ["pixel-5"]
        run.gate = DeviceGate(percentByDevice: ["pixel-4a": 10])
        #expect { try run.run { _ in } } throws: { error in
            guard case let .limitForDeviceNotJudged(name, judged) = error as? DeviceRunError else { return false }
            return name == "pixel-4a" && judged == ["pixel-5"]
        }
        run.gate = DeviceGate()
        run.reference = "iphone-13"
        #expect { try run.run { _ in } } throws: { error in
            guard case let .unknownDevice(_, option, _) = error as? DeviceRunError else { return false }
            return option == "reference"
        }
        var several = DeviceRun(patterns: [packageRoot + "/Samples"])
        several.report = "/tmp/never.html"
        #expect { try several.run { _ in } } throws: { error in
            guard case .reportOfSeveralPatterns = error as? DeviceRunError else { return false }
            return true
        }
    }
}
