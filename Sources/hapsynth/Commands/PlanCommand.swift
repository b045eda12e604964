import HapsynthKit

/// `hapsynth plan <pattern> [--json] [--no-haptics]`: the Core Haptics plan of a pattern, as a
/// table for people or as the JSON document of docs/plan-output.md.
struct PlanCommand: Command {
    static let name = "plan"
    static let abstract = "Show the players, events, curves and diagnostics Core Haptics would get."
    static let discussion = """
        Plans exit 0 whatever their backend (coreHaptics, silent or unsupported). Reader warnings,
        such as clamped intensities, go to stderr. An AHAP file is one Core Haptics pattern: it
        becomes one player as it is.
        """
    static let positionals = [PositionalSpec(name: "pattern", help: "A pattern.json, AHAP or .haptic file.")]
    static let options = [
        OptionSpec(name: "--json", valueName: nil, help: "Print the plan as JSON (keys in a fixed order)."),
        OptionSpec(name: "--no-haptics", valueName: nil, help: "Plan for a device without haptics."),
        OptionSpec(name: "--platform", valueName: "ios|android", help: "Plan as Core Haptics (ios, default) or the Android executor plays it."),
        OptionSpec(name: "--android-device", valueName: "NAME|FILE", help: "With --platform android: a named device or a device JSON file (default flagship-api36)."),
        DeviceProfileOption.spec,
        AudioOptions.rootSpec,
        OptionSpec(name: "--ahap-dir", valueName: "DIR", help: "Write each player as DIR/player-N.ahap (only hapsynth's own files are replaced)."),
        OptionSpec(name: "--force", valueName: nil, help: "With --ahap-dir: write into a folder that holds other files (they are kept)."),
    ]

    let patternPath: String
    let asJSON: Bool
    let capabilities: DeviceCapabilities
    let ahapFolder: String?
    let force: Bool
    /// `.ios` (Core Haptics), or `.android(device)`.
    let platform: Platform
    /// Where an AHAP file's sounds are looked for.
    let audioOptions: AudioTrackOptions

    init(_ arguments: ParsedArguments) throws(CLIError) {
        patternPath = arguments.positionals[0]
        asJSON = arguments.has("--json")
        let device = try DeviceProfileOption.device(arguments, command: Self.name)
        capabilities = arguments.has("--no-haptics") ? .noHaptics : device?.capabilities ?? .iPhone
        ahapFolder = arguments.value("--ahap-dir")
        force = arguments.has("--force")
        guard ahapFolder != nil || !force else { throw .usage("--force goes with --ahap-dir", command: Self.name) }
        if let device {
            platform = device.platform
        } else {
            platform = try AndroidOptions.platform(arguments, command: Self.name)
        }
        audioOptions = try AudioOptions.track(arguments, patternPath: patternPath, command: Self.name)
        guard platform == .ios || ahapFolder == nil else { throw .usage("--ahap-dir writes Core Haptics files; drop --platform android", command: Self.name) }
    }

    /// `AudioCustom at 300 ms for 400 ms, looped: sounds/chirp.wav -> Samples/sounds/chirp.wav, 44100 Hz, 1 channel, 5292 frames`.
    static func line(_ source: AudioTrack.Source) -> String {
        let event = source.event
        var text = "\(event.kind.rawValue) at \(Microseconds.millisecondsText(event.startUs)) ms"
        if event.durationUs > 0 { text += " for \(Microseconds.millisecondsText(event.durationUs)) ms" }
        if event.loops { text += ", looped" }
        guard event.kind == .custom else { return text + ": hapsynth's tone" }
        text += ": \(event.waveformPath ?? "")"
        if let problem = source.problem { return text + " (\(problem))" }
        return text + " -> \(source.path ?? ""), \(source.sampleRate ?? 0) Hz, \(NumberText.count(source.channelCount ?? 0, "channel")), "
            + "\(source.frameCount ?? 0) frames"
    }

    static func json(_ source: AudioTrack.Source) -> JSONOutput {
        let event = source.event
        func optional<T>(_ value: T?, _ make: (T) -> JSONOutput) -> JSONOutput { value.map(make) ?? .null }
        return .object([
            ("type", .string(event.kind.rawValue)), ("entry", .string("\(event.entry)")), ("timeMs", .double(Double(event.startUs) / 1000)),
            ("durationMs", .double(Double(event.durationUs) / 1000)), ("waveformPath", optional(event.waveformPath) { .string($0) }),
            ("resolvedPath", optional(source.path) { .string($0) }), ("rate", optional(source.sampleRate) { .integer(Int64($0)) }),
            ("channels", optional(source.channelCount) { .integer(Int64($0)) }), ("frames", optional(source.frameCount) { .integer($0) }),
            ("problem", optional(source.problem) { .string($0) }),
        ])
    }

    func run(_ console: Console) throws(CLIError) -> ExitCode {
        let loaded = try PatternInput.load(patternPath, console: console, capabilities: capabilities)
        // Every warning in full after the plan document (stderr shows them grouped by kind).
        let warnings: JSONOutput = .array(loaded.warnings.map { .string($0.description) })
        if case .android(let android) = loaded.plan(for: platform) {
            guard asJSON, case .object(let members) = android.json else {
                console.out(android.text)
                return .success
            }
            console.out(JSONOutput.object(members + [("warnings", warnings)]).pretty())
            return .success
        }
        let audio = loaded.audio.map { audio in
            (sources: AudioTrack.sources(of: audio, options: audioOptions),
             sync: AudioHapticSync(plan: loaded.plan, track: AudioTrack(audio, profile: ActuatorProfile(), options: audioOptions)))
        }
        if asJSON {
            guard case .object(let members) = loaded.plan.json else { return .success }
            let audioMembers: [(String, JSONOutput)] = audio.map { [("audio", .array($0.sources.map(Self.json))), ("sync", $0.sync.json)] } ?? []
            console.out(JSONOutput.object(members + audioMembers + [("warnings", warnings)]).pretty())
        } else {
            console.out(loaded.plan.text(title: [loaded.name ?? patternPath, loaded.description].compactMap { $0 }.joined(separator: " — ")))
            if let audio {
                console.out("\n" + (["audio: \(NumberText.count(audio.sources.count, "event")) (volume, pitch, brightness, pan and ramps are "
                    + "hapsynth's model; Apple publishes none)"] + audio.sources.map { "  " + Self.line($0) } + audio.sync.text).joined(separator: "\n"))
            }
        }
        if let folder = ahapFolder {
            let written: AHAPFolder.Written
            do {
                written = try AHAPFolder.write(loaded.plan, to: folder, force: force)
            } catch .foreignFiles(let folder, let names) {
                throw .cannotCreate("cannot write AHAP files to \(folder): it holds files hapsynth did not write "
                    + "(\(AHAPFolderError.shown(names))); choose an empty folder, or use --force to write beside them")
            } catch {
                throw .cannotCreate("\(error)")
            }
            written.warnings.forEach(console.warning)
            // Keep stdout a JSON document under --json.
            if asJSON { console.note(written.summary) } else { console.out("\n" + written.summary) }
        }
        return .success
    }
}
