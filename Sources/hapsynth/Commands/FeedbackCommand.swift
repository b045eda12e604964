import HapsynthKit

/// `hapsynth feedback`: system feedback calls — what each becomes on every platform, and how
/// each feels on every catalogue device (docs/feedback.md).
struct FeedbackCommand: Command {
    static let name = "feedback"
    static let abstract = "Play system feedback calls on every catalogue device; --list shows what each becomes."
    static let discussion = """
        A call is PLATFORM:NAME: uikit:, swiftui:, android:, compose:, flutter:, expo:,
        capacitor:, react-native: and web:vibrate(MS,...); every command that takes a pattern takes
        one too (a file of that name wins). A wrapper's call plays its newest release modelled, or
        the one its version names: expo@12.7.0:notification.success, or --wrapper-version. Each call is rendered on each device as that device
        plays it and judged: felt (some 10 ms window above the vibrotactile threshold), below (it
        plays but is never felt) or silent; calls a person could not tell apart on a device (levels
        within 1.65 dB, frequencies within 13 %, onsets within 5 ms) share a letter there.
        Catalogue names and device files among the arguments choose devices (default: every one);
        without calls, every listed call is played.
        """
    static let positionals = [PositionalSpec(name: "call", help: "Calls, and device names or files (default: every listed call on every device).", repeating: true, optional: true)]
    static let list = Flag("--list", help: "Print every call with the chain it becomes on each platform and what each Android device plays, each step with its source.",
                           standalone: true)
    static let report = Option("--report", "FILE", help: "Write an HTML page of the calls-by-devices matrix, each cell titled with its chain.")
    static let wrapperVersion = Option("--wrapper-version", "NAME=VERSION",
                                       help: "Play the calls of wrapper NAME (expo, capacitor, react-native, flutter, compose) as its VERSION does (default: the newest modelled). Repeatable.")
    static var options: [OptionSpec] { specs(list, DevicesCommand.rate, CompareOptions.json, report, wrapperVersion) }

    let list: Bool
    let asJSON: Bool
    var request: FeedbackRun

    init(_ arguments: ParsedArguments) throws(CLIError) {
        list = arguments.has(Self.list)
        asJSON = arguments.has(CompareOptions.json)
        let versions = try Self.wrapperVersions(arguments, command: Self.name)
        request = try worded(Self.name) { try FeedbackRun(arguments.positionals, wrapperVersions: versions) }
        request.sampleRate = try arguments.value(DevicesCommand.rate) ?? 48_000
        request.report = try arguments.value(Self.report)
    }

    /// `--wrapper-version NAME=VERSION`, each a wrapper and a version hapsynth models.
    static func wrapperVersions(_ arguments: ParsedArguments, command: String) throws(CLIError) -> [FeedbackCall.Family: String] {
        do {
            return try FeedbackCall.wrapperVersions(arguments.values(wrapperVersion))
        } catch {
            throw .usage("--wrapper-version: \(error)", command: command)
        }
    }

    func run(_ console: Console) throws(CLIError) -> ExitCode {
        if list {
            let devices = try worded { try DeviceProfile.catalogue() }
            console.out(asJSON ? FeedbackReport.listJSON(devices: devices) : FeedbackReport.list(devices: devices))
            return .success
        }
        let outcome = try worded(Self.name) { try request.run() }
        if let page = outcome.page {
            try Interruption.process.committing { () throws(OutputError) in try ReservedText.commit([page]) }
        }
        console.out(asJSON ? FeedbackReport.json(outcome.matrix) : FeedbackReport.text(outcome.matrix))
        return .success
    }
}
