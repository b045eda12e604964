import HapsynthKit

/// `hapsynth devices`: the device catalogue, and one pattern on every device of it against a
/// reference, as a person would feel it (docs/devices.md).
struct DevicesCommand: Command {
    static let name = "devices"
    static let abstract = "Play patterns on every catalogue device and say what each loses; --list shows the catalogue."
    static let discussion = """
        Each device renders with its own profile under the resonator (Android devices as Android
        plays), and its render is compared with the reference's: windows felt on the reference and
        not on the device (missing), the other way (extra), levels more than 1.65 dB apart (each
        against what the other reaches within 5 ms), frequencies more than 13 % apart, and onsets
        moved more than 5 ms (past 24 ms: audio sync, when the pattern has audio). The summary table
        comes first: loss is n/a when the reference feels nothing, unsupported for a device without
        haptics. A device that plays the whole pattern weaker or stronger has not lost it: that
        level offset is shown apart (the median level difference where both are felt) and taken out
        before windows are judged; an onset missing, extra or moved loses the 8 windows of its
        attack; a window is lost once. Catalogue names and device files among the arguments choose
        devices (default: every one); the rest are patterns and folders of them. --max-loss makes
        it a gate: exit 1 when a device loses more than PCT % of what the reference feels;
        --max-level-offset when it plays more than DB weaker or stronger.
        """
    static let positionals = [PositionalSpec(name: "pattern", help: "Pattern files or folders or system feedback calls, and device names or files.", repeating: true)]
    static let list = Flag("--list", help: "Print every catalogue device, each value with its basis and reference (--json: the files).", standalone: true)
    static let reference = Option("--reference", "NAME|FILE", help: "The device the others are judged against (default iphone; aosp-default for .vibration files).")
    static let rate = Option.whole("--rate", "HZ", help: "Render rate, 8000-192000 (default 48000).", in: 8_000...192_000)
    static let report = Option("--report", "FILE", help: "Write an HTML page: the summary, then a row per device with its lanes, waveform and render.")
    static let maxLoss = Option("--max-loss", "PCT|NAME=PCT",
                                help: "Fail (exit 1) when a device loses more than PCT % of what the reference feels, whatever the cause ("
                                    + LossCause.allCases.map(\.rawValue).joined(separator: ", ") + "); NAME=PCT for one device. Repeatable.")
    static let maxLevelOffset = Option.number("--max-level-offset", "DB", help: "Fail (exit 1) when a device plays more than DB weaker or stronger than the reference.",
                                              in: 0...60)
    static let junit = Option("--junit", "FILE", help: "Write a JUnit XML report: a test case per pattern and device.")
    static var options: [OptionSpec] { specs(list, reference, rate, CompareOptions.json, report, maxLoss, maxLevelOffset, junit, PatternInput.pattern, FeedbackCommand.wrapperVersion) }

    let list: Bool
    let asJSON: Bool
    /// The patterns, devices, reference, rate, gate and reports.
    let request: DeviceRun

    init(_ arguments: ParsedArguments) throws(CLIError) {
        list = arguments.has(Self.list)
        asJSON = arguments.has(CompareOptions.json)
        let (patterns, devices) = try worded { try DeviceRun.sort(arguments.positionals) }
        var request = DeviceRun(patterns: patterns)
        request.devices = devices
        request.patternName = try arguments.value(PatternInput.pattern)
        request.wrapperVersions = try FeedbackCommand.wrapperVersions(arguments, command: Self.name)
        request.reference = try arguments.value(Self.reference) ?? request.reference
        request.sampleRate = try arguments.value(Self.rate) ?? 48_000
        (request.report, request.junit) = (try arguments.value(Self.report), try arguments.value(Self.junit))
        let limits = arguments.values(Self.maxLoss)
        guard let gate = DeviceGate(lossLimits: limits) else {
            let refused = limits.first { DeviceGate(lossLimits: [$0]) == nil } ?? ""
            throw .usage("--max-loss takes PCT or NAME=PCT with PCT a number in 0-100, got '\(refused)'", command: Self.name)
        }
        request.gate = gate
        request.gate.maxLevelOffsetDb = try arguments.value(Self.maxLevelOffset)
        self.request = request
    }

    func run(_ console: Console) throws(CLIError) -> ExitCode {
        if list {
            console.out(try worded { asJSON ? DeviceReport.catalogueJSON() : DeviceReport.catalogue(try DeviceProfile.catalogue()) })
            return .success
        }
        let outcome: DeviceRun.Outcome
        do {
            outcome = try request.run { event in
                switch event {
                case let .loaded(path, loaded): PatternInput.reportWarnings(loaded, path: path, console: console)
                case let .notJudged(shown, refused):
                    console.note("hapsynth: note: \(shown) is not judged (\(refused.kind.rawValue)): \(refused.position): \(refused.message)")
                case .invalid: break  // listed at its place in the output
                }
            }
        } catch {
            throw CLIError(error)
        }
        outcome.noneJudged.map(console.out)
        try Interruption.process.committing { () throws(OutputError) in try outcome.commitReports() }
        console.out(asJSON ? outcome.json(gated: !request.gate.isEmpty) : outcome.text(gated: !request.gate.isEmpty))
        return outcome.fails ? .failure : .success
    }
}
