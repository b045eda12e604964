import AudioCore
import HapticPlanner
import HapticSynth

/// Live playback of Android effects, beside `LivePlayback` for iOS: one effect at a time plays on
/// the emulated actuator into an output (the ALSA device), a period at a time, started at once
/// (Android has no lead). Playing a new effect replaces the one playing from its start, as a new
/// `vibrate()` cancels the previous one on a phone; the output stays open while an effect plays
/// and closes when it ends.
///
/// Single-threaded: the caller drives it with `step`.
public final class AndroidLivePlayback {
    private let actuator: AndroidActuator
    private let openOutput: () throws -> any AudioOutput
    /// Frames written per step.
    public let periodFrames: Int
    private var player: AndroidEffectPlayer?
    private var output: (any AudioOutput)?
    private var block: [Float]

    /// - Parameters:
    ///   - periodFrames: frames written per `step` (about one device period).
    ///   - openOutput: opens the output (the device), at `profile.sampleRate`, when an effect
    ///     starts and none is open.
    public init(profile: ActuatorProfile, periodFrames: Int, openOutput: @escaping () throws -> any AudioOutput) {
        actuator = AndroidActuator(profile: profile)
        self.periodFrames = max(1, periodFrames)
        self.openOutput = openOutput
        block = [Float](repeating: 0, count: max(1, periodFrames))
    }

    /// Whether an effect is playing.
    public var isPlaying: Bool { player != nil }

    /// Replaces whatever plays with `plan` from its start, opening the output if it is closed;
    /// returns the effect's length in frames.
    /// - Throws: the output's open error (nothing plays then).
    public func play(_ plan: AndroidPlan) throws -> Int64 {
        let player = AndroidEffectPlayer(plan: plan, actuator: actuator)
        if output == nil { output = try openOutput() }
        self.player = player
        return player.frameCount
    }

    /// Writes the next period; at the effect's end, lets the output play what it holds and closes
    /// it. Returns whether the effect plays on.
    /// - Throws: the output's error (the output is closed and nothing plays then).
    public func step() throws -> Bool {
        guard var player, let output else { return false }
        let count = Int(min(Int64(periodFrames), player.frameCount - player.position))
        do {
            if count > 0 {
                block.withUnsafeMutableBufferPointer { player.render(into: UnsafeMutableBufferPointer(rebasing: $0[0..<count])) }
                try block.withUnsafeBufferPointer { try output.write(UnsafeBufferPointer(rebasing: $0[0..<count])) }
            }
            self.player = player
            guard player.position >= player.frameCount else { return true }
            self.player = nil
            self.output = nil
            try output.finish()
            return false
        } catch {
            close()
            throw error
        }
    }

    /// Plays `frames` more of the effect with a linear fade to silence, then closes the output.
    public func fadeOut(frames: Int) {
        if var player, let output, frames > 0 {
            var fade = [Float](repeating: 0, count: frames)
            fade.withUnsafeMutableBufferPointer { player.render(into: $0) }
            for index in fade.indices { fade[index] *= Float(frames - index) / Float(frames) }
            try? fade.withUnsafeBufferPointer { try output.write($0) }
            try? output.finish()
        }
        self.output = nil
        close()
    }

    /// Drops what the output holds and closes it.
    public func close() {
        if let output {
            if let closable = output as? any ClosableOutput { closable.close() } else { try? output.finish() }
        }
        output = nil
        player = nil
    }
}
