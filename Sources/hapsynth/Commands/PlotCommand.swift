import FoundationEssentials
import Glibc
import HapticCore
import HapticPlanner
import HapticPlot
import HapticSynth

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
        PositionalSpec(name: "pattern", help: "A pattern.json or AHAP file."),
        PositionalSpec(name: "out", help: "The picture to write (.svg or .html)."),
    ]
    static var options: [OptionSpec] {
        [
            OptionSpec(name: "--from", valueName: "MS", help: "Start of the time window, in pattern milliseconds."),
            OptionSpec(name: "--to", valueName: "MS", help: "End of the time window, in pattern milliseconds."),
            OptionSpec(name: "--platform", valueName: "ios|android", help: "Draw what an iPhone (default) or an Android phone plays."),
            OptionSpec(name: "--android-device", valueName: "NAME|FILE", help: "With --platform android: the device (default flagship-api36)."),
        ] + ProfileOptions.specs
    }

    let patternPath: String
    let outputPath: String
    let asHTML: Bool
    let fromMs: Double?
    let toMs: Double?
    let profile: ActuatorProfile
    /// With `--platform android`: the Android device.
    let androidDevice: AndroidDevice?

    init(_ arguments: ParsedArguments) throws(CLIError) {
        patternPath = arguments.positionals[0]
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
        profile = try ProfileOptions.resolve(arguments, command: Self.name)
        androidDevice = try AndroidOptions.device(arguments, command: Self.name)
    }

    func run(_ console: Console) throws(CLIError) -> ExitCode {
        let loaded = try PatternInput.load(patternPath, console: console)
        try FileRender.refuseOverwritingInputs(outputPath, inputs: loaded.files)
        let title = [loaded.name ?? FilePaths.lastComponent(patternPath), loaded.description].compactMap { $0 }.joined(separator: " — ")
        let figure: Figure, page: (String) -> String, shown: String
        if let androidDevice {
            let plan = try loaded.androidPlan(on: androidDevice, path: patternPath)
            figure = try AndroidPlotFigure.figure(plan, of: patternPath, title: title, profile: profile, fromMs: fromMs, toMs: toMs)
            page = { PlotHTML.page(title: title, svg: $0, header: ["effect", "detail"], rows: AndroidPlotFigure.lane(plan).marks.map(AndroidPlotFigure.row)) }
            shown = "android \(plan.backend.rawValue) on \(androidDevice.name)"
        } else {
            figure = try PlotFigure.figure(loaded, of: patternPath, title: title, profile: profile, fromMs: fromMs, toMs: toMs)
            page = { PlotHTML.page(title: title, svg: $0, plan: loaded.plan) }
            shown = "\(loaded.plan.players.count) player\(loaded.plan.players.count == 1 ? "" : "s")"
        }
        let svg = figure.svg
        try TextFile.write(asHTML ? page(svg) : svg + "\n", to: outputPath, what: "picture")
        console.out("\(outputPath): \(shown), \(RenderCommand.fixed(figure.fromMs, 1)) to \(RenderCommand.fixed(figure.toMs, 1)) ms")
        return .success
    }
}

/// The `.html` page of `plot`: the SVG and a table of the plan, self-contained.
enum PlotHTML {
    static let style = """
        body { font-family: sans-serif; margin: 16px; color: #111; }
        table { border-collapse: collapse; margin-top: 12px; font-size: 13px; }
        th, td { border: 1px solid #bbb; padding: 3px 8px; text-align: left; }
        th { background: #eee; }
        """

    static func page(title: String, svg: String, plan: PlaybackPlan) -> String {
        var rows: [[String]] = []
        for (index, player) in plan.players.enumerated() {
            for event in player.events {
                rows.append(["\(index + 1)", event.kind.rawValue, Microseconds.millisecondsText(event.startUs),
                             Microseconds.millisecondsText(event.durationUs), JSONOutput.floatText(event.intensity),
                             JSONOutput.floatText(event.sharpness)])
            }
            for curve in player.curves {
                rows.append(["\(index + 1)", curve.parameter.rawValue, Microseconds.millisecondsText(curve.startUs), "\(curve.points.count) points"])
            }
        }
        return page(title: title, svg: svg, header: ["player", "event or curve", "start (ms)", "duration (ms)", "intensity", "sharpness"],
                    rows: rows)
    }

    /// A page of the picture and a table (`header`, then `rows`, each cell escaped).
    static func page(title: String, svg: String, header: [String], rows: [[String]]) -> String {
        func row(_ cells: [String], tag: String) -> String {
            "<tr>" + cells.map { "<\(tag)>\(Figure.escape($0))</\(tag)>" }.joined() + "</tr>"
        }
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>\(Figure.escape(title))</title><style>\(style)</style></head>
            <body>
            <h1>\(Figure.escape(title))</h1>
            \(svg)
            <table>\(row(header, tag: "th"))
            \(rows.map { row($0, tag: "td") }.joined(separator: "\n"))
            </table>
            </body></html>

            """
    }
}
