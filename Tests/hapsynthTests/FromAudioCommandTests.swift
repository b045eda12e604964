import Foundation
import HapsynthKit
import Testing
import TestSupport

/// `hapsynth from-audio` as a user runs it (issue 42): a sound becomes a clip or an AHAP file the
/// other commands take; folders mirror; bad sounds say so with the right exit code.
@Suite struct FromAudioCommandTests {
    /// Decaying 180 Hz hits at `times` (seconds) in `seconds` of 48 kHz sound, as float WAV.
    static func hits(at times: [Double], seconds: Double) -> Data {
        let rate = 48_000
        let samples = (0..<Int(seconds * Double(rate))).map { index -> Float in
            let t = Double(index) / Double(rate)
            return Float(times.filter { t >= $0 }.map { 0.8 * exp(-(t - $0) / 0.03) * sin(2 * Double.pi * 180 * (t - $0)) }.reduce(0, +))
        }
        return floatWAV(samples, rate: rate)
    }

    @Test func aSoundBecomesAClipAndAnAHAPFileThatTheOtherCommandsTake() throws {
        let scratch = try Scratch()
        try Self.hits(at: [0.2, 0.6, 1.0], seconds: 1.3).write(to: URL(fileURLWithPath: scratch.path + "/hits.wav"))
        let clip = try hapsynth(["from-audio", "hits.wav", "-o", "hits.haptic", "--sensitivity", "100"], in: scratch.path)
        #expect(clip.status == 0, "\(clip.stderr)")
        #expect(clip.stdout.hasPrefix("hits.haptic: 1.300 s, ") && clip.stdout.contains("3 emphases"), "\(clip.stdout)")
        let loaded = try PatternLoader.load(scratch.path + "/hits.haptic")
        let taps = try #require(loaded.clip).amplitude.compactMap { $0.emphasis == nil ? nil : Double($0.timeS) }
        #expect(taps.count == 3 && zip(taps, [0.2, 0.6, 1.0]).allSatisfy { abs($0 - $1) <= 0.02 }, "\(taps)")
        #expect(try hapsynth(["render", "hits.haptic", "hits-haptics.wav"], in: scratch.path).status == 0)
        let ahap = try hapsynth(["from-audio", "hits.wav", "-o", "hits.ahap"], in: scratch.path)
        #expect(ahap.status == 0, "\(ahap.stderr)")
        #expect(try hapsynth(["plan", "hits.ahap"], in: scratch.path).status == 0)
        #expect(try hapsynth(["lint", "hits.haptic", "hits.ahap"], in: scratch.path).status == 0)
    }

    @Test func aFolderIsMirroredInTheFormatAsked() throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(atPath: scratch.path + "/sfx/ui", withIntermediateDirectories: true)
        try Self.hits(at: [0.1], seconds: 0.4).write(to: URL(fileURLWithPath: scratch.path + "/sfx/ui/tap.wav"))
        try Self.hits(at: [0.1, 0.3], seconds: 0.5).write(to: URL(fileURLWithPath: scratch.path + "/sfx/double.wav"))
        _ = try scratch.write("sfx/notes.txt", "not a sound")
        let result = try hapsynth(["from-audio", "sfx", "-o", "out", "--to", "ahap", "-q"], in: scratch.path)
        #expect(result.status == 0 && result.stdout.isEmpty, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: scratch.path + "/out/ui/tap.ahap"))
        #expect(FileManager.default.fileExists(atPath: scratch.path + "/out/double.ahap"))
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "/out/notes.ahap"))
    }

    @Test func badSoundsAndOutputsSayWhatAndExitAsEverywhere() throws {
        let scratch = try Scratch()
        let missing = try hapsynth(["from-audio", "nope.wav", "-o", "x.haptic"], in: scratch.path)
        #expect(missing.status == 66 && missing.stderr.contains("nope.wav"))
        _ = try scratch.write("junk.wav", "not a sound at all")
        let junk = try hapsynth(["from-audio", "junk.wav", "-o", "x.haptic"], in: scratch.path)
        #expect(junk.status == 65 && junk.stderr.contains("junk.wav"))
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "/x.haptic"))
        let format = try hapsynth(["from-audio", "junk.wav", "-o", "x.json"], in: scratch.path)
        #expect(format.status == 64 && format.stderr.contains(".haptic or .ahap"))
        // An output that is the input is refused before anything is read or written.
        try Self.hits(at: [0.1], seconds: 0.2).write(to: URL(fileURLWithPath: scratch.path + "/same.haptic"))
        let before = try Data(contentsOf: URL(fileURLWithPath: scratch.path + "/same.haptic"))
        let same = try hapsynth(["from-audio", "same.haptic", "-o", "same.haptic"], in: scratch.path)
        #expect(same.status == 73)
        #expect(try Data(contentsOf: URL(fileURLWithPath: scratch.path + "/same.haptic")) == before)
    }
}
