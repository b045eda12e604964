import HapsynthKit

/// `hapsynth play <pattern>`: plays the pattern live through ALSA on the same audio engine that
/// `render` uses, paced by the device; `--watch` replays it whenever it (or a file it includes)
/// is saved (docs/files-and-limits.md, docs/command-line.md).
struct PlayCommand: Command {
    static let name = "play"
    static let abstract = "Play a pattern live through ALSA; --watch replays it on every save."
    static let discussion = """
        Returns when the playback ends (with --watch, on Ctrl-C). Each playback prints one line.
        A device that cannot be opened exits 69; a device that fails while playing exits 74;
        Ctrl-C fades out, closes the device and exits 130.
        """
    static let positionals = [PositionalSpec(name: "pattern", help: "A pattern.json, AHAP or .haptic file.")]
    static var options: [OptionSpec] {
        [
            OptionSpec(name: "--device", valueName: "NAME", help: "ALSA device (default 'default'; 'null' discards)."),
            OptionSpec(name: "--list-devices", valueName: nil, help: "List the ALSA devices that can play, and exit.", standalone: true),
            OptionSpec(name: "--watch", valueName: nil, help: "Replay whenever the pattern or an included file is saved."),
            OptionSpec(name: "--skip-initial", valueName: nil, help: "With --watch: do not play the first version."),
            OptionSpec(name: "--allow-long", valueName: nil, help: "Allow playbacks longer than 24 hours."),
            OptionSpec(name: "--platform", valueName: "ios|android", help: "Play as an iPhone (default) or as an Android phone plays it."),
            OptionSpec(name: "--android-device", valueName: "NAME|FILE", help: "With --platform android: the device (default flagship-api36)."),
            DeviceProfileOption.spec,
            OptionSpec(name: "--no-audio", valueName: nil, help: "Play an AHAP file's haptics without its audio events."),
            AudioOptions.rootSpec,
            AudioOptions.offsetSpec,
        ] + ProfileOptions.specs
    }

    /// Milliseconds of fade when Ctrl-C stops a playback.
    static let fadeMs = 5

    let patternPath: String
    let device: String
    let watch: Bool
    let skipInitial: Bool
    let allowLong: Bool
    let listDevices: Bool
    let profile: ActuatorProfile
    /// `.ios`, or `.android(device)`.
    let platform: Platform
    /// No haptics on a device profile without them.
    let capabilities: DeviceCapabilities
    /// Whether an AHAP file's audio events are left out, and where its sounds are looked for.
    let noAudio: Bool
    let audioOptions: AudioTrackOptions

    init(_ arguments: ParsedArguments) throws(CLIError) {
        listDevices = arguments.has("--list-devices")
        patternPath = arguments.positionals.first ?? ""
        device = arguments.value("--device") ?? "default"
        watch = arguments.has("--watch")
        skipInitial = arguments.has("--skip-initial")
        allowLong = arguments.has("--allow-long")
        guard watch || !skipInitial else { throw .usage("--skip-initial needs --watch", command: Self.name) }
        (profile, platform, capabilities) = try DeviceProfileOption.choose(arguments, command: Self.name)
        noAudio = arguments.has("--no-audio")
        audioOptions = try AudioOptions.track(arguments, patternPath: patternPath, command: Self.name)
    }

    func run(_ console: Console) throws(CLIError) -> ExitCode {
        if listDevices {
            let devices = ALSADeviceList.playbackDevices()
            for device in devices { console.out(HelpText.row(device.name, device.description, width: HelpText.width).joined(separator: "\n")) }
            return .success
        }
        if let androidDevice = platform.androidDevice {
            return try Interruption.deferred { () throws(CLIError) in try playAndroid(on: androidDevice, console: console) }
        }
        let device = self.device, rate = profile.sampleRate
        let devices = DeviceLog()
        let live = LivePlayback(profile: profile, allowLong: allowLong) {
            let output = try ALSAOutput(device: device, sampleRate: rate)
            devices.report(console: console)
            devices.last = output
            return output
        }
        defer { devices.report(console: console) }
        return try Interruption.deferred { () throws(CLIError) in
            watch ? try runWatching(live, console: console) : try runOnce(live, console: console)
        }
    }

    private func runOnce(_ live: LivePlayback, console: Console) throws(CLIError) -> ExitCode {
        let loaded = try PatternInput.load(patternPath, console: console, capabilities: capabilities)
        if let audio = loaded.audio, !noAudio { return try playMix(loaded.plan, audio: audio, console: console) }
        let handle = try start(loaded.plan, live: live, console: console)
        try playToEnd(live, handle: handle)
        return .success
    }

    private func runWatching(_ live: LivePlayback, console: Console) throws(CLIError) -> ExitCode {
        let watch = try Watching(patternPath, console: console, capabilities: capabilities)
        // Each version plays once: a save that does not change the content plays nothing.
        var key = watch.loaded.contentKey
        var playing = skipInitial ? false : try replay(watch.loaded, live: live, console: console)
        watch.announce(console: console)
        while true {
            try stopIfInterrupted(live)
            if playing {
                let handle = live.handle  // a failed step closes the playback: keep its handle
                do {
                    playing = try live.step(maxFrames: periodFrames)
                } catch {
                    console.error("\(error)")
                    playing = false
                }
                if !playing, let failure = handle?.failure { console.error("playback failed: \(failure)") }
            }
            guard let loaded = watch.nextVersion(timeoutMs: playing ? 0 : 100, console: console), loaded.contentKey != key else { continue }
            key = loaded.contentKey
            if try replay(loaded, live: live, console: console) { playing = true }
        }
    }

