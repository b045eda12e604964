/// A picture of values over one shared time axis in milliseconds: lanes of marks, line charts and
/// waveform envelopes, with a title and a caption. It knows nothing of patterns: the command line
/// wires plans and renders into it. `svg` draws it as one self-contained SVG document.
public struct Figure: Sendable {
    public var title: String
    /// Lines of text under the picture.
    public var caption: [String]
    /// The time axis, in milliseconds.
    public var fromMs: Double
    public var toMs: Double
    public var lanes: [Lane]
    public var charts: [LineChart]
    public var waves: [WaveEnvelope]
    /// Width of the whole picture, in pixels.
    public var width: Int

    public init(
        title: String, caption: [String] = [], fromMs: Double, toMs: Double, lanes: [Lane] = [], charts: [LineChart] = [],
        waves: [WaveEnvelope] = [], width: Int = 1000
    ) {
        self.title = title
        self.caption = caption
        self.fromMs = fromMs
        self.toMs = max(toMs, fromMs + 1e-9)
        self.lanes = lanes
        self.charts = charts
        self.waves = waves
        self.width = width
    }

    /// Left and right edges of the plotting area, in pixels (labels go left of it).
    public var plotLeft: Double { 150 }
    public var plotRight: Double { Double(width) - 20 }

    /// How many waveform columns fit: one per pixel of the plotting area.
    public var columnCount: Int { max(1, Int(plotRight - plotLeft)) }

    /// The x position of a time, in pixels.
    public func x(_ ms: Double) -> Double { plotLeft + (ms - fromMs) / (toMs - fromMs) * (plotRight - plotLeft) }
}

/// A row of marks: a player's native events (bars and ticks) and its boundaries.
public struct Lane: Sendable {
    public var label: String
    /// A second, smaller line under the label (`3 events, 1 curve`).
    public var detail: String
    public var marks: [Mark]

    public init(label: String, detail: String = "", marks: [Mark]) {
        self.label = label
        self.detail = detail
        self.marks = marks
    }

    /// Something on a lane.
    public enum Mark: Sendable {
        /// A span (a continuous event), labelled.
        case bar(fromMs: Double, toMs: Double, label: String)
        /// An instant (a transient), labelled.
        case tick(atMs: Double, label: String)
        /// A boundary (where split parts meet, a retrigger), labelled.
        case boundary(atMs: Double, label: String)
    }
}

/// A chart of lines with values in `range`, one legend entry per line.
public struct LineChart: Sendable {
    public var title: String
    public var range: ClosedRange<Double>
    public var lines: [Line]

    public init(title: String, range: ClosedRange<Double> = 0...1, lines: [Line]) {
        self.title = title
        self.range = range
        self.lines = lines
    }

    /// One line: its points in time order; nil breaks the line (nothing sounding there).
    public struct Line: Sendable {
        public var label: String
        public var points: [(ms: Double, value: Double)?]

        public init(label: String, points: [(ms: Double, value: Double)?]) {
            self.label = label
            self.points = points
        }
    }
}

/// A waveform drawn as the smallest and largest sample of each pixel column, so an hour of audio
/// draws as fast as a second of it.
public struct WaveEnvelope: Sendable {
    public var title: String
    /// Per column across the axis: the smallest and largest sample (nil: no samples there).
    public var columns: [(min: Float, max: Float)?]

    public init(title: String, columns: [(min: Float, max: Float)?]) {
        self.title = title
        self.columns = columns
    }
}
