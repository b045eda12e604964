import AudioIO
import HapticCore
import HapticPlanner
import HapticSynth

extension PlayCommand {
    /// `play --platform android`: the Android effect on the emulated actuator through the device,
    /// paced by it, started at once (Android has no lead). With `--watch`, every save whose content
    /// changed replaces the effect at once, as a new `vibrate()` cancels the one playing on a phone;
    /// the device stays open while an effect plays and closes when it ends. Ctrl-C fades out
    /// (`fadeMs`) and exits 130.
    func playAndroid(on androidDevice: AndroidDevice, console: Console) throws(CLIError) -> ExitCode {
        var live = AndroidLive(device: device, profile: profile, periodFrames: periodFrames)
        defer { live.close() }
        guard watch else {
            let loaded = try PatternInput.load(patternPath, console: console)
            try start(try loaded.androidPlan(on: androidDevice, path: patternPath), on: androidDevice, live: &live, console: console)
            while try live.step() { try stopIfInterrupted(&live) }
            try stopIfInterrupted(&live)
            return .success
        }
        var watch = try PatternWatch(patternPath, console: console)
        // Planned even when not played (--skip-initial), so that an AHAP file is refused at once.
        let first = try watch.loaded.androidPlan(on: androidDevice, path: patternPath)
        if !skipInitial { try start(first, on: androidDevice, live: &live, console: console) }
        watch.announce(" as android on \(androidDevice.name)", console: console)
        var key = watch.loaded.contentKey
        while true {
            try stopIfInterrupted(&live)
            if live.isPlaying {
                do {
                    _ = try live.step()
                } catch {
                    console.error(error.message)  // the watch goes on; the next save plays again
                    live.close()
                }
            }
            guard let loaded = watch.nextVersion(timeoutMs: live.isPlaying ? 0 : 100, console: console), loaded.contentKey != key else { continue }
            key = loaded.contentKey
            do {
                try start(try loaded.androidPlan(on: androidDevice, path: patternPath), on: androidDevice, live: &live, console: console)
            } catch let error where error.exitCode == .unavailable {
                throw error
            } catch {
                console.error(error.message)  // the previous effect stays and keeps playing
                watch.broken = true
            }
        }
    }

    /// Checks the plan's length and starts it on `live`.
    private func start(_ plan: AndroidPlan, on androidDevice: AndroidDevice, live: inout AndroidLive, console: Console) throws(CLIError) {
        _ = try FileRender.checkedLength(plan, of: patternPath, profile: profile, allowLong: allowLong)
        let frames = try live.play(plan, unavailable: unavailable)
        console.out("playing \(patternPath) on \(device) as android \(plan.backend.rawValue) on \(androidDevice.name): "
            + "\(RenderCommand.fixed(Double(frames) / Double(profile.sampleRate), 3)) s")
    }

    /// After Ctrl-C: fades the effect out, closes the device and throws `interrupted` (exit 130).
    private func stopIfInterrupted(_ live: inout AndroidLive) throws(CLIError) {
        guard Interruption.isRaised else { return }
        live.fadeOut(frames: profile.sampleRate * Self.fadeMs / 1000)
        throw .interrupted
    }
}

/// One Android effect playing on an ALSA device, a period at a time.
private struct AndroidLive {
    let device: String
    let actuator: AndroidActuator
    let rate: Int
    let periodFrames: Int
    private var player: AndroidEffectPlayer?
    private var output: ALSAOutput?
    private var block: [Float]

    init(device: String, profile: ActuatorProfile, periodFrames: Int) {
        self.device = device
        actuator = AndroidActuator(profile: profile)
        rate = profile.sampleRate
        self.periodFrames = periodFrames
        block = [Float](repeating: 0, count: periodFrames)
    }

    var isPlaying: Bool { player != nil }

    /// Replaces whatever plays with `plan` from its start, opening the device if it is closed;
    /// returns the effect's length in frames. A device that cannot be opened is exit 69.
    mutating func play(_ plan: AndroidPlan, unavailable: (ALSAError) -> CLIError) throws(CLIError) -> Int64 {
        let player = AndroidEffectPlayer(plan: plan, actuator: actuator)
        if output == nil {
            do {
                output = try ALSAOutput(device: device, sampleRate: rate)
            } catch {
                throw unavailable(error)
            }
        }
        self.player = player
        return player.frameCount
    }

    /// Writes the next period; at the effect's end, lets the device play what it holds and closes
    /// it. Returns whether the effect plays on. A device failure is exit 74.
    mutating func step() throws(CLIError) -> Bool {
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
            throw .ioError("\(error)")
        }
    }

    /// Plays `frames` more of the effect with a linear fade to silence, then closes the device.
    mutating func fadeOut(frames: Int) {
        if var player, let output, frames > 0 {
            var fade = [Float](repeating: 0, count: frames)
            fade.withUnsafeMutableBufferPointer { player.render(into: $0) }
            for index in fade.indices { fade[index] *= Float(frames - index) / Float(frames) }
            try? fade.withUnsafeBufferPointer { try output.write($0) }
            try? output.finish()
        }
        close()
    }

    /// Drops what the device holds and closes it.
    mutating func close() {
        output?.close()
        output = nil
        player = nil
    }
}
