import HapsynthKit

/// `hapsynth play <pattern>`: plays the pattern live through ALSA on the same emulated device that
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
    static let positionals = [PositionalSpec(name: "pattern", help: "A pattern.json, AHAP, .haptic, Kotlin (.kt) or VibrationEffect (.vibration) file, or a system feedback call (uikit:impact.light; docs/feedback.md).")]
    static let device = Option("--device", "NAME", help: "ALSA device (default 'default'; 'null' discards).")
    static let listDevices = Flag("--list-devices", help: "List the ALSA devices that can play, and exit.", standalone: true)
    static let watch = Flag("--watch", help: "Replay whenever the pattern or an included file is saved.")
    static let skipInitial = Flag("--skip-initial", help: "With --watch: do not play the first version.")
    static let allowLong = Flag("--allow-long", help: "Allow playbacks longer than 24 hours.")
    static let noAudio = Flag("--no-audio", help: "Play an AHAP file's haptics without its audio events.")
    static var options: [OptionSpec] {
        specs(PatternInput.pattern, device, listDevices, watch, skipInitial, allowLong,
              DeviceOptions.platform.with(help: "Play as an iPhone (default) or as an Android phone plays it."),
              DeviceOptions.androidDevice.with(help: "With --platform android: the device (default flagship-api36)."),
              DeviceOptions.profile, noAudio, AudioOptions.root, AudioOptions.offset) + ProfileOptions.specs
    }

    let input: PatternInput
    let device: String
    let watch, skipInitial, allowLong, listDevices: Bool
    /// The actuator, the platform and the capabilities the pattern plays with.
    let target: DeviceChoice.Target
    /// Where an AHAP file's sounds are looked for; nil: its audio events are left out.
    let audio: AudioTrackOptions?

    init(_ arguments: ParsedArguments) throws(CLIError) {
        listDevices = arguments.has(Self.listDevices)
        input = try PatternInput(arguments)
        device = try arguments.value(Self.device) ?? "default"
        (watch, skipInitial, allowLong) = (arguments.has(Self.watch), arguments.has(Self.skipInitial), arguments.has(Self.allowLong))
        guard watch || !skipInitial else { throw .usage("--skip-initial needs --watch", command: Self.name) }
        if watch, FeedbackCall.isCall(argument: input.path) {
            throw .usage("--watch follows a file; \(input.path) is a system feedback call, which has none", command: Self.name)
        }
        target = try DeviceOptions.target(arguments)
        let audio = try AudioOptions.track(arguments, patternPath: input.path)
        self.audio = arguments.has(Self.noAudio) ? nil : audio
    }

    func run(_ console: Console) throws(CLIError) -> ExitCode {
        if listDevices {
            let devices = ALSADeviceList.playbackDevices()
            for device in devices { console.out(HelpText.row(device.name, device.description, width: HelpText.width).joined(separator: "\n")) }
            return .success
        }
        let session = LiveSession(platform: target.platform, profile: target.profile, allowLong: allowLong, audio: audio, alsaDevice: device) {
            console.warning("\($0) underrun\($0 == 1 ? "" : "s") recovered on ALSA device '\($1)'")
        }
        defer { session.close() }
        return try Interruption.process.deferred { () throws(CLIError) in
            do {
                if watch {
                    let watching = try startWatching(console: console)
                    try session.watch(watching, skipInitial: skipInitial, isInterrupted: { Interruption.process.isRaised }) { event in
                        report(event, watching: watching, console: console)
                    }
                }
                let loaded = try input.load(console: console, capabilities: target.capabilities)
                let kotlinName = loaded.declaredAt == nil ? nil : loaded.name
                try session.play(loaded, isInterrupted: { Interruption.process.isRaised }) { announce($0, kotlinName: kotlinName, console: console) }
                return .success
            } catch let error as CLIError {
                throw error
            } catch {
                throw failure(error)
            }
        }
    }

    /// A watch's event in words: each playback's line, warnings and errors (the watch goes on).
    private func report(_ event: LiveSession.Event, watching: PatternWatch, console: Console) {
        switch event {
        case .watching: console.note(watching.announcement(detail: target.platform.androidDevice.map { " as android on \($0.name)" } ?? ""))
        case .started(let started): announce(started, kotlinName: input.name, console: console)
        case .loaded(let loaded, let recovered):
            loaded.groupedWarnings.forEach { console.warning($0.line) }
            if recovered { console.note("\(watching.path) loads again") }
        case .loadFailed(let error): console.error(CLIError(error).message)
        case .cannotStart(let error): console.error(failure(error).message)
        case .failed(let error): console.error(failure(LiveSession.Failure.failed(error)).message)
        }
    }

    /// Loads the pattern (its warnings on stderr) and starts watching it.
    private func startWatching(console: Console) throws(CLIError) -> PatternWatch {
        do {
            let watch = try PatternWatch(input.path, capabilities: target.capabilities, pattern: input.name)
            watch.loaded.groupedWarnings.forEach { console.warning($0.line) }
            return watch
        } catch let error as LoadError {
            throw CLIError(error, command: Self.name)
        } catch {
            throw .ioError("\(error)")
        }
    }

    /// A playback's error: a device that cannot be opened exits 69, one that fails while playing
    /// 74, a refused length 65, Ctrl-C 130.
    private func failure(_ error: any Error) -> CLIError {
        switch error {
        case LiveSession.Failure.stopped: return .interrupted
        case LiveSession.Failure.cannotOpen(let cause as ALSAError): return unavailable(cause)
        case LiveSession.Failure.cannotOpen(let cause): return .unavailable("\(cause)")
        case LiveSession.Failure.failed(let cause as ALSAError): return .ioError("\(cause)")
        case LiveSession.Failure.failed(let cause): return .ioError("playback failed: \(cause)")
        case let error as RenderLengthError: return .invalidInput("\(input.path): \(Wording.text(error))")
        default: return .ioError(Wording.text(error))
        }
    }

    /// The message for a device that cannot be opened, with the way out.
    func unavailable(_ error: ALSAError) -> CLIError {
        guard error.action.hasPrefix("cannot open") else { return .unavailable("\(error)") }
        return .unavailable("\(error) (list the devices with 'hapsynth play --list-devices', or play without sound with '--device null')")
    }

    /// Tells a playback that started, and its sounds' warnings; a Kotlin file's pattern is named
    /// `FILE.kt#NAME` (`kotlinName`).
    private func announce(_ started: LiveSession.Started, kotlinName: String?, console: Console) {
        started.audio?.warnings.forEach { console.warning(Wording.text($0)) }
        console.out(started.line(pattern: kotlinName.map { "\(input.path)#\($0)" } ?? input.path, alsaDevice: device, sampleRate: target.profile.sampleRate))
    }
}
