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
    static let positionals = [PositionalSpec(name: "pattern", help: "A pattern.json, AHAP, .haptic, Kotlin (.kt) or VibrationEffect (.vibration) file, or a system feedback call (uikit:impact.light; docs/feedback.md).")]
    static let json = Flag("--json", help: "Print the plan as JSON (keys in a fixed order).")
    static let noHaptics = Flag("--no-haptics", help: "Plan for a device without haptics.")
    static let ahapDir = Option("--ahap-dir", "DIR", help: "Write each player as DIR/player-N.ahap (only hapsynth's own files are replaced).")
    static let force = Flag("--force", help: "With --ahap-dir: write into a folder that holds other files (they are kept).")
    static var options: [OptionSpec] {
        specs(json, PatternInput.pattern, noHaptics,
              DeviceOptions.platform.with(help: "Plan as Core Haptics (ios, default) or the Android executor plays it."),
              DeviceOptions.androidDevice.with(help: "With --platform android: a named or catalogue device (pixel-5), or a device JSON file (default flagship-api36)."),
              DeviceOptions.profile, AudioOptions.root, ahapDir, force)
    }

    let input: PatternInput
    let asJSON: Bool
    let capabilities: DeviceCapabilities
    let ahapFolder: String?
    let force: Bool
    /// `.ios` (Core Haptics), or `.android(device)`.
    let platform: Platform
    /// Where an AHAP file's sounds are looked for.
    let audioOptions: AudioTrackOptions

    init(_ arguments: ParsedArguments) throws(CLIError) {
        input = try PatternInput(arguments)
        asJSON = arguments.has(Self.json)
        let chosen = try DeviceOptions.chosen(arguments)
        capabilities = arguments.has(Self.noHaptics) ? .noHaptics : chosen.capabilities
        ahapFolder = try arguments.value(Self.ahapDir)
        force = arguments.has(Self.force)
        guard ahapFolder != nil || !force else { throw .usage("--force goes with --ahap-dir", command: Self.name) }
        platform = chosen.platform
        audioOptions = try AudioOptions.track(arguments, patternPath: input.path)
        guard platform == .ios || ahapFolder == nil else { throw .usage("--ahap-dir writes Core Haptics files; drop --platform android", command: Self.name) }
    }

    func run(_ console: Console) throws(CLIError) -> ExitCode {
        let loaded = try input.load(console: console, capabilities: capabilities)
        let report: PlanReport
        do {
            report = try PlanReport(loaded, platform: platform, audio: audioOptions)
        } catch let error as RenderLengthError {
            throw .invalidInput("\(input.path): \(error.reason)")
        } catch {
            throw .invalidInput("\(input.path): \(error)")
        }
        console.out(asJSON ? report.jsonDocument : report.text)
        if let folder = ahapFolder {
            let written = try Self.writeAHAPFolder(loaded.plan, to: folder, force: force, inputs: input.inputs(of: loaded))
            written.warnings.forEach(console.warning)
            // Keep stdout a JSON document under --json.
            if asJSON { console.note(written.summary) } else { console.out("\n" + written.summary) }
        }
        return .success
    }

    /// One AHAP file per player in `folder` (`plan --ahap-dir`, `export --to ahap --split`), after
    /// an interruption is held off; a folder holding other files is exit 73, naming `--force`.
    static func writeAHAPFolder(_ plan: PlaybackPlan, to folder: String, force: Bool, inputs: [String]) throws(CLIError) -> AHAPFolder.Written {
        try Interruption.process.deferred { () throws(CLIError) -> AHAPFolder.Written in
            do throws(AHAPFolderError) {
                return try AHAPFolder.write(plan, to: folder, force: force, inputs: inputs)
            } catch .foreignFiles(let folder, let names) {
                throw .cannotCreate("cannot write AHAP files to \(folder): it holds files hapsynth did not write "
                    + "(\(AHAPFolderError.shown(names))); choose an empty folder, or use --force to write beside them")
            } catch {
                throw .cannotCreate("\(error)")
            }
        }
    }
}
