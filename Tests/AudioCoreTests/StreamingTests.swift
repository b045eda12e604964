import Foundation
import Testing
import TestSupport
@testable import AudioCore

/// The streams that let a render job hold one block whatever the length: the onset detector and
/// the rate converter give exactly what their whole-signal definitions give, however the signal
/// is cut into blocks.
@Suite struct StreamingTests {
    /// A signal of bursts over a quiet floor: onsets to find, and silence between.
    static func bursts(frames: Int, rate: Int, seed: UInt64) -> [Float] {
        var generator = SeededGenerator(state: seed)
        var samples = [Float](repeating: 0, count: frames)
        var at = 0
        while at < frames {
            let length = Int(generator.next() % UInt64(rate / 20)) + rate / 200
            let level = Float(generator.next() % 1000) / 1000
            for index in at..<min(frames, at + length) { samples[index] = level * Float(sin(Double(index) * 0.2)) }
            at += length + Int(generator.next() % UInt64(rate / 10))
        }
        return samples
    }

    /// The detector as it was written over a whole signal (prefix sums, then every hop): the
    /// definition the stream must keep.
    static func referenceOnsets(_ detector: OnsetDetector, _ samples: [Float], sampleRate: Int) -> [Int] {
        let hop = max(1, (sampleRate + 500) / 1000), frames = samples.count
        let hops = (frames + hop - 1) / hop
        var squares = [Double](repeating: 0, count: frames + 1)
        for index in 0..<frames { squares[index + 1] = squares[index] + Double(samples[index]) * Double(samples[index]) }
        let energy = (0..<hops).map { j -> Double in
            let start = j * hop, end = min(frames, start + 5 * hop)
            return 20 * log10((2 * max(0, squares[end] - squares[start]) / Double(5 * hop)).squareRoot() + 1e-12)
        }
        var onsets: [Int] = [], lastHop: Int?
        for j in 0..<hops where energy[j] >= detector.floorDb && (lastHop.map { j - $0 > detector.refractoryHops } ?? true) {
            let lowest = ((j - detector.lookHops)..<j).reduce(Double.infinity) { min($0, $1 < 0 ? -240 : energy[$1]) }
            guard energy[j] - lowest >= detector.jumpDb else { continue }
            let peak = samples[(j * hop)..<min(frames, j * hop + 10 * hop)].reduce(Float(0)) { max($0, abs($1)) }
            var frame = max(0, (j - detector.lookHops) * hop, (onsets.last ?? -1) + 1)
            while frame < frames, abs(samples[frame]) < 0.6 * peak { frame += 1 }
            onsets.append(min(frame, frames - 1))
            lastHop = j
        }
        return onsets
    }

    @Test(arguments: [(8_000, 1 as UInt64), (22_050, 2), (48_000, 3), (96_000, 4)])
    func theOnsetStreamFindsWhatTheWholeSignalHasInAnyBlocks(rate: Int, seed: UInt64) {
        let samples = Self.bursts(frames: rate * 3, rate: rate, seed: seed)
        for detector in [OnsetDetector(), OnsetDetector(floorDb: -50, jumpDb: 15, lookHops: 10, refractoryHops: 30)] {
            let expected = Self.referenceOnsets(detector, samples, sampleRate: rate)
            #expect(expected.count > 3, "the signal has onsets to find")
            #expect(detector.onsets(in: samples, sampleRate: rate) == expected)
            var generator = SeededGenerator(state: seed)
            var stream = OnsetDetector.Stream(detector, sampleRate: rate)
            var at = 0
            samples.withUnsafeBufferPointer { all in
                while at < all.count {
                    let count = min(all.count - at, Int(generator.next() % 5000) + 1)
                    stream.feed(UnsafeBufferPointer(rebasing: all[at..<(at + count)]))
                    at += count
                }
            }
            #expect(stream.finish() == expected)
        }
    }

    /// The resampler as it was written over a whole signal: Σ x[k]·h(p − k) with the taps of p's phase.
    static func referenceResample(_ samples: [Double], from rateIn: Int, to rateOut: Int) -> [Double] {
        let cutoff = min(1, Double(rateOut) / Double(rateIn)), width = 16 / cutoff
        let count = Int((Int64(samples.count) * Int64(rateOut) + Int64(rateIn) - 1) / Int64(rateIn))
        let reach = Int(width.rounded(.up))
        return (0..<count).map { n in
            let position = Int64(n) * Int64(rateIn)
            let first = Int(position / Int64(rateOut)) - reach
            let fraction = Double(position % Int64(rateOut)) / Double(rateOut)
            let taps = (-reach...(reach + 1)).map { Resampler.tap(fraction - Double($0), cutoff: cutoff, width: width) }
            var sum = 0.0
            for index in max(0, -first)..<min(taps.count, samples.count - first) { sum += samples[first + index] * taps[index] }
            return sum
        }
    }

