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
        let pattern = try hapsynth(["from-audio", "hits.wav", "-o", "hits.json", "--sensitivity", "100"], in: scratch.path)
        #expect(pattern.status == 0, "\(pattern.stderr)")
        let json = try PatternLoader.load(scratch.path + "/hits.json")
        #expect(try #require(json.pattern).events.filter { $0.kind == .transient }.count == 3)
        #expect(try hapsynth(["lint", "hits.haptic", "hits.ahap", "hits.json"], in: scratch.path).status == 0)
    }

    /// The same hits as 16 and 24-bit WAV, FLAC and OGG Vorbis, in stereo at 44.1 kHz: each gives
    /// the same three taps as the float WAV.
    @Test(arguments: [(SoundFileContainer.wav, SampleEncoding.pcm16), (.wav, .pcm24), (.flac, .pcm16), (.flac, .pcm24), (.ogg, .vorbis)])
    func everyFormatGivesTheSameTaps(container: SoundFileContainer, encoding: SampleEncoding) throws {
        let scratch = try Scratch()
        let rate = 44_100, times = [0.2, 0.6, 1.0]
        let mono = (0..<Int(1.3 * Double(rate))).map { index -> Float in
            let t = Double(index) / Double(rate)
            return Float(times.filter { t >= $0 }.map { 0.7 * exp(-(t - $0) / 0.03) * sin(2 * Double.pi * 180 * (t - $0)) }.reduce(0, +))
        }
        let stereo = mono.flatMap { [$0, $0] }
        let path = scratch.path + "/hits." + container.rawValue
        try SoundFileTarget.write(to: path, format: AudioFormat(sampleRate: rate, channelCount: 2), container: container, encoding: encoding) { writer in
            try stereo.withUnsafeBufferPointer { try writer.write($0) }
        }
        let result = try hapsynth(["from-audio", path, "-o", "hits.haptic", "--sensitivity", "100"], in: scratch.path)
        #expect(result.status == 0, "\(result.stderr)")
        let taps = try #require(try PatternLoader.load(scratch.path + "/hits.haptic").clip).amplitude.compactMap { $0.emphasis == nil ? nil : Double($0.timeS) }
        #expect(taps.count == 3 && zip(taps, times).allSatisfy { abs($0 - $1) <= 0.02 }, "\(container) \(encoding): \(taps)")
    }

    @Test func devicesAndCheckTakeTheOutputsAsTheyAre() throws {
        let scratch = try Scratch()
        try Self.hits(at: [0.1, 0.4], seconds: 0.6).write(to: URL(fileURLWithPath: scratch.path + "/hit.wav"))
        #expect(try hapsynth(["from-audio", "hit.wav", "-o", "clips/hit.haptic", "-q"], in: scratch.path).status == 0)
        let devices = try hapsynth(["devices", "clips/hit.haptic", "iphone", "pixel-5", "--rate", "8000"], in: scratch.path)
        #expect(devices.status == 0 && devices.stdout.contains("pixel-5"), "\(devices.stderr)")
        #expect(try hapsynth(["check", "clips", "--goldens", "goldens", "--record"], in: scratch.path).status == 0)
        let check = try hapsynth(["check", "clips", "--goldens", "goldens"], in: scratch.path)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    }

    @Test func theReportShowsTheSoundItsHapticsAndTheDesignersClip() throws {
        let scratch = try Scratch()
        try Self.hits(at: [0.2, 0.6], seconds: 0.9).write(to: URL(fileURLWithPath: scratch.path + "/hit.wav"))
        #expect(try hapsynth(["from-audio", "hit.wav", "-o", "designer.haptic", "--sensitivity", "100", "-q"], in: scratch.path).status == 0)
        let result = try hapsynth(["from-audio", "hit.wav", "-o", "hit.haptic", "--reference", "designer.haptic", "--report", "hit.html"], in: scratch.path)
        #expect(result.status == 0, "\(result.stderr)")
        // Against a clip of the same analysis (more emphases, so other dips) the envelopes agree:
        // the frequency exactly, the amplitude within a tenth of a dB.
        #expect(result.stdout.hasPrefix("against designer.haptic: emphasis F1 ") && result.stdout.contains("amplitude error 0.0")
                && result.stdout.contains("frequency rho 1.00"), "\(result.stdout)")
        let page = try String(contentsOfFile: scratch.path + "/hit.html", encoding: .utf8)
        #expect(page.components(separatedBy: "<audio controls").count == 4 && page.contains("the designer") && page.contains("emphasis F1"))
        let folder = try hapsynth(["from-audio", "hit.wav", "designer.haptic", "-o", "out", "--report", "x.html"], in: scratch.path)
        #expect(folder.status == 64 && folder.stderr.contains("with several sounds, --report names a folder"))
        let notClip = try hapsynth(["from-audio", "hit.wav", "-o", "y.haptic", "--reference", "hit.wav"], in: scratch.path)
        #expect(notClip.status == 65)
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
        // Several at once write the same files as one at a time.
        #expect(try hapsynth(["from-audio", "sfx", "-o", "one", "--jobs", "1", "-q"], in: scratch.path).status == 0)
        #expect(try hapsynth(["from-audio", "sfx", "-o", "three", "--jobs", "3", "-q"], in: scratch.path).status == 0)
        for file in ["ui/tap.haptic", "double.haptic"] {
            let one = try Data(contentsOf: URL(fileURLWithPath: scratch.path + "/one/" + file))
            #expect(one == (try Data(contentsOf: URL(fileURLWithPath: scratch.path + "/three/" + file))), "\(file)")
        }
    }

    /// A folder from a Mac is converted whole: AppleDouble files and `__MACOSX` are passed over,
    /// AIFF is found, a sound that cannot be read is named and the others converted (exit 65 at
    /// the end); `-o` is a folder for several sounds, and for one sound an existing folder or a
    /// path ending in `/` is written into.
    @Test func aFolderIsConvertedWholeAndOutputMeansOneThing() throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(atPath: scratch.path + "/sfx/__MACOSX", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: scratch.path + "/sfx/ui", withIntermediateDirectories: true)
        try Self.hits(at: [0.1], seconds: 0.4).write(to: URL(fileURLWithPath: scratch.path + "/sfx/coin.wav"))
        _ = try scratch.write("sfx/._coin.wav", "\u{0}\u{5}\u{16}\u{7}Mac OS X AppleDouble")
        _ = try scratch.write("sfx/__MACOSX/._coin.wav", "\u{0}\u{5}\u{16}\u{7}Mac OS X AppleDouble")
        _ = try scratch.write("sfx/ui/broken.wav", "not a sound")
        try Self.aiff().write(to: URL(fileURLWithPath: scratch.path + "/sfx/ui/zap.aiff"))
        let result = try hapsynth(["from-audio", "sfx", "-o", "out", "-q"], in: scratch.path)
        #expect(result.status == 65 && result.stderr.contains("sfx/ui/broken.wav")
                && result.stderr.contains("from-audio: 2 of 3 sounds converted; 1 could not be read: sfx/ui/broken.wav"), "\(result.stderr)")
        #expect(!result.stderr.contains("._coin") && !result.stderr.contains("__MACOSX"), "\(result.stderr)")
        for file in ["out/coin.haptic", "out/ui/zap.haptic"] { #expect(FileManager.default.fileExists(atPath: scratch.path + "/" + file), "\(file)") }
        let several = try hapsynth(["from-audio", "sfx/coin.wav", "sfx/ui/zap.aiff", "-o", "two.haptic"], in: scratch.path)
        #expect(several.status == 64 && several.stderr.contains("with several sounds, -o names a folder"), "\(several.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "/two.haptic"))
        try FileManager.default.createDirectory(atPath: scratch.path + "/into", withIntermediateDirectories: true)
        #expect(try hapsynth(["from-audio", "sfx/coin.wav", "-o", "into", "-q"], in: scratch.path).status == 0)
        #expect(FileManager.default.fileExists(atPath: scratch.path + "/into/coin.haptic"))
        #expect(try hapsynth(["from-audio", "sfx/coin.wav", "-o", "fresh/", "--to", "ahap", "-q"], in: scratch.path).status == 0)
        #expect(FileManager.default.fileExists(atPath: scratch.path + "/fresh/coin.ahap"))
    }

    /// A designer's own clip beside its sound is kept unless --force (exit 73, named); what
    /// hapsynth wrote before is replaced when the batch runs again, in every format; two sounds
    /// that would write one file, and an output that is the settings file, are refused.
    @Test func nothingADesignerMadeIsOverwritten() throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(atPath: scratch.path + "/sfx", withIntermediateDirectories: true)
        try Self.hits(at: [0.1], seconds: 0.4).write(to: URL(fileURLWithPath: scratch.path + "/sfx/coin.wav"))
        try Self.hits(at: [0.1, 0.2], seconds: 0.4).write(to: URL(fileURLWithPath: scratch.path + "/sfx/jump.wav"))
        let designers = #"{"version": {"major": 1, "minor": 0, "patch": 0}, "metadata": {"editor": "Meta Haptics Studio"}, "signals": {}}"#
        _ = try scratch.write("sfx/coin.haptic", designers)
        let kept = try hapsynth(["from-audio", "sfx", "-o", "sfx", "-q"], in: scratch.path)
        #expect(kept.status == 73 && kept.stderr.contains("kept sfx/coin.haptic: it exists and hapsynth did not write it (--force replaces it)")
                && kept.stderr.contains("1 of 2 sounds converted; 1 existing file kept"), "\(kept.stderr)")
        #expect(try String(contentsOfFile: scratch.path + "/sfx/coin.haptic", encoding: .utf8) == designers)
        #expect(FileManager.default.fileExists(atPath: scratch.path + "/sfx/jump.haptic"))
        for format in ["haptic", "ahap", "json"] {
            #expect(try hapsynth(["from-audio", "sfx/jump.wav", "-o", "again/jump.\(format)", "-q"], in: scratch.path).status == 0)
            #expect(try hapsynth(["from-audio", "sfx/jump.wav", "-o", "again/jump.\(format)", "-q"], in: scratch.path).status == 0, "\(format)")
        }
        let forced = try hapsynth(["from-audio", "sfx", "-o", "sfx", "-q", "--force"], in: scratch.path)
        let replaced = try String(contentsOfFile: scratch.path + "/sfx/coin.haptic", encoding: .utf8)
        #expect(forced.status == 0 && replaced != designers)
        try Self.hits(at: [0.1], seconds: 0.4).write(to: URL(fileURLWithPath: scratch.path + "/sfx/coin.flac"))
        let both = try hapsynth(["from-audio", "sfx", "-o", "out", "-q"], in: scratch.path)
        // Changed (issue 62): two outputs of one name are 73, as files-and-limits.md says of every
        // command (was a usage error, 64); nothing is written.
        #expect(both.status == 73 && both.stderr.contains("would both write out/coin.haptic"), "\(both.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "/out"))
        _ = try scratch.write("s.json", "{}")
        let settings = try hapsynth(["from-audio", "sfx/coin.wav", "-o", "s.json", "--settings", "s.json"], in: scratch.path)
        let settingsText = try String(contentsOfFile: scratch.path + "/s.json", encoding: .utf8)
        #expect(settings.status == 73 && settingsText == "{}")
    }

    /// What is read other than as written is said: samples that are not numbers, samples far past
    /// full scale (clamped, so no envelope is NaN), a FLAC file that ends before its header says.
    @Test func oddSamplesAndTruncatedFilesAreSaid() throws {
        let scratch = try Scratch()
        var samples = (0..<1_600).map { index -> Float in index >= 400 && index < 800 ? 0.5 * sin(2 * .pi * 200 * Float(index) / 8_000) : 0 }
        samples[10] = .nan
        samples[11] = .infinity
        samples[900] = 1e20
        var data = Data("RIFF".utf8)
        func le32(_ value: Int) -> [UInt8] { [0, 8, 16, 24].map { UInt8((value >> $0) & 0xFF) } }
        data.append(contentsOf: le32(36 + samples.count * 4))
        data.append(Data("WAVEfmt ".utf8))
        data.append(contentsOf: le32(16) + [3, 0, 1, 0] + le32(8_000) + le32(32_000) + [4, 0, 32, 0])
        data.append(Data("data".utf8))
        data.append(contentsOf: le32(samples.count * 4))
        for sample in samples { data.append(contentsOf: le32(Int(sample.bitPattern))) }
        try data.write(to: URL(fileURLWithPath: scratch.path + "/odd.wav"))
        let odd = try hapsynth(["from-audio", "odd.wav", "-o", "odd.haptic"], in: scratch.path)
        #expect(odd.status == 0 && odd.stderr.contains("odd.wav: 2 samples that were not a number (NaN or infinite) read as 0, the first at 0.001 s")
                && odd.stderr.contains("odd.wav: 1 sample past 1000 times full scale clamped to it"), "\(odd.stderr)")
        #expect(try !String(contentsOfFile: scratch.path + "/odd.haptic", encoding: .utf8).contains("null"))
        #expect(try hapsynth(["render", "Samples/celebration.json", scratch.path + "/whole.flac", "--rate", "8000"]).status == 0)
        let whole = try Data(contentsOf: URL(fileURLWithPath: scratch.path + "/whole.flac"))
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: scratch.path + "/cut.flac"))
        let cut = try hapsynth(["from-audio", "cut.flac", "-o", "cut.haptic"], in: scratch.path)
        #expect(cut.status == 0 && cut.stderr.contains("cut.flac: the sound ends after") && cut.stderr.contains("(a truncated or damaged file)"), "\(cut.stderr)")
    }

    /// An AIFF file (16-bit mono at 8 kHz, big-endian) of 0.2 s: silence, a 200 Hz burst at 0.05 s.
    static func aiff() -> Data {
        let frames = 1_600
        var samples = Data()
        for frame in 0..<frames {
            let value = frame >= 400 && frame < 800 ? Int16(12_000 * sin(2 * Double.pi * 200 * Double(frame) / 8_000)) : 0
            samples.append(contentsOf: [UInt8(truncatingIfNeeded: UInt16(bitPattern: value) >> 8), UInt8(truncatingIfNeeded: UInt16(bitPattern: value))])
        }
        func be32(_ value: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8((value >> $0) & 0xFF) } }
        var comm = Data("COMM".utf8)
        comm.append(contentsOf: be32(18) + [0, 1] + be32(frames) + [0, 16])
        comm.append(contentsOf: [0x40, 0x0B, 0xFA, 0, 0, 0, 0, 0, 0, 0] as [UInt8])  // 8000 Hz as an 80-bit extended float
        var ssnd = Data("SSND".utf8)
        ssnd.append(contentsOf: be32(8 + samples.count) + be32(0) + be32(0))
        ssnd.append(samples)
        var form = Data("FORM".utf8)
        form.append(contentsOf: be32(4 + comm.count + ssnd.count))
        form.append(Data("AIFF".utf8))
        form.append(comm)
        form.append(ssnd)
        return form
    }

    @Test func badSoundsAndOutputsSayWhatAndExitAsEverywhere() throws {
        let scratch = try Scratch()
        let missing = try hapsynth(["from-audio", "nope.wav", "-o", "x.haptic"], in: scratch.path)
        #expect(missing.status == 66 && missing.stderr.contains("nope.wav"))
        _ = try scratch.write("junk.wav", "not a sound at all")
        let junk = try hapsynth(["from-audio", "junk.wav", "-o", "x.haptic"], in: scratch.path)
        #expect(junk.status == 65 && junk.stderr.contains("junk.wav"))
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "/x.haptic"))
        let format = try hapsynth(["from-audio", "junk.wav", "-o", "x.txt"], in: scratch.path)
        #expect(format.status == 64 && format.stderr.contains(".haptic, .ahap or .json"))
        // An output that is the input is refused before anything is read or written.
        try Self.hits(at: [0.1], seconds: 0.2).write(to: URL(fileURLWithPath: scratch.path + "/same.haptic"))
        let before = try Data(contentsOf: URL(fileURLWithPath: scratch.path + "/same.haptic"))
        let same = try hapsynth(["from-audio", "same.haptic", "-o", "same.haptic"], in: scratch.path)
        #expect(same.status == 73)
        #expect(try Data(contentsOf: URL(fileURLWithPath: scratch.path + "/same.haptic")) == before)
    }
}

