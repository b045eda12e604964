import Foundation
import Testing

/// The package root (where `Samples/` lives), found from this file's path.
let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

/// What one run of the built `hapsynth` binary did.
struct RunResult {
    let status: Int32
    let stdout: String
    let stderr: String
}

/// The built `hapsynth` executable beside the test bundle.
func hapsynthBinary() throws -> URL {
    var directory = Bundle.main.bundleURL
    for _ in 0..<3 {
        let candidate = directory.appendingPathComponent("hapsynth")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        directory = directory.deletingLastPathComponent()
    }
    throw BinaryNotFound(searchedFrom: Bundle.main.bundleURL.path)
}

struct BinaryNotFound: Error, CustomStringConvertible {
    let searchedFrom: String
    var description: String { "no hapsynth executable near \(searchedFrom); run `swift build` first" }
}

/// Runs `hapsynth` with `arguments` in `directory` (default: the package root) and collects both
/// streams and the exit status.
/// `environment` changes the inherited environment: a value sets a variable, nil removes it.
func hapsynth(_ arguments: [String], in directory: String = packageRoot, environment: [String: String?] = [:]) throws -> RunResult {
    let process = Process()
    process.executableURL = try hapsynthBinary()
    process.arguments = arguments
    if !environment.isEmpty {
        var merged = ProcessInfo.processInfo.environment
        for (name, value) in environment { merged[name] = value }
        process.environment = merged
    }
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hapsynth-run-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    // Files rather than pipes: a large output cannot fill a pipe and stall the child.
    let outURL = folder.appendingPathComponent("out"), errURL = folder.appendingPathComponent("err")
    FileManager.default.createFile(atPath: outURL.path, contents: nil)
    FileManager.default.createFile(atPath: errURL.path, contents: nil)
    process.standardOutput = try FileHandle(forWritingTo: outURL)
    process.standardError = try FileHandle(forWritingTo: errURL)
    process.standardInput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return RunResult(
        status: process.terminationStatus,
        stdout: try String(contentsOf: outURL, encoding: .utf8),
        stderr: try String(contentsOf: errURL, encoding: .utf8))
}

/// The sample patterns: every `*.json` and `*.ahap` at the top of `Samples/`.
func samplePatterns() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: packageRoot + "/Samples")
        .filter { $0.hasSuffix(".json") || $0.hasSuffix(".ahap") }
        .sorted()
}

/// Compares `actual` with the golden file, or records it when `HAPSYNTH_RECORD=1` (never in CI).
/// A mismatch writes the actual text beside a temporary copy and names both paths.
func expectGolden(_ actual: String, path goldenPath: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let environment = ProcessInfo.processInfo.environment
    if environment["HAPSYNTH_RECORD"] == "1" && environment["CI"] != "true" {
        try FileManager.default.createDirectory(
            atPath: (goldenPath as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try actual.write(toFile: goldenPath, atomically: true, encoding: .utf8)
        return
    }
    guard let expected = try? String(contentsOfFile: goldenPath, encoding: .utf8) else {
        Issue.record("missing golden \(goldenPath); record it with `make golden`", sourceLocation: sourceLocation)
        return
    }
    if expected != actual {
        let actualPath = NSTemporaryDirectory() + "hapsynth-golden/" + (goldenPath as NSString).lastPathComponent
        try? FileManager.default.createDirectory(
            atPath: (actualPath as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try? actual.write(toFile: actualPath, atomically: true, encoding: .utf8)
        Issue.record("output differs from golden\n  expected: \(goldenPath)\n  actual:   \(actualPath)",
                     sourceLocation: sourceLocation)
    }
}

/// A temporary folder for one test, removed afterwards.
final class Scratch {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "hapsynth-cli-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let file = path + "/" + name
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    /// The folder's entries, sorted.
    var entries: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// `hapsynth` running in the background (for `play --watch`), its two streams captured in files
/// of a scratch folder so that a test can read them while it runs; terminated if still running
/// when released.
final class BackgroundHapsynth {
    let process = Process()
    private let outPath: String, errPath: String

    init(_ arguments: [String], scratch: Scratch) throws {
        outPath = scratch.path + "/background-out.txt"
        errPath = scratch.path + "/background-err.txt"
        FileManager.default.createFile(atPath: outPath, contents: nil)
        FileManager.default.createFile(atPath: errPath, contents: nil)
        process.executableURL = try hapsynthBinary()
        process.arguments = arguments
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    /// The lines written to standard output so far.
    var outLines: [String] { Self.lines(outPath) }
    /// The lines written to standard error so far.
    var errLines: [String] { Self.lines(errPath) }

    /// Sends Ctrl-C (SIGINT) and returns the exit status; -1 when the process has not stopped
    /// 20 s later (it is killed, so a test fails instead of hanging the suite).
    func interrupt() -> Int32 {
        process.interrupt()
        guard waitFor(20, { !process.isRunning }) else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return -1
        }
        return process.terminationStatus
    }

    private static func lines(_ path: String) -> [String] {
        ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    deinit { if process.isRunning { process.terminate() } }
}

/// Polls `condition` every 10 ms for at most `seconds`.
func waitFor(_ seconds: Double, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        usleep(10_000)
    }
    return condition()
}

/// A file's bytes (empty when it cannot be read).
func fileBytes(_ path: String) -> [UInt8] {
    FileManager.default.contents(atPath: path).map { [UInt8]($0) } ?? []
}

/// Samples as raw little-endian float32 bytes, as ALSA's file plugin captures them.
func rawFloatBytes(_ samples: [Float]) -> [UInt8] {
    samples.flatMap { sample in withUnsafeBytes(of: sample.bitPattern.littleEndian) { Array($0) } }
}
