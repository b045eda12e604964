import Foundation
import Testing
import TestSupport

/// A run that fails leaves every output it would have written byte for byte as it was (issue 40):
/// commands that write several files make them all before putting any in place.
@Suite struct FailingRunOutputTests {
    /// Writes `old` contents at each path and returns a check that they are still there.
    static func existing(_ paths: [String]) throws -> () -> [String] {
        for path in paths { try Data("old \(path)\n".utf8).write(to: URL(fileURLWithPath: path)) }
        return { paths.filter { fileBytes($0) != Array("old \($0)\n".utf8) } }
    }

    static func audioChirp(in scratch: Scratch) throws -> String {
        try FileManager.default.createDirectory(atPath: scratch.path + "/sounds", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: packageRoot + "/Samples/sounds/chirp.wav", toPath: scratch.path + "/sounds/chirp.wav")
        try FileManager.default.copyItem(atPath: packageRoot + "/Samples/audio-chirp.ahap", toPath: scratch.path + "/audio-chirp.ahap")
        return scratch.path + "/audio-chirp.ahap"
    }

    @Test func renderKeepsItsSoundsWhenTheSyncReportCannotBeWritten() throws {
        let scratch = try Scratch()
        let pattern = try Self.audioChirp(in: scratch)
        let out = scratch.path + "/out.wav", audio = scratch.path + "/audio.wav", sync = scratch.path + "/sync.json"
        let changed = try Self.existing([out, audio, sync])
        let noFolder = scratch.path + "/no/such/dir/"
        for arguments in [["--audio", audio, "--sync-report", noFolder + "sync.json"], ["--mix", "--sync-report", noFolder + "sync.json"],
                          ["--audio", noFolder + "audio.wav", "--sync-report", sync]] {
            let result = try hapsynth(["render", pattern, out] + arguments)
            #expect(result.status == 73, "\(arguments): \(result.stderr)")
            #expect(changed().isEmpty, "\(arguments) replaced \(changed())")
        }
        // The same run with every output writable replaces all three.
        #expect(try hapsynth(["render", pattern, out, "--audio", audio, "--sync-report", sync]).status == 0)
        #expect(changed().count == 3)
    }

    @Test func plotLintAndExportKeepTheirOutputOnAFailingRun() throws {
        let scratch = try Scratch()
        let broken = try scratch.write("broken.json", #"{"timeline": [{"transient": {"intensity": "loud"}}]}"#)
        let picture = scratch.path + "/p.svg", lint = scratch.path + "/lint.json", export = scratch.path + "/e.ahap"
        let changed = try Self.existing([picture, lint, export])
        #expect(try hapsynth(["plot", broken, picture]).status == 65)
        #expect(try hapsynth(["lint", scratch.path + "/missing.json", "--format", "json", "-o", lint]).status == 66)
        #expect(try hapsynth(["export", broken, "--to", "ahap", "-o", export]).status == 65)
        #expect(changed().isEmpty, "replaced \(changed())")
    }

    @Test func exportSplitWritesEveryPlayerOrNone() throws {
        let scratch = try Scratch()
        let folder = scratch.path + "/split"
        #expect(try hapsynth(["export", packageRoot + "/Samples/celebration.json", "--to", "ahap", "--split", "-o", folder]).status == 0)
        let first = fileBytes(folder + "/player-1.ahap")
        // The second player's file cannot be made (a folder stands in its place): nothing changes.
        try FileManager.default.removeItem(atPath: folder + "/player-2.ahap")
        try FileManager.default.createDirectory(atPath: folder + "/player-2.ahap", withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: URL(fileURLWithPath: folder + "/player-1.ahap"))
        let failed = try hapsynth(["export", packageRoot + "/Samples/celebration.json", "--to", "ahap", "--split", "-o", folder])
        #expect(failed.status != 0)
        #expect(fileBytes(folder + "/player-1.ahap") == Array("{}".utf8), "player-1 was replaced before player-2 failed")
        #expect(!first.isEmpty)
    }

    @Test func checkKeepsItsReportsAndRecordsNothingWhenAReportCannotBeWritten() throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(atPath: scratch.path + "/p", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: packageRoot + "/Samples/celebration.json", toPath: scratch.path + "/p/celebration.json")
        let goldens = scratch.path + "/g", artifacts = scratch.path + "/art"
        #expect(try hapsynth(["check", scratch.path + "/p", "--goldens", goldens, "--record"]).status == 0)
        try FileManager.default.createDirectory(atPath: artifacts, withIntermediateDirectories: true)
        let report = scratch.path + "/report.html", junit = scratch.path + "/check.xml", actual = artifacts + "/celebration.actual.wav"
        let golden = fileBytes(goldens + "/celebration.flac")
        let changed = try Self.existing([report, junit, actual])
        let noFolder = scratch.path + "/no/such/dir/"
        for arguments in [["--report", report, "--junit", noFolder + "check.xml"], ["--junit", junit, "--report", noFolder + "report.html"],
                          ["--junit", junit, "--report", noFolder + "report.html", "--record=all", "--transient-gain", "0.5"]] {
            let result = try hapsynth(["check", scratch.path + "/p", "--goldens", goldens, "--artifacts", artifacts, "--transient-gain", "0.7"] + arguments)
            #expect(result.status == 73, "\(arguments): \(result.stdout)\(result.stderr)")
            #expect(changed().isEmpty, "\(arguments) replaced \(changed())")
            #expect(fileBytes(goldens + "/celebration.flac") == golden, "\(arguments) re-recorded the golden")
        }
    }

    @Test func devicesKeepsItsReportsWhenOneCannotBeWritten() throws {
        let scratch = try Scratch()
        let report = scratch.path + "/devices.html", junit = scratch.path + "/devices.xml"
        let changed = try Self.existing([report, junit])
        let noFolder = scratch.path + "/no/such/dir/"
        for arguments in [["--report", report, "--junit", noFolder + "j.xml"], ["--junit", junit, "--report", noFolder + "r.html"]] {
            let result = try hapsynth(["devices", "Samples/heartbeat.json", "pixel-5", "--rate", "8000", "--max-loss", "100"] + arguments)
            #expect(result.status == 73, "\(arguments): \(result.stderr)")
            #expect(changed().isEmpty, "\(arguments) replaced \(changed())")
        }
        let broken = try scratch.write("broken.json", #"{"timeline": [{"transient": {"intensity": "loud"}}]}"#)
        // Changed (issue 62): a pattern that cannot be read beside others is an entry of the run, as check
        // makes it, so the run fails (1) with its reports written; alone it is still 65 and writes nothing.
        #expect(try hapsynth(["devices", broken, "pixel-5", "--rate", "8000", "--junit", junit]).status == 65)
        #expect(changed().isEmpty, "a pattern that failed to load replaced \(changed())")
        #expect(try hapsynth(["devices", "Samples/heartbeat.json", broken, "pixel-5", "--rate", "8000", "--junit", junit]).status == 1)
        #expect(try String(contentsOfFile: junit, encoding: .utf8).contains("broken.json"), "the JUnit report names the pattern that cannot be read")
    }
}
