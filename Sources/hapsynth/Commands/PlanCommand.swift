import HapticCore
import HapticPlanner

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
    static let positionals = [PositionalSpec(name: "pattern", help: "A pattern.json or AHAP file.")]
    static let options = [
        OptionSpec(name: "--json", valueName: nil, help: "Print the plan as JSON (keys in a fixed order)."),
        OptionSpec(name: "--no-haptics", valueName: nil, help: "Plan for a device without haptics."),
        OptionSpec(name: "--platform", valueName: "ios|android", help: "Plan as Core Haptics (ios, default) or the Android executor plays it."),
        OptionSpec(name: "--android-device", valueName: "NAME|FILE", help: "With --platform android: a named device or a device JSON file (default flagship-api36)."),
        OptionSpec(name: "--ahap-dir", valueName: "DIR", help: "Write each player as DIR/player-N.ahap (only hapsynth's own files are replaced)."),
        OptionSpec(name: "--force", valueName: nil, help: "With --ahap-dir: write into a folder that holds other files (they are kept)."),
    ]

    let patternPath: String
    let asJSON: Bool
    let capabilities: DeviceCapabilities
    let ahapFolder: String?
    let force: Bool
    /// The Android device, with `--platform android`; nil: Core Haptics.
    let androidDevice: AndroidDevice?

    init(_ arguments: ParsedArguments) throws(CLIError) {
        patternPath = arguments.positionals[0]
        asJSON = arguments.has("--json")
        capabilities = arguments.has("--no-haptics") ? .noHaptics : .iPhone
        ahapFolder = arguments.value("--ahap-dir")
        force = arguments.has("--force")
        guard ahapFolder != nil || !force else { throw .usage("--force goes with --ahap-dir", command: Self.name) }
        androidDevice = try AndroidOptions.device(arguments, command: Self.name)
        guard androidDevice == nil || ahapFolder == nil else { throw .usage("--ahap-dir writes Core Haptics files; drop --platform android", command: Self.name) }
    }

    func run(_ console: Console) throws(CLIError) -> ExitCode {
        var warnings: [String] = []
        let loaded = try PatternInput.load(patternPath, console: console, capabilities: capabilities) { warnings.append($0) }
        if let androidDevice {
            let android = try loaded.androidPlan(on: androidDevice, path: patternPath)
            guard asJSON, case .object(let members) = android.json else {
                console.out(android.text)
                return .success
            }
            console.out(JSONOutput.object(members + [("warnings", .array(warnings.map { .string($0) }))]).pretty())
            return .success
        }
        if asJSON {
            // The plan document, then every warning in full (stderr shows them grouped by kind).
            guard case .object(let members) = loaded.plan.json else { return .success }
            console.out(JSONOutput.object(members + [("warnings", .array(warnings.map { .string($0) }))]).pretty())
        } else {
            console.out(PlanTable(plan: loaded.plan, name: loaded.name, description: loaded.description, path: patternPath).text)
        }
        if let folder = ahapFolder {
            let note = try AHAPFolder.write(loaded.plan, to: folder, force: force, console: console)
            // Keep stdout a JSON document under --json.
            if asJSON { console.note(note) } else { console.out("\n" + note) }
        }
        return .success
    }
}
