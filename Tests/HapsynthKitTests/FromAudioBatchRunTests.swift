import Foundation
import HapsynthKit
import Testing
import TestSupport

/// `FromAudioBatch` as a Swift user calls it (issue 52, the shell): a folder mirrored, a batch run
/// to its end past a sound it cannot read, a designer's file kept, the same files whatever the
/// thread count, and a stop that leaves nothing half-written.
@Suite struct FromAudioBatchRunTests {
    /// Decaying 180 Hz hits at `times` (seconds) in `seconds` of 48 kHz float WAV, scaled by `level`.
    static func hits(at times: [Double], seconds: Double, level: Double = 0.8) -> Data {
        let samples = (0..<Int(seconds * 48_000)).map { index -> Float in
            let t = Double(index) / 48_000
            return Float(times.filter { t >= $0 }.map { level * exp(-(t - $0) / 0.03) * sin(2 * Double.pi * 180 * (t - $0)) }.reduce(0, +))
        }
        return floatWAV(samples, rate: 48_000)
    }

    /// A folder of sounds: `sfx/coin.wav`, `sfx/ui/tap.wav`, a hidden file, a `__MACOSX` copy and
    /// a text file.
    static func folder() throws -> Scratch {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(atPath: scratch.path + "/sfx/ui", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: scratch.path + "/sfx/__MACOSX", withIntermediateDirectories: true)
        try hits(at: [0.1, 0.3], seconds: 0.5).write(to: URL(fileURLWithPath: scratch.path + "/sfx/coin.wav"))
        try hits(at: [0.1], seconds: 0.4).write(to: URL(fileURLWithPath: scratch.path + "/sfx/ui/tap.wav"))
        _ = try scratch.write("sfx/._coin.wav", "AppleDouble")
        _ = try scratch.write("sfx/__MACOSX/coin.wav", "AppleDouble")
        _ = try scratch.write("sfx/notes.txt", "not a sound")
        return scratch
    }

    /// Where a run writes: a folder for several sounds (or a folder, or a path ending in `/`), the
    /// one file otherwise, in the format its extension says; what cannot be told is refused.
    @Test func aRunIsPlannedIntoAFolderOrOneFile() throws {
        let scratch = try Self.folder()
        let (coin, tap, out) = (scratch.path + "/sfx/coin.wav", scratch.path + "/sfx/ui/tap.wav", scratch.path + "/out")
        let one = try FromAudioBatch.planned([coin], into: out + "/coin.ahap", format: nil)
        #expect(one.format == .ahap && one.jobs == [.init(sound: coin, output: out + "/coin.ahap", name: "coin")])
        let intoFolder = try FromAudioBatch.planned([coin], into: out + "/", format: .json)
        #expect(intoFolder.jobs.map(\.output) == [out + "/coin.json"])
        let several = try FromAudioBatch.planned([coin, tap], into: out, format: nil)
        #expect(several.format == .haptic && several.jobs.map(\.output) == [out + "/coin.haptic", out + "/tap.haptic"])
        for (sounds, output, format) in [([coin, tap], out + "/both.haptic", nil), ([coin], out + "/coin.wav", nil),
                                         ([coin], out + "/coin.ahap", FromAudioBatch.Format.json)] as [([String], String, FromAudioBatch.Format?)] {
            #expect(throws: FromAudioBatchError.self) { try FromAudioBatch.planned(sounds, into: output, format: format) }
        }
        var batch = several
        batch.report = out + "/page.html"
        #expect(throws: FromAudioBatchError.self) { try batch.checkFolders() }
        batch.report = out + "/pages"
        try batch.checkFolders()
    }

