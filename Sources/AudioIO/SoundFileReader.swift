#if canImport(Glibc)
import Glibc
#endif
import AudioCore
import CSndFile

/// The one way hapsynth reads a sound file (docs/files-and-limits.md, "Sound files"): a regular
/// file opened without blocking, its size, frames, rate and channels checked on the opened
/// descriptor against `SoundLimits` before anything is sized by them, then read through
/// libsndfile a block at a time as floats (PCM scaled into −1…1), NaN and ±infinity read as 0 and
/// counted.
public final class SoundFileReader: SoundStream {
    public let format: AudioFormat
    /// Frames in the file, as its header says (no more than its size can hold).
    public let frameCount: Int64
    /// The container and encoding, when they are ones hapsynth writes.
    public let container: SoundFileContainer?
    public let encoding: SampleEncoding?
    /// Whether a seek lands on exactly the frame asked for: samples stored uncompressed (PCM,
    /// float, µ-law, A-law), a fixed number of bytes a frame.
    public let seeksExactly: Bool
    public private(set) var silencedSampleCount = 0
    /// The frame (from 0) of the first NaN or infinite sample read, if any.
    public private(set) var firstSilencedFrame: Int64?
    /// The frames a WAV file's `data` chunk says it holds, when that is more than the file does
    /// (libsndfile counts a truncated file's frames from its size, so it reads as whole); nil else.
    public private(set) var declaredFrameCount: Int64?
    /// What the MP3 decoder (libmpg123) noted while the file was opened and read, in order.
    public private(set) var decoderNotes: [String] = []
    /// Whether the file is an MP3, whose decoder's notes are caught (`DecoderNotes`).
    private let catchesNotes: Bool
    /// The frame the next read starts at.
    private var position: Int64 = 0
    private let file: OpaquePointer
    private let path: String

    /// Opens the regular file at `path`; anything else (a FIFO, a device, a folder) is refused at
    /// once, never waited on, and so is a file whose size or header is outside `limits`.
    public init(path: String, limits: SoundLimits = .recordings) throws(SoundFileError) {
        self.path = path
        func refuse(_ reason: String) -> SoundFileError { SoundFileError(context: "cannot read \(path)", reason: reason) }
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw refuse(String(cString: strerror(errno))) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            throw refuse("it is not a regular file")
        }
        let bytes = Int64(status.st_size)
        if let maxBytes = limits.maxBytes, bytes > Int64(maxBytes) {
            close(descriptor)
            throw refuse("it is \(bytes) bytes, over the \(Self.mebibytes(maxBytes)) a sound may be")
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        var info = SF_INFO()
        catchesNotes = DecoderNotes.looksLikeMP3(descriptor)
        let (opened, notes) = catchesNotes ? DecoderNotes.catching { sf_open_fd(descriptor, Int32(SFM_READ), &info, Int32(SF_TRUE)) }
            : (sf_open_fd(descriptor, Int32(SFM_READ), &info, Int32(SF_TRUE)), [])
        guard let file = opened else {
            let reason = String(cString: sf_strerror(nil))
            // libsndfile says a regular file whose decoder gave up "does not exist": say what it is.
            guard reason.hasPrefix("File does not exist") else { throw refuse(reason) }
            throw refuse("it is not a sound libsndfile can decode (\(bytes) bytes\(bytes < 1_024 ? ", too short for one" : "")"
                + (notes.first.map { "; the MP3 decoder: \($0)" } ?? "") + ")")
        }
        decoderNotes = notes
        declaredFrameCount = Self.wavDataFrames(descriptor: descriptor, bytes: bytes)
        let rate = Int(info.samplerate), channels = Int(info.channels)
        let problem: String?
        if !limits.sampleRates.contains(rate) {
            problem = "its header gives \(rate) Hz, outside \(limits.sampleRates.lowerBound)-\(limits.sampleRates.upperBound) Hz"
        } else if !limits.channelCounts.contains(channels) {
            problem = "its header gives \(channels) channels, outside \(limits.channelCounts.lowerBound)-\(limits.channelCounts.upperBound)"
        } else {
            problem = Self.framesProblem(info, bytes: bytes)
        }
        if let problem {
            sf_close(file)
            throw refuse(problem)
        }
        self.file = file
        format = AudioFormat(sampleRate: rate, channelCount: channels)
        if info.frames == Int64.max {
            // A FLAC stream whose header leaves its length unknown (written to a pipe, or holding no
            // frame at all): counted by decoding it, bounded by what its bytes can hold.
            guard let counted = Self.countFrames(file, channels: channels, most: bytes.multipliedReportingOverflow(by: SoundLimits.compressedFramesPerByte)) else {
                sf_close(file)
                throw refuse("its header leaves its length unknown and it cannot be decoded to its end")
            }
            frameCount = counted
        } else {
            frameCount = info.frames
        }
        let major = info.format & Int32(SF_FORMAT_TYPEMASK), subtype = info.format & Int32(SF_FORMAT_SUBMASK)
        container = major == Int32(SF_FORMAT_WAV) ? .wav : SoundFileContainer.allCases.first { $0.major == major }
        encoding = SampleEncoding.allCases.first { $0.subtype == subtype }
        seeksExactly = Self.bytesPerSample(info.format) != nil
    }

