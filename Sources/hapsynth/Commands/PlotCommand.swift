import HapsynthKit

/// `hapsynth plot <pattern> <out.svg|out.html>`: a picture of what Core Haptics would receive and
/// what the actuator would do, on one time axis.
struct PlotCommand: Command {
    static let name = "plot"
    static let abstract = "Draw the plan's players, their intensity and sharpness, and the waveform as SVG or HTML."
    static let discussion = """
        One self-contained SVG (no scripts, no external files): a lane per planned player (continuous
        events as bars, transients as ticks, split boundaries dashed), the effective intensity and
        sharpness of each player as the synthesizer computes them, the rendered waveform as the
        smallest and largest sample of each pixel column, and the plan's diagnostics. An .html
        output wraps the same SVG with a table of the plan.
        """
    static let positionals = [
        PositionalSpec(name: "pattern", help: "A pattern.json, AHAP, .haptic, Kotlin (.kt) or VibrationEffect (.vibration) file, or a system feedback call (uikit:impact.light; docs/feedback.md)."),
        PositionalSpec(name: "out", help: "The picture to write (.svg or .html)."),
    ]
    static let from = Option<Double>(OptionSpec(name: "--from", valueName: "MS", help: "Start of the time window, in pattern milliseconds."),
                                     rule: "needs a number of milliseconds", read: DecimalNumber.parse)
    static let to = Option<Double>(OptionSpec(name: "--to", valueName: "MS", help: "End of the time window, in pattern milliseconds."),
                                   rule: "needs a number of milliseconds", read: DecimalNumber.parse)
    static let listenSeconds = Option.number("--listen-seconds", "S", help: "An .html page's renders to listen to are cut at S seconds, 1-600 (default 20).", in: 1...600)
    static let noListen = Flag("--no-listen", help: "Leave the renders to listen to out of an .html page.")
    static let quiet = Flag("--quiet", help: "Hide warnings.", short: "-q")
    static var options: [OptionSpec] {
        specs(PatternInput.pattern, from, to, DeviceOptions.platform.with(help: "Draw what an iPhone (default) or an Android phone plays."),
              DeviceOptions.androidDevice.with(help: "With --platform android: the device (default flagship-api36)."),
              DeviceOptions.profile, listenSeconds, noListen, AudioOptions.root, quiet) + ProfileOptions.specs
    }

    let input: PatternInput
    let outputPath: String
    /// The actuator, the platform and the capabilities the pattern plays with.
    let target: DeviceChoice.Target
    /// The window, the renders to listen to, an AHAP file's sounds, and SVG or page.
    let request: PlanPicture.Request
    let quiet: Bool

    init(_ arguments: ParsedArguments) throws(CLIError) {
        input = try PatternInput(arguments)
        quiet = arguments.has(Self.quiet)
        outputPath = arguments.positionals[1]
        let lowered = outputPath.lowercased()
        guard lowered.hasSuffix(".svg") || lowered.hasSuffix(".html") else {
            throw .usage("the picture must be a .svg or .html file, got '\(outputPath)'", command: Self.name)
        }
        var request = PlanPicture.Request()
        request.asHTML = lowered.hasSuffix(".html")
        (request.fromMs, request.toMs) = (try arguments.value(Self.from), try arguments.value(Self.to))
        target = try DeviceOptions.target(arguments)
        request.listenSeconds = arguments.has(Self.noListen) ? nil : try arguments.value(Self.listenSeconds) ?? 20
        if arguments.has(Self.noListen), arguments.gave(Self.listenSeconds) {
            throw .usage("--no-listen and --listen-seconds contradict each other", command: Self.name)
        }
        request.audio = try AudioOptions.track(arguments, patternPath: input.path)
        self.request = request
    }

    func run(_ console: Console) throws(CLIError) -> ExitCode {
        let loaded = try input.load(console: console, capabilities: target.capabilities, quiet: quiet)
        try input.guardOutputs([outputPath], loaded: loaded)
        let picture: PlanPicture
        do {
            picture = try PlanPicture.draw(loaded, path: input.path, on: target, request) { Interruption.process.isRaised }
        } catch .length(let error) {
            throw .invalidInput("\(input.path): \(error.reason)")  // plot has no --allow-long
        } catch .emptyWindow {
            throw .usage("--to must be after --from", command: Self.name)
        } catch .stopped {
            throw .interrupted
        } catch {
            throw .ioError("\(error)")
        }
        picture.audioWarnings.forEach { console.warning(Wording.text($0)) }
        if !quiet { picture.renderWarnings.forEach { console.warning(Wording.text($0)) } }
        try PatternInput.write(picture.text(asHTML: request.asHTML), to: outputPath, what: "picture")
        console.out(picture.summary(output: outputPath))
        return .success
    }
}
