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

/// A 32-bit float WAV file of `samples` (interleaved when `channels` is 2) at `rate`, for tests
/// that need a sound file.
public func floatWAV(_ samples: [Float], rate: Int, channels: Int = 1) -> Data {
    var data = Data("RIFF".utf8)
    func u32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { data.append(contentsOf: $0) } }
    func u16(_ v: UInt16) { withUnsafeBytes(of: v.littleEndian) { data.append(contentsOf: $0) } }
    u32(UInt32(36 + samples.count * 4)); data.append(contentsOf: Array("WAVEfmt ".utf8))
    u32(16); u16(3); u16(UInt16(channels)); u32(UInt32(rate)); u32(UInt32(rate * 4 * channels)); u16(UInt16(4 * channels)); u16(32)
    data.append(contentsOf: Array("data".utf8)); u32(UInt32(samples.count * 4))
    for sample in samples { u32(sample.bitPattern) }
    return data
}

/// SplitMix64: a small seedable generator whose sequence never changes.
public struct SeededGenerator: RandomNumberGenerator {
    public var state: UInt64

    public init(state: UInt64) { self.state = state }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    public mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