    @Test func aFolderIsMirroredAndTwoSoundsNeverWriteOneFile() throws {
        let scratch = try Self.folder()
        let jobs = try FromAudioBatch.mirrored([scratch.path + "/sfx"], into: scratch.path + "/out", format: .ahap)
        #expect(jobs.map(\.name).sorted() == ["coin", "ui/tap"])
        #expect(Set(jobs.map(\.output)) == [scratch.path + "/out/coin.ahap", scratch.path + "/out/ui/tap.ahap"])
        try Self.hits(at: [0.1], seconds: 0.2).write(to: URL(fileURLWithPath: scratch.path + "/sfx/coin.flac"))
        #expect {
            try FromAudioBatch.mirrored([scratch.path + "/sfx"], into: scratch.path + "/out", format: .haptic)
        } throws: { error in
            guard case .sameOutput(_, _, let output) = error as? FromAudioBatchError else { return false }
            return output == scratch.path + "/out/coin.haptic"
        }
        #expect(throws: FromAudioBatchError.self) { try FromAudioBatch.mirrored([scratch.path + "/none"], into: scratch.path + "/out", format: .haptic) }
    }

    @Test func aBatchRunsPastASoundItCannotReadAndKeepsADesignersFile() throws {
        let scratch = try Self.folder()
        _ = try scratch.write("sfx/ui/broken.wav", "not a sound")
        let designers = #"{"version": {"major": 1, "minor": 0, "patch": 0}, "metadata": {"editor": "Meta Haptics Studio"}, "signals": {}}"#
        _ = try scratch.write("out/coin.haptic", designers)
        var batch = FromAudioBatch(jobs: try FromAudioBatch.mirrored([scratch.path + "/sfx"], into: scratch.path + "/out", format: .haptic), format: .haptic)
        batch.threads = 2
        var events: [FromAudioBatch.Event] = []
        let outcome = try batch.run { events.append($0) }
        #expect(outcome.total == 3 && outcome.converted == 1)
        #expect(outcome.kept.map(\.name) == ["coin"] && outcome.unreadable.map(\.name) == ["ui/broken"])
        #expect(try String(contentsOfFile: scratch.path + "/out/coin.haptic", encoding: .utf8) == designers)
        let written = events.compactMap { event -> (String, FromAudioBatch.Written)? in
            if case let .written(job, written) = event { return (job.name, written) } else { return nil }
        }
        #expect(written.map(\.0) == ["ui/tap"] && written.first?.1.emphases == 1 && abs((written.first?.1.seconds ?? 0) - 0.4) < 1e-6)
        // What is said of it, in the library's words (issue 62): the clip's figures, and no Android warning.
        let tap = try #require(written.first?.1)
        #expect(tap.summary(output: "tap.haptic") == "tap.haptic: 0.400 s, \(tap.amplitudePoints) amplitude points, \(tap.frequencyPoints) frequency points, 1 emphasis")
        #expect(tap.androidWarning(output: "tap.haptic") == nil && tap.amplitudePoints > 1)
        #expect(try PatternLoader.load(scratch.path + "/out/ui/tap.haptic").clip != nil)
        // The kept file is told before the analyses, the unreadable one after them.
        let order = events.map { event -> String in
            switch event {
            case .kept: return "kept"
            case .analysed: return "analysed"
            case .unreadable: return "unreadable"
            case .written: return "written"
            default: return "other"
            }
        }
        #expect(order.firstIndex(of: "kept")! < order.firstIndex(of: "analysed")! && order.firstIndex(of: "analysed")! < order.firstIndex(of: "unreadable")!)
        // With force, the designer's file is replaced by hapsynth's, which a later run may replace.
        batch.force = true
        #expect(try batch.run { _ in }.converted == 2)
        #expect(FromAudioBatch.Format.allCases.count == 3 && AudioToHaptics.isOwnOutput(scratch.path + "/out/coin.haptic"))
    }

    @Test func theThreadCountDoesNotChangeAFileAndOneSoundFailsAsItsErrorSays() throws {
        let scratch = try Self.folder()
        for (folder, threads) in [("one", 1), ("three", 3)] {
            var batch = FromAudioBatch(jobs: try FromAudioBatch.mirrored([scratch.path + "/sfx"], into: scratch.path + "/" + folder, format: .json), format: .json)
            batch.threads = threads
            #expect(try batch.run { _ in }.converted == 2)
        }
        for file in ["coin.json", "ui/tap.json"] {
            #expect(try Data(contentsOf: URL(fileURLWithPath: scratch.path + "/one/" + file)) == Data(contentsOf: URL(fileURLWithPath: scratch.path + "/three/" + file)))
        }
        let alone = FromAudioBatch(jobs: [.init(sound: scratch.path + "/sfx/notes.txt", output: scratch.path + "/notes.haptic", name: "notes")], format: .haptic)
        #expect { try alone.run { _ in } } throws: { error in
            guard case .unreadable(let failure) = error as? FromAudioBatchError else { return false }
            return failure.description.contains("notes.txt")
        }
    }

    @Test func aQuietSoundIsToldUntilGainRaisesIt() throws {
        let scratch = try Scratch()
        try Self.hits(at: [0.1, 0.4], seconds: 0.8, level: 0.016).write(to: URL(fileURLWithPath: scratch.path + "/soft.wav"))
        var batch = FromAudioBatch(jobs: [.init(sound: scratch.path + "/soft.wav", output: scratch.path + "/soft.haptic", name: "soft")], format: .haptic)
        var peaks: [Float] = []
        _ = try batch.run { if case let .quiet(_, peak, _) = $0 { peaks.append(peak) } }
        #expect(peaks.count == 1 && peaks.allSatisfy { $0 < AudioToHaptics.quietPeakDbfs && $0 > -40 })
        // The same sound with 30 dB of gain is not quiet.
        batch.overrides.gainDb = 30
        #expect(batch.settings(for: batch.jobs[0].sound).gainDb == 30)
        peaks = []
        _ = try batch.run { if case let .quiet(_, peak, _) = $0 { peaks.append(peak) } }
        #expect(peaks.isEmpty)
    }

    @Test func aStopLeavesNothingHalfWritten() throws {
        let scratch = try Self.folder()
        let batch = FromAudioBatch(jobs: try FromAudioBatch.mirrored([scratch.path + "/sfx"], into: scratch.path + "/out", format: .haptic), format: .haptic)
        #expect { try batch.run(shouldContinue: { false }) { _ in } } throws: { error in
            guard case .interrupted = error as? FromAudioBatchError else { return false }
            return true
        }
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "/out"))
        // An output that is an input is refused before anything is read.
        let onItself = FromAudioBatch(jobs: [.init(sound: scratch.path + "/sfx/coin.wav", output: scratch.path + "/sfx/coin.wav", name: "coin")], format: .haptic)
        #expect { try onItself.run { _ in } } throws: { error in
            guard case .output = error as? FromAudioBatchError else { return false }
            return true
        }
    }
}
