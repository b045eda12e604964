import AudioCore
import Foundation
import HapticCore
import HapticPlanner
import HapticSynth
import Testing
@testable import HapticPlayback

/// The rendering rules of docs/synthesis.md, through the executor on the audio engine.
@Suite struct RenderTests {
    static let mixed = try! Pattern {
        Repeat(3) { Transient(intensity: .strong, sharpness: 0.9); Delay(ms: 80) }
        Continuous(ms: 300, intensityCurve: [(0, 0), (80, 0.8), (300, 0)], sharpnessCurve: [(0, 0.2), (300, 0.8)])
        Parallel { Haptic(ms: 40, intensity: .high); Transient(intensity: .high, sharpness: 0.1) }
    }

    @Test func blockSizeDoesNotChangeASingleSample() throws {
        let reference = try render(Self.mixed, blockFrames: 4096).samples
        for block in [1, 64, 1000] {
            let samples = try render(Self.mixed, blockFrames: block).samples
            #expect(samples.count == reference.count)
            #expect(samples.map(\.bitPattern) == reference.map(\.bitPattern), "block size \(block)")
        }
    }

    @Test func renderingTwiceIsIdentical() throws {
        let first = try render(Self.mixed), second = try render(Self.mixed)
        #expect(first.samples.map(\.bitPattern) == second.samples.map(\.bitPattern))
        #expect(first.summary == second.summary)
    }

    @Test func silentPlanRendersItsDurationOfZerosWithNoLead() throws {
        let (samples, summary) = try render(try Pattern.delay(ms: 250))
        #expect(samples.count == 12_000)
        #expect(samples.allSatisfy { $0 == 0 })
        #expect(summary.playerCount == 0)
        let inaudible = try Pattern(events: [try .transient(startMs: 0, intensity: 0)], durationMs: 7)
        #expect(try render(inaudible, profile: profile(rate: 44_100)).samples.count == 309)  // 308.7 → 309
    }

    @Test(arguments: [48_000, 44_100])
    func eventsStartAtTheRoundedFrameOfTheirTimePlusTheLead(rate: Int) throws {
        for startMs in [0, 7, 33, 101] as [Int64] {
            let pattern = try Pattern(events: [try .continuous(startMs: startMs, durationMs: 20)])
            let samples = try render(pattern, profile: profile(rate: rate)).samples
            let expected = Int(((10 + startMs) * Int64(rate) + 500) / 1000)
            #expect(samples[..<(expected + 1)].allSatisfy { $0 == 0 }, "\(startMs) ms at \(rate) Hz")
            #expect(samples[expected + 1] != 0, "\(startMs) ms at \(rate) Hz")
        }
    }

    @Test(arguments: [0.0, 0.5, 1.0])
    func continuousFrequencyFollowsSharpness(sharpness: Double) throws {
        let pattern = try Pattern { Continuous(ms: 1_000, intensity: .high, sharpness: sharpness) }
        let samples = try render(pattern).samples
        let steady = samples[(480 + 4_800)..<(480 + 43_200)]
        let expected = 65 + sharpness * 235
        #expect(abs(measuredFrequencyHz(steady, rate: 48_000) - expected) < 1)
    }

    @Test(arguments: [(1.0, 0.6), (2.0, 0.6), (0.5, 0.3)] as [(Double, Double)])
    func peakAmplitudeFollowsGainTimesIntensityToTheExponent(exponent: Double, intensity: Double) throws {
        var profile = ActuatorProfile()
        profile.intensityExponent = exponent
        let continuous = try render(try Pattern { Continuous(ms: 200, intensity: Intensity(intensity), sharpness: 0) }, profile: profile)
        let expected = 0.5 * pow(Double(Float(intensity)), exponent)
        #expect(abs(Double(continuous.summary.peak) - expected) < expected * 1e-3)
        let transient = try render(try Pattern { Transient(intensity: Intensity(intensity), sharpness: 1) }, profile: profile)
        let expectedClick = 0.8 * pow(Double(Float(intensity)), exponent)
        #expect(abs(Double(transient.summary.peak) - expectedClick) < expectedClick * 1e-3)
    }

    @Test func transientAtSharpnessOneLastsTwoCyclesOf300Hz() throws {
        let samples = try render(try Pattern { Transient(intensity: .high, sharpness: 1) }).samples
        // frame(0) = 480; 2 × 48000 / 300 = 320 frames: 480 … 799.
        #expect(samples.count == 800)
        #expect(samples[480] == 0 && samples[481] != 0 && samples[799] != 0)
        let low = try render(try Pattern { Transient(intensity: .high, sharpness: 0) }).samples
        #expect(low.count == 480 + 1_477)
    }