    /// The message for a device that cannot be opened, with the way out.
    func unavailable(_ error: ALSAError) -> CLIError {
        guard error.action.hasPrefix("cannot open") else { return .unavailable("\(error)") }
        return .unavailable("\(error) (list the devices with 'hapsynth play --list-devices', or play without sound with '--device null')")
    }

    /// Plays a new version in place of the one playing; true when it started. A device that
    /// cannot be opened ends the command (exit 69); other playback errors are reported and the
    /// watch goes on.
    private func replay(_ loaded: LoadedPattern, live: LivePlayback, console: Console) throws(CLIError) -> Bool {
        do {
            _ = try live.play(loaded.plan)
            announce(loaded.plan, console: console)
            return true
        } catch let error as ALSAError where error.isUnavailable {
            throw unavailable(error)
        } catch {
            console.error(Wording.text(error))
            return false
        }
    }

    private func start(_ plan: PlaybackPlan, live: LivePlayback, console: Console) throws(CLIError) -> HapticHandle {
        do {
            let handle = try live.play(plan)
            announce(plan, console: console)
            return handle
        } catch let error as ALSAError {
            throw error.isUnavailable ? unavailable(error) : .ioError("\(error)")
        } catch let error as RenderLengthError {
            throw .invalidInput("\(patternPath): \(Wording.text(error))")
        } catch {
            throw .ioError("\(error)")
        }
    }

    /// Steps the playback to its end; Ctrl-C fades out and exits 130; a device failure exits 74.
    private func playToEnd(_ live: LivePlayback, handle: HapticHandle) throws(CLIError) {
        do {
            while try live.step(maxFrames: periodFrames) { try stopIfInterrupted(live) }
        } catch let error as CLIError {
            throw error
        } catch {
            throw .ioError("\(error)")
        }
        if let failure = handle.failure { throw .ioError("playback failed: \(failure)") }
    }

    /// An AHAP file with audio events: the haptics and the audio track rendered, mixed (each
    /// channel the haptics plus that audio channel, clamped) and played as stereo, paced by the
    /// device; Ctrl-C closes the device at once (exit 130).
    private func playMix(_ plan: PlaybackPlan, audio: AHAPAudio, console: Console) throws(CLIError) -> ExitCode {
        let haptic: [Float]
        do {
            _ = try RenderLength.checked(plan, profile: profile, allowLong: allowLong)
            haptic = try Hapsynth.render(plan, profile: profile).samples
        } catch let error as RenderLengthError {
            throw .invalidInput("\(patternPath): \(Wording.text(error))")
        } catch {
            throw .ioError("\(error)")
        }
        let track = AudioTrack(audio, profile: profile, options: audioOptions, minimumFrames: haptic.count)
        for warning in track.warnings { console.warning(warning.description) }
        let mix = AudioTrack.interleaved(track.mixed(with: haptic).channels), frames = mix.count / 2
        let output: ALSAOutput
        do {
            output = try ALSAOutput(device: device, sampleRate: profile.sampleRate, channelCount: 2)
        } catch {
            throw error.isUnavailable ? unavailable(error) : .ioError("\(error)")
        }
        console.out("playing \(patternPath) on \(device): \(NumberText.fixed(Double(frames) / Double(profile.sampleRate), 3)) s, "
            + "\(NumberText.count(plan.players.count, "player")) and \(NumberText.count(track.eventCount, "audio event")) (stereo mix)")
        let block = 2 * periodFrames
        var start = 0
        do {
            while start < mix.count {
                if Interruption.isRaised {
                    output.close()
                    throw CLIError.interrupted
                }
                let end = min(mix.count, start + block)
                try mix[start..<end].withUnsafeBufferPointer { try output.write($0) }
                start = end
            }
            try output.finish()
        } catch let error as CLIError {
            throw error
        } catch {
            throw .ioError("\(error)")
        }
        return .success
    }

    /// After Ctrl-C: fades the playback out, closes the device and throws `interrupted` (exit 130).
    private func stopIfInterrupted(_ live: LivePlayback) throws(CLIError) {
        guard Interruption.isRaised else { return }
        live.stopWithFade(fadeFrames: profile.sampleRate * Self.fadeMs / 1000)
        throw .interrupted
    }

    /// Frames rendered per step: about one device period (5 ms).
    var periodFrames: Int { max(1, profile.sampleRate / 200) }

    private func announce(_ plan: PlaybackPlan, console: Console) {
        let frames = RenderLength.frames(of: plan, profile: profile) ?? 0
        let seconds = NumberText.fixed(Double(frames) / Double(profile.sampleRate), 3)
        let players = plan.players.count
        console.out("playing \(patternPath) on \(device): \(seconds) s, \(players) player\(players == 1 ? "" : "s")")
    }
}

/// The device of the latest playback, so that its recovered underruns are reported (never
/// silently) when the next playback opens the device or the command ends.
private final class DeviceLog {
    var last: ALSAOutput?

    func report(console: Console) {
        if let output = last, output.recoveredUnderruns > 0 {
            console.warning("\(output.recoveredUnderruns) underrun\(output.recoveredUnderruns == 1 ? "" : "s") recovered on ALSA device '\(output.device)'")
        }
        last = nil
    }
}
