/// What a sound file read for playback or comparison may be (docs/files-and-limits.md, "Sound
/// files"): each figure is checked on the opened file before any buffer is sized by it.
public struct SoundLimits: Hashable, Sendable {
    /// The largest file, in bytes; nil: no limit on the bytes (a golden of a long render).
    public var maxBytes: Int?
    /// The rates a header may give, in Hz.
    public var sampleRates: ClosedRange<Int> = 1_000...384_000
    /// The channel counts a header may give.
    public var channelCounts: ClosedRange<Int> = 1...8

    public init(maxBytes: Int?) { self.maxBytes = maxBytes }

    /// A sound an AHAP file plays (`AudioCustom`): at most 64 MiB.
    public static let sounds = SoundLimits(maxBytes: 64 << 20)
    /// A golden or a render read back: any size, the header's figures checked.
    public static let recordings = SoundLimits(maxBytes: nil)

    /// The most frames any byte of a compressed file (FLAC, Ogg Vorbis) can decode to: a FLAC frame
    /// of constant subframes holds 65,535 frames in about 11 bytes, a Vorbis page of 255 one-byte
    /// packets about 1,000 frames a byte (derived from the two formats' specifications, rounded up).
    public static let compressedFramesPerByte: Int64 = 8_192
}

/// A sound file that cannot be opened or read, with the reason (libsndfile's own where it gives one).
public struct SoundFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What hapsynth was doing (`cannot open out.wav`).
    public let context: String
    /// Why it failed.
    public let reason: String

    public init(context: String, reason: String) {
        self.context = context
        self.reason = reason
    }

    public var description: String { "\(context): \(reason)" }
}

/// A sound file open for reading a block at a time, its header already checked against
/// `SoundLimits`. Samples are floats in −1…1 (PCM scaled); NaN and ±infinity are read as 0 and
/// counted.
public protocol SoundStream: AnyObject {
    /// The file's rate and channels.
    var format: AudioFormat { get }
    /// Frames the file holds, as its header says (no more than its size can hold).
    var frameCount: Int64 { get }
    /// Samples read so far that were NaN or infinite, and were read as 0.
    var silencedSampleCount: Int { get }
    /// Reads up to `buffer.count / channelCount` frames, interleaved; returns the frames read
    /// (0 at the end).
    func read(into buffer: UnsafeMutableBufferPointer<Float>) throws(SoundFileError) -> Int
    /// Moves to frame `frame` (the next read starts there).
    func seek(toFrame frame: Int64) throws(SoundFileError)
}

/// Opens sound files for reading: injected into playback (HapsynthKit passes AudioIO's
/// libsndfile reader), so the modules that play sounds link no audio library.
public protocol SoundOpener: Sendable {
    /// Opens the regular file at `path`, refusing it (before any buffer is sized) when its size,
    /// frames, rate or channels are outside `limits`.
    func open(_ path: String, limits: SoundLimits) throws(SoundFileError) -> any SoundStream
}

/// A sound held in memory (an audio resource registered with an engine, read once): its format
/// and interleaved samples.
public struct SoundResource: Sendable {
    public let format: AudioFormat
    public let samples: [Float]

    public init(format: AudioFormat, samples: [Float]) {
        self.format = format
        self.samples = samples
    }

    /// Frames it holds.
    public var frameCount: Int64 { Int64(samples.count / max(1, format.channelCount)) }

    /// A stream over it.
    public func stream() -> any SoundStream { MemorySoundStream(self) }
}

/// Reads a `SoundResource` as a file is read.
final class MemorySoundStream: SoundStream {
    let resource: SoundResource
    private var position = 0

    init(_ resource: SoundResource) { self.resource = resource }

    var format: AudioFormat { resource.format }
    var frameCount: Int64 { resource.frameCount }
    var silencedSampleCount: Int { 0 }

    func read(into buffer: UnsafeMutableBufferPointer<Float>) throws(SoundFileError) -> Int {
        let channels = max(1, format.channelCount)
        let frames = min(buffer.count / channels, resource.samples.count / channels - position)
        guard frames > 0 else { return 0 }
        for index in 0..<(frames * channels) { buffer[index] = resource.samples[position * channels + index] }
        position += frames
        return frames
    }

    func seek(toFrame frame: Int64) throws(SoundFileError) { position = Int(clamping: max(0, min(frame, frameCount))) }
}

/// Opens registered resources by name, and anything else with `files`.
public struct ResourceOpener: SoundOpener {
    public let resources: [String: SoundResource]
    public let files: (any SoundOpener)?

    public init(resources: [String: SoundResource], files: (any SoundOpener)?) {
        self.resources = resources
        self.files = files
    }

    public func open(_ path: String, limits: SoundLimits) throws(SoundFileError) -> any SoundStream {
        if let resource = resources[path] { return resource.stream() }
        guard let files else { throw SoundFileError(context: "cannot read \(path)", reason: "no sound reader was given") }
        return try files.open(path, limits: limits)
    }
}
