import AudioCore
import AudioIO
import Foundation
import Testing
import TestSupport

/// `compare --perceptual` and `check --perceptual` (docs/golden-tests.md, "The perceptual gate"):
/// a change no one could feel passes, one that could be felt fails and says which gate, where and
/// by how much.
@Suite struct PerceptualGateTests {
    /// `Samples/celebration.json` rendered at `rate`, as samples.
    func render(_ scratch: Scratch, rate: Int, _ more: [String] = []) throws -> [Float] {
        let path = scratch.path + "/render-\(rate).wav"
        #expect(try hapsynth(["render", "Samples/celebration.json", path, "--rate", "\(rate)", "--quiet"] + more).status == 0)
        return try SoundFileReader(path: path).readAll()
    }

    func write(_ samples: [Float], rate: Int, to path: String) throws -> String {
        let file = try AtomicFile(targetPath: path)
        let writer = try SoundFileWriter(fileDescriptor: file.fileDescriptor, name: path, format: AudioFormat(sampleRate: rate),
                                         container: .wav, encoding: .float)
        try samples.withUnsafeBufferPointer { try writer.write($0) }
        try writer.finish()
        try file.commit()
        return path
    }

    func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test(arguments: [8000, 48000, 96000])
    func aWholeRenderShifted1msPassesWhileTheSampleExactGateFails(rate: Int) throws {
        let scratch = try Scratch()
        let samples = try render(scratch, rate: rate)
        let expected = try write(samples, rate: rate, to: scratch.path + "/expected.wav")
        let shifted = try write([Float](repeating: 0, count: rate / 1000) + samples, rate: rate, to: scratch.path + "/shifted.wav")
        #expect(try hapsynth(["compare", expected, shifted]).status == 1)
        let felt = try hapsynth(["compare", expected, shifted, "--perceptual"])
        #expect(felt.status == 0 && felt.stdout.hasSuffix("\npass (perceptual)\n"), "\(felt.stdout)")
        #expect(felt.stdout.contains("\nsample-exact (not the gate): fail: the lengths differ"))
        let json = try object(try hapsynth(["compare", expected, shifted, "--perceptual", "--json"]).stdout)
        let perceptual = try #require(json["perceptual"] as? [String: Any])
        let onsets = try #require(perceptual["onsets"] as? [String: Any])
        #expect(json["gate"] as? String == "perceptual" && json["sampleExactPass"] as? Bool == false && json["pass"] as? Bool == true)
        #expect(onsets["expected"] as? Int == 4 && onsets["actual"] as? Int == 4 && abs((onsets["maxShiftMs"] as? Double ?? 0) - 1) < 0.05)
        #expect(perceptual["firstFailure"] is NSNull && (perceptual["judgedWindows"] as? Int ?? 0) > 50)
        #expect(perceptual["stSim"] is Double && perceptual["spqi"] is Double)
    }