    @Test(arguments: [(44_100, 48_000), (48_000, 8_000), (8_000, 96_000), (384_000, 8_000)])
    func theRateConverterIsTheWholeSignalsConversionBitForBit(rateIn: Int, rateOut: Int) {
        let samples: [Double] = (0..<3_001).map { (index: Int) -> Double in
            let t = Double(index)
            return sin(t * 0.07) * 0.6 + sin(t * 0.9) * 0.2
        }
        let expected = Self.referenceResample(samples, from: rateIn, to: rateOut)
        #expect(Resampler.resample(samples, from: rateIn, to: rateOut) == expected)
    }

    @Test func aVarispeedConversionInBlocksIsTheWholeOne() {
        let samples = (0..<2_000).map { sin(Double($0) * 0.05) }
        let whole = Resampler.resample(samples, sourceRate: 48_000 * pow(2, 0.3), to: 44_100)
        var converter = RateConverter(sourceFrameCount: 2_000, channelCount: 1, sourceRate: 48_000 * pow(2, 0.3), rateOut: 44_100)
        #expect(Int(converter.outputFrameCount) == whole.count)
        var reader = Frames(samples: samples)
        var output = [[Double](repeating: 0, count: whole.count)]
        var at = 0
        for size in [1, 7, 300, 1024, 5000] where at < whole.count {
            let count = min(size, whole.count - at)
            converter.render(frames: count, into: &output, at: at, from: &reader)
            at += count
        }
        #expect(output[0] == whole)
    }

    /// An array read a few frames at a time.
    struct Frames: FrameReader {
        let samples: [Double]
        var position = 0

        mutating func read(frames: Int, appendingTo channels: inout [[Double]]) -> Int {
            let count = min(frames, 13, samples.count - position)
            channels[0] += samples[position..<(position + count)]
            position += count
            return count
        }
    }
}

/// from-audio's analysis lets go of the frames' flux once the reduced points it scores are out
/// (issue 50: memory flat in the sound's length) and spreads a block over threads: 30 s of hits
/// over a swelling tone, cut into blocks of several sizes, give exactly what keeping every frame on
/// one thread gives.
@Suite struct AnalysisMemoryTests {
    static func sound() -> [Float] {
        let rate: Double = 48_000
        var samples = [Float](repeating: 0, count: Int(30 * rate))
        for index in samples.indices {
            let t = Double(index) / rate
            let level: Double = 0.2 * (1 + sin(0.4 * t))
            samples[index] = Float(level * sin(2 * Double.pi * 110 * t))
        }
        for hit in stride(from: 0.3, to: 29.5, by: 0.37) {
            let first = Int(hit * rate)
            for offset in 0..<Int(0.2 * rate) {
                let t = Double(offset) / rate
                let value: Double = 0.7 * exp(-t / 0.03) * sin(2 * Double.pi * 180 * t)
                samples[first + offset] += Float(value)
            }
        }
        return samples
    }

    @Test(arguments: [1_000, 8_192, 100_000])
    func lettingGoOfTheFluxChangesNothing(block: Int) {
        let samples = Self.sound()
        var settings = SoundAnalysis.Settings()
        (settings.amplitudePerSecond, settings.frequencyPerSecond) = (40, 30)
        (settings.emphasis.peakWindowMs, settings.emphasis.minimumRise, settings.emphasis.scale) = (20, 0.05, .belowHighest(decibels: 40))
        func run(spare: Int, threads: Int = 1) -> SoundAnalysis.Result {
            var analysis = SoundAnalysis(sampleRate: 48_000, settings: settings, threads: threads)
            analysis.spareFrames = spare
            var start = 0
            while start < samples.count {
                let end = min(samples.count, start + block)
                samples[start..<end].withUnsafeBufferPointer { analysis.process($0) }
                start = end
            }
            return analysis.finish()
        }
        let kept = run(spare: .max), lettingGo = run(spare: 0)
        #expect(kept.amplitude.contains { $0.emphasis != nil })
        #expect(lettingGo == kept)
        // The amplitude on a thread of its own and the frames in parts on others: the same result.
        for threads in [2, 3] { #expect(run(spare: 0, threads: threads) == kept, "\(threads) threads") }
    }
}
