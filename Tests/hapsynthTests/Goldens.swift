import Testing
import TestSupport

/// Compares `actual` with the golden file (or records it, with `HAPSYNTH_RECORD=1` outside CI);
/// a mismatch is an issue naming both paths.
func expectGolden(_ actual: String, path goldenPath: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    if let mismatch = try goldenMismatch(actual, path: goldenPath) { Issue.record(Comment(rawValue: mismatch), sourceLocation: sourceLocation) }
}
