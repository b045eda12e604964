import Foundation
import Testing
import TestSupport

/// Verdicts that must be true (issue 40): what a record writes, a check reads back; a NaN never
/// passes; a sound on standard output is the sound alone.
@Suite struct TrueVerdictTests {
    /// An AHAP file whose only event is a sound: its haptic render has no frame.
    static func audioOnly(in scratch: Scratch) throws -> String {
        try Data(contentsOf: URL(fileURLWithPath: packageRoot + "/Samples/sounds/chirp.wav"))
            .write(to: URL(fileURLWithPath: scratch.path + "/patterns/chirp.wav"))
        return try scratch.write("patterns/audio-only.ahap", """
            {"Version": 1.0, "Pattern": [{"Event": {"Time": 0.0, "EventType": "AudioCustom",
             "EventWaveformPath": "chirp.wav", "EventParameters": []}}]}
            """)
    }

    @Test(arguments: ["wav", "flac", "ogg"])
    func aRenderOfNoFrameIsAFileThatReadsBackAsNoFrame(format: String) throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(atPath: scratch.path + "/patterns", withIntermediateDirectories: true)
        let pattern = try Self.audioOnly(in: scratch)
        let out = scratch.path + "/silent." + format
        let render = try hapsynth(["render", pattern, out, "--no-audio"])
        #expect(render.status == 0 && render.stdout.contains("0 frames"), "\(render.stderr)")
        #expect(!fileBytes(out).isEmpty, "a \(format) file of no frame still has its header")
        let compare = try hapsynth(["compare", out, out, "--json"])
        #expect(compare.status == 0, "\(compare.stdout)\(compare.stderr)")
        #expect(compare.stdout.contains("\"expectedFrames\": 0"))
        // Against a render with frames, it differs (a real comparison, not a refusal).
        let other = scratch.path + "/tap." + format
        _ = try hapsynth(["render", packageRoot + "/Samples/celebration.json", other])
        #expect(try hapsynth(["compare", out, other]).status == 1)
    }

    @Test func aSuiteOfSilentPatternsRecordsGoldensItsNextCheckReads() throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(atPath: scratch.path + "/patterns", withIntermediateDirectories: true)
        _ = try Self.audioOnly(in: scratch)
        try Data(contentsOf: URL(fileURLWithPath: packageRoot + "/Samples/delay-only.json"))
            .write(to: URL(fileURLWithPath: scratch.path + "/patterns/delay-only.json"))
        let goldens = scratch.path + "/goldens"
        let record = try hapsynth(["check", scratch.path + "/patterns", "--goldens", goldens, "--record"])
        #expect(record.status == 0, "\(record.stdout)\(record.stderr)")
        let check = try hapsynth(["check", scratch.path + "/patterns", "--goldens", goldens])
        #expect(check.status == 0 && check.stdout.contains("2 ok"), "\(check.stdout)\(check.stderr)")
        let again = try hapsynth(["check", scratch.path + "/patterns", "--goldens", goldens, "--record"])
        #expect(again.status == 0 && again.stdout.contains("2 ok"), "\(again.stdout)\(again.stderr)")
    }

    @Test func aSoundOnStandardOutputIsTheSoundAloneAndItsSummaryGoesToStderr() throws {
        let scratch = try Scratch()
        let file = scratch.path + "/piped.flac", errors = scratch.path + "/stderr"
        // Standard output is a regular file here, as in `hapsynth render x.json - > out.flac`.
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "\"$0\" render \"$1\" - --format flac > \"$2\" 2> \"$3\"",
                           try hapsynthBinary().path, packageRoot + "/Samples/celebration.json", file, errors]
        try shell.run()
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 0)
        #expect(try String(contentsOfFile: errors, encoding: .utf8).contains("-: 0.550 s, 26400 frames"))
        _ = try hapsynth(["render", packageRoot + "/Samples/celebration.json", scratch.path + "/direct.flac"])
        let compare = try hapsynth(["compare", scratch.path + "/direct.flac", file])
        #expect(compare.status == 0, "\(compare.stdout)\(compare.stderr)")
    }
}
