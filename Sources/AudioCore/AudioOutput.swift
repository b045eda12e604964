/// The shape of an audio stream: frames per second and interleaved channels.
public struct AudioFormat: Hashable, Sendable {
    /// Frames per second.
    public let sampleRate: Int
    /// Channels per frame (hapsynth renders mono).
    public let channelCount: Int

    public init(sampleRate: Int, channelCount: Int = 1) {
        self.sampleRate = sampleRate
        self.channelCount = channelCount
    }
}

/// Where rendered audio goes: a file, memory or a device. Blocks arrive in order; `finish()` ends
/// the stream and reports any failure that writing left for last (hound's explicit finish).
public protocol AudioOutput: AnyObject {
    var format: AudioFormat { get }
    /// Writes one block of samples (interleaved when there are several channels).
    func write(_ samples: UnsafeBufferPointer<Float>) throws
    /// Completes the stream; no write may follow.
    func finish() throws
}

/// An output that can also be closed at once, dropping what it has buffered (a device).
public protocol ClosableOutput: AudioOutput {
    func close()
}

/// Keeps every written sample in memory (for tests and comparisons).
public final class MemoryOutput: AudioOutput {
    public let format: AudioFormat
    /// Everything written so far.
    public private(set) var samples: [Float] = []
    /// Whether `finish()` was called.
    public private(set) var isFinished = false

    public init(format: AudioFormat) { self.format = format }

    public func write(_ samples: UnsafeBufferPointer<Float>) throws {
        precondition(!isFinished, "write after finish")
        self.samples.append(contentsOf: samples)
    }

    public func finish() throws { isFinished = true }
}
