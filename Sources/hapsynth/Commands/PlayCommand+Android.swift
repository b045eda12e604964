import HapsynthKit

extension PlayCommand {
    /// `play --platform android`: the Android effect on the emulated actuator through the device,
    /// paced by it, started at once (Android has no lead). With `--watch`, every save whose content
    /// changed replaces the effect at once, as a new `vibrate()` cancels the one playing on a phone;
    /// the device stays open while an effect plays and closes when it ends. Ctrl-C fades out
    /// (`fadeMs`) and exits 130.
    func playAndroid(on androidDevice: AndroidDevice, console: Console) throws(CLIError) -> ExitCode {
        let device = self.device, rate = profile.sampleRate
        let live = AndroidLivePlayback(profile: profile, periodFrames: periodFrames) { try ALSAOutput(device: device, sampleRate: rate) }
        defer { live.close() }
        let platform = Platform.android(androidDevice)
        guard watch else {
            let loaded = try PatternInput.load(patternPath, console: console, capabilities: capabilities)
            try start(try androidPlan(loaded, on: platform), on: androidDevice, live: live, console: console)
            while try step(live) { try stopIfInterrupted(live) }
            try stopIfInterrupted(live)
            return .success
        }
        let watch = try Watching(patternPath, console: console, capabilities: capabilities)
        // Planned even when not played (--skip-initial), so that an AHAP file is refused at once.
        let first = try androidPlan(watch.loaded, on: platform)
        if !skipInitial { try start(first, on: androidDevice, live: live, console: console) }
        watch.announce(" as android on \(androidDevice.name)", console: console)
        var key = watch.loaded.contentKey
        while true {
            try stopIfInterrupted(live)
            if live.isPlaying {
                do {
                    _ = try step(live)
                } catch {
                    console.error(error.message)  // the watch goes on; the next save plays again
                    live.close()
                }
            }
            guard let loaded = watch.nextVersion(timeoutMs: live.isPlaying ? 0 : 100, console: console), loaded.contentKey != key else { continue }
            key = loaded.contentKey
            do {
                try start(try androidPlan(loaded, on: platform), on: androidDevice, live: live, console: console)
            } catch let error where error.exitCode == .unavailable {
                throw error
            } catch {
                console.error(error.message)  // the previous effect stays and keeps playing
                watch.watch.broken = true
            }
        }
    }

    /// The Android effect of a loaded pattern (exit 65 for an AHAP file).
    private func androidPlan(_ loaded: LoadedPattern, on platform: Platform) throws(CLIError) -> AndroidPlan {
        loaded.androidPlan(on: platform.androidDevice!)
    }

    /// Checks the plan's length and starts it on `live`; a device that cannot be opened is exit 69.
    private func start(_ plan: AndroidPlan, on androidDevice: AndroidDevice, live: AndroidLivePlayback, console: Console) throws(CLIError) {
        do {
            _ = try RenderLength.checked(plan, rate: profile.sampleRate, allowLong: allowLong)
        } catch {
            throw .invalidInput("\(patternPath): \(Wording.text(error))")
        }
        let frames: Int64
        do {
            frames = try live.play(plan)
        } catch let error as ALSAError {
            throw unavailable(error)
        } catch {
            throw .unavailable("\(error)")
        }
        console.out("playing \(patternPath) on \(device) as android \(plan.backend.rawValue) on \(androidDevice.name): "
            + "\(NumberText.fixed(Double(frames) / Double(profile.sampleRate), 3)) s")
    }

    /// Writes the next period; a device failure is exit 74.
    private func step(_ live: AndroidLivePlayback) throws(CLIError) -> Bool {
        do {
            return try live.step()
        } catch {
            throw .ioError("\(error)")
        }
    }

    /// After Ctrl-C: fades the effect out, closes the device and throws `interrupted` (exit 130).
    private func stopIfInterrupted(_ live: AndroidLivePlayback) throws(CLIError) {
        guard Interruption.isRaised else { return }
        live.fadeOut(frames: profile.sampleRate * Self.fadeMs / 1000)
        throw .interrupted
    }
}
