import AudioCore
import Foundation
import Testing
import TestSupport
@testable import AudioIO

@Suite struct SoundFileTests {
    func signal(_ count: Int) -> [Float] {
        (0..<count).map { Float(sin(Double($0) * 0.05) * 0.7) }
    }

    @Test(arguments: [SoundFileContainer.wav, .flac, .ogg])
    func writtenFilesReadBack(container: SoundFileContainer) throws {
        let scratch = try Scratch()
        let folder = scratch.path
        let target = folder + "/out." + container.rawValue
        let file = try AtomicFile(targetPath: target)
        let writer = try SoundFileWriter(
            fileDescriptor: file.fileDescriptor, name: target, format: AudioFormat(sampleRate: 16_000),
            container: container, encoding: container.defaultEncoding)
        let samples = signal(10_000)
        try samples.withUnsafeBufferPointer { try writer.write($0) }
        try writer.finish()
        try file.commit()
        let reader = try SoundFileReader(path: target)
        #expect(reader.format == AudioFormat(sampleRate: 16_000))
        let back = reader.readAll()
        #expect(back.count == samples.count)
        let maxError = zip(back, samples).map { abs($0 - $1) }.max() ?? 1
        switch container {
        case .wav: #expect(maxError == 0)  // 32-bit float is lossless
        case .flac: #expect(maxError < 1e-6)  // 24-bit PCM
        case .ogg: #expect(maxError < 0.05)  // lossy
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["out." + container.rawValue])
    }

    @Test func acceptsOnlyPairsLibsndfileAccepts() {
        let format = AudioFormat(sampleRate: 48_000)
        #expect(SoundFileWriter.accepts(.wav, .pcm16, format: format))
        #expect(SoundFileWriter.accepts(.flac, .pcm16, format: format))
        #expect(!SoundFileWriter.accepts(.flac, .float, format: format))
        #expect(!SoundFileWriter.accepts(.ogg, .pcm24, format: format))
        #expect(SoundFileContainer(pathExtension: "a/b.FLAC") == .flac)
        #expect(SoundFileContainer(pathExtension: "a.b/c") == nil)
    }

    @Test func discardedFilesLeaveNothingAndKeepTheTarget() throws {
        let scratch = try Scratch()
        let folder = scratch.path
        let target = folder + "/keep.wav"
        try "old".write(toFile: target, atomically: true, encoding: .utf8)
        let file = try AtomicFile(targetPath: target)
        #expect(FileManager.default.fileExists(atPath: file.temporaryPath))
        #expect((file.temporaryPath as NSString).lastPathComponent.hasPrefix(".keep.wav.hapsynth-"))
        file.discard()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["keep.wav"])
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "old")
    }

    @Test func committingKeepsAnExistingTargetsPermissions() throws {
        let scratch = try Scratch()
        let folder = scratch.path
        let target = folder + "/mode.wav"
        try "old".write(toFile: target, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: target)
        let file = try AtomicFile(targetPath: target)
        _ = write(file.fileDescriptor, "new", 3)
        close(file.fileDescriptor)
        try file.commit()
        let attributes = try FileManager.default.attributesOfItem(atPath: target)
        #expect((attributes[.posixPermissions] as? Int) == 0o640)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "new")
    }

    @Test func missingFoldersCannotBeCreated() {
        #expect(throws: AtomicFileError.self) { try AtomicFile(targetPath: "/nonexistent-hapsynth/a/b.wav") }
    }
}

