import Foundation

/// The package root (where `Samples/` lives), found from this file's path.
public let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

/// A temporary folder for one test, removed when the value is dropped: the one scratch-folder
/// helper of every test target.
public final class Scratch: @unchecked Sendable {
    public let path: String

    public init() throws {
        path = NSTemporaryDirectory() + "hapsynth-test-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// Writes `text` to `name` inside the folder (making its folders), and returns the file's path.
    @discardableResult
    public func write(_ name: String, _ text: String) throws -> String {
        let file = path + "/" + name
        try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    /// The folder's entries, sorted.
    public var entries: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// A file's bytes (empty when it cannot be read).
public func fileBytes(_ path: String) -> [UInt8] {
    FileManager.default.contents(atPath: path).map { [UInt8]($0) } ?? []
}

/// Samples as raw little-endian float32 bytes, as ALSA's file plugin captures them.
public func rawFloatBytes(_ samples: [Float]) -> [UInt8] {
    samples.flatMap { sample in withUnsafeBytes(of: sample.bitPattern.littleEndian) { Array($0) } }
}
