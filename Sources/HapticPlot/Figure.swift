/// A picture of values over one shared time axis in milliseconds: lanes of marks, line charts and
/// waveform envelopes, with a title and a caption. It knows nothing of patterns: the command line
/// wires plans and renders into it. `svg` draws it as one self-contained SVG document.
package struct Figure: Sendable {
    package var title: String
    /// Lines of text under the picture.
    package var caption: [String]
    /// The time axis, in milliseconds.
    package var fromMs: Double
    package var toMs: Double
    package var lanes: [Lane]
    package var charts: [LineChart]
    package var waves: [WaveEnvelope]
    /// Width of the whole picture, in pixels.
    package var width: Int

    package init(
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
    package var plotLeft: Double { 150 }
    package var plotRight: Double { Double(width) - 20 }

    /// How many waveform columns fit: one per pixel of the plotting area.
    package var columnCount: Int { max(1, Int(plotRight - plotLeft)) }

    /// The x position of a time, in pixels.
    package func x(_ ms: Double) -> Double { plotLeft + (ms - fromMs) / (toMs - fromMs) * (plotRight - plotLeft) }
}

/// A row of marks: a player's native events (bars and ticks) and its boundaries.
package struct Lane: Sendable {
    package var label: String
    /// A second, smaller line under the label (`3 events, 1 curve`).
    package var detail: String
    package var marks: [Mark]

    package init(label: String, detail: String = "", marks: [Mark]) {
        self.label = label
        self.detail = detail
        self.marks = marks
    }

    /// Something on a lane.
    package enum Mark: Sendable {
        /// A span (a continuous event), labelled.
        case bar(fromMs: Double, toMs: Double, label: String)
        /// An instant (a transient), labelled.
        case tick(atMs: Double, label: String)
        /// A boundary (where split parts meet, a retrigger), labelled.
        case boundary(atMs: Double, label: String)
        /// A transient judged against the sound (the sync lane): a short caption written beside it
        /// (its offset), its full label on hover, drawn red when flagged, grey when its sound is
        /// missing, green otherwise.
        case syncTick(atMs: Double, caption: String, label: String, state: SyncState)
    }

    /// How a transient stands against its sound.
    package enum SyncState: String, Sendable {
        case inSync = "in-sync", flagged, missingSound = "missing-sound"

        var colour: String {
            switch self {
            case .inSync: return "#2e7d32"
            case .flagged: return "#c0392b"
            case .missingSound: return "#888888"
            }
        }
    }
}

/// A chart of lines with values in `range`, one legend entry per line.
package struct LineChart: Sendable {
    package var title: String
    package var range: ClosedRange<Double>
    package var lines: [Line]

    package init(title: String, range: ClosedRange<Double> = 0...1, lines: [Line]) {
        self.title = title
        self.range = range
        self.lines = lines
    }

    /// One line: its points in time order; nil breaks the line (nothing sounding there).
    package struct Line: Sendable {
        package var label: String
        package var points: [(ms: Double, value: Double)?]

        package init(label: String, points: [(ms: Double, value: Double)?]) {
            self.label = label
            self.points = points
        }
    }
}

/// A waveform drawn as the smallest and largest sample of each pixel column, so an hour of audio
/// draws as fast as a second of it.
package struct WaveEnvelope: Sendable {
    package var title: String
    /// Per column across the axis: the smallest and largest sample (nil: no samples there).
    package var columns: [(min: Float, max: Float)?]

    package init(title: String, columns: [(min: Float, max: Float)?]) {
        self.title = title
        self.columns = columns
    }
}
