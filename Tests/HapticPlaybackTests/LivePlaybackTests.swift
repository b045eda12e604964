import AudioCore
import HapticCore
import HapticPlanner
import HapticSynth
import Testing
@testable import HapticPlayback
import HapticPlaybackTesting

/// An output that fails on a chosen write, like a device that goes away mid-playback.
final class FailingOutput: AudioOutput {
    let format = AudioFormat(sampleRate: 48_000)
    let failingWrite: Int
    private(set) var writes = 0
    private(set) var finished = false

    init(failingWrite: Int) { self.failingWrite = failingWrite }

    func write(_ samples: UnsafeBufferPointer<Float>) throws {
        writes += 1
        if writes == failingWrite { throw ScriptedError("device unplugged") }
    }

    func finish() throws { finished = true }
}

@Suite struct LivePlaybackTests {
    @Test func anUnrecoverableWriteErrorFailsEveryRunningPlayerAndIsNotReplayed() throws {
        var outputs: [FailingOutput] = []
        let live = LivePlayback(profile: ActuatorProfile()) {
            let output = FailingOutput(failingWrite: 3)
            outputs.append(output)
            return output
        }
        let handle = try live.play(try plan(try threePlayerPattern()))
        var steps = 0
        while try live.step(maxFrames: 240) { steps += 1 }
        #expect(steps == 2)
        #expect(!handle.isActive)
        #expect(texts(handle.failure).first == "Core Haptics player failed: device unplugged")
        #expect(outputs.count == 1)  // nothing replayed
    }

    @Test func eachPlaybackOpensItsOwnOutputAndClosesThePrevious() throws {
        var outputs: [MemoryOutput] = []
        let live = LivePlayback(profile: ActuatorProfile()) {
            let output = MemoryOutput(format: AudioFormat(sampleRate: 48_000))
            outputs.append(output)
            return output
        }
        let first = try live.play(try plan(try threePlayerPattern()))
        try live.step(maxFrames: 240)
        let second = try live.play(try plan(try transientPattern()))
        #expect(!first.isActive && second.isActive)
        #expect(outputs.count == 2 && outputs[0].isFinished && !outputs[1].isFinished)
        while try live.step(maxFrames: 240) {}
        #expect(outputs[1].isFinished && !second.isActive)
        #expect(outputs[1].samples.count == 5_280)  // frame(100) = 110 ms at 48 kHz
    }

    @Test func stopWithFadeEndsInSilenceAndCancels() throws {
        var outputs: [MemoryOutput] = []
        let live = LivePlayback(profile: ActuatorProfile()) {
            let output = MemoryOutput(format: AudioFormat(sampleRate: 48_000))
            outputs.append(output)
            return output
        }
        let handle = try live.play(try plan(try Pattern { Continuous(ms: 10_000, intensity: .high) }))
        for _ in 0..<20 { try live.step(maxFrames: 240) }
        live.stopWithFade(fadeFrames: 240)
        #expect(!handle.isActive && handle.failure == nil)
        let samples = outputs[0].samples
        #expect(samples.count == 21 * 240)
        #expect(abs(samples[samples.count - 1]) < 1e-3)
        #expect(abs(samples[samples.count - 300]) > 0.1 || abs(samples[samples.count - 301]) > 0.1)
    }
}
