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
        PositionalSpec(name: "pattern", help: "A pattern.json, AHAP, .haptic or Kotlin (.kt) file."),
        PositionalSpec(name: "out", help: "The picture to write (.svg or .html)."),
    ]
    static var options: [OptionSpec] {
        [
            PatternInput.patternSpec,
            OptionSpec(name: "--from", valueName: "MS", help: "Start of the time window, in pattern milliseconds."),
            OptionSpec(name: "--to", valueName: "MS", help: "End of the time window, in pattern milliseconds."),
            OptionSpec(name: "--platform", valueName: "ios|android", help: "Draw what an iPhone (default) or an Android phone plays."),
            OptionSpec(name: "--android-device", valueName: "NAME|FILE", help: "With --platform android: the device (default flagship-api36)."),
            DeviceProfileOption.spec,
            OptionSpec(name: "--listen-seconds", valueName: "S", help: "An .html page's renders to listen to are cut at S seconds, 1-600 (default 20)."),
            OptionSpec(name: "--no-listen", valueName: nil, help: "Leave the renders to listen to out of an .html page."),
            AudioOptions.rootSpec,
            OptionSpec(name: "--quiet", valueName: nil, help: "Hide warnings.", short: "-q"),
        ] + ProfileOptions.specs
    }

    let patternPath: String
    /// `--pattern`: the Kotlin file's pattern.
    let patternName: String?
    let outputPath: String
    let asHTML: Bool
    let fromMs: Double?
    let toMs: Double?
    let profile: ActuatorProfile
    /// `.ios`, or `.android(device)`.
    let platform: Platform
    /// No haptics on a device profile without them.
    let capabilities: DeviceCapabilities
    /// How long each render to listen to may be, in seconds (nil: none).
    let listenSeconds: Double?
    let audioOptions: AudioTrackOptions

    /// The files its options name (a profile, device files), which the output may not replace.
    let inputFiles: [String]
    let quiet: Bool

    init(_ arguments: ParsedArguments) throws(CLIError) {
        inputFiles = PatternInput.optionFiles(arguments)
        patternPath = arguments.positionals[0]
        patternName = arguments.value("--pattern")
        quiet = arguments.has("--quiet")
        outputPath = arguments.positionals[1]
        let lowered = outputPath.lowercased()
        guard lowered.hasSuffix(".svg") || lowered.hasSuffix(".html") else {
            throw .usage("the picture must be a .svg or .html file, got '\(outputPath)'", command: Self.name)
        }
        asHTML = lowered.hasSuffix(".html")
        func time(_ option: String) throws(CLIError) -> Double? {
            guard let text = arguments.value(option) else { return nil }
            guard let value = DecimalNumber.parse(text) else { throw .usage("\(option) needs a number of milliseconds, got '\(text)'", command: Self.name) }
            return value
        }
        fromMs = try time("--from")
        toMs = try time("--to")
        (profile, platform, capabilities) = try DeviceProfileOption.choose(arguments, command: Self.name)
        var seconds: Double? = asHTML && !arguments.has("--no-listen") ? 20 : nil
        if let text = arguments.value("--listen-seconds") {
            guard let value = DecimalNumber.parse(text), (1...600).contains(value) else {
                throw .usage("--listen-seconds needs a number in 1-600, got '\(text)'", command: Self.name)
            }
            if arguments.has("--no-listen") { throw .usage("--no-listen and --listen-seconds contradict each other", command: Self.name) }
            seconds = asHTML ? value : nil
        }
        listenSeconds = seconds
        audioOptions = try AudioOptions.track(arguments, patternPath: patternPath, command: Self.name)
    }

    func run(_ console: Console) throws(CLIError) -> ExitCode {
        let loaded = try PatternInput.load(patternPath, console: console, capabilities: capabilities, quiet: quiet, pattern: patternName, command: Self.name)
        try PatternInput.guardOutputs([outputPath], inputs: loaded.files + inputFiles)
        let title = [loaded.name ?? FilePaths.lastComponent(patternPath), loaded.description].compactMap { $0 }.joined(separator: " — ")
        let picture: PlanPicture
        do {
            picture = try PlanPicture.draw(loaded, platform: platform, title: title, profile: profile, fromMs: fromMs, toMs: toMs,
                                           listenSeconds: listenSeconds, audioOptions: audioOptions) {
                Interruption.isRaised
            }
        } catch .length(let error) {
            throw .invalidInput("\(patternPath): \(error.reason)")  // plot has no --allow-long
        } catch .emptyWindow {
            throw .usage("--to must be after --from", command: Self.name)
        } catch .stopped {
            throw .interrupted
        } catch {
            throw .ioError("\(error)")
        }
        picture.audioWarnings.forEach { console.warning(Wording.text($0)) }
        if !quiet { picture.renderWarnings.forEach { console.warning(Wording.text($0)) } }
        let text = asHTML ? picture.html : picture.svg + "\n"
        try PatternInput.write(text, to: outputPath, what: "picture")
        console.out("\(outputPath): \(picture.subject), \(NumberText.fixed(picture.fromMs, 1)) to \(NumberText.fixed(picture.toMs, 1)) ms")
        return .success
    }
}
