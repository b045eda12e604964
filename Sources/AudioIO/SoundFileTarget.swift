#if canImport(Glibc)
import Glibc
#endif
import AudioCore

/// The one way hapsynth writes a sound file (docs/files-and-limits.md "Atomic output"): a regular
/// file appears only when complete (written beside the target under a temporary name, then
/// renamed into place); a FIFO, a device or `-` (standard output) is written through. WAV cannot
/// be streamed to a pipe: libsndfile seeks back to finish its header.
public enum SoundFileTarget {
    /// Opens `path`, lets `body` write the file, finishes it and puts it in place.
    /// - Throws: `OutputError`: `.stopped` when `body` throws `RenderStopped` (nothing is left at
    ///   the target), `.cannotCreate` or `.cannotStreamWAV` before any sample, `.failed` midway.
    public static func write<Result>(
        to path: String, format: AudioFormat, container: SoundFileContainer, encoding: SampleEncoding,
        _ body: (SoundFileWriter) throws -> Result
    ) throws(OutputError) -> Result {
        try write([Target(path: path, format: format, container: container, encoding: encoding)]) { writers in try body(writers[0]) }
    }

    /// One file to write.
    public struct Target: Sendable {
        public let path: String
        public let format: AudioFormat
        public let container: SoundFileContainer
        public let encoding: SampleEncoding

        public init(path: String, format: AudioFormat, container: SoundFileContainer, encoding: SampleEncoding) {
            self.path = path
            self.format = format
            self.container = container
            self.encoding = encoding
        }
    }

    /// Opens every target, lets `body` write them (one pass of a render feeding several files),
    /// finishes them, and puts them in place only when all are complete, with `texts` (reserved
    /// before, and written by `body`) right after: a failure or a stop leaves every target as it was.
    /// - Parameter durable: flush each file to the disk as it is written and before its rename (false for
    ///   a scratch render that is compared and thrown away).
    public static func write<Result>(
        _ targets: [Target], texts: [ReservedText] = [], durable: Bool = true, _ body: ([SoundFileWriter]) throws -> Result
    ) throws(OutputError) -> Result {
        var opened: [OutputFile] = []
        defer { opened.forEach { $0.discard() } }
        var writers: [SoundFileWriter] = []
        for target in targets {
            let file = try OutputFile.opening(target.path, durable: durable)
            opened.append(file)
            if file.isStream, target.container == .wav, lseek(file.fileDescriptor, 0, SEEK_CUR) < 0 {
                close(file.fileDescriptor)
                throw .cannotStreamWAV(path: target.path)
            }
            guard SoundFileWriter.accepts(target.container, target.encoding, format: target.format) else {
                close(file.fileDescriptor)
                throw .cannotCreate("cannot write \(target.path): \(target.container.rawValue) does not accept \(target.encoding.rawValue) samples")
            }
            do {
                writers.append(try SoundFileWriter(fileDescriptor: file.fileDescriptor, name: target.path, format: target.format,
                                                   container: target.container, encoding: target.encoding, startsWriteback: durable && !file.isStream))
            } catch {
                throw .failed("\(error)")  // the file was made: writing its header failed (a full disk)
            }
        }
        let result: Result
        do {
            result = try body(writers)
            for writer in writers { try writer.finish() }
        } catch is RenderStopped {
            throw .stopped
        } catch let error as OutputError {
            throw error
        } catch {
            throw .failed("\(error)")
        }
        for file in opened { try file.committing() }
        try ReservedText.commit(texts)
        return result
    }
}

/// Writes a text output (a picture, a report) the way sound files are written: atomically beside
/// its target, or through to a FIFO, a device or `-` (standard output).
public enum TextOutput {
    /// - Parameter what: what the text is, for messages (`picture`, `JUnit report`).
    public static func write(_ text: String, to path: String, what: String) throws(OutputError) {
        try write(pieces: { $0(text) }, to: path, what: what)
    }

    /// Writes the text `produce` gives piece by piece (`ReservedText.write(pieces:)`), atomically.
    public static func write(pieces produce: ((String) -> Void) -> Void, to path: String, what: String) throws(OutputError) {
        let reserved = try ReservedText(path: path, what: what)
        try reserved.write(pieces: produce)
        try reserved.commit()
    }
}

