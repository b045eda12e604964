import Foundation
import HapsynthKit
import Testing
import TestSupport

/// What from-audio writes holds up where it is used (issue 50): its AHAP and pattern.json files
/// lint clean on both platforms whatever the sound's length, and at Studio's defaults each hit of a
/// sound is one emphasis.
@Suite struct FromAudioOutputsTests {
    /// `times` (seconds) of decaying 180 Hz hits of the given peak amplitudes, in `seconds` of 48 kHz
    /// sound, over a tone whose level `tone(t)` gives.
    static func sound(hits times: [Double], amplitudes: [Double]? = nil, seconds: Double, tone: (Double) -> Double = { _ in 0 }) -> [Float] {
        let rate = 48_000.0
        var samples = (0..<Int(seconds * rate)).map { Float(tone(Double($0) / rate) * sin(2 * Double.pi * 90 * Double($0) / rate)) }
        for (index, time) in times.enumerated() {
            let amplitude = amplitudes?[index % (amplitudes?.count ?? 1)] ?? 0.8
            for offset in 0..<Int(0.25 * rate) where Int(time * rate) + offset < samples.count {
                let t = Double(offset) / rate
                samples[Int(time * rate) + offset] += Float(amplitude * exp(-t / 0.03) * sin(2 * Double.pi * 180 * t))
            }
        }
        return samples
    }

    /// The emphases' times (seconds) of the clip at `path`.
    static func emphases(_ path: String) throws -> [Double] {
        try #require(try PatternLoader.load(path).clip).amplitude.compactMap { $0.emphasis == nil ? nil : Double($0.timeS) }
    }

    /// F1 of `found` against `expected` with a match within 20 ms.
    static func f1(_ found: [Double], _ expected: [Double]) -> Double {
        let recall = Double(expected.filter { time in found.contains { abs($0 - time) <= 0.02 } }.count) / Double(max(1, expected.count))
        let precision = Double(found.filter { time in expected.contains { abs($0 - time) <= 0.02 } }.count) / Double(max(1, found.count))
        return precision + recall > 0 ? 2 * precision * recall / (precision + recall) : 0
    }

