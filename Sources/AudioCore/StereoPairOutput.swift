/// A mono signal rendered on demand, a block at a time (the Android effect player).
public protocol FrameSource {
    /// Frames the source holds in all.
    var frameCount: Int64 { get }
    /// Renders the next `output.count` frames (silence past the end).
    mutating func render(into output: UnsafeMutableBufferPointer<Float>)
}

/// Pairs a mono render written to it (the left channel) with a `FrameSource` (the right) and
/// writes stereo frames to `destination`; without `stereo`, writes the source alone, in mono.
/// `drain(until:)` then writes the source to its end with the left channel silent. Tracks the peak
/// of everything written.
public final class StereoPairOutput<Source: FrameSource>: AudioOutput {
    /// The format of what is written to this output: mono.
    public let format: AudioFormat
    private let destination: any AudioOutput
    private let stereo: Bool
    /// The right channel's source (and the only one in mono).
    public private(set) var source: Source
    /// Frames written to the destination.
    public private(set) var framesWritten: Int64 = 0
    /// The largest |sample| written.
    public private(set) var peak: Float = 0
    private var right: [Float] = []
    private var frames: [Float] = []

    public init(destination: any AudioOutput, stereo: Bool, source: Source) {
        self.destination = destination
        self.stereo = stereo
        self.source = source
        format = AudioFormat(sampleRate: destination.format.sampleRate)
    }

    /// A block of the left channel: written beside as many frames of the source.
    public func write(_ samples: UnsafeBufferPointer<Float>) throws {
        try writeFrames(count: samples.count, left: samples)
    }

    /// Completes nothing: the destination is finished by its owner.
    public func finish() throws {}

    /// Writes frames (the left channel silent) until `frameCount`, a block at a time; throws
    /// `stopped()`'s error when `shouldContinue` says no.
    public func drain(until frameCount: Int64, shouldContinue: () -> Bool, stopped: () -> any Error) throws {
        while framesWritten < frameCount {
            guard shouldContinue() else { throw stopped() }
            try writeFrames(count: Int(min(4096, frameCount - framesWritten)), left: nil)
        }
    }

    private func writeFrames(count: Int, left: UnsafeBufferPointer<Float>?) throws {
        let channels = stereo ? 2 : 1
        if right.count < count { right = [Float](repeating: 0, count: count) }
        if frames.count < count * channels { frames = [Float](repeating: 0, count: count * channels) }
        right.withUnsafeMutableBufferPointer { source.render(into: UnsafeMutableBufferPointer(rebasing: $0[0..<count])) }
        // Through buffers and locals: a class's stored properties cost an exclusivity check per access.
        var peak = self.peak
        right.withUnsafeBufferPointer { right in
            frames.withUnsafeMutableBufferPointer { frames in
                for index in 0..<count {
                    let sample = right[index]
                    peak = max(peak, abs(sample))
                    guard channels == 2 else {
                        frames[index] = sample
                        continue
                    }
                    let leftSample = left?[index] ?? 0
                    peak = max(peak, abs(leftSample))
                    frames[2 * index] = leftSample
                    frames[2 * index + 1] = sample
                }
            }
        }
        self.peak = peak
        try frames.withUnsafeBufferPointer { try destination.write(UnsafeBufferPointer(rebasing: $0[0..<(count * channels)])) }
        framesWritten += Int64(count)
    }
}