/// A text output of a run that writes several (docs/files-and-limits.md "Atomic output"): its
/// temporary file is made when the run starts, so that a run whose outputs cannot all be written
/// fails before it replaces any; its text is written when known, and all are put in place
/// together at the end. Dropped uncommitted, it leaves its target as it was.
public final class ReservedText {
    public let path: String
    /// What the text is, for messages (`sync report`, `JUnit report`).
    public let what: String
    private let file: OutputFile
    private var written = false

    /// Makes the temporary file beside `path` (or opens a stream); nothing is at `path` yet.
    public init(path: String, what: String) throws(OutputError) {
        self.path = path
        self.what = what
        file = try OutputFile.opening(path, lead: "cannot write the \(what): ")
    }

    /// Reserves every output at once: all of them, or none (the ones made are dropped).
    public static func reserving(_ outputs: [(path: String, what: String)]) throws(OutputError) -> [ReservedText] {
        var reserved: [ReservedText] = []
        for output in outputs { reserved.append(try ReservedText(path: output.path, what: output.what)) }
        return reserved
    }

    /// Writes the whole text (once).
    public func write(_ text: String) throws(OutputError) {
        try write { $0(text) }
    }

    /// Writes (once) the text `produce` gives piece by piece, 64 KiB at a time, so that a long text
    /// is never whole in memory.
    public func write(pieces produce: (_ emit: (String) -> Void) -> Void) throws(OutputError) {
        precondition(!written, "a reserved text is written once")
        written = true
        var buffer: [UInt8] = [], failure: String?
        func flush() {
            var offset = 0
            while failure == nil, offset < buffer.count {
                let count = buffer[offset...].withUnsafeBytes { Glibc.write(file.fileDescriptor, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else {
                    failure = String(cString: strerror(errno))
                    break
                }
                offset += count
            }
            buffer.removeAll(keepingCapacity: true)
        }
        produce { piece in
            buffer += piece.utf8
            if buffer.count >= 65_536 { flush() }
        }
        flush()
        close(file.fileDescriptor)
        if let failure { throw .failed("cannot write the \(what) to \(path): \(failure)") }
    }

    /// Puts the written text in place.
    public func commit() throws(OutputError) {
        precondition(written, "a reserved text is written before it is put in place")
        try file.committing(lead: "cannot write the \(what): ")
    }

    /// Puts every text in place, in order.
    public static func commit(_ texts: [ReservedText]) throws(OutputError) {
        for text in texts { try text.commit() }
    }

    deinit {
        if !written { close(file.fileDescriptor) }
        file.discard()
    }
}

extension OutputFile {
    /// Opens `path` as an output; a failure is `.cannotCreate`, its reason after `lead`.
    static func opening(_ path: String, lead: String = "", durable: Bool = true) throws(OutputError) -> OutputFile {
        do {
            return try OutputFile(path: path, durable: durable)
        } catch {
            throw .cannotCreate(lead + "\(error)")
        }
    }

    /// Puts the finished file in place; a failure is `.cannotCreate`, its reason after `lead`.
    func committing(lead: String = "") throws(OutputError) {
        do {
            try commit()
        } catch {
            throw .cannotCreate(lead + "\(error)")
        }
    }
}

/// An output that could not be written.
public enum OutputError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The output cannot be created or put in place (nothing was written there).
    case cannotCreate(String)
    /// WAV asked of a pipe or standard output, which cannot seek.
    case cannotStreamWAV(path: String)
    /// Writing failed midway (a regular file is left as it was).
    case failed(String)
    /// The caller stopped the work (Ctrl-C); nothing was left at the target.
    case stopped

    public var description: String {
        switch self {
        case .cannotCreate(let text), .failed(let text): return text
        case .cannotStreamWAV(let path):
            return "cannot stream WAV to \(path == "-" ? "standard output" : path): libsndfile must seek to finish a WAV header, "
                + "which a pipe cannot; write FLAC (or to a file)"
        case .stopped: return "stopped"
        }
    }
}