    @Test func sharpnessCurveSweepsWithoutPhaseJumps() throws {
        let pattern = try Pattern { Continuous(ms: 1_000, intensity: .high, sharpness: 0, sharpnessCurve: [(0, 0), (1_000, 1)]) }
        let samples = try render(pattern).samples
        // A sine of amplitude A at f Hz moves at most A × 2π f / rate between frames.
        let limit = Float(0.5 * 2 * Double.pi * 300 / 48_000) * 1.001
        var largest: Float = 0
        for index in 1..<samples.count { largest = max(largest, abs(samples[index] - samples[index - 1])) }
        #expect(largest <= limit)
        let early = measuredFrequencyHz(samples[(480 + 2_400)..<(480 + 7_200)], rate: 48_000)
        let late = measuredFrequencyHz(samples[(480 + 40_800)..<(480 + 45_600)], rate: 48_000)
        #expect(early < 100 && late > 260)
    }

    @Test func lengthIncludesAFinalTransientsClick() throws {
        let pattern = try Pattern(events: [try .transient(startMs: 100, sharpness: 0)], durationMs: 100)
        let (samples, summary) = try render(pattern)
        let expected = Int(FrameTiming.frame(patternMs: 100, rate: 48_000)) + 1_477
        #expect(samples.count == expected && summary.frameCount == Int64(expected))
        #expect(try RenderLength.frames(of: plan(pattern), profile: ActuatorProfile()) == Int64(expected))
        let tail = try Pattern(events: [try .transient(startMs: 0)], durationMs: 500)
        #expect(try render(tail).samples.count == 24_480)
    }

    @Test func fullTransientOverFullContinuousReportsClampedSamples() throws {
        let pattern = try Pattern {
            Parallel { Continuous(ms: 100, intensity: .high); Sequential { Delay(ms: 50); Transient(intensity: .high, sharpness: 1) } }
        }
        let (samples, summary) = try render(pattern)
        #expect(summary.clampedSampleCount > 0)
        #expect(samples.allSatisfy { abs($0) <= 1 })
        #expect(summary.peak == 1)
        let quiet = try render(try Pattern { Continuous(ms: 100, intensity: .high) })
        #expect(quiet.summary.clampedSampleCount == 0)
    }

    @Test func rampsShapeEachContinuousEvent() throws {
        let samples = try render(try Pattern { Continuous(ms: 100, intensity: .high, sharpness: 1) }).samples
        // R = 96 frames at 48 kHz: the first frames are quieter than full scale would allow.
        let start = 480
        #expect(abs(samples[start + 5]) < 0.05)
        #expect(samples.count == 480 + 4_800)
        #expect(abs(samples[samples.count - 1]) == 0)
    }

    @Test func splitPartsRetriggerUnlessSeamless() throws {
        var profile = profile(rate: 8_000)
        let pattern = try Pattern { Continuous(ms: 61_000, intensity: .high, sharpness: 0.5) }
        let retriggered = try render(pattern, profile: profile).samples
        profile.splitRetrigger = false
        let seamless = try render(pattern, profile: profile).samples
        #expect(retriggered.count == seamless.count)
        let boundary = Int(FrameTiming.frame(patternMs: 30_000, rate: 8_000))
        let window = (boundary - 8)..<(boundary + 8)
        let dip = window.map { abs(retriggered[$0]) }.max() ?? 0
        let steady = window.map { abs(seamless[$0]) }.max() ?? 0
        #expect(dip < 0.3 && steady > 0.4)
    }

    @Test func sessionIsActiveUntilTheLastFrameAndNoLonger() throws {
        let pattern = try Pattern(events: [try .transient(startMs: 95)], durationMs: 100)
        let device = EmulatedDevice(profile: ActuatorProfile())
        let engine = DeviceHapticEngine(device: device)
        let callbacks = device.callbacks
        let executor = HapticExecutor(driver: DeviceEngineDriver(engine: engine), clock: engine.clock, callbackQueue: callbacks)
        let handle = try executor.play(pattern)
        let length = try #require(try RenderLength.frames(of: plan(pattern), profile: ActuatorProfile()))
        /// Pulls `frames` frames from the device, block by block as a render job does.
        func render(_ frames: Int) {
            var buffer = [Float](repeating: 0, count: frames), filled = 0
            buffer.withUnsafeMutableBufferPointer { buffer in
                while filled < frames {
                    filled += device.pull(into: UnsafeMutableBufferPointer(rebasing: buffer[filled...]))
                    callbacks.drain()
                }
            }
        }
        render(Int(length - 1))
        #expect(handle.isActive)
        render(1)
        #expect(!handle.isActive)
    }
}
