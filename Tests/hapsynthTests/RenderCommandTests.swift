import AudioCore
import AudioIO
import Foundation
import HapticCore
import HapticPlanner
import HapticPlayback
import HapticSynth
import Testing
import TestSupport

/// `hapsynth render`, through the built binary (docs/files-and-limits.md, docs/command-line.md).
@Suite struct RenderCommandTests {
    @Test func writesAWavThatEqualsTheMemoryRenderAndPrintsASummary() throws {
        let scratch = try Scratch()
        let result = try hapsynth(["render", "Samples/celebration.json", scratch.path + "/c.wav"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "\(scratch.path)/c.wav: 0.550 s, 26400 frames at 48000 Hz, 2 players, peak 0.6000 (-4.4 dBFS), 0 clamped samples\n")
        let reader = try SoundFileReader(path: scratch.path + "/c.wav")
        let fromFile = reader.readAll()
        let document = try PatternReader.read(contentsOf: packageRoot + "/Samples/celebration.json")
        let memory = MemoryOutput(format: AudioFormat(sampleRate: 48_000))
        _ = try OfflineRender.render(try plan(document.pattern), profile: ActuatorProfile(), into: memory)
        #expect(fromFile.map(\.bitPattern) == memory.samples.map(\.bitPattern))
        #expect(scratch.entries == ["c.wav"])
    }

    @Test func formatFollowsTheExtensionUnlessToldOtherwise() throws {
        let scratch = try Scratch()
        #expect(try hapsynth(["render", "Samples/click-train.json", scratch.path + "/a.flac", "--rate", "16000"]).status == 0)
        #expect(try hapsynth(["render", "Samples/click-train.json", scratch.path + "/b.ogg"]).status == 0)
        #expect(try hapsynth(["render", "Samples/click-train.json", scratch.path + "/c.bin", "--format", "wav",
                              "--encoding", "pcm16"]).status == 0)
        #expect(try SoundFileReader(path: scratch.path + "/a.flac").format.sampleRate == 16_000)
        #expect(try SoundFileReader(path: scratch.path + "/b.ogg").frameCount > 0)
        #expect(try SoundFileReader(path: scratch.path + "/c.bin").frameCount == 23_520)
    }

    @Test(arguments: [
        (["x.xyz"], "hapsynth: error: cannot tell the format of 'OUT/x.xyz' from its extension; use --format"),
        (["x.flac", "--encoding", "float"], "hapsynth: error: flac files cannot hold float samples at 48000 Hz"),
        (["x.wav", "--rate", "5"], "hapsynth: error: --rate: sampleRate must be 8000...192000 (got 5)"),
        (["x.wav", "--max-frequency", "abc"], "hapsynth: error: --max-frequency needs a number, got 'abc'"),
        (["x.wav", "--format", "mp3"], "hapsynth: error: --format must be wav, flac or ogg, got 'mp3'"),
    ] as [([String], String)])
    func badOptionsExit64AndWriteNothing(arguments: [String], message: String) throws {
        let scratch = try Scratch()
        let result = try hapsynth(["render", "Samples/celebration.json", scratch.path + "/" + arguments[0]] + arguments.dropFirst())
        #expect(result.status == 64)
        #expect(result.stderr.split(separator: "\n").first.map(String.init) == message.replacingOccurrences(of: "OUT", with: scratch.path))
        #expect(scratch.entries.isEmpty)
    }

    @Test func flagsOverrideTheProfileFileAndABadProfileExits65() throws {
        let scratch = try Scratch()
        let profile = try scratch.write("p.json", #"{"sampleRate": 16000, "transientGain": 0.5}"#)
        let result = try hapsynth(["render", "Samples/click-train.json", scratch.path + "/a.wav", "--profile", profile,
                                   "--transient-gain", "0.4"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("at 16000 Hz") && result.stdout.contains("peak 0.1000"))
        let bad = try scratch.write("bad.json", #"{"sampleRate": 16000, "gain": 0.5}"#)
        let failed = try hapsynth(["render", "Samples/click-train.json", scratch.path + "/b.wav", "--profile", bad])
        #expect(failed.status == 65)
        #expect(failed.stderr == "hapsynth: error: \(bad):1:23: unknown key \"gain\"; the keys are sampleRate, minFrequencyHz, "
            + "maxFrequencyHz, intensityExponent, continuousGain, transientGain, transientCycles, rampMs, splitRetrigger, "
            + "envelopeMinMs, envelopeMaxMs, fullScaleG, actuator, resonatorHz, resonatorQ, tapBraking, androidResonanceHz, androidInertiaMs, androidGain, androidMinFrequencyHz, androidMaxFrequencyHz at $\n")
        #expect(try hapsynth(["render", "Samples/click-train.json", scratch.path + "/c.wav", "--profile", scratch.path + "/none.json"]).status == 66)
    }

    @Test func missingFoldersExit73AndCreateNothing() throws {
        let scratch = try Scratch()
        let result = try hapsynth(["render", "Samples/celebration.json", scratch.path + "/no/such/folder/c.wav"])
        #expect(result.status == 73)
        #expect(result.stderr.hasPrefix("hapsynth: error: cannot create \(scratch.path)/no/such/folder/c.wav: No such file or directory"))
        #expect(scratch.entries.isEmpty)
    }

    @Test func readOnlyFolderExits73() throws {
        let scratch = try Scratch()
        let folder = scratch.path + "/locked"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: scratch.path)
        // Root ignores permissions, so run the binary as nobody where we can: copies of the binary
        // and the pattern sit in the scratch folder, which nobody can reach wherever the checkout is.
        let binary = scratch.path + "/hapsynth", pattern = scratch.path + "/celebration.json"
        try FileManager.default.copyItem(atPath: try hapsynthBinary().path, toPath: binary)
        try FileManager.default.copyItem(atPath: packageRoot + "/Samples/celebration.json", toPath: pattern)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: pattern)
        let asNobody = geteuid() == 0 ? ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", binary] : [binary]
        let process = Process()
        process.executableURL = URL(fileURLWithPath: asNobody[0])
        process.arguments = Array(asNobody.dropFirst()) + ["render", pattern, folder + "/c.wav"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 73)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test func anExistingTargetIsReplacedOnlyByACompleteFile() throws {
        let scratch = try Scratch()
        let target = try scratch.write("out.wav", "precious")
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: target)
        let bad = try scratch.write("bad.json", #"{"timeline": [{"delay": -1}]}"#)
        #expect(try hapsynth(["render", bad, target]).status == 65)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "precious")
        #expect(try hapsynth(["render", "Samples/celebration.json", target]).status == 0)
        #expect(try SoundFileReader(path: target).frameCount == 26_400)
        #expect((try FileManager.default.attributesOfItem(atPath: target)[.posixPermissions] as? Int) == 0o640)
        #expect(scratch.entries == ["bad.json", "out.wav"])
    }

    @Test func interruptedRenderExits130AndLeavesNothing() throws {
        let scratch = try Scratch()
        let pattern = try scratch.write("long.json", #"{"timeline": [{"continuous": {"durationMs": 3000000}}]}"#)
        let target = try scratch.write("out.wav", "precious")
        let process = try BackgroundHapsynth(["render", pattern, target])
        // Wait (bounded) for the temporary file to appear, then press Ctrl-C.
        #expect(FolderEvents.wait(in: scratch.path, seconds: 20) { scratch.entries.contains { $0.hasPrefix(".out.wav.hapsynth-") } })
        #expect(process.interrupt() == 130)
        #expect(scratch.entries == ["long.json", "out.wav"])
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "precious")
    }

    @Test func rendersOver24HoursNeedAllowLong() throws {
        let scratch = try Scratch()
        let pattern = try scratch.write("day.json", #"{"timeline": [{"delay": 86400001}]}"#)
        let result = try hapsynth(["render", pattern, scratch.path + "/day.wav"])
        #expect(result.status == 65)
        #expect(result.stderr.contains("over 24 hours; use --allow-long"))
        #expect(scratch.entries == ["day.json"])
    }

    @Test func strictTurnsWarningsIntoErrorsAndQuietHidesThem() throws {
        let scratch = try Scratch()
        let loud = try scratch.write("loud.json", #"{"timeline": [{"transient": {"intensity": 2}}]}"#)
        let strict = try hapsynth(["render", loud, scratch.path + "/a.wav", "--strict"])
        #expect(strict.status == 65 && !scratch.entries.contains("a.wav"))
        let quiet = try hapsynth(["render", loud, scratch.path + "/b.wav", "--quiet"])
        #expect(quiet.status == 0 && quiet.stderr.isEmpty)
        let normal = try hapsynth(["render", loud, scratch.path + "/c.wav"])
        #expect(normal.stderr.hasPrefix("hapsynth: warning: \(loud):1:43: intensity 2 clamped to 1.0"))
        let clipping = try scratch.write("clip.json",
            #"{"timeline": [{"parallel": [{"continuous": {"durationMs": 100, "intensity": 1}}, {"sequence": [{"delay": 50}, {"transient": {"intensity": 1, "sharpness": 1}}]}]}]}"#)
        let clipped = try hapsynth(["render", clipping, scratch.path + "/d.wav"])
        #expect(clipped.status == 0)
        #expect(clipped.stderr.contains("samples exceeded full scale and were clamped"))
        #expect(!clipped.stdout.contains(" 0 clamped samples"))
    }
}

/// The progress bar appears only on a terminal (a pty from `script`), and only for long renders.
@Suite struct ProgressBarTests {
    @Test func aLongRenderOnATerminalShowsProgressAndAPipeDoesNot() throws {
        let scratch = try Scratch()
        let pattern = try scratch.write("long.json", #"{"timeline": [{"continuous": {"durationMs": 400000}}]}"#)
        let binary = try hapsynthBinary().path
        let terminal = Process()
        terminal.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        terminal.arguments = ["-qec", "\(binary) render \(pattern) \(scratch.path)/tty.wav --rate 48000", "/dev/null"]
        let log = scratch.path + "/tty.txt"
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        terminal.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        terminal.standardInput = FileHandle.nullDevice
        try terminal.run()
        terminal.waitUntilExit()
        #expect(terminal.terminationStatus == 0)
        let shown = try String(contentsOfFile: log, encoding: .utf8)
        #expect(shown.contains("rendering [") && shown.contains("%"))
        let piped = try hapsynth(["render", pattern, scratch.path + "/pipe.wav"])
        #expect(piped.status == 0 && piped.stderr.isEmpty)
    }
}
