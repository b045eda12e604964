import AudioCore
import AudioIO
import Foundation
import HapticCore
import HapticPlanner
import HapticPlayback
import HapticSynth
import Testing
import TestSupport

/// `hapsynth play` through ALSA's `null` device and `file` plugin: no sound card needed.
@Suite(.serialized) struct PlayCommandTests {
    /// The offline render of a pattern file, as raw little-endian float32 bytes.
    func renderedBytes(_ path: String) throws -> [UInt8] {
        let document = try PatternReader.read(contentsOf: path)
        let memory = MemoryOutput(format: AudioFormat(sampleRate: 48_000))
        _ = try OfflineRender.render(try plan(document.pattern), profile: ActuatorProfile(), into: memory)
        return rawFloatBytes(memory.samples)
    }

    @Test func playingIntoTheFilePluginCapturesExactlyTheOfflineRender() throws {
        let scratch = try Scratch()
        let capture = scratch.path + "/capture.raw"
        let sample = packageRoot + "/Samples/celebration.json"
        let result = try hapsynth(["play", sample, "--device", "file:FILE=\(capture),FORMAT=raw"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "playing \(sample) on file:FILE=\(capture),FORMAT=raw: 0.550 s, 2 players\n")
        #expect(fileBytes(capture) == (try renderedBytes(sample)))
    }

    @Test func aMissingDeviceExits69WithItsNameAndAlsasReason() throws {
        let result = try hapsynth(["play", "Samples/celebration.json", "--device", "hapsynth_no_such_device"])
        #expect(result.status == 69)
        #expect(result.stderr == "hapsynth: error: cannot open ALSA device 'hapsynth_no_such_device': No such file or directory "
            + "(list the devices with 'hapsynth play --list-devices', or play without sound with '--device null')\n")
        #expect(result.stdout.isEmpty)
    }

    @Test func listDevicesNamesTheDevicesThatPlay() throws {
        let result = try hapsynth(["play", "--list-devices"])
        #expect(result.status == 0 && result.stderr.isEmpty)
        #expect(result.stdout.split(separator: "\n").contains { $0.hasPrefix("  null ") })
    }

    @Test func watchingWithAMissingDeviceExits69() throws {
        let result = try hapsynth(["play", "Samples/celebration.json", "--watch", "--device", "hapsynth_no_such_device"])
        #expect(result.status == 69)
        #expect(result.stderr.hasPrefix("hapsynth: error: cannot open ALSA device 'hapsynth_no_such_device'"))
    }

    @Test func cancellingOnTheNullDeviceStopsPromptly() throws {
        let live = LivePlayback(profile: ActuatorProfile()) { try ALSAOutput(device: "null", sampleRate: 48_000) }
        let document = try PatternReader.read(contentsOf: packageRoot + "/Samples/long-swell.json")
        let handle = try live.play(try plan(document.pattern))
        for _ in 0..<10 { try live.step(maxFrames: 240) }  // about 50 ms, paced in real time
        #expect(handle.isActive)
        let started = Date()
        live.stopWithFade(fadeFrames: 240)
        #expect(!handle.isActive)
        #expect(Date().timeIntervalSince(started) < 0.5)
        #expect(try live.step(maxFrames: 240) == false)
    }

    @Test func ctrlCDuringPlayExits130() throws {
        let scratch = try Scratch()
        let process = try BackgroundHapsynth(["play", packageRoot + "/Samples/long-swell.json", "--device", "null"], scratch: scratch)
        #expect(process.wait(10) { $0.outLines.first?.hasPrefix("playing") == true })
        let interrupted = Date()
        #expect(process.interrupt() == 130)
        #expect(Date().timeIntervalSince(interrupted) < 2)
        #expect(process.errLines.isEmpty)  // Ctrl-C is a quiet exit
    }

