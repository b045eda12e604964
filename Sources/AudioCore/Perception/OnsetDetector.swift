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
        self.lookHops = lookHops
        self.refractoryHops = refractoryHops
    }

    /// The onset frames of `samples` (mono) at `sampleRate`, in order.
    public func onsets(in samples: [Float], sampleRate: Int) -> [Int] {
        let hop = max(1, (sampleRate + 500) / 1000), frames = samples.count
        let hops = (frames + hop - 1) / hop
        var squares = [Double](repeating: 0, count: frames + 1)
        for index in 0..<frames { squares[index + 1] = squares[index] + Double(samples[index]) * Double(samples[index]) }
        let energy = (0..<hops).map { j -> Double in
            let start = j * hop, end = min(frames, start + 5 * hop)
            let meanSquare = max(0, squares[end] - squares[start]) / Double(5 * hop)
            return 20 * log10((2 * meanSquare).squareRoot() + 1e-12)
        }
        var onsets: [Int] = [], lastHop: Int?
        for j in 0..<hops where energy[j] >= floorDb && (lastHop.map { j - $0 > refractoryHops } ?? true) {
            let lowest = ((j - lookHops)..<j).reduce(Double.infinity) { min($0, $1 < 0 ? -240 : energy[$1]) }
            guard energy[j] - lowest >= jumpDb else { continue }
            let peak = samples[(j * hop)..<min(frames, j * hop + 10 * hop)].reduce(Float(0)) { max($0, abs($1)) }
            var frame = max(0, (j - lookHops) * hop, (onsets.last ?? -1) + 1)
            while frame < frames, abs(samples[frame]) < 0.6 * peak { frame += 1 }
            onsets.append(min(frame, frames - 1))
            lastHop = j
        }
        return onsets
    }
}