/// Hostile sounds (issue 42, item 7): a clear error or a valid clip, never a crash or a hang.
@Suite struct FromAudioHostileTests {
    /// A float WAV header claiming `dataBytes` (default: the data's size), then `data`.
    static func wav(rate: Int, channels: Int, data: Data, dataBytes: Int? = nil) -> Data {
        var bytes = Data("RIFF".utf8)
        func u32(_ value: Int) { withUnsafeBytes(of: UInt32(truncatingIfNeeded: value).littleEndian) { bytes.append(contentsOf: $0) } }
        func u16(_ value: Int) { withUnsafeBytes(of: UInt16(value).littleEndian) { bytes.append(contentsOf: $0) } }
        let size = dataBytes ?? data.count
        u32(36 + size)
        bytes.append(contentsOf: Data("WAVEfmt ".utf8))
        u32(16); u16(3); u16(channels); u32(rate); u32(rate * channels * 4); u16(channels * 4); u16(32)
        bytes.append(contentsOf: Data("data".utf8))
        u32(size)
        return bytes + data
    }

    static func floats(_ values: [Float]) -> Data { values.withUnsafeBufferPointer { Data(buffer: $0) } }

    @Test(arguments: [
        ("zero.wav", wav(rate: 48_000, channels: 1, data: Data())),
        ("eight-channels.wav", wav(rate: 48_000, channels: 8, data: floats([Float](repeating: 0.25, count: 8 * 4_800)))),
        ("384k.wav", wav(rate: 384_000, channels: 1, data: floats((0..<38_400).map { Float(sin(Double($0) * 0.01)) }))),
        ("nan-inf.wav", wav(rate: 48_000, channels: 1, data: floats((0..<48_000).map { [Float.nan, .infinity, -.infinity, 0.5][$0 % 4] }))),
        ("lying-count.wav", wav(rate: 48_000, channels: 1, data: floats([Float](repeating: 0.5, count: 1_000)), dataBytes: 400_000_000)),
    ])
    func aStrangeButReadableSoundIsAValidClip(name: String, bytes: Data) throws {
        let scratch = try Scratch()
        try bytes.write(to: URL(fileURLWithPath: scratch.path + "/" + name))
        let result = try hapsynth(["from-audio", name, "-o", "out.haptic"], in: scratch.path)
        #expect(result.status == 0, "\(name): \(result.stderr)")
        let plan = try hapsynth(["plan", "out.haptic"], in: scratch.path)
        #expect(plan.status == 0, "\(name): \(plan.stderr)")
    }

