import HapticCore
import HapticPlanner

/// `hapsynth plan <pattern> [--json] [--no-haptics]`: the Core Haptics plan of a pattern, as a
/// table for people or as the JSON document of FORMATS.md §2.
struct PlanCommand: Command {
    static let name = "plan"
    static let abstract = "Show the players, events, curves and diagnostics Core Haptics would get."
    static let discussion = """
        Plans exit 0 whatever their backend (coreHaptics, silent or unsupported). Reader warnings,
        such as clamped intensities, go to stderr.
        """
    static let positionals = [PositionalSpec(name: "pattern", help: "A pattern.json file.")]
    static let options = [
        OptionSpec(name: "--json", valueName: nil, help: "Print the plan as JSON (keys in a fixed order)."),
        OptionSpec(name: "--no-haptics", valueName: nil, help: "Plan for a device without haptics."),
    ]

    let patternPath: String
    let asJSON: Bool
    let capabilities: DeviceCapabilities

    init(_ arguments: ParsedArguments) throws(CLIError) {
        patternPath = arguments.positionals[0]
        asJSON = arguments.has("--json")
        capabilities = arguments.has("--no-haptics") ? .noHaptics : .iPhone
    }

    func run(_ console: Console) throws(CLIError) -> ExitCode {
        let document = try PatternInput.load(patternPath, console: console)
        let result: PlaybackPlan
        do {
            result = try plan(document.pattern, capabilities: capabilities)
        } catch {
            throw .invalidInput("\(patternPath): \(error)")
        }
        if asJSON {
            console.out(result.json.pretty())
        } else {
            console.out(PlanTable(plan: result, name: document.name, description: document.description, path: patternPath).text)
        }
        return .success
    }
}
