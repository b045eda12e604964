import AudioCore
import HapticPlanner
import HapticSynth

/// What happened to one pattern of a check.
public struct CheckOutcome: Sendable {
    /// `notChecked`: a Kotlin pattern known only when the app runs, or in a form not read
    /// (docs/kotlin.md, "In CI"); it does not fail the check.
    public enum Status: String, CaseIterable, Sendable { case ok, recorded, differs, missing, invalid, notChecked = "not checked" }
    public let entry: CheckSuite.Entry
    public var status: Status
    public var golden: String?
    public var comparison: WaveformComparison?
    /// The perceptual comparison, when the suite's gate is perceptual.
    public var perceptual: PerceptualComparison?
    /// Why the pattern is invalid, in the check's wording.
    public var error: String?
    /// A fact that explains the status (`recorded at 8000 Hz, checked at 16000 Hz`, `unchanged`).
    public var note: String?
    /// The plan element playing at the first differing frame, when one is.
    public var differingElement: PlanElement?
    public var actualPath: String?
    public var diffPath: String?
    /// Warnings met reading or rendering the pattern, in full, in the check's wording.
    public var warnings: [String] = []
    /// Facts worth a line that `--strict` does not fail: clamping that comes only from hapsynth
    /// adding the pattern's players together (a clip's continuous and emphasis players).
    public var notes: [String] = []
    /// Seconds spent on the pattern.
    public var seconds = 0.0
    /// Pictures for a report, as SVG: a failing pattern's waveforms, a passing one's thumbnail.
    public var pictures: [String] = []

    public init(entry: CheckSuite.Entry, status: Status) {
        self.entry = entry
        self.status = status
    }
}

/// How a check words what it reports: errors and render warnings. The defaults are the library's
/// own texts; the command line passes its own, which name its flags.
public struct CheckWording: Sendable {
    public var error: @Sendable (any Error) -> String
    public var warning: @Sendable (RenderWarning) -> String

    public init(
        error: @escaping @Sendable (any Error) -> String = { "\($0)" },
        warning: @escaping @Sendable (RenderWarning) -> String = { $0.description }
    ) {
        self.error = error
        self.warning = warning
    }
}
