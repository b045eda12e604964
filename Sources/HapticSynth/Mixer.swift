import HapticPlanner

/// Mixes started players into blocks of mono float samples (SYNTH.md §1 "Mixing"): voices add in
/// a fixed order, the sum is clamped into −1…1 and every clamped sample is counted. Memory does not
/// grow with the pattern's length: a block at a time.
package final class Mixer {
    package let profile: ActuatorProfile
    /// The next frame to render (frames rendered so far).
    package private(set) var framePosition: Int64 = 0
    /// Samples whose |sum| exceeded 1 before clamping, so far.
    package private(set) var clampedSampleCount = 0
    /// The largest |sample| written so far, after clamping.
    package private(set) var peak: Float = 0
    /// The largest |sum| of the voices so far, before clamping (above 1 when something clipped).
    package private(set) var mixPeak: Double = 0

    /// Started players whose first voice has not begun, by first start frame (ties in start order).
    private var pending: [(id: Int, voices: PlayerVoices)] = []
    /// Players with a voice begun and not yet ended, in the order they began: the sum order.
    private var active: [(id: Int, voices: PlayerVoices)] = []
    private var nextOrder = 0
    private var accumulator: [Double] = []
    /// The kernel's scratch: phases and amplitudes of one chunk (`Voice.chunkFrames` each).
    private let scratch = UnsafeMutablePointer<Double>.allocate(capacity: 2 * Voice.chunkFrames)

    deinit { scratch.deallocate() }

    package init(profile: ActuatorProfile) {
        self.profile = profile
    }

    /// Starts a player: its pattern time 0 is `leadMs` after `originFrame`.
    /// - Returns: the frame after the player's last sample (its completion frame).
    @discardableResult
    package func start(_ plan: PlayerPlan, id: Int, originFrame: Int64, leadMs: Int64) -> Int64 {
        let voices = PlayerVoices(plan: plan, profile: profile, originFrame: originFrame, leadMs: leadMs, firstOrder: nextOrder)
        nextOrder += voices.voiceCount
        // Binary insertion keeps `pending` sorted by first start frame, stable for equal frames.
        var low = 0, high = pending.count
        while low < high {
            let mid = (low + high) / 2
            if pending[mid].voices.startFrame <= voices.startFrame { low = mid + 1 } else { high = mid }
        }
        pending.insert((id, voices), at: low)
        return voices.endFrame
    }

    /// Stops a player at once (its remaining samples are dropped).
    package func stop(id: Int) {
        pending.removeAll { $0.id == id }
        active.removeAll { $0.id == id }
    }

    /// Whether any started player still has samples to render.
    package var isSounding: Bool { !pending.isEmpty || !active.isEmpty }

    /// Renders the next `output.count` frames into `output` and advances `framePosition`.
    package func render(into output: UnsafeMutableBufferPointer<Float>) {
        let count = output.count
        if accumulator.count < count { accumulator = [Double](repeating: 0, count: count) }
        accumulator.withUnsafeMutableBufferPointer { buffer in
            let mix = UnsafeMutableBufferPointer(rebasing: buffer[0..<count])
            mix.update(repeating: 0)
            let blockEnd = framePosition + Int64(count)
            var begun = 0
            while begun < pending.count, pending[begun].voices.startFrame < blockEnd { begun += 1 }
            if begun > 0 {
                active.append(contentsOf: pending[0..<begun])
                pending.removeFirst(begun)
            }
            for index in active.indices { active[index].voices.render(into: mix, blockStart: framePosition, scratch: scratch) }
            var clamped = 0
            var peak = self.peak
            var mixPeak = self.mixPeak
            for frame in 0..<count {
                let sample = mix[frame]
                let limited = min(max(sample, -1), 1)
                clamped &+= limited == sample ? 0 : 1
                mixPeak = max(mixPeak, abs(sample))
                let value = Float(limited)
                output[frame] = value
                peak = max(peak, abs(value))
            }
            clampedSampleCount += clamped
            self.peak = peak
            self.mixPeak = mixPeak
        }
        framePosition += Int64(count)
        active.removeAll { $0.voices.endFrame <= framePosition }
    }
}

/// Transient clicks that overlap one another once placed on the frame axis: dense textures whose
/// clicks add up and clip, which a designer fixes by spacing them or lowering their intensity.
package enum TransientOverlap {
    /// How many transient clicks of the plan's players overlap another click (any player).
    package static func count(in plan: PlaybackPlan, profile: ActuatorProfile) -> Int {
        var clicks: [(start: Int64, end: Int64)] = []
        for player in plan.players {
            let voices = PlayerVoices(plan: player, profile: profile, originFrame: 0, leadMs: FrameTiming.leadMs, firstOrder: 0)
            clicks += voices.voices.filter(\.isTransient).map { ($0.startFrame, $0.endFrame) }
        }
        clicks.sort { $0.start < $1.start }
        var overlapping = Set<Int>()
        var reach: (end: Int64, index: Int)?
        for (index, click) in clicks.enumerated() {
            if let previous = reach, click.start < previous.end {
                overlapping.insert(index)
                overlapping.insert(previous.index)
            }
            if reach == nil || click.end > reach!.end { reach = (click.end, index) }
        }
        return overlapping.count
    }
}
