// In-process figures for `make bench` (Benchmarks/bench.py prints them with the rest):
// reading and planning the stress pattern, rendering its plan to a WAV file, and libsndfile alone
// writing the same number of float frames. Prints one JSON object.
import AudioCore
import AudioIO
import Dispatch
import Foundation
import HapticCore
import HapticPlanner
import HapticPlayback
import HapticSynth

/// Seconds `body` takes; the disk is synced first (untimed), so one run's writeback does not slow the next.
func seconds(_ body: () throws -> Void) rethrows -> Double {
    sync()
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write("usage: hapsynth-bench <stress.json> <scratch-dir>\n".data(using: .utf8)!)
    exit(64)
}
let patternPath = arguments[1], scratch = arguments[2]

var document: PatternDocument?
// HAPSYNTH_BENCH_READ_ONLY=N: read the pattern N times and stop (for profiling the reader).
if let runs = ProcessInfo.processInfo.environment["HAPSYNTH_BENCH_READ_ONLY"].flatMap(Int.init) {
    func memory(_ label: String) {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let lines = status.split(separator: "\n").filter { $0.hasPrefix("VmHWM") || $0.hasPrefix("VmRSS") }
        FileHandle.standardError.write("\(label): \(lines.joined(separator: " "))\n".data(using: .utf8)!)
    }
    memory("start")
    for _ in 0..<runs {
        let bytes = try InputFile.read(patternPath, display: patternPath)
        memory("read")
        let root = try JSONParser.parse(bytes)
        memory("parsed")
        let document = try PatternReader.read(bytes: bytes, root: root, path: patternPath)
        memory("decoded")
        _ = try plan(document.pattern)
        memory("planned")
    }
    exit(0)
}
let readTimes = try (0..<5).map { _ in try seconds { document = try PatternReader.read(contentsOf: patternPath) } }
let pattern = document!.pattern
let patternBytes = try InputFile.read(patternPath, display: patternPath)
let parseTimes = try (0..<5).map { _ in try seconds { _ = try JSONParser.parse(patternBytes) } }
var playback: PlaybackPlan?
let planTimes = try (0..<20).map { _ in try seconds { playback = try plan(pattern) } }
let profile = ActuatorProfile()

func writeWAV(_ path: String, _ body: (SoundFileWriter) throws -> Void) throws {
    let file = try AtomicFile(targetPath: path)
    let writer = try SoundFileWriter(
        fileDescriptor: file.fileDescriptor, name: path, format: AudioFormat(sampleRate: profile.sampleRate),
        container: .wav, encoding: .float)
    try body(writer)
    try writer.finish()
    try file.commit()
}

var frames: Int64 = 0
/// HAPSYNTH_BENCH_THREADS: threads for the in-process render (default 1).
let renderThreads = ProcessInfo.processInfo.environment["HAPSYNTH_BENCH_THREADS"].flatMap(Int.init) ?? 1
// Fresh paths: replacing a large file would time its deletion too.
let renderTimes = try (0..<3).map { run in
    try seconds {
        try writeWAV(scratch + "/render-\(run).wav") { writer in
            frames = try OfflineRender.render(playback!, profile: profile, into: writer, threads: renderThreads).frameCount
        }
    }
}
let block = [Float](repeating: 0, count: 4096)
let writeTimes = try (0..<3).map { run in
    try seconds {
        try writeWAV(scratch + "/zeros-\(run).wav") { writer in
            var left = frames
            try block.withUnsafeBufferPointer { buffer in
                while left > 0 {
                    let count = Int(min(left, 4096))
                    try writer.write(UnsafeBufferPointer(rebasing: buffer[0..<count]))
                    left -= Int64(count)
                }
            }
        }
    }
}
for run in 0..<3 {
    try? FileManager.default.removeItem(atPath: scratch + "/render-\(run).wav")
    try? FileManager.default.removeItem(atPath: scratch + "/zeros-\(run).wav")
}
print("""
    {"readMs": \(median(readTimes) * 1000), "parseMs": \(median(parseTimes) * 1000), "planMs": \(median(planTimes) * 1000), "frames": \(frames), \
    "sampleRate": \(profile.sampleRate), "renderSeconds": \(renderTimes.min()!), "sndfileSeconds": \(writeTimes.min()!), \
    "instructionSet": "\(FastSine.instructionSet)"}
    """)