    /// The frames a stream of unknown length decodes to (at most `most`), the file then rewound;
    /// nil when decoding fails midway or passes `most`.
    private static func countFrames(_ file: OpaquePointer, channels: Int, most: (partialValue: Int64, overflow: Bool)) -> Int64? {
        let limit = most.overflow ? Int64.max : most.partialValue
        var block = [Float](repeating: 0, count: 8_192 * channels)
        var frames: Int64 = 0
        while true {
            let read = Int64(sf_readf_float(file, &block, 8_192))
            guard read > 0 else { break }
            frames += read
            guard frames <= limit else { return nil }
        }
        guard frames > 0 else { return 0 }  // a header alone: libsndfile calls its end an error
        guard sf_error(file) == 0, sf_seek(file, 0, SEEK_SET) == 0 else { return nil }
        return frames
    }

    /// Why a header's frame count cannot be true of a file of `bytes` bytes (PCM: its bytes per
    /// frame; compressed: `SoundLimits.compressedFramesPerByte`), or nil.
    private static func framesProblem(_ info: SF_INFO, bytes: Int64) -> String? {
        guard info.frames >= 0 else { return "its header gives \(info.frames) frames" }
        guard info.frames != Int64.max else { return nil }  // unknown: counted by decoding
        // FLAC and Ogg name their decoded sample type; their bytes are compressed.
        let (most, overflow) = bytesPerSample(info.format).map { (bytes / ($0 * Int64(info.channels)), false) }
            ?? bytes.multipliedReportingOverflow(by: SoundLimits.compressedFramesPerByte)
        guard !overflow, info.frames > most else { return nil }
        return "its header gives \(info.frames) frames, more than its \(bytes) bytes can hold"
    }

    /// The bytes each sample of a file of libsndfile's `format` takes, when they are stored
    /// uncompressed; nil for compressed ones (FLAC and Ogg name their decoded sample type).
    private static func bytesPerSample(_ format: Int32) -> Int64? {
        guard ![SF_FORMAT_FLAC, SF_FORMAT_OGG, SF_FORMAT_MPEG].contains(Int(format & Int32(SF_FORMAT_TYPEMASK))) else { return nil }
        return switch format & Int32(SF_FORMAT_SUBMASK) {
        case Int32(SF_FORMAT_PCM_S8), Int32(SF_FORMAT_PCM_U8), Int32(SF_FORMAT_ULAW), Int32(SF_FORMAT_ALAW): 1
        case Int32(SF_FORMAT_PCM_16): 2
        case Int32(SF_FORMAT_PCM_24): 3
        case Int32(SF_FORMAT_PCM_32), Int32(SF_FORMAT_FLOAT): 4
        case Int32(SF_FORMAT_DOUBLE): 8
        default: nil
        }
    }

