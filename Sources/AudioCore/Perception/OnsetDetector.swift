import Glibc

/// Finds where something starts in a signal (docs/golden-tests.md, "Onsets"): every 1 ms hop j,
/// the energy e[j] of the 5 ms from it in dBFS (√2·RMS, so a full-scale sine is 0 dB); j is an
/// onset when e[j] reaches `floorDb`, has risen `jumpDb` over the lowest of the `lookHops` before
/// it, and the previous onset is more than `refractoryHops` back. The onset's frame is the first
/// at 0.6 of the peak of the 10 ms from j, searched from `lookHops` before j.
public struct OnsetDetector: Hashable, Sendable {
    /// The energy an onset reaches, in dBFS.
    public var floorDb: Double
    /// How far the energy rises, in dB.
    public var jumpDb: Double
    /// How many 1 ms hops back the rise is measured from.
    public var lookHops: Int
    /// How many 1 ms hops after an onset no other is found.
    public var refractoryHops: Int

    public init(floorDb: Double = -40, jumpDb: Double = 6, lookHops: Int = 5, refractoryHops: Int = 20) {
        self.floorDb = floorDb
        self.jumpDb = jumpDb
        self.lookHops = max(0, lookHops)
        self.refractoryHops = refractoryHops
    }

    /// The onset frames of `samples` (mono) at `sampleRate`, in order.
    public func onsets(in samples: [Float], sampleRate: Int) -> [Int] {
        var stream = Stream(self, sampleRate: sampleRate)
        samples.withUnsafeBufferPointer { stream.feed($0) }
        return stream.finish()
    }

    /// How many frames after an onset the detector may need before it reports it: the 10 ms of
    /// its peak and the 5 ms of its energy, and the hops looked back over.
    public func latencyFrames(sampleRate: Int) -> Int { (lookHops + 16) * Self.hopFrames(sampleRate: sampleRate) }

    /// Frames per 1 ms hop: round-half-up(rate / 1000), at least 1.
    static func hopFrames(sampleRate: Int) -> Int { max(1, (sampleRate + 500) / 1000) }

    /// The detector over a signal that arrives a block at a time, in memory that holds a few tens of
    /// milliseconds whatever the length; its onsets are exactly those of the whole signal.
    public struct Stream {
        private let detector: OnsetDetector
        private let hop: Int
        /// Frames fed so far, and the running sum of their squares.
        private var received = 0
        private var squares = 0.0
        /// The sum of squares at each hop boundary from `firstBoundaryHop` on (index = hop − first).
        private var boundaries: [Double] = [0]
        private var firstBoundaryHop = 0
        /// The samples from frame `samplesStart` on.
        private var samples: [Float] = []
        private var samplesStart = 0
        /// The energies of the last `lookHops` hops decided, oldest first.
        private var recentEnergies: [Double] = []
        /// The next hop to decide.
        private var nextHop = 0
        private var lastHop: Int?
        private var onsets: [Int] = []

        public init(_ detector: OnsetDetector, sampleRate: Int) {
            self.detector = detector
            hop = OnsetDetector.hopFrames(sampleRate: sampleRate)
        }

        /// The onsets found so far (each final).
        public var found: [Int] { onsets }

        /// Takes the next samples of the signal.
        public mutating func feed(_ block: UnsafeBufferPointer<Float>) {
            samples.reserveCapacity(samples.count + block.count)
            for sample in block {
                squares += Double(sample) * Double(sample)
                received += 1
                samples.append(sample)
                if received % hop == 0 { boundaries.append(squares) }
            }
            // A hop is decided once its 10 ms peak span has arrived.
            while (nextHop + 10) * hop <= received { decide(nextHop, total: nil) }
            trim()
        }

        /// Decides the remaining hops (the signal ends here) and returns every onset.
        public mutating func finish() -> [Int] {
            let hops = (received + hop - 1) / hop
            while nextHop < hops { decide(nextHop, total: received) }
            return onsets
        }

        /// Decides hop `j`; `total` is the signal's length once it has ended.
        private mutating func decide(_ j: Int, total: Int?) {
            defer { nextHop = j + 1 }
            let start = j * hop, end = total.map { min($0, start + 5 * hop) } ?? start + 5 * hop
            let endSquares = end % hop == 0 && end / hop - firstBoundaryHop < boundaries.count ? boundaries[end / hop - firstBoundaryHop] : squares
            let meanSquare = max(0, endSquares - boundaries[j - firstBoundaryHop]) / Double(5 * hop)
            let energy = 20 * log10((2 * meanSquare).squareRoot() + 1e-12)
            defer {
                recentEnergies.append(energy)
                if recentEnergies.count > detector.lookHops { recentEnergies.removeFirst() }
            }
            guard energy >= detector.floorDb, lastHop.map({ j - $0 > detector.refractoryHops }) ?? true else { return }
            var lowest = Double.infinity
            for back in stride(from: detector.lookHops, to: 0, by: -1) {
                let index = recentEnergies.count - back
                lowest = min(lowest, j - back < 0 || index < 0 ? -240 : recentEnergies[index])
            }
            guard energy - lowest >= detector.jumpDb else { return }
            let frames = total ?? received
            var peak: Float = 0
            for frame in start..<min(frames, start + 10 * hop) { peak = max(peak, abs(samples[frame - samplesStart])) }
            var frame = max(0, (j - detector.lookHops) * hop, (onsets.last ?? -1) + 1)
            while frame < frames, abs(samples[frame - samplesStart]) < 0.6 * peak { frame += 1 }
            onsets.append(min(frame, frames - 1))
            lastHop = j
        }

        /// Forgets what no later hop needs: samples before `lookHops` hops back, boundaries before the next hop.
        private mutating func trim() {
            let keepFrom = max(0, (nextHop - detector.lookHops) * hop, (onsets.last ?? -1) + 1)
            if keepFrom - samplesStart >= 8_192 {
                samples.removeFirst(keepFrom - samplesStart)
                samplesStart = keepFrom
            }
            if nextHop - firstBoundaryHop >= 1_024 {
                boundaries.removeFirst(nextHop - firstBoundaryHop)
                firstBoundaryHop = nextHop
            }
        }
    }
}

/// An output that finds onsets in what is written to it (mono), a block at a time.
public final class OnsetOutput: AudioOutput {
    public let format: AudioFormat
    private var stream: OnsetDetector.Stream
    /// The onsets, once finished.
    public private(set) var onsets: [Int] = []

    public init(_ detector: OnsetDetector, sampleRate: Int) {
        format = AudioFormat(sampleRate: sampleRate)
        stream = OnsetDetector.Stream(detector, sampleRate: sampleRate)
    }

    public func write(_ samples: UnsafeBufferPointer<Float>) throws { stream.feed(samples) }

    public func finish() throws { onsets = stream.finish() }
}
