import Foundation
import Testing
import TestSupport

/// `hapsynth check` as a CI pipeline uses it: suite layout, record modes, strictness, reports,
/// parallel runs and shards.
@Suite struct CheckSuiteTests {
    /// A small suite: two same-named patterns in different folders, a pattern.json and an AHAP
    /// file of one stem, a profile and a README that are not patterns.
    func suite(_ scratch: Scratch) throws -> String {
        let root = scratch.path + "/patterns"
        for folder in ["ui", "game"] { try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true) }
        try scratch.write("patterns/ui/tap.json", #"{"timeline": [{"transient": {"sharpness": 0.9}}, {"delay": 30}]}"#)
        try scratch.write("patterns/game/tap.json", #"{"timeline": [{"transient": {"sharpness": 0.1}}, {"delay": 30}]}"#)
        try scratch.write("patterns/x.json", #"{"timeline": [{"continuous": {"durationMs": 40}}]}"#)
        try scratch.write("patterns/x.ahap", #"{"Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient", "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 1}, {"ParameterID": "HapticSharpness", "ParameterValue": 0.5}]}}]}"#)
        try scratch.write("patterns/profile.json", #"{"sampleRate": 8000}"#)
        try scratch.write("patterns/README.md", "not a pattern")
        return root
    }

    func files(_ folder: String) -> [String] {
        ((FileManager.default.enumerator(atPath: folder)?.allObjects as? [String]) ?? []).filter {
            $0.hasSuffix(".wav") || $0.hasSuffix(".flac")
        }.sorted()
    }

    @Test func goldensMirrorPatternPathsAndNeverCollide() throws {
        let scratch = try Scratch()
        let patterns = try suite(scratch), goldens = scratch.path + "/goldens"
        let recorded = try hapsynth(["check", patterns, "--goldens", goldens, "--golden-format", "wav", "--record", "--rate", "8000"])
        #expect(recorded.status == 0, "\(recorded.stdout)")
        #expect(files(goldens) == ["game/tap.wav", "ui/tap.wav", "x.ahap.wav", "x.wav"])
        #expect(recorded.stdout.contains("skipped  \(patterns)/profile.json: not a pattern.json or AHAP file"))
        #expect(!recorded.stdout.contains("README"))
        #expect(FileManager.default.fileExists(atPath: goldens + "/hapsynth-check.json"))
        // The suite's settings make a plain check like for like (8 kHz, without the flag).
        let checked = try hapsynth(["check", patterns, "--goldens", goldens])
        #expect(checked.status == 0 && checked.stdout.hasSuffix("check: 4 patterns: 4 ok, 0 recorded, 0 differs, 0 missing, 0 invalid\n"))
        // Two same-named files given directly would share a golden: both are refused.
        let clash = try hapsynth(["check", patterns + "/ui/tap.json", patterns + "/game/tap.json", "--goldens", scratch.path + "/g2"])
        #expect(clash.status == 1)
        #expect(clash.stdout.contains("invalid  tap: \(patterns)/ui/tap.json and \(patterns)/game/tap.json would share the golden"))
    }

    @Test func aGoldenAtAnotherRateIsReportedNotReRendered() throws {
        let scratch = try Scratch()
        let patterns = try suite(scratch), goldens = scratch.path + "/goldens"
        #expect(try hapsynth(["check", patterns, "--goldens", goldens, "--golden-format", "wav", "--record", "--rate", "8000"]).status == 0)
        let result = try hapsynth(["check", patterns, "--goldens", goldens, "--rate", "16000"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("differs  ui/tap: recorded at 8000 Hz, checked at 16000 Hz"))
    }

    @Test func anEmptySuiteFails() throws {
        let scratch = try Scratch()
        let result = try hapsynth(["check", scratch.path, "--goldens", scratch.path + "/g"])
        #expect(result.status == 1)
        #expect(result.stdout == "check: no patterns found in \(scratch.path)\n")
    }

    @Test func warningsShowUnderTheirPatternAndFailWithStrict() throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(atPath: scratch.path + "/p", withIntermediateDirectories: true)
        try scratch.write("p/loud.json", #"{"timeline": [{"parallel": [{"continuous": {"durationMs": 50, "intensity": 1.5}}, {"continuous": {"durationMs": 50, "intensity": 1}}, {"continuous": {"durationMs": 50, "intensity": 1}}]}]}"#)
        let goldens = scratch.path + "/g"
        let recorded = try hapsynth(["check", scratch.path + "/p", "--goldens", goldens, "--golden-format", "wav", "--record"])
        #expect(recorded.status == 0)
        #expect(recorded.stdout.contains("  warning: \(scratch.path)/p/loud.json:1:76: intensity 1.5 clamped to 1.0 at $.timeline[0].parallel[0].continuous.intensity"))
        #expect(recorded.stdout.contains("  warning: ") && recorded.stdout.contains("samples exceeded full scale and were clamped"))
        let strict = try hapsynth(["check", scratch.path + "/p", "--goldens", goldens, "--strict"])
        #expect(strict.status == 1 && strict.stdout.contains("1 with warnings (--strict: failing)"))
    }

    /// Clamping that comes only from hapsynth adding a clip's continuous and emphasis players is a
    /// note, which --strict does not fail; a pattern that clamps on its own still warns.
    @Test func clampingFromThePlayerSumIsANoteStrictLetsPass() throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(atPath: scratch.path + "/c", withIntermediateDirectories: true)
        try scratch.write("c/loud.haptic", #"""
            {"version": {"major": 1, "minor": 0, "patch": 0}, "signals": {"continuous": {"envelopes": {"amplitude": [
              {"time": 0, "amplitude": 1, "emphasis": {"amplitude": 1, "frequency": 0.5}}, {"time": 0.3, "amplitude": 1}]}}}}
            """#)
        let goldens = scratch.path + "/g"
        let recorded = try hapsynth(["check", scratch.path + "/c", "--goldens", goldens, "--record"])
        #expect(recorded.status == 0 && recorded.stdout.contains("  note: ") && recorded.stdout.contains("only where hapsynth adds the pattern's 2 players"),
                "\(recorded.stdout)")
        let strict = try hapsynth(["check", scratch.path + "/c", "--goldens", goldens, "--strict", "--json"])
        #expect(strict.status == 0, "\(strict.stdout)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(strict.stdout.utf8)) as? [String: Any])
        let result = try #require((document["results"] as? [[String: Any]])?.first)
        #expect((result["warnings"] as? [Any])?.isEmpty == true && (result["notes"] as? [String])?.count == 1)
    }

    @Test func obsoleteGoldensAreListedFailWithStrictAndArePruned() throws {
        let scratch = try Scratch()
        let patterns = try suite(scratch), goldens = scratch.path + "/goldens"
        #expect(try hapsynth(["check", patterns, "--goldens", goldens, "--golden-format", "wav", "--record"]).status == 0)
        try FileManager.default.removeItem(atPath: patterns + "/game/tap.json")
        let listed = try hapsynth(["check", patterns, "--goldens", goldens])
        #expect(listed.status == 0 && listed.stdout.contains("obsolete \(goldens)/game/tap.wav: no pattern owns it (--prune deletes it)"))
        #expect(try hapsynth(["check", patterns, "--goldens", goldens, "--strict"]).status == 1)
        let pruned = try hapsynth(["check", patterns, "--goldens", goldens, "--prune"])
        #expect(pruned.status == 0 && pruned.stdout.contains("pruned   \(goldens)/game/tap.wav"))
        #expect(files(goldens) == ["ui/tap.wav", "x.ahap.wav", "x.wav"])
    }

    @Test func recordModesDoWhatTheySay() throws {
        let scratch = try Scratch()
        let patterns = try suite(scratch), goldens = scratch.path + "/goldens"
        #expect(try hapsynth(["check", patterns, "--goldens", goldens, "--golden-format", "wav", "--record", "missing"]).status == 0)
        let changed = ["--max-frequency", "290"]
        let missingOnly = try hapsynth(["check", patterns, "--goldens", goldens, "--record", "missing"] + changed)
        // Changed assertions (issue 40): a difference is placed as `first differs at T ms (frame N…)`.
        #expect(missingOnly.status == 1 && missingOnly.stdout.contains("differs  ui/tap: first differs at "))
        let all = try hapsynth(["check", patterns, "--goldens", goldens, "--record=all"] + changed)
        #expect(all.status == 0)
        #expect(all.stdout.contains("recorded ui/tap: \(goldens)/ui/tap.wav (changed: first differs at "))
        let again = try hapsynth(["check", patterns, "--goldens", goldens, "--record", "all"] + changed)
        #expect(again.stdout.contains("recorded ui/tap: \(goldens)/ui/tap.wav (unchanged)"))
        // The environment records too, except under CI, which says so.
        try FileManager.default.removeItem(atPath: goldens + "/x.wav")
        let underCI = try hapsynth(["check", patterns, "--goldens", goldens] + changed, environment: ["HAPSYNTH_RECORD": "missing", "CI": "true"])
        #expect(underCI.status == 1 && underCI.stderr.contains("HAPSYNTH_RECORD is ignored because CI is set"))
        let local = try hapsynth(["check", patterns, "--goldens", goldens] + changed, environment: ["HAPSYNTH_RECORD": "missing", "CI": nil])
        #expect(local.status == 0 && local.stdout.contains("recorded x: \(goldens)/x.wav"))
    }

    @Test func artifactsGoToAFolderPerRunOnlyWhenSomethingFails() throws {
        let scratch = try Scratch()
        let patterns = try suite(scratch), goldens = scratch.path + "/goldens"
        #expect(try hapsynth(["check", patterns, "--goldens", goldens, "--golden-format", "wav", "--record"]).status == 0)
        let passing = try hapsynth(["check", patterns, "--goldens", goldens])
        #expect(!passing.stdout.contains("artifacts:"))
        func artifacts(_ result: RunResult) -> String? {
            result.stdout.split(separator: "\n").last.flatMap { $0.hasPrefix("artifacts: ") ? String($0.dropFirst(11)) : nil }
        }
        let first = try hapsynth(["check", patterns, "--goldens", goldens, "--max-frequency", "290"])
        let second = try hapsynth(["check", patterns, "--goldens", goldens, "--max-frequency", "290"])
        let a = try #require(artifacts(first)), b = try #require(artifacts(second))
        #expect(a != b)
        #expect(FileManager.default.fileExists(atPath: a + "/ui/tap.actual.wav") && FileManager.default.fileExists(atPath: b + "/game/tap.diff.wav"))
        for folder in [a, b] { try? FileManager.default.removeItem(atPath: folder) }
        let chosen = scratch.path + "/art"
        let named = try hapsynth(["check", patterns, "--goldens", goldens, "--max-frequency", "290", "--artifacts", chosen])
        #expect(artifacts(named) == chosen && FileManager.default.fileExists(atPath: chosen + "/x.ahap.diff.wav"))
    }

    @Test func aJUnitReportReadsBackWithTheRightCounts() throws {
        let scratch = try Scratch()
        let patterns = try suite(scratch), goldens = scratch.path + "/goldens"
        #expect(try hapsynth(["check", patterns, "--goldens", goldens, "--golden-format", "wav", "--record"]).status == 0)
        try scratch.write("patterns/ui/broken <&>.json", #"{"timeline": [{"delay": "x"}]}"#)
        try FileManager.default.removeItem(atPath: goldens + "/x.wav")
        let report = scratch.path + "/junit.xml"
        let result = try hapsynth(["check", patterns, "--goldens", goldens, "--junit", report, "--max-frequency", "290",
                                   "--artifacts", scratch.path + "/art"])
        #expect(result.status == 1)
        let script = """
            import sys, xml.etree.ElementTree as ET
            root = ET.parse(sys.argv[1]).getroot()
            suite = root.find('testsuite')
            cases = suite.findall('testcase')
            print(root.tag, root.get('tests'), root.get('failures'), root.get('errors'), len(cases),
                  len([c for c in cases if c.find('failure') is not None]), len([c for c in cases if c.find('error') is not None]),
                  ' '.join(sorted(c.get('name') for c in cases)))
            """
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        python.arguments = ["python3", "-c", script, report]
        let pipe = Pipe()
        python.standardOutput = pipe
        try python.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        python.waitUntilExit()
        // 5 testcases: 3 differ at 290 Hz, x is missing (failures), the broken file is an error.
        #expect(output == "testsuites 5 4 1 5 4 1 game/tap ui/broken <&> ui/tap x x.ahap\n")
    }

    @Test func parallelJobsPrintWhatOneJobPrints() throws {
        let scratch = try Scratch()
        let patterns = try suite(scratch), goldens = scratch.path + "/goldens"
        #expect(try hapsynth(["check", patterns, "--goldens", goldens, "--golden-format", "wav", "--record"]).status == 0)
        let arguments = ["check", patterns, "--goldens", goldens, "--max-frequency", "290", "--artifacts", scratch.path + "/a"]
        let one = try hapsynth(arguments + ["--jobs", "1"]), two = try hapsynth(arguments + ["--jobs", "2"])
        #expect(one.status == 1 && two.status == 1)
        #expect(one.stdout == two.stdout)
        #expect(try hapsynth(arguments + ["--jobs", "0"]).status == 64)
    }

    @Test func shardsPartitionTheSuite() throws {
        let scratch = try Scratch()
        let patterns = try suite(scratch), goldens = scratch.path + "/goldens"
        #expect(try hapsynth(["check", patterns, "--goldens", goldens, "--golden-format", "wav", "--record"]).status == 0)
        var seen: [String] = []
        for shard in 1...3 {
            let result = try hapsynth(["check", patterns, "--goldens", goldens, "--shard", "\(shard)/3"])
            #expect(result.status == 0)
            seen += result.stdout.split(separator: "\n").filter { $0.hasPrefix("ok ") }.map { String($0.dropFirst(9)) }
        }
        #expect(seen.sorted() == ["game/tap", "ui/tap", "x", "x.ahap"])
        #expect(try hapsynth(["check", patterns, "--goldens", goldens, "--shard", "4/3"]).status == 64)
    }
}