    @Test func aLongSoundsFilesLintCleanOnBothPlatforms() throws {
        let scratch = try Scratch()
        let times = stride(from: 0.2, to: 19.8, by: 0.37).map { $0 }
        let samples = Self.sound(hits: times, seconds: 20, tone: { 0.3 + 0.25 * sin(2 * Double.pi * 0.3 * $0) })
        try floatWAV(samples, rate: 48_000).write(to: URL(fileURLWithPath: scratch.path + "/long.wav"))
        for format in ["haptic", "ahap", "json"] {
            let made = try hapsynth(["from-audio", "long.wav", "-o", "long.\(format)"], in: scratch.path)
            #expect(made.status == 0, "\(made.stderr)")
            // A ramped envelope this long is more than Android's 512 waveform segments: the pattern
            // files hold the amplitude in steps, and say so.
            #expect(made.stdout.contains("amplitude held in") == (format != "haptic"), "\(made.stdout)")
            for platform in ["ios", "android"] {
                let lint = try hapsynth(["lint", "--platform", platform, "long.\(format)"], in: scratch.path)
                #expect(lint.status == 0 && lint.stdout.contains("0 errors, 0 warnings"), "\(format) on \(platform): \(lint.stdout)")
            }
        }
        // Core Haptics takes curves of at most 16 points: the AHAP's come in pieces.
        let ahap = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: scratch.path + "/long.ahap"))) as? [String: Any]
        let curves = (ahap?["Pattern"] as? [[String: Any]] ?? []).compactMap { $0["ParameterCurve"] as? [String: Any] }
        #expect(curves.count > 2 && curves.allSatisfy { ($0["ParameterCurveControlPoints"] as? [Any])?.count ?? 99 <= 16 })
        // The held pattern keeps every emphasis.
        let json = try #require(try PatternLoader.load(scratch.path + "/long.json").pattern)
        let emphases = try Self.emphases(scratch.path + "/long.haptic")
        #expect(json.events.filter { $0.kind == .transient }.count == emphases.count)
        #expect(try hapsynth(["render", "long.json", "long-haptics.wav"], in: scratch.path).status == 0)
    }

    /// Hits 80 ms or more apart, alike or of two loudnesses: at the defaults each is one emphasis.
    @Test(arguments: [(0.08, [0.8]), (0.12, [0.8]), (0.25, [0.8]), (0.15, [0.8, 0.4])])
    func eachHitIsOneEmphasisAtTheDefaults(spacing: Double, amplitudes: [Double]) throws {
        let scratch = try Scratch()
        let times = (0..<8).map { 0.1 + spacing * Double($0) }
        try floatWAV(Self.sound(hits: times, amplitudes: amplitudes, seconds: times.last! + 0.3), rate: 48_000)
            .write(to: URL(fileURLWithPath: scratch.path + "/hits.wav"))
        let made = try hapsynth(["from-audio", "hits.wav", "-o", "hits.haptic"], in: scratch.path)
        #expect(made.status == 0, "\(made.stderr)")
        let found = try Self.emphases(scratch.path + "/hits.haptic")
        #expect(Self.f1(found, times) >= 0.9, "hits at \(times), emphases at \(found)")
    }

    @Test func aRenderedPatternsTapsComeBack() throws {
        let scratch = try Scratch()
        let taps: [(ms: Int, intensity: Double, sharpness: Double)] = [(100, 1, 0.5), (200, 0.8, 0.9), (350, 1, 0.2), (450, 0.7, 0.5), (600, 1, 1),
                                                                       (1_300, 1, 0.5)]
        let events = taps.map { #"{"type": "transient", "startMs": \#($0.ms), "intensity": \#($0.intensity), "sharpness": \#($0.sharpness)}"# }
            + [#"{"type": "continuous", "startMs": 800, "durationMs": 300, "intensity": 0.5, "sharpness": 0.3}"#]
        try #"{"version": 1, "events": [\#(events.joined(separator: ", "))]}"#.write(toFile: scratch.path + "/taps.json", atomically: true, encoding: .utf8)
        #expect(try hapsynth(["render", "taps.json", "taps.wav"], in: scratch.path).status == 0)
        #expect(try hapsynth(["from-audio", "taps.wav", "-o", "back.haptic"], in: scratch.path).status == 0)
        let found = try Self.emphases(scratch.path + "/back.haptic")
        // Every tap comes back (within 20 ms, the actuator's rise), and nothing but the taps and the
        // continuous event's onset.
        let expected = taps.map { Double($0.ms) / 1000 }
        #expect(expected.allSatisfy { time in found.contains { abs($0 - time) <= 0.02 } }, "\(found)")
        #expect(found.allSatisfy { time in (expected + [0.8]).contains { abs($0 - time) <= 0.02 } }, "\(found)")
    }
}

/// A designer's batch measured (issue 50): references by relative path, clips or AHAP files, a
/// report folder with an index; a Studio project's settings per sound; a quiet sound named.
@Suite struct FromAudioBatchTests {
    @Test func aFolderIsMeasuredAgainstTheDesignersClipsAndReportedWithAnIndex() throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(atPath: scratch.path + "/sfx/ui", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: scratch.path + "/designer/ui", withIntermediateDirectories: true)
        for (name, times) in [("coin", [0.1, 0.3]), ("ui/tap", [0.1]), ("door", [0.2, 0.5, 0.8])] {
            try floatWAV(FromAudioOutputsTests.sound(hits: times, seconds: 1), rate: 48_000).write(to: URL(fileURLWithPath: scratch.path + "/sfx/\(name).wav"))
        }
        // The designer's clips: coin as a .haptic clip, ui/tap as an AHAP file; door has none.
        #expect(try hapsynth(["from-audio", "sfx/coin.wav", "-o", "designer/coin.haptic"], in: scratch.path).status == 0)
        #expect(try hapsynth(["from-audio", "sfx/ui/tap.wav", "-o", "designer/ui/tap.ahap"], in: scratch.path).status == 0)
        let run = try hapsynth(["from-audio", "sfx", "-o", "out", "--reference", "designer", "--report", "report"], in: scratch.path)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("against designer/coin.haptic: emphasis F1 1.00") && run.stdout.contains("against designer/ui/tap.ahap: emphasis F1"),
                "\(run.stdout)")
        let index = try String(contentsOfFile: scratch.path + "/report/index.html", encoding: .utf8)
        for page in ["coin.html", "door.html", "ui/tap.html"] {
            #expect(index.contains("href=\"\(page)\"") && FileManager.default.fileExists(atPath: scratch.path + "/report/" + page), "\(page)")
        }
        #expect(index.contains("median of 2"))
        let page = try String(contentsOfFile: scratch.path + "/report/coin.html", encoding: .utf8)
        #expect(page.contains(#"<audio controls preload="metadata""#) && page.contains("(1.00 s)"))
        // Several sounds take folders: one page or one clip is a usage error.
        #expect(try hapsynth(["from-audio", "sfx", "-o", "out", "--report", "one.html"], in: scratch.path).status == 64)
        #expect(try hapsynth(["from-audio", "sfx", "-o", "out", "--reference", "designer/coin.haptic"], in: scratch.path).status == 64)
    }

    @Test func aStudioProjectGivesEachSoundItsClipsSettings() throws {
        let scratch = try Scratch()
        let times = (0..<6).map { 0.1 + 0.15 * Double($0) }
        for name in ["a", "b"] {
            try floatWAV(FromAudioOutputsTests.sound(hits: times, seconds: 1.1), rate: 48_000).write(to: URL(fileURLWithPath: scratch.path + "/\(name).wav"))
        }
        // a's clip turns emphasis off and keeps 10 points a second; b is not in the project.
        let project = #"{"version": {"major": 1, "minor": 0}, "clips": [{"name": "a", "audioAsset": {"path": "a.wav"}, "waveform": {}, "#
            + #""settings": {"preprocessing": {"gain_db": 0, "normalize_audio": false, "normalize_level_db": -0.3}, "#
            + #""offline": {"amplitude_breakpoints_per_second": 10, "emphasis_enabled": false}}}], "groups": []}"#
        try project.write(toFile: scratch.path + "/p.hasp", atomically: true, encoding: .utf8)
        let run = try hapsynth(["from-audio", "a.wav", "b.wav", "-o", "out", "--settings", "p.hasp"], in: scratch.path)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("b.wav is not a clip of p.hasp: analysed with the defaults"), "\(run.stderr)")
        #expect(try FromAudioOutputsTests.emphases(scratch.path + "/out/a.haptic").isEmpty)
        #expect(try FromAudioOutputsTests.emphases(scratch.path + "/out/b.haptic").count == times.count)
        // A clip's path that leaves the project's folder is refused where it is written.
        try project.replacingOccurrences(of: "\"a.wav\"", with: "\"../a.wav\"").write(toFile: scratch.path + "/bad.hasp", atomically: true, encoding: .utf8)
        let bad = try hapsynth(["from-audio", "a.wav", "-o", "a.haptic", "--settings", "bad.hasp"], in: scratch.path)
        #expect(bad.status == 65 && bad.stderr.contains("$.clips[0].audioAsset.path"), "\(bad.stderr)")
        // So does one that leaves it through a symbolic link.
        try FileManager.default.createDirectory(atPath: scratch.path + "/inner", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: scratch.path + "/inner/a.wav", withDestinationPath: scratch.path + "/a.wav")
        try project.write(toFile: scratch.path + "/inner/p.hasp", atomically: true, encoding: .utf8)
        let linked = try hapsynth(["from-audio", "a.wav", "-o", "a.haptic", "--settings", "inner/p.hasp"], in: scratch.path)
        #expect(linked.status == 65 && linked.stderr.contains("it leads outside the folder"), "\(linked.stderr)")
    }

    @Test func aQuietSoundIsNamedWithTheGainThatRaisesIt() throws {
        let scratch = try Scratch()
        let quiet = FromAudioOutputsTests.sound(hits: [0.1, 0.4], seconds: 0.8).map { $0 * 0.02 }
        try floatWAV(quiet, rate: 48_000).write(to: URL(fileURLWithPath: scratch.path + "/soft.wav"))
        let run = try hapsynth(["from-audio", "soft.wav", "-o", "soft.haptic"], in: scratch.path)
        #expect(run.status == 0 && run.stderr.contains("soft.wav: quiet (peak -3") && run.stderr.contains("--gain-db 3"), "\(run.stderr)")
        let raised = try hapsynth(["from-audio", "soft.wav", "-o", "raised.haptic", "--gain-db", "30"], in: scratch.path)
        #expect(raised.status == 0 && !raised.stderr.contains("quiet"), "\(raised.stderr)")
        #expect(try FromAudioOutputsTests.emphases(scratch.path + "/raised.haptic").count == 2)
    }

    /// A WAV cut short (libsndfile counts its frames from its size) is said, and a 60-byte MP3 is
    /// named for what it is, the decoder's own notes folded into hapsynth's words.
    @Test func aCutWAVAndATinyMP3AreSaidForWhatTheyAre() throws {
        let scratch = try Scratch()
        let whole = floatWAV(FromAudioOutputsTests.sound(hits: [0.1, 0.6], seconds: 1), rate: 48_000)
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: scratch.path + "/cut.wav"))
        let cut = try hapsynth(["from-audio", "cut.wav", "-o", "cut.haptic"], in: scratch.path)
        #expect(cut.status == 0 && cut.stderr.contains("cut.wav: the sound ends after 0.500 s of the 1.000 s its header gives"), "\(cut.stderr)")
        try Data([0xFF, 0xFB, 0x90, 0x00] + [UInt8](repeating: 0, count: 56)).write(to: URL(fileURLWithPath: scratch.path + "/tiny.mp3"))
        let tiny = try hapsynth(["from-audio", "tiny.mp3", "-o", "tiny.haptic"], in: scratch.path)
        #expect(tiny.status == 65 && tiny.stderr.contains("tiny.mp3: it is not a sound libsndfile can decode (60 bytes, too short for one"), "\(tiny.stderr)")
        #expect(!tiny.stderr.contains("does not exist") && !tiny.stderr.contains("[src/libmpg123"), "\(tiny.stderr)")
    }
}
