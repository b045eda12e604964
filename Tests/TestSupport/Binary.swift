import Foundation

/// What one run of the built `hapsynth` binary did.
public struct RunResult: Sendable {
    public let status: Int32
    public let stdout: String
    public let stderr: String

    public init(status: Int32, stdout: String, stderr: String) {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
    }
}

/// The built `hapsynth` executable beside the test bundle.
public func hapsynthBinary() throws -> URL { try builtBinary("hapsynth") }

/// The package's executable `name`, built beside the test bundle.
public func builtBinary(_ name: String) throws -> URL {
    var directory = Bundle.main.bundleURL
    for _ in 0..<3 {
        let candidate = directory.appendingPathComponent(name)
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        directory = directory.deletingLastPathComponent()
    }
    throw BinaryNotFound(name: name, searchedFrom: Bundle.main.bundleURL.path)
}

struct BinaryNotFound: Error, CustomStringConvertible {
    let name: String
    let searchedFrom: String
    var description: String { "no \(name) executable near \(searchedFrom); run `swift build` first" }
}

/// Runs `hapsynth` with `arguments` in `directory` (default: the package root) and collects both
/// streams and the exit status.
/// `environment` changes the inherited environment: a value sets a variable, nil removes it.
public func hapsynth(_ arguments: [String], in directory: String = packageRoot, environment: [String: String?] = [:]) throws -> RunResult {
    try run(try hapsynthBinary(), arguments, in: directory, environment: environment)
}

/// Runs `executable` as `hapsynth(_:in:environment:)` runs hapsynth; after `timeoutSeconds` it
/// is killed (its status then says SIGKILL).
public func run(_ executable: URL, _ arguments: [String], in directory: String = packageRoot, environment: [String: String?] = [:],
                timeoutSeconds: Double? = nil) throws -> RunResult {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if !environment.isEmpty {
        var merged = ProcessInfo.processInfo.environment
        for (name, value) in environment { merged[name] = value }
        process.environment = merged
    }
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    let folder = try Scratch()
    // Files rather than pipes: a large output cannot fill a pipe and stall the child.
    let outURL = URL(fileURLWithPath: folder.path + "/out"), errURL = URL(fileURLWithPath: folder.path + "/err")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    process.standardOutput = try FileHandle(forWritingTo: outURL)
    process.standardError = try FileHandle(forWritingTo: errURL)
    process.standardInput = FileHandle.nullDevice
    let ended = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in ended.signal() }
    try process.run()
    if let timeoutSeconds, ended.wait(timeout: .now() + timeoutSeconds) == .timedOut { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
    return RunResult(
        status: process.terminationStatus,
        stdout: try String(contentsOf: outURL, encoding: .utf8),
        stderr: try String(contentsOf: errURL, encoding: .utf8))
}

/// The sample patterns: every `*.json`, `*.ahap` and `*.haptic` at the top of `Samples/`.
public func samplePatterns() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: packageRoot + "/Samples")
        .filter { $0.hasSuffix(".json") || $0.hasSuffix(".ahap") || $0.hasSuffix(".haptic") }
        .sorted()
}

