import CSynthKernel
import HapticPlanner

/// Mixes started players into blocks of mono float samples (docs/synthesis.md "Mixing"): voices add in
/// a fixed order, the sum is clamped into −1…1 and every clamped sample is counted. Memory does not
/// grow with the pattern's length: a block at a time.
///
/// The fixed order: voices are summed in two lanes by the parity of their sum order, each lane in
/// order, then lane 0 + lane 1. With two threads each lane renders on its own thread; with one, the
/// same sums are made one after the other, so the thread count never changes a bit. (Lanes by voice
/// rather than by player keep the two halves of a block even: a block often has few players.)
package final class Mixer: @unchecked Sendable {
    package let profile: ActuatorProfile
    /// The next frame to render (frames rendered so far).
    package private(set) var framePosition: Int64 = 0
    /// Samples whose |sum| exceeded 1 before clamping, so far.
    package private(set) var clampedSampleCount = 0
    /// The largest |sample| written so far, after clamping.
    package private(set) var peak: Float = 0
    /// The largest |sum| of the voices so far, before clamping (above 1 when something clipped).
    package private(set) var mixPeak: Double = 0

    /// Started players whose first voice has not begun, by first start frame (ties in start order),
    /// from `firstPending` on (the ones before it have begun).
    private var pending: [(id: Int, voices: PlayerVoices)] = []
    private var firstPending = 0
    /// Players with a voice begun and not yet ended, in the order they began.
    private var active: [(id: Int, voices: PlayerVoices)] = []
    private var nextOrder = 0
    /// Players whose voices render (their state moves on) but do not reach the mix.
    private var muted: Set<Int> = []
    /// The block the muted players render into, and its capacity in frames.
    private var discard = UnsafeMutablePointer<Double>.allocate(capacity: 1)
    private var discardCapacity = 1

    static let laneCount = 2
    /// Each lane's sum for the current block, `laneCapacity` frames each.
    private var lanes: [UnsafeMutablePointer<Double>] = []
    /// Under `resonator`, each lane's equalised continuous voices: motion added after the mass.
    private var motionLanes: [UnsafeMutablePointer<Double>] = []
    private var laneCapacity = 0
    private let scratches: [KernelScratch]
    /// The active players of the current block, unretained (`active` holds them), so the two
    /// threads read them without touching shared reference counts.
    private var blockPlayers = UnsafeMutablePointer<Unmanaged<PlayerVoices>>.allocate(capacity: 1)
    private var blockPlayerCapacity = 1
    /// The second thread, with `threads` > 1.
    private let worker: WorkerThread?
    /// The actuator's mass under `resonator`: the mix goes through it before clamping.
    private var resonator: Resonator?

    /// Voice-frames in a block below which one thread renders both lanes (handing over costs more).
    static let parallelVoiceFrames = 2_048

    /// - Parameter threads: 1, or 2 or more to render the two lanes on two threads when a block
    ///   holds enough work.
    package init(profile: ActuatorProfile, threads: Int = 1) {
        self.profile = profile
        scratches = (0..<Self.laneCount).map { _ in KernelScratch(profile: profile) }
        worker = threads > 1 ? WorkerThread() : nil
        resonator = Resonator(iosOf: profile)
    }

    deinit {
        worker?.shutDown()
        for lane in lanes + motionLanes { lane.deallocate() }
        blockPlayers.deallocate()
        discard.deallocate()
    }
    /// Starts a player: its pattern time 0 is `leadMs` after `originFrame`.
    /// - Returns: the frame after the player's last sample (its completion frame).
    @discardableResult
    package func start(_ plan: PlayerPlan, id: Int, originFrame: Int64, leadMs: Int64, firstFrame: Int64 = .min) -> Int64 {
        let voices = PlayerVoices(plan: plan, profile: profile, originFrame: originFrame, leadMs: leadMs, firstOrder: nextOrder, firstFrame: firstFrame)
        nextOrder += voices.voiceCount
        // Binary insertion keeps `pending` sorted by first start frame, stable for equal frames.
        var low = firstPending, high = pending.count
        while low < high {
            let mid = (low + high) / 2
            if pending[mid].voices.startFrame <= voices.startFrame { low = mid + 1 } else { high = mid }
        }
        pending.insert((id, voices), at: low)
        return voices.endFrame
    }

    /// Stops a player at once (its remaining samples are dropped).
    package func stop(id: Int) {
        compactPending()
        pending.removeAll { $0.id == id }
        active.removeAll { $0.id == id }
    }

    /// The voices of a started player, pending or playing.
    private func voices(of id: Int) -> PlayerVoices? {
        active.first { $0.id == id }?.voices ?? pending[firstPending...].first { $0.id == id }?.voices
    }

    /// Adds a control to a started player from the next frame to render (`startMs`: the pattern
    /// time it starts at, when it is not that frame's); returns the frame after its last voice.
    @discardableResult
    package func apply(_ parameter: ParameterCurve.Parameter, id: Int, startMs: Double? = nil, timesMs: [Double], values: [Double]) -> Int64? {
        guard let voices = voices(of: id) else { return nil }
        voices.apply(parameter, atFrame: framePosition, startMs: startMs, timesMs: timesMs, values: values)
        return voices.endFrame
    }

    /// Releases a started player from the next frame to render: its continuous voices fall over
    /// `rampFrames`, and nothing of it starts any more; returns the frame after its last sample.
    @discardableResult
    package func release(id: Int, rampFrames: Int64) -> Int64? {
        guard let voices = voices(of: id) else { return nil }
        voices.release(atFrame: framePosition, rampFrames: rampFrames)
        return voices.endFrame
    }

    /// A started player's voices as placed now.
    package func spans(id: Int) -> [VoiceSpan] { voices(of: id)?.spans ?? [] }

    /// The pattern time of `frame` for a started player, in milliseconds.
    package func timeMs(id: Int, frame: Int64) -> Double? { voices(of: id)?.context.timeMs(of: frame) }

    /// Mutes or unmutes a player at the next block: a muted player's voices go on (their phases
    /// and envelopes advance) without reaching the mix, so unmuting resumes them where they are.
    package func setMuted(_ isMuted: Bool, id: Int) {
        if isMuted { muted.insert(id) } else { muted.remove(id) }
    }

    /// Whether any started player still has samples to render.
    package var isSounding: Bool { firstPending < pending.count || !active.isEmpty }

    /// Drops the begun players from the front of `pending`.
    private func compactPending() {
        pending.removeFirst(firstPending)
        firstPending = 0
    }

    /// Renders the next `output.count` frames into `output` and advances `framePosition`.
    package func render(into output: UnsafeMutableBufferPointer<Float>) {
        let count = output.count
        reserveLanes(count)
        let blockEnd = framePosition + Int64(count)
        while firstPending < pending.count, pending[firstPending].voices.startFrame < blockEnd {
            active.append(pending[firstPending])
            firstPending += 1
        }
        if firstPending > 1024 && firstPending * 2 > pending.count { compactPending() }
        reserveBlockPlayers(active.count)
        var voiceCount = 0, players = 0
        var silent: [PlayerVoices] = []
        for player in active {
            player.voices.beginBlock(ending: blockEnd)
            if !muted.isEmpty, muted.contains(player.id) {
                silent.append(player.voices)
                continue
            }
            voiceCount += player.voices.activeCount
            blockPlayers[players] = Unmanaged.passUnretained(player.voices)
            players += 1
        }
        let blockStart = framePosition
        if !silent.isEmpty { renderMuted(silent, count: count, blockStart: blockStart) }
        if let worker, voiceCount >= 2, voiceCount * count >= Self.parallelVoiceFrames {
            let list = blockPlayers, mix = lanes[1], motion = motionLanes.isEmpty ? nil : motionLanes[1], scratch = scratches[1]
            worker.post {
                Self.renderLane(1, list, players: players, into: mix, motion: motion, count: count, blockStart: blockStart, scratch: scratch)
            }
            Self.renderLane(0, blockPlayers, players: players, into: lanes[0], motion: motionLanes.isEmpty ? nil : motionLanes[0], count: count,
                            blockStart: blockStart, scratch: scratches[0])
            worker.wait()
        } else {
            for lane in 0..<Self.laneCount {
                Self.renderLane(lane, blockPlayers, players: players, into: lanes[lane], motion: motionLanes.isEmpty ? nil : motionLanes[lane],
                                count: count, blockStart: blockStart, scratch: scratches[lane])
            }
        }
        for player in active { player.voices.endBlock(ending: blockEnd) }
        finish(into: output)
        framePosition = blockEnd
        active.removeAll { $0.voices.endFrame <= framePosition }
    }

    /// Renders the muted players' voices into a block that is thrown away.
    private func renderMuted(_ silent: [PlayerVoices], count: Int, blockStart: Int64) {
        if discardCapacity < count {
            discard.deallocate()
            discard = .allocate(capacity: count)
            discardCapacity = count
        }
        let list = UnsafeMutablePointer<Unmanaged<PlayerVoices>>.allocate(capacity: silent.count)
        defer { list.deallocate() }
        for (index, voices) in silent.enumerated() { list[index] = Unmanaged.passUnretained(voices) }
        for lane in 0..<Self.laneCount {
            Self.renderLane(lane, list, players: silent.count, into: discard, motion: motionLanes.isEmpty ? nil : discard, count: count,
                            blockStart: blockStart, scratch: scratches[lane])
        }
    }

    /// Sums one lane's voices of every active player into `mix` for the block (its continuous
    /// voices into `motion` when given).
    private static func renderLane(
        _ lane: Int, _ list: UnsafeMutablePointer<Unmanaged<PlayerVoices>>, players: Int, into mix: UnsafeMutablePointer<Double>,
        motion: UnsafeMutablePointer<Double>?, count: Int, blockStart: Int64, scratch: KernelScratch
    ) {
        let buffer = UnsafeMutableBufferPointer(start: mix, count: count)
        buffer.update(repeating: 0)
        let motionBuffer = motion.map { UnsafeMutableBufferPointer(start: $0, count: count) }
        motionBuffer?.update(repeating: 0)
        var pending: PendingVoice?
        for index in 0..<players {
            list[index]._withUnsafeGuaranteedRef {
                $0.render(lane: lane, laneCount: laneCount, into: buffer, motion: motionBuffer, blockStart: blockStart, scratch: scratch,
                          pending: &pending)
            }
        }
        pending?.render(into: motionBuffer ?? buffer, blockStart: blockStart, scratch: scratch)
    }

    /// Lane 0 + lane 1 (under `resonator`: through the mass, then the motion lanes added), clamped
    /// into −1…1 as floats; counts the clamped samples and keeps the peaks.
    private func finish(into output: UnsafeMutableBufferPointer<Float>) {
        var clamped: Int64 = 0
        if resonator != nil {
            resonator!.mix(into: output.baseAddress!, lanes[0], lanes[1], motion: (UnsafePointer(motionLanes[0]), UnsafePointer(motionLanes[1])), count: output.count,
                           peak: &mixPeak, clamped: &clamped)
        } else {
            hapsynth_mix_lanes(output.baseAddress, lanes[0], lanes[1], output.count, &mixPeak, &clamped)
        }
        clampedSampleCount += Int(clamped)
        // Float conversion is monotonic, so the largest |output| is that of the clamped peak.
        peak = max(peak, Float(min(mixPeak, 1)))
    }

    private func reserveBlockPlayers(_ count: Int) {
        guard count > blockPlayerCapacity else { return }
        blockPlayers.deallocate()
        blockPlayerCapacity = max(count, 2 * blockPlayerCapacity)
        blockPlayers = .allocate(capacity: blockPlayerCapacity)
    }

    private func reserveLanes(_ count: Int) {
        guard count > laneCapacity else { return }
        for lane in lanes + motionLanes { lane.deallocate() }
        lanes = (0..<Self.laneCount).map { _ in UnsafeMutablePointer<Double>.allocate(capacity: count) }
        if resonator != nil { motionLanes = (0..<Self.laneCount).map { _ in UnsafeMutablePointer<Double>.allocate(capacity: count) } }
        laneCapacity = count
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
