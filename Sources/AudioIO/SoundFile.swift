#if canImport(Glibc)
import Glibc
#endif
import AudioCore
import CSndFile

/// The containers hapsynth writes and reads through libsndfile.
public enum SoundFileContainer: String, CaseIterable, Sendable {
    case wav, flac, ogg

    /// The container named by a path's extension (`.wav`, `.flac`, `.ogg`), case-insensitively.
    public init?(pathExtension path: String) {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        self.init(rawValue: path[path.index(after: dot)...].lowercased())
    }

    /// The default encoding: WAV 32-bit float, FLAC 24-bit PCM, OGG Vorbis (docs/files-and-limits.md).
    public var defaultEncoding: SampleEncoding {
        switch self {
        case .wav: return .float
        case .flac: return .pcm24
        case .ogg: return .vorbis
        }
    }

    /// libsndfile's major format. WAV is written as RF64 that downgrades itself to a plain WAV
    /// file unless it passes 4 GiB.
    var major: Int32 {
        switch self {
        case .wav: return Int32(SF_FORMAT_RF64)
        case .flac: return Int32(SF_FORMAT_FLAC)
        case .ogg: return Int32(SF_FORMAT_OGG)
        }
    }
}

/// Sample encodings (libsndfile subtypes).
public enum SampleEncoding: String, CaseIterable, Sendable {
    case float, pcm16, pcm24, vorbis

    var subtype: Int32 {
        switch self {
        case .float: return Int32(SF_FORMAT_FLOAT)
        case .pcm16: return Int32(SF_FORMAT_PCM_16)
        case .pcm24: return Int32(SF_FORMAT_PCM_24)
        case .vorbis: return Int32(SF_FORMAT_VORBIS)
        }
    }
}

/// A libsndfile failure, with libsndfile's own message (`sf_strerror`).
public struct SoundFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What hapsynth was doing (`cannot open out.wav`).
    public let context: String
    /// libsndfile's reason.
    public let reason: String

    public var description: String { "\(context): \(reason)" }
}

/// Writes a mono or multichannel float stream to a sound file through libsndfile.
public final class SoundFileWriter: AudioOutput {
    public let format: AudioFormat
    private var file: OpaquePointer?
    private let name: String

    /// Whether libsndfile accepts the container and encoding pair.
    public static func accepts(_ container: SoundFileContainer, _ encoding: SampleEncoding, format: AudioFormat) -> Bool {
        var info = SF_INFO()
        info.samplerate = Int32(format.sampleRate)
        info.channels = Int32(format.channelCount)
        info.format = container.major | encoding.subtype
        return sf_format_check(&info) == 1
    }

    /// Opens a writer on an open file descriptor, which it closes when finished.
    /// - Parameter name: how errors name the file.
    public init(
        fileDescriptor: Int32, name: String, format: AudioFormat, container: SoundFileContainer, encoding: SampleEncoding
    ) throws(SoundFileError) {
        self.format = format
        self.name = name
        var info = SF_INFO()
        info.samplerate = Int32(format.sampleRate)
        info.channels = Int32(format.channelCount)
        info.format = container.major | encoding.subtype
        guard sf_format_check(&info) == 1 else {
            throw SoundFileError(context: "cannot write \(name)", reason: "\(container.rawValue) does not accept \(encoding.rawValue) samples")
        }
        guard let file = sf_open_fd(fileDescriptor, Int32(SFM_WRITE), &info, Int32(SF_TRUE)) else {
            throw SoundFileError(context: "cannot open \(name)", reason: String(cString: sf_strerror(nil)))
        }
        self.file = file
        if container == .wav { sf_command(file, Int32(SFC_RF64_AUTO_DOWNGRADE), nil, Int32(SF_TRUE)) }
        if encoding != .float { sf_command(file, Int32(SFC_SET_CLIPPING), nil, Int32(SF_TRUE)) }
    }

    public func write(_ samples: UnsafeBufferPointer<Float>) throws {
        guard let file, let base = samples.baseAddress else { return }
        let frames = sf_count_t(samples.count / format.channelCount)
        let written = sf_writef_float(file, base, frames)
        guard written == frames else {
            throw SoundFileError(context: "cannot write \(name)", reason: String(cString: sf_strerror(file)))
        }
    }

    public func finish() throws {
        guard let file else { return }
        self.file = nil
        let status = sf_close(file)
        guard status == 0 else {
            throw SoundFileError(context: "cannot finish \(name)", reason: String(cString: sf_error_number(status)))
        }
    }

    deinit {
        if let file { sf_close(file) }
    }
}

/// Reads a sound file through libsndfile as float samples (PCM is scaled into −1…1).
public final class SoundFileReader {
    public let format: AudioFormat
    /// Frames in the file.
    public let frameCount: Int64
    /// The container and encoding, when they are ones hapsynth writes.
    public let container: SoundFileContainer?
    public let encoding: SampleEncoding?
    private let file: OpaquePointer

    /// Opens a regular file; anything else (a FIFO, a device, a folder) is refused at once,
    /// never waited on.
    public init(path: String) throws(SoundFileError) {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw SoundFileError(context: "cannot read \(path)", reason: String(cString: strerror(errno))) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            throw SoundFileError(context: "cannot read \(path)", reason: "it is not a regular file")
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        var info = SF_INFO()
        guard let file = sf_open_fd(descriptor, Int32(SFM_READ), &info, Int32(SF_TRUE)) else {
            throw SoundFileError(context: "cannot read \(path)", reason: String(cString: sf_strerror(nil)))
        }
        self.file = file
        format = AudioFormat(sampleRate: Int(info.samplerate), channelCount: Int(info.channels))
        frameCount = info.frames
        let major = info.format & Int32(SF_FORMAT_TYPEMASK), subtype = info.format & Int32(SF_FORMAT_SUBMASK)
        container = major == Int32(SF_FORMAT_WAV) ? .wav : SoundFileContainer.allCases.first { $0.major == major }
        encoding = SampleEncoding.allCases.first { $0.subtype == subtype }
    }

    /// Reads up to `buffer.count / channelCount` frames; returns how many frames were read (0 at the end).
    public func read(into buffer: UnsafeMutableBufferPointer<Float>) -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        return Int(sf_readf_float(file, base, sf_count_t(buffer.count / format.channelCount)))
    }

    /// The file's samples one array per channel, at most `maxFrames` frames of them (nil: all).
    public func readChannels(maxFrames: Int? = nil) -> [[Float]] {
        let count = format.channelCount
        let frames = min(Int(frameCount), maxFrames ?? Int.max)
        var interleaved = [Float](repeating: 0, count: frames * count)
        let read = interleaved.withUnsafeMutableBufferPointer { self.read(into: $0) }
        return (0..<count).map { channel in stride(from: channel, to: read * count, by: count).map { interleaved[$0] } }
    }

    /// Every sample of the file.
    public func readAll() -> [Float] {
        var samples = [Float](repeating: 0, count: Int(frameCount) * format.channelCount)
        let frames = samples.withUnsafeMutableBufferPointer { read(into: $0) }
        samples.removeLast(samples.count - frames * format.channelCount)
        return samples
    }

    deinit { sf_close(file) }
}
