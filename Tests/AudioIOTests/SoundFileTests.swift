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
