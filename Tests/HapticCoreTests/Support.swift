import Foundation
import Testing
@testable import HapticCore
@_exported import TestSupport

/// The folder that holds this test target's fixtures.
let fixturesDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures").path

/// Reads a pattern from JSON text (errors name the file `test.json`).
func readPattern(_ json: String, directory: String = ".") throws -> PatternDocument {
    try PatternReader.read(json: Array(json.utf8), file: "test.json", directory: directory)
}

/// The full error text for JSON that must fail to read.
func readError(_ json: String, directory: String = ".") -> String? {
    do {
        _ = try readPattern(json, directory: directory)
        return nil
    } catch {
        return "\(error)"
    }
}

/// (start, duration) of each event, for compact timeline assertions.
func spans(_ pattern: Pattern) -> [[Int64]] {
    pattern.events.map { [$0.startMs, $0.durationMs] }
}

/// A curve from (ms, value) pairs that is known to be valid.
func curve(_ pairs: [(Double, Double)]) throws -> Curve {
    try Curve(pairs.map { (timeMs: $0.0, value: $0.1) })
}