    @Test func aFeltLevelChangeSaysWhereAndByHowMuchAndItsLimitCanBeRaised() throws {
        let scratch = try Scratch()
        let samples = try render(scratch, rate: 8000)
        let expected = try write(samples, rate: 8000, to: scratch.path + "/expected.wav")
        let louder = try write(samples.map { $0 * 1.2 }, rate: 8000, to: scratch.path + "/louder.wav")
        let result = try hapsynth(["compare", expected, louder, "--perceptual"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("\n  level: largest difference +1.6 dB (limit 1 dB)\n"), "\(result.stdout)")
        #expect(result.stdout.split(separator: "\n").last?.hasPrefix("fail (perceptual): level +1.6 dB at 5 ms (") == true, "\(result.stdout)")
        let json = try object(try hapsynth(["compare", expected, louder, "--perceptual", "--json"]).stdout)
        let failure = try #require((json["perceptual"] as? [String: Any])?["firstFailure"] as? [String: Any])
        #expect(failure["gate"] as? String == "level" && failure["atMs"] as? Double == 5)
        #expect(abs((failure["actual"] as? Double ?? 0) - (failure["expected"] as? Double ?? 0) - 20 * log10(1.2)) < 0.01)
        #expect(try hapsynth(["compare", expected, louder, "--level-tolerance-db", "2"]).status == 0)
    }

    @Test func badPerceptualOptionsAreUsageErrorsAndOtherRatesCannotBeCompared() throws {
        let scratch = try Scratch()
        let a = try write([Float](repeating: 0.5, count: 800), rate: 8000, to: scratch.path + "/a.wav")
        let b = try write([Float](repeating: 0.5, count: 1600), rate: 16000, to: scratch.path + "/b.wav")
        let level = try hapsynth(["compare", a, a, "--level-tolerance-db", "50"])
        #expect(level.status == 64 && level.stderr.contains("--level-tolerance-db needs a number in 0-40, got '50'"))
        let onset = try hapsynth(["compare", a, a, "--onset-tolerance-ms", "11"])
        #expect(onset.status == 64 && onset.stderr.contains("--onset-tolerance-ms needs a number in 0-10, got '11'"))
        let scale = try hapsynth(["compare", a, a, "--full-scale-g", "3"])
        #expect(scale.status == 64 && scale.stderr.contains("--full-scale-g goes with --perceptual"))
        let rates = try hapsynth(["compare", a, b, "--perceptual"])
        #expect(rates.status == 65 && rates.stderr.contains("different rates: \(a) is 8000 Hz, \(b) is 16000 Hz"))
    }

    @Test func aPerceptualSuiteRecordsItsGateAndFailsOnlyWhatCanBeFelt() throws {
        let scratch = try Scratch()
        let goldens = scratch.path + "/goldens", patterns = ["Samples/celebration.json", "Samples/heartbeat.json"]
        #expect(try hapsynth(["check"] + patterns + ["--goldens", goldens, "--record", "--perceptual", "--rate", "8000"]).status == 0)
        let config = try object(String(contentsOfFile: goldens + "/hapsynth-check.json", encoding: .utf8))
        #expect(config["gate"] as? String == "perceptual" && config["levelToleranceDb"] as? Double == 1 && config["onsetToleranceMs"] as? Double == 2)
        // A transient gain of 0.78 instead of 0.8 (−0.2 dB) cannot be felt; 0.7 (−1.2 dB) can.
        let slight = try hapsynth(["check"] + patterns + ["--goldens", goldens, "--transient-gain", "0.78"])
        #expect(slight.status == 0 && slight.stdout.hasPrefix("ok       celebration\nok       heartbeat\n"), "\(slight.stdout)")
        #expect(try hapsynth(["check"] + patterns + ["--goldens", goldens, "--transient-gain", "0.78", "--sample-exact"]).status == 1)
        let junit = scratch.path + "/junit.xml", report = scratch.path + "/report.html"
        let felt = try hapsynth(["check"] + patterns + ["--goldens", goldens, "--transient-gain", "0.7", "--junit", junit, "--report", report])
        #expect(felt.status == 1)
        #expect(felt.stdout.hasPrefix("differs  celebration (perceptual: level -1.2 dB at 5 ms); actual "), "\(felt.stdout)")
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(xml.contains("message=\"differs  celebration (perceptual: level -1.2 dB at 5 ms); actual "))
        #expect(xml.contains("fail (perceptual): level -1.2 dB at 5 ms"))
        #expect(try String(contentsOfFile: report, encoding: .utf8).contains("gate: perceptual — fail"))
        let json = try object(try hapsynth(["check"] + patterns + ["--goldens", goldens, "--transient-gain", "0.7", "--json"]).stdout)
        let first = try #require((json["results"] as? [[String: Any]])?.first)
        #expect(json["gate"] as? String == "perceptual")
        #expect(((first["perceptual"] as? [String: Any])?["firstFailure"] as? [String: Any])?["gate"] as? String == "level")
        let both = try hapsynth(["check"] + patterns + ["--goldens", goldens, "--sample-exact", "--perceptual"])
        #expect(both.status == 64 && both.stderr.contains("--sample-exact and --perceptual choose different gates"))
    }

    @Test func theFullScaleOfTheProfileSetsWhatIsFelt() throws {
        let scratch = try Scratch()
        let goldens = scratch.path + "/goldens", faint = scratch.path + "/faint.json"
        try #"{"fullScaleG": 0.0001}"#.write(toFile: faint, atomically: true, encoding: .utf8)
        #expect(try hapsynth(["check", "Samples/celebration.json", "--goldens", goldens, "--record", "--perceptual", "--rate", "8000"]).status == 0)
        // At 0.0001 g full scale nothing is felt, so even a render at half the gain passes.
        let result = try hapsynth(["check", "Samples/celebration.json", "--goldens", goldens, "--profile", faint, "--rate", "8000", "--transient-gain", "0.4"])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(try hapsynth(["check", "Samples/celebration.json", "--goldens", goldens, "--rate", "8000", "--transient-gain", "0.4"]).status == 1)
        try #"{"fullScaleG": 0}"#.write(toFile: scratch.path + "/zero.json", atomically: true, encoding: .utf8)
        let refused = try hapsynth(["check", "Samples/celebration.json", "--goldens", goldens, "--profile", scratch.path + "/zero.json"])
        // Changed assertion (issue 31): the rule now names its ceiling of 1,000 g.
        #expect(refused.status == 65 && refused.stderr.contains("fullScaleG must be greater than 0 and at most 1000 (got 0.0)"), "\(refused.stderr)")
    }

    @Test func aSuiteConfigWithAnUnknownGateIsRefusedWithItsPlace() throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(atPath: scratch.path + "/g", withIntermediateDirectories: true)
        try #"{"gate": "feel"}"#.write(toFile: scratch.path + "/g/hapsynth-check.json", atomically: true, encoding: .utf8)
        let result = try hapsynth(["check", "Samples/celebration.json", "--goldens", scratch.path + "/g"])
        #expect(result.status == 65 && result.stderr.contains("a gate is \"sample-exact\" or \"perceptual\"") && result.stderr.contains("at $.gate"))
    }
}
