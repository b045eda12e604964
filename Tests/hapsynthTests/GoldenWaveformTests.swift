import AudioCore
import AudioIO
import Foundation
import Testing
import TestSupport

/// Every sample against its golden waveform (24-bit FLAC at 8 kHz, with a text summary a reviewer
/// can diff), through `hapsynth check`. Re-record with `make golden` (HAPSYNTH_RECORD=1), never in CI.
@Suite(.serialized) struct GoldenWaveformTests {
    static let goldens = packageRoot + "/Tests/hapsynthTests/Goldens/audio"

    static var recording: Bool {
        ProcessInfo.processInfo.environment["HAPSYNTH_RECORD"] != nil && ProcessInfo.processInfo.environment["CI"] == nil
    }

    /// The samples as files (`Samples/bench/` holds benchmark inputs, not samples).
    static func sampleFiles() throws -> [String] { try samplePatterns().map { "Samples/" + $0 } }

    /// A sample's golden, without extension: its name, an AHAP file keeping `.ahap`.
    static func goldenBase(_ sample: String) -> String {
        goldens + "/" + (sample.hasSuffix(".json") ? (sample as NSString).deletingPathExtension : sample)
    }

    /// The suite is checked (or, with HAPSYNTH_RECORD, recorded) exactly as users check theirs:
    /// `hapsynth check` with the suite's own `hapsynth-check.json` (8 kHz, 24-bit FLAC).
    @Test func everySampleMatchesItsGolden() throws {
        let result = try hapsynth(["check"] + Self.sampleFiles() + ["--goldens", Self.goldens])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").filter { !$0.hasPrefix("  warning: ") }
        #expect(lines.count == (try samplePatterns()).count + 1)
        #expect(lines.dropLast().allSatisfy { $0.hasPrefix(Self.recording ? "ok" : "ok       ") || $0.hasPrefix("recorded") })
    }

    @Test(arguments: try samplePatterns())
    func goldenSummaryMatches(sample: String) throws {
        let reader = try SoundFileReader(path: Self.goldenBase(sample) + ".flac")
        #expect(reader.container == .flac && reader.encoding == .pcm24 && reader.format.sampleRate == 8_000)
        try expectGolden(Self.summary(reader), path: Self.goldenBase(sample) + ".summary.txt")
    }

