import AudioCore
import FoundationEssentials
import Glibc
import HapticPlanner
import HapticSynth

/// The audio engine: a native haptic engine whose players are synth voices and whose clock counts
/// the integer frames written to an `AudioOutput` (docs/synthesis.md, Package.swift).
///
/// Whoever drives it calls `render(frameCount:)`: a render as fast as blocks are written, live
/// playback paced by the device. Players are placed from the moment they are started, with the
/// requested lead in whole milliseconds; a player completes once its last sample is written.
package final class AudioHapticEngine: NativeHapticEngine, @unchecked Sendable {
    public let profile: ActuatorProfile
    public let output: any AudioOutput
    /// The engine's clock as the executor sees it: whole milliseconds of written frames.
    public let clock = VirtualClock()

    fileprivate let lock = RecursiveLock()
    private let mixer: Mixer
    /// Started players not yet completed, by end frame.
    fileprivate var running: [(id: Int, endFrame: Int64, completion: @Sendable ((any Error)?) -> Void)] = []
    private var nextPlayerID = 0
    private var block: [Float] = []

    /// - Parameter threads: threads the mixer may use: 1, or 2 and more for two (the same samples).
    public init(profile: ActuatorProfile, output: any AudioOutput, threads: Int = 1) {
        self.profile = profile
        self.output = output
        mixer = Mixer(profile: profile, threads: threads)
    }

    /// Frames written so far.
    public var framePosition: Int64 { lock.withLock { mixer.framePosition } }
    /// Samples clamped by the mix so far.
    public var clampedSampleCount: Int { lock.withLock { mixer.clampedSampleCount } }
    /// The largest |sample| written so far.
    public var peak: Float { lock.withLock { mixer.peak } }
    /// The largest |sum| of the voices so far, before clamping.
    public var mixPeak: Double { lock.withLock { mixer.mixPeak } }

    public var currentTime: Double { Double(framePosition) / Double(profile.sampleRate) }

    public func setHandlers(stopped: @escaping @Sendable (String) -> Void, reset: @escaping @Sendable () -> Void) {}

    public func start() throws {}

    public func makePlayer(_ plan: PlayerPlan, completion: @escaping @Sendable ((any Error)?) -> Void) throws -> any NativeHapticPlayer {
        lock.withLock {
            nextPlayerID += 1
            return AudioHapticPlayer(engine: self, id: nextPlayerID, plan: plan, completion: completion)
        }
    }

    public func stop() throws {}

    /// Places a player's voices: pattern time 0 is `time − currentTime` (in whole milliseconds)
    /// after the current frame.
    func startPlayer(_ player: AudioHapticPlayer, atTime time: Double) {
        lock.withLock {
            let leadMs = max(0, Int64(((time - currentTime) * 1000).rounded()))
            let endFrame = mixer.start(player.plan, id: player.id, originFrame: mixer.framePosition, leadMs: leadMs)
            // Kept sorted by end frame (stable), so the next completion is the first entry.
            var low = 0, high = running.count
            while low < high {
                let mid = (low + high) / 2
                if running[mid].endFrame <= endFrame { low = mid + 1 } else { high = mid }
            }
            running.insert((player.id, endFrame, player.completion), at: low)
        }
    }

    func cancelPlayer(id: Int) {
        lock.withLock {
            mixer.stop(id: id)
            running.removeAll { $0.id == id }
        }
    }

    /// How many frames can be rendered before something happens: a player completes or a clock
    /// deadline falls due. At most `limit`, at least 1.
    public func framesUntilNextEvent(limit: Int) -> Int {
        lock.withLock {
            let position = mixer.framePosition
            var next = position + Int64(limit)
            if let first = running.first(where: { $0.endFrame > position }) { next = min(next, first.endFrame) }
            if let deadline = clock.nextDeadlineNanoseconds {
                // Whole milliseconds, rounded up; a saturated deadline stays far beyond any render.
                let deadlineMs = Int64(deadline / 1_000_000 + (deadline % 1_000_000 == 0 ? 0 : 1))
                let frame = FrameTiming.frame(atMs: deadlineMs, rate: profile.sampleRate)
                if frame > position { next = min(next, frame) }
            }
            return Int(max(1, next - position))
        }
    }

    /// Renders `frameCount` frames, writes them, advances the clock, then reports the completion
    /// of every player whose last sample has been written. With `fadeOut`, the block is faded to
    /// silence by a raised-cosine (the last block before a cancel, so a stop does not click).
    /// - Throws: the output's write error, after completing every running player with it.
    public func render(frameCount: Int, fadeOut: Bool = false) throws {
        let finished: [@Sendable ((any Error)?) -> Void]
        do {
            finished = try lock.withLock {
                if block.count < frameCount { block = [Float](repeating: 0, count: frameCount) }
                try block.withUnsafeMutableBufferPointer { buffer in
                    let slice = UnsafeMutableBufferPointer(rebasing: buffer[0..<frameCount])
                    mixer.render(into: slice)
                    if fadeOut {
                        for index in 0..<frameCount {
                            let gain = 0.5 + 0.5 * cos(Double.pi * Double(index + 1) / Double(frameCount))
                            slice[index] = Float(Double(slice[index]) * gain)
                        }
                    }
                    try output.write(UnsafeBufferPointer(slice))
                }
                let position = mixer.framePosition
                let doneCount = running.prefix { $0.endFrame <= position }.count
                let done = running[0..<doneCount].map(\.completion)
                running.removeFirst(doneCount)
                return done
            }
        } catch {
            failRunning(error)
            throw error
        }
        let elapsedMs = FrameTiming.elapsedMs(frame: framePosition, rate: profile.sampleRate)
        clock.advance(toNanoseconds: UInt64(elapsedMs) * 1_000_000)
        finished.forEach { $0(nil) }
    }
}

extension AudioHapticEngine {
    /// Completes every running player with `error` (the output failed): the session fails.
    func failRunning(_ error: any Error) {
        let interrupted = lock.withLock { () -> [@Sendable ((any Error)?) -> Void] in
            defer { running.removeAll() }
            return running.map(\.completion)
        }
        interrupted.forEach { $0(error) }
    }
}

/// A player of the audio engine: its plan becomes voices when started.
final class AudioHapticPlayer: NativeHapticPlayer, @unchecked Sendable {
    unowned let engine: AudioHapticEngine
    let id: Int
    let plan: PlayerPlan
    let completion: @Sendable ((any Error)?) -> Void

    init(engine: AudioHapticEngine, id: Int, plan: PlayerPlan, completion: @escaping @Sendable ((any Error)?) -> Void) {
        self.engine = engine
        self.id = id
        self.plan = plan
        self.completion = completion
    }

    func start(atTime time: Double) throws { engine.startPlayer(self, atTime: time) }

    func cancel() throws { engine.cancelPlayer(id: id) }
}

/// A driver that hands out one audio engine.
package struct AudioEngineDriver: HapticEngineDriver {
    public let engine: AudioHapticEngine

    public init(engine: AudioHapticEngine) { self.engine = engine }

    public var supportsHaptics: Bool { true }

    public func makeEngine() throws -> any NativeHapticEngine { engine }
}