    @Test func watchReplaysEachSavedVersionAndReportsInvalidEdits() throws {
        let scratch = try Scratch()
        let pattern = try scratch.write("tap.json", #"{"timeline": [{"transient": {}}, {"delay": 40}]}"#)
        let capture = scratch.path + "/capture.raw"
        let process = try BackgroundHapsynth(["play", pattern, "--watch", "--skip-initial", "--device", "file:FILE=\(capture),FORMAT=raw"], scratch: scratch)
        // The watcher is set up when it says so; the first version is not played.
        #expect(process.wait(5) { !$0.errLines.isEmpty })
        #expect(process.outLines.isEmpty)
        #expect(process.errLines == ["watching \(pattern); Ctrl-C to stop"])

        // First edit: written in place.
        try #"{"timeline": [{"haptic": 60}, {"delay": 20}]}"#.write(toFile: pattern, atomically: false, encoding: .utf8)
        #expect(process.wait(5) { $0.outLines.count == 1 })
        // An invalid edit is reported and changes nothing.
        try #"{"timeline": [{"haptic": -1}]}"#.write(toFile: pattern, atomically: false, encoding: .utf8)
        #expect(process.wait(5) { $0.errLines.contains { $0.contains("haptic") && $0.contains("$.timeline[0].haptic") } })
        #expect(process.outLines.count == 1)
        // Second edit: saved by rename, as editors do; the invalid edit's error is superseded.
        let final = #"{"timeline": [{"continuous": {"durationMs": 80, "intensity": 0.9, "sharpness": 0.2}}]}"#
        try final.write(toFile: pattern, atomically: true, encoding: .utf8)
        #expect(process.wait(5) { $0.outLines.count == 2 })
        #expect(process.wait(5) { $0.errLines.last == "\(pattern) loads again" })
        // A save that moves the old file away first leaves a moment without it: not an error.
        let errorsBefore = process.errLines.count
        try FileManager.default.moveItem(atPath: pattern, toPath: pattern + ".old")
        try FileManager.default.moveItem(atPath: pattern + ".old", toPath: pattern)
        // The next save plays: the watch read its files after the move, and said nothing of it.
        let last = #"{"timeline": [{"continuous": {"durationMs": 60, "intensity": 0.7, "sharpness": 0.4}}]}"#
        try last.write(toFile: pattern, atomically: true, encoding: .utf8)
        #expect(process.wait(5) { $0.outLines.count == 3 })
        #expect(process.errLines.count == errorsBefore, "\(process.errLines)")
        #expect(process.outLines.allSatisfy { $0.hasPrefix("playing \(pattern) on file:") })
        // After the last playback ends, the capture (truncated at each open) is its render.
        let expected = try renderedBytes(pattern)
        #expect(FolderEvents.wait(in: scratch.path, seconds: 5) { fileBytes(capture) == expected })
        #expect(process.interrupt() == 130)
    }

    /// `--watch` on a Kotlin file follows its `--pattern`, and a save of a `.kt` file beside it that
    /// the pattern includes replays it too (docs/kotlin.md).
    @Test func watchFollowsAKotlinPatternAndTheFileItIncludes() throws {
        let scratch = try Scratch()
        let pattern = try scratch.write("Haptics.kt", "val tap = buildHapticPattern { include(shared); delay(20.ms) }\nval other = buildHapticPattern { haptic(10.ms) }\n")
        let shared = try scratch.write("Shared.kt", "val shared = buildHapticPattern { haptic(30.ms) }\n")
        let process = try BackgroundHapsynth(["play", pattern, "--pattern", "tap", "--watch", "--skip-initial", "--device", "null"], scratch: scratch)
        #expect(process.wait(5) { !$0.errLines.isEmpty })
        #expect(process.errLines == ["watching \(pattern) (and 1 included file); Ctrl-C to stop"], "\(process.errLines)")
        try "val tap = buildHapticPattern { include(shared); delay(40.ms) }\nval other = buildHapticPattern { haptic(10.ms) }\n"
            .write(toFile: pattern, atomically: true, encoding: .utf8)
        #expect(process.wait(5) { $0.outLines.count == 1 })
        try "val shared = buildHapticPattern { haptic(60.ms) }\n".write(toFile: shared, atomically: true, encoding: .utf8)
        #expect(process.wait(5) { $0.outLines.count == 2 })
        // A Kotlin file's pattern is named FILE.kt#NAME.
        #expect(process.outLines == ["playing \(pattern)#tap on null: 0.080 s, 1 player", "playing \(pattern)#tap on null: 0.110 s, 1 player"], "\(process.outLines)")
        #expect(process.interrupt() == 130)
    }

    @Test func watchSurvivesItsFolderBeingDeletedAndRecreated() throws {
        let scratch = try Scratch()
        let folder = scratch.path + "/patterns"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let pattern = folder + "/tap.json"
        try #"{"timeline": [{"transient": {}}, {"delay": 40}]}"#.write(toFile: pattern, atomically: false, encoding: .utf8)
        let process = try BackgroundHapsynth(["play", pattern, "--watch", "--skip-initial", "--device", "null"], scratch: scratch)
        #expect(process.wait(5) { !$0.errLines.isEmpty })  // `watching …`: the watch is set up
        // The folder's removal reaches the watch as an event, whenever it reads it.
        try FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try #"{"timeline": [{"haptic": 60}]}"#.write(toFile: pattern, atomically: false, encoding: .utf8)
        #expect(process.wait(5) { $0.outLines.count == 1 })
        try #"{"timeline": [{"haptic": 70}]}"#.write(toFile: pattern, atomically: false, encoding: .utf8)
        #expect(process.wait(5) { $0.outLines.count == 2 })
        #expect(process.interrupt() == 130)
    }

    @Test func watchReportsADeviceFailureOfEachPlayback() throws {
        let scratch = try Scratch()
        let pattern = try scratch.write("hum.json", #"{"timeline": [{"haptic": 200}]}"#)
        let process = try BackgroundHapsynth(["play", pattern, "--watch", "--device", "file:FILE=/dev/full,FORMAT=raw"], scratch: scratch)
        func failures() -> Int { process.errLines.joined(separator: "\n").components(separatedBy: "playback failed: ").count - 1 }
        #expect(process.wait(5) { _ in failures() == 1 })
        try #"{"timeline": [{"haptic": 250}]}"#.write(toFile: pattern, atomically: false, encoding: .utf8)
        #expect(process.wait(5) { _ in failures() == 2 })
        _ = process.interrupt()
    }

    /// A pattern so short that the device takes all of it before failing to pass it on (ALSA's
    /// file plugin into a full disk fails at drain, and says so only to its error handler): the
    /// failure is still the playback's, once per playback under --watch (issue 40).
    @Test func aShortPlaybackThatTheDeviceFailsToPassOnIsAnError() throws {
        let scratch = try Scratch()
        let pattern = try scratch.write("tap.json", #"{"timeline": [{"transient": {}}]}"#)
        let device = "file:FILE=/dev/full,FORMAT=raw"
        let once = try hapsynth(["play", pattern, "--device", device])
        #expect(once.status == 74 && once.stderr.contains("cannot write to ALSA device '\(device)': No space left on device"), "\(once.stderr)")
        let process = try BackgroundHapsynth(["play", pattern, "--watch", "--device", device], scratch: scratch)
        func failures() -> Int { process.errLines.joined(separator: "\n").components(separatedBy: "No space left on device").count - 1 }
        #expect(process.wait(5) { _ in failures() == 1 })
        try #"{"timeline": [{"transient": {"intensity": 0.5}}]}"#.write(toFile: pattern, atomically: false, encoding: .utf8)
        #expect(process.wait(5) { _ in failures() == 2 })
        // An invalid save is reported at its line and column, as plan reports it; the watch goes on.
        try #"{"timeline": [{"haptic": "x"}]}"#.write(toFile: pattern, atomically: false, encoding: .utf8)
        #expect(process.wait(5) { $0.errLines.contains { $0.hasPrefix("hapsynth: error: \(pattern):1:26: ") } }, "\(process.errLines)")
        _ = process.interrupt()
    }
}
