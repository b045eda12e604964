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

/// Writes a mono or multichannel float stream to a sound file through libsndfile.
public final class SoundFileWriter: AudioOutput {
    public let format: AudioFormat
    private var file: OpaquePointer?
    private let name: String
    private let container: SoundFileContainer
    /// Frames written so far.
    public private(set) var frameCount: Int64 = 0
    /// The descriptor whose writeback is started as it goes (-1: none), and the bytes since.
    private let writebackDescriptor: Int32
    private var unflushedBytes = 0

    /// Whether libsndfile accepts the container and encoding pair.
    public static func accepts(_ container: SoundFileContainer, _ encoding: SampleEncoding, format: AudioFormat) -> Bool {
        var info = SF_INFO()
        info.samplerate = Int32(format.sampleRate)
        info.channels = Int32(format.channelCount)
        info.format = container.major | encoding.subtype
        return sf_format_check(&info) == 1
    }

    /// Opens a writer on an open file descriptor, which it closes when finished.
    /// - Parameters:
    ///   - name: how errors name the file.
    ///   - startsWriteback: hand what is written to the disk every 16 MiB as it goes (a file that
    ///     is flushed before its rename then waits only for its last part).
    public init(
        fileDescriptor: Int32, name: String, format: AudioFormat, container: SoundFileContainer, encoding: SampleEncoding,
        startsWriteback: Bool = false
    ) throws(SoundFileError) {
        self.format = format
        self.name = name
        self.container = container
        writebackDescriptor = startsWriteback ? fileDescriptor : -1
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
        frameCount += Int64(written)
        if writebackDescriptor >= 0 {
            unflushedBytes += samples.count * 4
            if unflushedBytes >= 16 << 20 {
                // Linux starts writing the dirty pages back without waiting (and forgets them once
                // written): the disk takes them while the render goes on.
                _ = posix_fadvise(writebackDescriptor, 0, 0, POSIX_FADV_DONTNEED)
                unflushedBytes = 0
            }
        }
    }

    public func finish() throws {
        guard let file else { return }
        self.file = nil
        // libsndfile writes a FLAC stream's header with its first frame: a render of no frame
        // would leave an empty file, which nothing reads. Its header alone is a FLAC file of
        // unknown length that decodes to no frame (`SoundFileReader` counts it).
        if frameCount == 0, container == .flac { sf_command(file, Int32(SFC_UPDATE_HEADER_NOW), nil, 0) }
        let status = sf_close(file)
        guard status == 0 else {
            throw SoundFileError(context: "cannot finish \(name)", reason: String(cString: sf_error_number(status)))
        }
    }

    deinit {
        if let file { sf_close(file) }
    }
}