/// Compares `actual` with the golden file, or records it when `HAPSYNTH_RECORD=1` (never in CI).
/// A mismatch writes the actual text beside a temporary copy; returns what to report (both paths),
/// or nil when the golden matches or was recorded.
public func goldenMismatch(_ actual: String, path goldenPath: String) throws -> String? {
    let environment = ProcessInfo.processInfo.environment
    if environment["HAPSYNTH_RECORD"] == "1" && environment["CI"] != "true" {
        try FileManager.default.createDirectory(
            atPath: (goldenPath as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try actual.write(toFile: goldenPath, atomically: true, encoding: .utf8)
        return nil
    }
    guard let expected = try? String(contentsOfFile: goldenPath, encoding: .utf8) else {
        return "missing golden \(goldenPath); record it with `make golden`"
    }
    guard expected != actual else { return nil }
    let actualPath = NSTemporaryDirectory() + "hapsynth-golden/" + (goldenPath as NSString).lastPathComponent
    try? FileManager.default.createDirectory(atPath: (actualPath as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try? actual.write(toFile: actualPath, atomically: true, encoding: .utf8)
    return "output differs from golden\n  expected: \(goldenPath)\n  actual:   \(actualPath)"
}

/// `hapsynth` running in the background (for `play --watch`, signals): its two streams read as
/// they come by a thread each, so that a test waits for the program's own lines (`watching …`,
/// `playing …`) or for its exit, woken when they arrive; never on a timer. Killed if still running
/// when released.
public final class BackgroundHapsynth: @unchecked Sendable {
    public let process = Process()
    private let condition = NSCondition()
    private var out = "", err = ""
    /// Counts what arrived (output, the exit), so that a waiter never misses a wake-up.
    private var generation = 0

    public init(_ arguments: [String], in directory: String = packageRoot) throws {
        let outPipe = Pipe(), errPipe = Pipe()
        process.executableURL = try hapsynthBinary()
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.standardOutput = outPipe
        process.standardError = errPipe
        process.standardInput = FileHandle.nullDevice
        process.terminationHandler = { [weak self] _ in self?.update { _ in } }
        try process.run()
        for (pipe, isOut) in [(outPipe, true), (errPipe, false)] {
            let handle = pipe.fileHandleForReading
            Thread.detachNewThread { [weak self] in
                while true {
                    let data = handle.availableData  // blocks until output or end of stream
                    guard !data.isEmpty, let self else { return }
                    let text = String(decoding: data, as: UTF8.self)
                    self.update { if isOut { $0.out += text } else { $0.err += text } }
                }
            }
        }
    }

    /// Kept for the tests written with a scratch folder for the streams.
    public convenience init(_ arguments: [String], scratch: Scratch) throws {
        try self.init(arguments)
    }

    private func update(_ change: (BackgroundHapsynth) -> Void) {
        condition.lock()
        change(self)
        generation += 1
        condition.broadcast()
        condition.unlock()
    }

    /// The complete lines written to standard output so far.
    public var outLines: [String] { condition.lock(); defer { condition.unlock() }; return Self.lines(out) }
    /// The complete lines written to standard error so far.
    public var errLines: [String] { condition.lock(); defer { condition.unlock() }; return Self.lines(err) }

    /// Waits until `ready` holds, woken by each piece of output and by the exit; false when it
    /// still does not hold `seconds` later.
    public func wait(_ seconds: Double, until ready: (BackgroundHapsynth) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            condition.lock()
            let seen = generation
            condition.unlock()
            if ready(self) { return true }
            condition.lock()
            while generation == seen {
                guard condition.wait(until: deadline) else {
                    condition.unlock()
                    return ready(self)
                }
            }
            condition.unlock()
        }
    }

    /// Sends `signal` (Ctrl-C by default) and returns the exit status; -1 when the process has not
    /// stopped 20 s later (it is killed, so a test fails instead of hanging the suite).
    public func interrupt(_ signal: Int32 = SIGINT) -> Int32 {
        kill(process.processIdentifier, signal)
        return waitForExit(20)
    }

    /// Waits for the process to end and returns its status; -1 (and killed) when it has not ended
    /// `seconds` later.
    public func waitForExit(_ seconds: Double) -> Int32 {
        guard wait(seconds, until: { !$0.process.isRunning }) else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return -1
        }
        process.waitUntilExit()
        return process.terminationStatus
    }

    private static func lines(_ text: String) -> [String] {
        guard let end = text.lastIndex(of: "\n") else { return [] }
        return text[..<end].split(separator: "\n").map(String.init)
    }

    deinit { if process.isRunning { process.terminate() } }
}

/// What one run of the binary used: its exit status (nil when it was killed at the deadline) and
/// its own peak resident memory in KiB.
public struct ResourceUse: Sendable {
    public let status: Int32?
    public let peakKiB: Int
}

/// Runs `hapsynth` with its output discarded, killing it after `deadlineSeconds` (a guard against
/// a hang, far past what the run takes), and reports its peak memory: the `VmHWM` of its own
/// address space, read from /proc every 5 ms (`wait4`'s `ru_maxrss` would count this test
/// process, whose memory the child shares until it runs the binary).
public func hapsynthResourceUse(_ arguments: [String], deadlineSeconds: Double) throws -> ResourceUse {
    let binary = try hapsynthBinary().path
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = ([binary] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    guard posix_spawn(&pid, binary, &actions, nil, argv, environ) == 0 else { throw BinaryNotFound(name: binary, searchedFrom: binary) }
    let deadline = Date().addingTimeInterval(deadlineSeconds)
    var status: Int32 = 0, peak = 0
    while waitpid(pid, &status, WNOHANG) == 0 {
        if let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
           let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
           let kib = Int(line.dropFirst(6).filter(\.isNumber)) {
            peak = max(peak, kib)
        }
        if Date() > deadline {
            kill(pid, SIGKILL)
            _ = waitpid(pid, &status, 0)
            return ResourceUse(status: nil, peakKiB: peak)
        }
        usleep(5_000)
    }
    return ResourceUse(status: (status >> 8) & 0xff, peakKiB: peak)
}
