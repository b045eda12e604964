import HapticPlanner
import HapticPlot
import HapticSynth

/// A picture of what a platform receives for a pattern and what its actuator would do, on one
/// time axis (docs/plot.md): as SVG, or an HTML page with the SVG and a table of the plan.
public struct PlanPicture: Sendable {
    /// The self-contained SVG.
    public let svg: String
    /// The SVG in a page, with a table of the plan.
    public let html: String
    /// The time window drawn, in pattern milliseconds.
    public let fromMs: Double, toMs: Double
    /// What was drawn: `2 players`, or `android androidWaveform on phone-api31`.
    public let subject: String

    /// Draws `loaded` as `platform` plays it (`.ios` or `.android`; `.both` draws the Android
    /// effect).
    /// - Parameters:
    ///   - title: the picture's title (the pattern's name and description).
    ///   - fromMs, toMs: the time window (default: the whole render, iOS's 10 ms lead included).
    ///   - isInterrupted: asked while rendering; true stops the work (`PictureError.stopped`).
    public static func draw(
        _ loaded: LoadedPattern, platform: Platform, title: String, profile: ActuatorProfile, fromMs: Double? = nil, toMs: Double? = nil,
        isInterrupted: () -> Bool = { false }
    ) throws(PictureError) -> PlanPicture {
        let figure: Figure, page: (String) -> String, subject: String
        if let device = platform.androidDevice {
            let plan = loaded.androidPlan(on: device)
            figure = try AndroidPlotFigure.figure(plan, title: title, profile: profile, fromMs: fromMs, toMs: toMs)
            page = { PlotHTML.page(title: title, svg: $0, header: ["effect", "detail"], rows: AndroidPlotFigure.lane(plan).marks.map(AndroidPlotFigure.row)) }
            subject = "android \(plan.backend.rawValue) on \(device.name)"
        } else {
            figure = try PlotFigure.figure(loaded.plan, title: title, profile: profile, fromMs: fromMs, toMs: toMs, isInterrupted: isInterrupted)
            page = { PlotHTML.page(title: title, svg: $0, plan: loaded.plan) }
            subject = "\(loaded.plan.players.count) player\(loaded.plan.players.count == 1 ? "" : "s")"
        }
        let svg = figure.svg
        return PlanPicture(svg: svg, html: page(svg), fromMs: figure.fromMs, toMs: figure.toMs, subject: subject)
    }
}

/// A picture that cannot be drawn.
public enum PictureError: Error, Sendable, CustomStringConvertible {
    /// The render behind the picture is refused by the render-length guard.
    case length(RenderLengthError)
    /// The window ends where or before it starts.
    case emptyWindow(fromMs: Double, toMs: Double)
    /// The caller stopped the render.
    case stopped
    /// The render behind the picture failed.
    case renderFailed(String)

    public var description: String {
        switch self {
        case .length(let error): return "\(error)"
        case .emptyWindow: return "the window must end after it starts"
        case .stopped: return "stopped"
        case .renderFailed(let text): return text
        }
    }
}
