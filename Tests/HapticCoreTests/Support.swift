import Foundation
import Testing
@testable import HapticCore

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

/// A temporary folder removed when the value is dropped.
final class TemporaryFolder {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "hapsynth-test-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let file = path + "/" + name
        try FileManager.default.createDirectory(
            atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}
