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

/// Keeps only the smallest and largest sample of each of `columnCount` equal spans of the frames
/// `fromFrame ..< toFrame` (mono): what a picture of a waveform needs, in memory that does not grow
/// with the render's length.
public final class ColumnRangeOutput: AudioOutput {
    public let format: AudioFormat
    public let fromFrame: Int64
    public let toFrame: Int64
    /// Per column, the smallest and largest sample (nil where no frame was written).
    public private(set) var columns: [(min: Float, max: Float)?]
    private var position: Int64 = 0

    public init(format: AudioFormat, fromFrame: Int64, toFrame: Int64, columnCount: Int) {
        self.format = format
        self.fromFrame = fromFrame
        self.toFrame = max(toFrame, fromFrame + 1)
        columns = Array(repeating: nil, count: max(1, columnCount))
    }

    /// The column of a frame inside the span.
    public func column(of frame: Int64) -> Int {
        Int((frame - fromFrame) * Int64(columns.count) / (toFrame - fromFrame))
    }

    public func write(_ samples: UnsafeBufferPointer<Float>) throws {
        let start = position
        position += Int64(samples.count)
        let first = max(start, fromFrame), last = min(position, toFrame)
        guard first < last else { return }
        for frame in first..<last {
            let sample = samples[Int(frame - start)]
            let index = column(of: frame)
            if let range = columns[index] {
                columns[index] = (Swift.min(range.min, sample), Swift.max(range.max, sample))
            } else {
                columns[index] = (sample, sample)
            }
        }
    }

    public func finish() throws {}
}

/// Hands every block to several outputs (one read of a file feeding several pictures).
public final class FanOutOutput: AudioOutput {
    public let outputs: [any AudioOutput]
    public var format: AudioFormat { outputs.first?.format ?? AudioFormat(sampleRate: 48_000) }

    public init(_ outputs: [any AudioOutput]) { self.outputs = outputs }

    public func write(_ samples: UnsafeBufferPointer<Float>) throws {
        for output in outputs { try output.write(samples) }
    }

    public func finish() throws {
        for output in outputs { try output.finish() }
    }
}

/// Work stopped by its caller (Ctrl-C) before it was complete: a render, a drain.
public struct RenderStopped: Error, CustomStringConvertible {
    public init() {}
    public var description: String { "render stopped" }
}