/// The one reader checks a file's figures on the opened file before anything is sized by them
/// (docs/files-and-limits.md, "Sound files").
@Suite struct SoundFileLimitsTests {
    /// A 16-bit PCM WAV whose header says `rate`, `channels` and `dataBytes` (with `actualBytes` of data).
    static func wav(rate: Int, channels: Int, dataBytes: Int, actualBytes: Int) -> Data {
        var data = Data("RIFF".utf8)
        func u32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { data.append(contentsOf: $0) } }
        func u16(_ v: UInt16) { withUnsafeBytes(of: v.littleEndian) { data.append(contentsOf: $0) } }
        u32(UInt32(truncatingIfNeeded: 36 + dataBytes)); data.append(contentsOf: Array("WAVEfmt ".utf8))
        u32(16); u16(1); u16(UInt16(channels)); u32(UInt32(rate)); u32(UInt32(rate * channels * 2)); u16(UInt16(channels * 2)); u16(16)
        data.append(contentsOf: Array("data".utf8)); u32(UInt32(truncatingIfNeeded: dataBytes)); data.append(Data(count: actualBytes))
        return data
    }

    @Test(arguments: [
        (48_000, 1_024, "its header gives 1024 channels, outside 1-8"),
        (1, 1, "its header gives 1 Hz, outside 1000-384000 Hz"),
        (768_000, 1, "its header gives 768000 Hz, outside 1000-384000 Hz"),
    ])
    func aHeaderOutsideTheLimitsIsRefused(rate: Int, channels: Int, reason: String) throws {
        let scratch = try Scratch()
        let path = scratch.path + "/liar.wav"
        try Self.wav(rate: rate, channels: channels, dataBytes: 2 * channels * 10, actualBytes: 2 * channels * 10).write(to: URL(fileURLWithPath: path))
        #expect(throws: SoundFileError(context: "cannot read \(path)", reason: reason)) { try SoundFileReader(path: path, limits: .sounds) }
    }

    @Test func aFileOverTheByteLimitIsRefusedBeforeItIsParsed() throws {
        let scratch = try Scratch()
        let path = scratch.path + "/big.wav"
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        #expect(truncate(path, 65 << 20) == 0)  // sparse: 65 MiB of nothing
        #expect(throws: SoundFileError(context: "cannot read \(path)", reason: "it is 68157440 bytes, over the 64 MiB a sound may be")) {
            try SoundFileReader(path: path, limits: .sounds)
        }
    }

    @Test func aCompressedFileClaimingMoreFramesThanItsBytesCanHoldIsRefused() throws {
        let scratch = try Scratch()
        let path = scratch.path + "/tiny.flac"
        let file = try AtomicFile(targetPath: path)
        let writer = try SoundFileWriter(fileDescriptor: file.fileDescriptor, name: path, format: AudioFormat(sampleRate: 8_000),
                                         container: .flac, encoding: .pcm16)
        try [Float](repeating: 0, count: 80).withUnsafeBufferPointer { try writer.write($0) }
        try writer.finish()
        try file.commit()
        // STREAMINFO's total samples (36 bits at byte 21 of the file) set to 2^36 − 1.
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        bytes[21] |= 0x0F
        for index in 22...25 { bytes[index] = 0xFF }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let size = bytes.count
        #expect(throws: SoundFileError(context: "cannot read \(path)", reason: "its header gives 68719476735 frames, more than its \(size) bytes can hold")) {
            try SoundFileReader(path: path, limits: .sounds)
        }
    }

    @Test func nanAndInfinityAreReadAsSilenceAndCounted() throws {
        let scratch = try Scratch()
        let path = scratch.path + "/nan.wav"
        try floatWAV([.nan, 0.25, .infinity, -.infinity, -0.5], rate: 8_000).write(to: URL(fileURLWithPath: path))
        let reader = try SoundFileReader(path: path)
        #expect(reader.readAll() == [0, 0.25, 0, 0, -0.5])
        #expect(reader.silencedSampleCount == 3)
    }

    @Test func aHeaderThatClaimsMoreDataThanThereIsReadsWhatThereIs() throws {
        let scratch = try Scratch()
        let path = scratch.path + "/short.wav"
        try Self.wav(rate: 8_000, channels: 1, dataBytes: 0x7FFF_FFF0, actualBytes: 200).write(to: URL(fileURLWithPath: path))
        let reader = try SoundFileReader(path: path, limits: .sounds)
        #expect(reader.frameCount == 100 && reader.readAll().count == 100)
    }
}