    @Test func goldensStayUnderFourMegabytes() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.goldens)
        let bytes = try files.reduce(0) { total, file in
            total + ((try FileManager.default.attributesOfItem(atPath: Self.goldens + "/" + file)[.size] as? Int) ?? 0)
        }
        #expect(bytes < 4_000_000)
    }

    /// Frames, rate, peak, then the RMS of every 10 ms window (4 decimals), 8 windows a line.
    static func summary(_ reader: SoundFileReader) -> String {
        let samples = reader.readAll()
        let window = reader.format.sampleRate / 100
        let peak = samples.map { abs($0) }.max() ?? 0
        var lines = ["frames \(reader.frameCount)", "rate \(reader.format.sampleRate)", "peak \(String(format: "%.4f", peak))",
                     "rms per 10 ms:"]
        var values: [String] = []
        var start = 0
        while start < samples.count {
            let chunk = samples[start..<min(samples.count, start + window)]
            let rms = (chunk.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(chunk.count)).squareRoot()
            values.append(String(format: "%.4f", rms))
            start += window
        }
        for index in stride(from: 0, to: values.count, by: 8) {
            lines.append(values[index..<min(values.count, index + 8)].joined(separator: " "))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// `hapsynth check` on a user's own folder, and what a change of the actuator does to goldens.
@Suite(.serialized) struct CheckCommandTests {
    @Test func recordingIntoAnEmptyFolderThenCheckingPasses() throws {
        let scratch = try Scratch()
        let goldens = scratch.path + "/goldens"
        let samples = try GoldenWaveformTests.sampleFiles()
        let recorded = try hapsynth(["check"] + samples + ["--goldens", goldens, "--golden-format", "wav", "--record"])
        #expect(recorded.status == 0)
        #expect(recorded.stdout.split(separator: "\n").dropLast().filter { !$0.hasPrefix("  warning: ") }.allSatisfy { $0.hasPrefix("recorded ") })
        #expect(try FileManager.default.contentsOfDirectory(atPath: goldens).allSatisfy { $0.hasSuffix(".wav") || $0 == "hapsynth-check.json" })
        let checked = try hapsynth(["check"] + samples + ["--goldens", goldens, "--json"])
        #expect(checked.status == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(checked.stdout.utf8)) as? [String: Any])
        #expect(document["pass"] as? Bool == true)
        let results = try #require(document["results"] as? [[String: Any]])
        #expect(results.count == (try samplePatterns()).count && results.allSatisfy { $0["status"] as? String == "ok" })
    }

    /// A new suite is recorded as 24-bit FLAC at 8 kHz (docs/golden-tests.md, "Golden size"): the
    /// samples' suite is at least 8 times smaller than as 48 kHz float WAV, keeps its settings,
    /// and passes its own check.
    @Test func aNewSuiteIsSmallAndPassesItsOwnCheck() throws {
        let scratch = try Scratch()
        let samples = try GoldenWaveformTests.sampleFiles()
        let small = scratch.path + "/small", large = scratch.path + "/large"
        #expect(try hapsynth(["check"] + samples + ["--goldens", small, "--record"]).status == 0)
        #expect(try hapsynth(["check"] + samples + ["--goldens", large, "--record", "--golden-format", "wav", "--rate", "48000"]).status == 0)
        func bytes(_ folder: String) throws -> Int {
            try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".wav") || $0.hasSuffix(".flac") }.reduce(0) {
                $0 + ((try FileManager.default.attributesOfItem(atPath: folder + "/" + $1)[.size] as? Int) ?? 0)
            }
        }
        let (smallBytes, largeBytes) = (try bytes(small), try bytes(large))
        #expect(smallBytes * 8 <= largeBytes, "\(smallBytes) bytes against \(largeBytes)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: small).allSatisfy { $0.hasSuffix(".flac") || $0 == "hapsynth-check.json" })
        let settings = try String(contentsOfFile: small + "/hapsynth-check.json", encoding: .utf8)
        #expect(settings.contains(#""sampleRate": 8000"#) && settings.contains(#""format": "flac""#))
        let checked = try hapsynth(["check"] + samples + ["--goldens", small])
        #expect(checked.status == 0 && checked.stdout.contains("\(samples.count) ok"), "\(checked.stdout)")
        let refused = try hapsynth(["check"] + samples + ["--goldens", small, "--golden-format", "wav"])
        #expect(refused.status == 64 && refused.stderr.contains("this suite keeps the format it was recorded in"))
    }

    @Test func aChangedProfileFailsNamingSampleFrameAndErrorAndReRecordingPasses() throws {
        let scratch = try Scratch()
        let goldens = scratch.path + "/goldens"
        try FileManager.default.copyItem(atPath: GoldenWaveformTests.goldens, toPath: goldens)
        let samples = try GoldenWaveformTests.sampleFiles()
        let failing = try hapsynth(["check"] + samples + ["--goldens", goldens, "--max-frequency", "301"])
        #expect(failing.status == 1)
        let lines = failing.stdout.split(separator: "\n").map(String.init)
        let celebration = try #require(lines.first { $0.hasPrefix("differs  celebration: ") })
        // Changed assertions (issue 40): a difference is placed as `first differs at T ms (frame N…)`.
        #expect(celebration.contains("first differs at ") && celebration.contains("max abs error "))
        let artifacts = try #require(lines.last.flatMap { $0.hasPrefix("artifacts: ") ? String($0.dropFirst(11)) : nil })
        #expect(celebration.hasSuffix("actual \(artifacts)/celebration.actual.wav, diff \(artifacts)/celebration.diff.wav"))
        #expect(FileManager.default.fileExists(atPath: artifacts + "/celebration.diff.wav"))
        try? FileManager.default.removeItem(atPath: artifacts)
        #expect(lines.contains("ok       delay-only"))  // silence does not depend on frequency
        let rerecorded = try hapsynth(["check"] + samples + ["--goldens", goldens, "--max-frequency", "301", "--record"])
        #expect(rerecorded.status == 0)
        #expect(rerecorded.stdout.contains("recorded celebration: \(goldens)/celebration.flac (changed: first differs at "))
        #expect(try hapsynth(["check"] + samples + ["--goldens", goldens, "--max-frequency", "301"]).status == 0)
        #expect(try hapsynth(["check"] + samples + ["--goldens", goldens]).status == 1)
    }

    @Test func invalidAndMissingPatternsFail() throws {
        let scratch = try Scratch()
        let bad = try scratch.write("bad.json", #"{"timeline": [{"delay": "x"}]}"#)
        let result = try hapsynth(["check", bad, "Samples/celebration.json", "--goldens", scratch.path])
        #expect(result.status == 1)
        #expect(result.stdout.contains("invalid  bad: \(bad):1:25: expected a number of milliseconds, got a string at $.timeline[0].delay"))
        #expect(result.stdout.contains("missing  celebration: no golden \(scratch.path)/celebration.wav or .flac"))
        #expect(try hapsynth(["check", "Samples"]).status == 64)
    }
}

/// `hapsynth compare` (docs/command-line.md).
@Suite struct CompareCommandTests {
    func write(_ samples: [Float], rate: Int, to path: String) throws {
        let file = try AtomicFile(targetPath: path)
        let writer = try SoundFileWriter(fileDescriptor: file.fileDescriptor, name: path,
                                         format: AudioFormat(sampleRate: rate), container: .wav, encoding: .float)
        try samples.withUnsafeBufferPointer { try writer.write($0) }
        try writer.finish()
        try file.commit()
    }

    @Test func aFileComparedWithItselfPassesWithInfiniteSNR() throws {
        let scratch = try Scratch()
        try write((0..<1000).map { Float(sin(Double($0) / 10)) }, rate: 48_000, to: scratch.path + "/a.wav")
        let result = try hapsynth(["compare", scratch.path + "/a.wav", scratch.path + "/a.wav", "--json"])
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["maxAbsError"] as? Double == 0 && object["snrDb"] is NSNull && object["firstDifferingFrame"] is NSNull)
        #expect(object["pass"] as? Bool == true && object["expectedFrames"] as? Int == 1000 && object["rate"] as? Int == 48_000)
        let keys = ["expectedFrames", "actualFrames", "rate", "channels", "maxAbsError", "maxAbsErrorFrame", "rmsError",
                    "snrDb", "firstDifferingFrame", "pass"]
        let positions = keys.map { result.stdout.range(of: "\"\($0)\"")!.lowerBound }
        #expect(positions == positions.sorted())
        let text = try hapsynth(["compare", scratch.path + "/a.wav", scratch.path + "/a.wav"])
        #expect(text.stdout.contains("SNR: inf") && text.stdout.hasSuffix("pass\n"))
    }

    @Test func oneSampleMovedBy1e3IsReportedWithItsFrame() throws {
        let scratch = try Scratch()
        var samples = (0..<1000).map { Float(sin(Double($0) / 10) * 0.5) }
        try write(samples, rate: 48_000, to: scratch.path + "/a.wav")
        samples[417] += 1e-3
        try write(samples, rate: 48_000, to: scratch.path + "/b.wav")
        let result = try hapsynth(["compare", scratch.path + "/a.wav", scratch.path + "/b.wav"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("at frame 417"))
        #expect(result.stdout.contains("first differing frame: 417 = 8.688 ms"))
        #expect(result.stdout.contains("max abs error: 0.001 at frame 417 = 8.688 ms (limit 0.0001, over by 0.0009)"))
        #expect(result.stdout.contains("SNR: 80.99 dB (limit 90 dB, short by 9.013 dB)"))
        #expect(result.stdout.contains("\nfail: "))
        #expect(try hapsynth(["compare", scratch.path + "/a.wav", scratch.path + "/b.wav", "--max-abs-error", "0.01",
                              "--min-snr-db", "40"]).status == 0)
    }

    @Test func differentLengthsFail() throws {
        let scratch = try Scratch()
        try write([0.1, 0.2, 0.3], rate: 8_000, to: scratch.path + "/a.wav")
        try write([0.1, 0.2], rate: 8_000, to: scratch.path + "/b.wav")
        let result = try hapsynth(["compare", scratch.path + "/a.wav", scratch.path + "/b.wav", "--json"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("\"firstDifferingFrame\": 2"))
    }

    @Test func differentRatesExit65NamingTheRatesAndMissingFilesExit66() throws {
        let scratch = try Scratch()
        try write([0.1, 0.2], rate: 48_000, to: scratch.path + "/a.wav")
        try write([0.1, 0.2], rate: 44_100, to: scratch.path + "/b.wav")
        let rates = try hapsynth(["compare", scratch.path + "/a.wav", scratch.path + "/b.wav"])
        #expect(rates.status == 65)
        #expect(rates.stderr == "hapsynth: error: different rates: \(scratch.path)/a.wav is 48000 Hz, \(scratch.path)/b.wav is 44100 Hz\n")
        #expect(try hapsynth(["compare", scratch.path + "/a.wav", scratch.path + "/none.wav"]).status == 66)
        try scratch.write("junk.wav", "not audio")
        #expect(try hapsynth(["compare", scratch.path + "/a.wav", scratch.path + "/junk.wav"]).status == 65)
    }
}
