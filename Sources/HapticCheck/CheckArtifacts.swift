import FoundationEssentials
import AudioCore
import AudioIO
import HapticPlayback

/// Where failing renders and their difference signals go: `--artifacts DIR`, else a fresh folder
/// under `$TMPDIR` for this run, made only when a pattern fails.
public final class CheckArtifacts: @unchecked Sendable {
    private let lock = RecursiveLock()
    private let chosen: String?
    private var made: String?

    public init(folder: String?) { chosen = folder }

    /// The folder, once something was written there.
    public var folder: String? { lock.withLock { made } }

    /// The folder, made if needed.
    func prepare() throws(CheckError) -> String {
        let folder: String = lock.withLock {
            if let made { return made }
            let folder = chosen ?? CheckArtifacts.freshFolder()
            made = folder
            return folder
        }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw .cannotWrite("cannot create the artifacts folder \(folder): \(FilePaths.message(of: error))")
        }
        return folder
    }

    /// `$TMPDIR/hapsynth-check-XXXXXXXX` (`/tmp` when TMPDIR is unset).
    static func freshFolder() -> String {
        scratchRoot() + "/hapsynth-check-" + UUID().uuidString.prefix(8).lowercased()
    }

    package static func scratchRoot() -> String {
        let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        return base.hasSuffix("/") ? String(base.dropLast()) : base
    }
}

extension CheckArtifacts {
    /// Writes the decoded render and actual − golden as float WAV files, for listening.
    static func writeActualAndDifference(
        golden: String, rendered: String, actual: String, diff: String, tolerance: WaveformComparison.Tolerance
    ) throws(CheckError) {
        do {
            let reader = try SoundFileReader(path: rendered)
            let format = reader.format
            // Artifacts are for listening after a failure: written atomically, not flushed to the disk.
            func target(_ path: String) -> SoundFileTarget.Target {
                SoundFileTarget.Target(path: path, format: format, container: .wav, encoding: .float)
            }
            try SoundFileTarget.write([target(actual), target(diff)], durable: false) { writers in
                // In blocks: memory stays bounded whatever the render's length.
                var block = [Float](repeating: 0, count: 8192 * format.channelCount)
                while true {
                    let frames = block.withUnsafeMutableBufferPointer { reader.read(into: $0) }
                    guard frames > 0 else { break }
                    try block.withUnsafeBufferPointer { try writers[0].write(UnsafeBufferPointer(rebasing: $0[0..<(frames * format.channelCount)])) }
                }
                _ = try FileComparison.compare(expected: golden, actual: rendered, tolerance: tolerance, difference: writers[1])
            }
        } catch {
            throw .cannotWrite("cannot write the check's actual and difference files: \(error)")
        }
    }
}
