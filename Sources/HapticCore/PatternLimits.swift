/// Hard limits that keep hostile or mistaken input from exhausting memory or the stack.
///
/// Every limit is checked before anything proportional to it is allocated (docs/pattern-format.md).
public enum PatternLimits {
    /// Most events in one pattern after every repeat and include is expanded.
    public static let maxEvents = 10_000
    /// Most curve control points in one pattern, counting every repeated copy.
    public static let maxControlPoints = 100_000
    /// Deepest element nesting; the root timeline is depth 1 and an inline pattern counts as a level.
    public static let maxNestingDepth = 64
    /// Longest chain of included pattern files; the 17th include in a chain is an error.
    public static let maxIncludeChain = 16
    /// Largest input file, in bytes (64 MiB); larger files are refused before reading. The files a
    /// pattern includes share one such budget (each file is read once).
    public static let maxInputBytes = 64 << 20
    /// Most events that the transforms of one pattern may process in all (each transform counts
    /// the events of the pattern it is applied to): 2,000 transforms of a 10,000-event pattern.
    public static let maxTransformWork = 20_000_000
    /// Largest whole-number count (repeat counts, `repeated`).
    public static let maxCount = Int(Int32.max)
}
