import AudioCore
import AudioIO
import Dispatch
import FoundationEssentials

/// The first pass of from-audio: the mono signal's mean and peak, read in stretches at once where
/// the file allows it.
extension AudioToHaptics {
    /// The mono signal's sum (each block's own, in order), extremes and length.
    struct Levels: Sendable {
        /// Each block's sum, in the file's order: added in that order whatever read them.
        var blockSums: [Double] = []
        var highest: Float = -.infinity, lowest: Float = .infinity
        var count: Int64 = 0

        mutating func add(_ block: UnsafeBufferPointer<Float>) {
            let levels = MonoMix.levels(block)
            blockSums.append(levels.sum)
            (highest, lowest) = (max(highest, levels.highest), min(lowest, levels.lowest))
            count += Int64(block.count)
        }

        mutating func add(_ other: Levels) {
            blockSums += other.blockSums
            (highest, lowest, count) = (max(highest, other.highest), min(lowest, other.lowest), count + other.count)
        }

        /// The mean, and the peak about it (0 and 0 for no samples).
        var meanAndPeak: (mean: Float, peak: Float) {
            guard count > 0 else { return (0, 0) }
            let mean = Float(blockSums.reduce(0, +) / Double(count))
            return (mean, max(highest - mean, mean - lowest))
        }
    }

    /// The levels of the sound at `path`. A file that `seeksExactly` is read in `threads` stretches
    /// of whole blocks at once, so each block's sum is the one a single reading gives: the same
    /// levels. Stretches that do not read cleanly (a warning, a failure, fewer frames than the
    /// header's) are let go and the file read again in one, which says what it finds.
    static func levels(_ path: String, threads: Int, limitSeconds: Double, shouldContinue: (Double) -> Bool,
                       warning: (String) -> Void) throws(Failure) -> Levels {
        if threads > 1, let levels = inStretches(path, threads: threads, limitSeconds: limitSeconds, shouldContinue: shouldContinue) {
            return levels
        }
        var levels = Levels()
        try read(path, limitSeconds: limitSeconds, shouldContinue: shouldContinue, warning: warning) { levels.add($0) }
        return levels
    }

    /// The levels read in `threads` stretches at once, or nil when the file cannot be or was not
    /// read cleanly so (the first stretch's reading tells `shouldContinue` how far it is).
    static func inStretches(_ path: String, threads: Int, limitSeconds: Double, shouldContinue: (Double) -> Bool) -> Levels? {
        guard let probe = try? SoundFileReader(path: path, limits: .recordings), probe.seeksExactly, probe.declaredFrameCount == nil else { return nil }
        let frames = probe.frameCount, block = Int64(blockFrames)
        let blocks = (frames + block - 1) / block
        // Fewer than two blocks a stretch are not worth the threads.
        guard blocks >= 2 * Int64(threads) else { return nil }
        let stretches = (0..<Int64(threads)).map { part in
            (blocks * part / Int64(threads) * block)..<min(frames, blocks * (part + 1) / Int64(threads) * block)
        }
        let results = StretchResults(count: threads)
        nonisolated(unsafe) let progress = shouldContinue
        DispatchQueue.concurrentPerform(iterations: threads) { part in
            var levels = Levels(), clean = true
            do {
                try read(path, stretch: stretches[part], limitSeconds: limitSeconds, shouldContinue: { fraction in
                    // Only the first stretch asks; the others stop when it is told to.
                    part == 0 ? results.go(progress(fraction)) : results.going
                }, warning: { _ in clean = false }) { levels.add($0) }
            } catch {
                clean = false
            }
            results.set(part, clean && levels.count == Int64(stretches[part].count) ? levels : nil)
        }
        return results.combined
    }

    /// What each stretch read (nil: not cleanly), and whether to go on; filled in by several threads.
    private final class StretchResults: @unchecked Sendable {
        private let lock = RecursiveLock()
        private var levels: [Levels?]
        private var goingOn = true

        init(count: Int) { levels = Array(repeating: nil, count: count) }

        func set(_ part: Int, _ value: Levels?) { lock.withLock { levels[part] = value } }

        /// Whether the reading goes on.
        var going: Bool { lock.withLock { goingOn } }

        /// Says whether the reading goes on; returns it.
        func go(_ value: Bool) -> Bool {
            lock.withLock { goingOn = goingOn && value }
            return value
        }

        /// Every stretch's levels in order, or nil when one was not read cleanly.
        var combined: Levels? {
            lock.withLock {
                var total = Levels()
                for part in levels {
                    guard let part else { return nil }
                    total.add(part)
                }
                return total
            }
        }
    }
}
