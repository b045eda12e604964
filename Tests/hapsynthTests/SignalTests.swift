import Foundation
import Testing
import TestSupport

/// Every stopping signal cleans up like Ctrl-C: no temporary file, nothing the user had touched,
/// and the exit status says which signal it was.
@Suite struct SignalTests {
    /// Starts `arguments`, waits (bounded) until `ready` holds, woken by each change in `folder`,
    /// sends `signal`, returns the status (-1 when the process has not stopped 20 s later: it is
    /// killed).
    func interrupt(_ arguments: [String], signal: Int32, watching folder: String, when ready: () -> Bool) throws -> Int32 {
        let process = try BackgroundHapsynth(arguments)
        let isReady = FolderEvents.wait(in: folder, seconds: 20, until: ready)
        #expect(isReady)
        return process.interrupt(signal)
    }

    @Test(arguments: [(SIGHUP, 129), (SIGQUIT, 131), (SIGTERM, 130), (SIGINT, 130)] as [(Int32, Int32)])
    func aSignalMidRenderRemovesTheTemporaryFile(signal: Int32, status: Int32) throws {
        let scratch = try Scratch()
        let pattern = try scratch.write("long.json", #"{"timeline": [{"continuous": {"durationMs": 3000000}}]}"#)
        let target = try scratch.write("out.wav", "precious")
        let exit = try interrupt(["render", pattern, target], signal: signal, watching: scratch.path) {
            scratch.entries.contains { $0.hasPrefix(".out.wav.hapsynth-") }
        }
        #expect(exit == status)
        #expect(scratch.entries == ["long.json", "out.wav"])
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "precious")
    }

    @Test func ctrlCDuringCheckRecordLeavesNoGolden() throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(atPath: scratch.path + "/p", withIntermediateDirectories: true)
        try scratch.write("p/long.json", #"{"timeline": [{"continuous": {"durationMs": 3000000}}]}"#)
        let goldens = scratch.path + "/g"
        try FileManager.default.createDirectory(atPath: goldens, withIntermediateDirectories: true)
        let exit = try interrupt(["check", scratch.path + "/p", "--goldens", goldens, "--record", "--golden-format", "wav", "--rate", "48000"], signal: SIGINT, watching: goldens) {
            ((try? FileManager.default.contentsOfDirectory(atPath: goldens)) ?? []).contains { $0.hasPrefix(".long.wav.hapsynth-") }
        }
        #expect(exit == 130)
        #expect(try FileManager.default.contentsOfDirectory(atPath: goldens) == ["hapsynth-check.json"])
    }

    /// An AHAP file's audio track, its mix and its sync report are written in the same deferred
    /// section as the haptics: Ctrl-C leaves none of their temporary files and none of them.
    @Test func ctrlCDuringAnAudioRenderLeavesNoFile() throws {
        let scratch = try Scratch()
        let pattern = try scratch.write("long.ahap", #"{"Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient"}}, {"Event": {"Time": 0, "EventType": "AudioContinuous", "EventDuration": 3000}}]}"#)
        let exit = try interrupt(["render", pattern, scratch.path + "/mix.wav", "--mix", "--audio", scratch.path + "/audio.wav",
                                  "--sync-report", scratch.path + "/sync.json"], signal: SIGINT, watching: scratch.path) {
            scratch.entries.contains { $0.hasPrefix(".audio.wav.hapsynth-") }
        }
        #expect(exit == 130)
        #expect(scratch.entries == ["long.ahap"])
    }
}

/// Inputs that are not regular files are refused at once, never waited on.
@Suite struct SpecialInputTests {
    @Test func aFIFOIsRefusedAsPatternIncludeProfileAndCompareInput() throws {
        let scratch = try Scratch()
        let fifo = scratch.path + "/fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        let include = try scratch.write("inc.json", #"{"timeline": [{"clip": {"pattern": "fifo"}}]}"#)
        let cases: [([String], String)] = [
            (["plan", fifo], "hapsynth: error: \(fifo): cannot read the file: it is a FIFO, not a regular file\n"),
            (["plan", include], "hapsynth: error: \(include):1:36: included file \"fifo\" cannot be read: it is a FIFO, not a regular file at $.timeline[0].clip.pattern\n"),
            (["render", "Samples/celebration.json", scratch.path + "/o.wav", "--profile", fifo],
             "hapsynth: error: \(fifo): cannot read the file: it is a FIFO, not a regular file\n"),
            (["compare", fifo, fifo], "hapsynth: error: cannot read \(fifo): it is not a regular file\n"),
            (["plan", "/dev/zero"], "hapsynth: error: /dev/zero: cannot read the file: it is a character device, not a regular file\n"),
        ]
        for (arguments, message) in cases {
            let result = try hapsynth(arguments)
            #expect(result.status == 65, "\(arguments)")
            #expect(result.stderr == message, "\(arguments)")
        }
    }

    @Test func dashReadsThePatternFromStandardInput() throws {
        let process = Process()
        process.executableURL = try hapsynthBinary()
        process.arguments = ["plan", "-", "--json"]
        process.currentDirectoryURL = URL(fileURLWithPath: packageRoot)
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(try Data(contentsOf: URL(fileURLWithPath: packageRoot + "/Samples/celebration.json")))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(String(decoding: data, as: UTF8.self).contains(#""logicalDurationMs": 540"#))
    }
}