    @Test func whatIsNotASoundIsRefusedWithItsReason() throws {
        let scratch = try Scratch()
        try Data("RIFF\u{24}\0\0\0WAVEfmt ".utf8).write(to: URL(fileURLWithPath: scratch.path + "/truncated.wav"))
        let truncated = try hapsynth(["from-audio", "truncated.wav", "-o", "out.haptic"], in: scratch.path)
        #expect(truncated.status == 65 && truncated.stderr.contains("truncated.wav"))
        #expect(mkfifo(scratch.path + "/pipe.wav", 0o600) == 0)
        let pipe = try hapsynth(["from-audio", "pipe.wav", "-o", "out.haptic"], in: scratch.path)
        #expect(pipe.status == 65 && pipe.stderr.contains("not a regular file"))
        try FileManager.default.createDirectory(atPath: scratch.path + "/empty", withIntermediateDirectories: true)
        let folder = try hapsynth(["from-audio", "empty", "-o", "out"], in: scratch.path)
        #expect(folder.status == 64 && folder.stderr.contains("no sounds found"))
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "/out.haptic"))
    }
}

/// `--settings FILE`: Studio's analysis settings as JSON, each value checked where it enters; the
/// options override it.
@Suite struct FromAudioSettingsTests {
    @Test func aSettingsFileSetsTheAnalysisAndOptionsOverrideIt() throws {
        let scratch = try Scratch()
        try FromAudioCommandTests.hits(at: [0.2, 0.6, 1.0], seconds: 1.3).write(to: URL(fileURLWithPath: scratch.path + "/hits.wav"))
        _ = try scratch.write("all.json", #"{"emphasis": {"sensitivity_percent": 100}, "amplitude_breakpoints_per_second": 20}"#)
        let all = try hapsynth(["from-audio", "hits.wav", "-o", "all.haptic", "--settings", "all.json"], in: scratch.path)
        #expect(all.status == 0 && all.stdout.contains("3 emphases"), "\(all.stdout)\(all.stderr)")
        let none = try hapsynth(["from-audio", "hits.wav", "-o", "none.haptic", "--settings", "all.json", "--sensitivity", "0"], in: scratch.path)
        #expect(none.status == 0 && !none.stdout.contains("3 emphases"), "\(none.stdout)")
        // As a Studio project stores a clip's settings: the analysis inside "offline".
        let studio = try scratch.write("studio.json", #"{"preprocessing": {"gain_db": 0}, "offline": {"emphasis": {"sensitivity_percent": 100}}}"#)
        let stored = try hapsynth(["from-audio", "hits.wav", "-o", "studio.haptic", "--settings", studio], in: scratch.path)
        #expect(stored.status == 0 && stored.stdout.contains("3 emphases"), "\(stored.stdout)\(stored.stderr)")
        let off = try scratch.write("off.json", #"{"emphasis_enabled": false}"#)
        let plain = try hapsynth(["from-audio", "hits.wav", "-o", "plain.haptic", "--settings", off], in: scratch.path)
        #expect(plain.stdout.contains("0 emphases"), "\(plain.stdout)")
    }

    @Test func aWrongSettingSaysWhereAndWhat() throws {
        let scratch = try Scratch()
        try FromAudioCommandTests.hits(at: [0.2], seconds: 0.4).write(to: URL(fileURLWithPath: scratch.path + "/hit.wav"))
        _ = try scratch.write("bad.json", #"{"emphasis": {"sensitivity_percent": 120}}"#)
        let bad = try hapsynth(["from-audio", "hit.wav", "-o", "x.haptic", "--settings", "bad.json"], in: scratch.path)
        #expect(bad.status == 65 && bad.stderr.contains("$.emphasis.sensitivity_percent") && bad.stderr.contains("120"), "\(bad.stderr)")
        _ = try scratch.write("typo.json", #"{"emphasys": {}}"#)
        let typo = try hapsynth(["from-audio", "hit.wav", "-o", "x.haptic", "--settings", "typo.json"], in: scratch.path)
        #expect(typo.status == 65 && typo.stderr.contains("emphasys"), "\(typo.stderr)")
        let missing = try hapsynth(["from-audio", "hit.wav", "-o", "x.haptic", "--settings", "nope.json"], in: scratch.path)
        #expect(missing.status == 66)
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "/x.haptic"))
    }
}