    /// The frames a RIFF WAV's `data` chunk declares, when it declares more bytes than the file
    /// holds after it (a file cut short); nil for anything else (0 or 0xFFFFFFFF: a stream's).
    private static func wavDataFrames(descriptor: Int32, bytes: Int64) -> Int64? {
        var head = [UInt8](repeating: 0, count: 4_096)
        let count = pread(descriptor, &head, head.count, 0)
        guard count >= 12, head[0..<4] == ArraySlice("RIFF".utf8), head[8..<12] == ArraySlice("WAVE".utf8) else { return nil }
        func u32(_ at: Int) -> Int64 { (0..<4).reduce(0) { $0 | Int64(head[at + $1]) << (8 * $1) } }
        var offset = 12, blockAlign: Int64 = 0
        while offset + 8 <= count {
            let id = String(decoding: head[offset..<offset + 4], as: UTF8.self), size = u32(offset + 4)
            if id == "fmt ", offset + 22 <= count { blockAlign = Int64(head[offset + 20]) | Int64(head[offset + 21]) << 8 }
            if id == "data" {
                let available = bytes - Int64(offset + 8)
                guard blockAlign > 0, size != 0, size != 0xFFFF_FFFF, size > available else { return nil }
                return size / blockAlign
            }
            offset += 8 + Int(size) + Int(size & 1)
        }
        return nil
    }

    /// `64 MiB`.
    private static func mebibytes(_ bytes: Int) -> String { bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes" }

    /// Reads up to `buffer.count / channelCount` frames; returns how many frames were read (0 at
    /// the end). NaN and ±infinity are read as 0 (and counted in `silencedSampleCount`).
    public func read(into buffer: UnsafeMutableBufferPointer<Float>) -> Int {
        guard let base = buffer.baseAddress, buffer.count >= format.channelCount else { return 0 }
        let wanted = sf_count_t(buffer.count / format.channelCount)
        let frames: Int
        if catchesNotes {
            let (read, notes) = DecoderNotes.catching { sf_readf_float(file, base, wanted) }
            (frames, decoderNotes) = (max(0, Int(read)), decoderNotes + notes.prefix(max(0, DecoderNotes.maxNotes - decoderNotes.count)))
        } else {
            frames = max(0, Int(sf_readf_float(file, base, wanted)))
        }
        var silenced = 0
        for index in 0..<(frames * format.channelCount) where !buffer[index].isFinite {
            buffer[index] = 0
            if silenced == 0, firstSilencedFrame == nil { firstSilencedFrame = position + Int64(index / format.channelCount) }
            silenced += 1
        }
        silencedSampleCount += silenced
        position += Int64(frames)
        return frames
    }

    public func seek(toFrame frame: Int64) throws(SoundFileError) {
        guard sf_seek(file, sf_count_t(frame), SEEK_SET) == frame else {
            throw SoundFileError(context: "cannot read \(path)", reason: String(cString: sf_strerror(file)))
        }
        position = frame
    }

    /// The file's samples one array per channel, at most `maxFrames` frames of them (nil: all),
    /// read a block at a time: memory follows what the file holds, never what its header claims.
    public func readChannels(maxFrames: Int? = nil) -> [[Float]] {
        let count = format.channelCount
        let interleaved = readInterleaved(maxFrames: maxFrames)
        return (0..<count).map { channel in stride(from: channel, to: interleaved.count, by: count).map { interleaved[$0] } }
    }

    /// Every sample of the file, interleaved.
    public func readAll() -> [Float] { readInterleaved(maxFrames: nil) }

    /// Up to `maxFrames` frames (nil: to the end), interleaved, read in blocks of 64 Ki frames.
    private func readInterleaved(maxFrames: Int?) -> [Float] {
        let channels = format.channelCount
        var remaining = min(Int(clamping: frameCount), maxFrames ?? .max)
        var samples: [Float] = []
        var block = [Float](repeating: 0, count: 65_536 * channels)
        while remaining > 0 {
            let frames = block.withUnsafeMutableBufferPointer { read(into: UnsafeMutableBufferPointer(rebasing: $0[0..<(min(remaining, 65_536) * channels)])) }
            guard frames > 0 else { break }
            samples += block[0..<(frames * channels)]
            remaining -= frames
        }
        return samples
    }

    deinit { sf_close(file) }
}

/// AudioIO's `SoundOpener`: libsndfile behind `SoundFileReader`.
public struct SoundFileOpener: SoundOpener {
    public init() {}

    public func open(_ path: String, limits: SoundLimits) throws(SoundFileError) -> any SoundStream {
        try SoundFileReader(path: path, limits: limits)
    }
}
