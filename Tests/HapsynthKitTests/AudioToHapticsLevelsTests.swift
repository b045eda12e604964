import Foundation
@testable import HapsynthKit
import Testing
import TestSupport

/// from-audio's first pass (the mean and peak) read in stretches at once (issue 50, item 7: speed):
/// the same levels, bit for bit, as one reading; a file that does not read cleanly is read again
/// in one, which says what it finds, once.
@Suite struct AudioToHapticsLevelsTests {
    /// 4.2 s of stereo at 48 kHz (seven blocks): noise about an offset, a channel apart.
    static func sound(nanAt: Int? = nil) -> [Float] {
        var generator = SeededGenerator(state: 50)
        var samples = (0..<(2 * 201_600)).map { index in 0.01 + Float(index % 2) * 0.02 + Float.random(in: -0.4..<0.4, using: &generator) }
        if let nanAt { samples[2 * nanAt] = .nan }
        return samples
    }

    @Test func stretchesGiveTheLevelsOfOneReading() throws {
        let scratch = try Scratch()
        let path = scratch.path + "/noise.wav"
        try floatWAV(Self.sound(), rate: 48_000, channels: 2).write(to: URL(fileURLWithPath: path))
        let stretched = try #require(AudioToHaptics.inStretches(path, threads: 2, limitSeconds: AudioToHaptics.maxSeconds, shouldContinue: { _ in true }))
        var warnings: [String] = []
        let one = try AudioToHaptics.levels(path, threads: 1, limitSeconds: AudioToHaptics.maxSeconds, shouldContinue: { _ in true }, warning: { warnings.append($0) })
        #expect(stretched.blockSums == one.blockSums && stretched.blockSums.count == 7)
        #expect(stretched.highest == one.highest && stretched.lowest == one.lowest && stretched.count == 201_600 && one.count == 201_600)
        #expect(warnings.isEmpty)
        // Three stretches too (of 2, 2 and 3 blocks; four would be fewer than two each), and the clips of one thread and two are the same.
        #expect(AudioToHaptics.inStretches(path, threads: 3, limitSeconds: AudioToHaptics.maxSeconds, shouldContinue: { _ in true })?.blockSums == one.blockSums)
        #expect(AudioToHaptics.inStretches(path, threads: 4, limitSeconds: AudioToHaptics.maxSeconds, shouldContinue: { _ in true }) == nil)
        #expect(try AudioToHaptics.clip(file: path, threads: 2) == AudioToHaptics.clip(file: path, threads: 1))
    }

    @Test func aFileThatDoesNotReadCleanlyIsReadAgainInOneAndSaysSoOnce() throws {
        let scratch = try Scratch()
        let path = scratch.path + "/nan.wav"
        try floatWAV(Self.sound(nanAt: 120_000), rate: 48_000, channels: 2).write(to: URL(fileURLWithPath: path))
        #expect(AudioToHaptics.inStretches(path, threads: 2, limitSeconds: AudioToHaptics.maxSeconds, shouldContinue: { _ in true }) == nil)
        var warnings: [String] = []
        let levels = try AudioToHaptics.levels(path, threads: 2, limitSeconds: AudioToHaptics.maxSeconds, shouldContinue: { _ in true }, warning: { warnings.append($0) })
        #expect(levels.count == 201_600)
        #expect(warnings == ["\(path): 1 sample that was not a number (NaN or infinite) read as 0, the first at 2.500 s"])
        // Stopped: the stretches stop, and so does the reading again in one.
        #expect(throws: AudioToHaptics.Failure.self) {
            try AudioToHaptics.levels(path, threads: 2, limitSeconds: AudioToHaptics.maxSeconds, shouldContinue: { _ in false }, warning: { _ in })
        }
    }
}
