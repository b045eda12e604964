#if canImport(Glibc)
import Glibc
#endif

/// A file written under a temporary name beside its target and renamed into place only when
/// complete (docs/files-and-limits.md "Atomic output"): `.<name>.hapsynth-XXXXXX`.
public final class AtomicFile {
    /// The path the finished file gets.
    public let targetPath: String
    /// The temporary file being written.
    public let temporaryPath: String
    /// The open descriptor of the temporary file (hand it to a writer, which closes it).
    public let fileDescriptor: Int32
    /// A second descriptor of the temporary file, kept to flush it to the disk before the rename
    /// (-1 for a file that need not outlive a crash).
    private let syncDescriptor: Int32
    private var settled = false
    /// Whether the file and its folder are flushed to the disk around the rename.
    public let durable: Bool

    /// Creates the temporary file; nothing exists at the target yet.
    /// - Parameter durable: flush the file and its folder to the disk around the rename (false for
    ///   a scratch render that is compared and thrown away).
    /// - Throws: `AtomicFileError.cannotCreate` with the system's reason.
    public init(targetPath: String, durable: Bool = true) throws(AtomicFileError) {
        self.targetPath = targetPath
        self.durable = durable
        let slash = targetPath.lastIndex(of: "/")
        let directory = slash.map { String(targetPath[...$0]) } ?? ""
        let name = slash.map { String(targetPath[targetPath.index(after: $0)...]) } ?? targetPath
        var template = Array("\(directory).\(Self.shortened(name)).hapsynth-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw .cannotCreate(path: targetPath, reason: String(cString: strerror(errno)))
        }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        fileDescriptor = descriptor
        syncDescriptor = durable ? fcntl(descriptor, F_DUPFD_CLOEXEC, 0) : -1
        temporaryPath = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    /// The name's first bytes, cut at a character boundary so that `.<name>.hapsynth-XXXXXX` fits
    /// in NAME_MAX (255 bytes) whatever the target's name.
    static func shortened(_ name: String) -> String {
        let limit = 255 - ".".utf8.count - ".hapsynth-XXXXXX".utf8.count
        guard name.utf8.count > limit else { return name }
        var result = ""
        for character in name {
            guard result.utf8.count + String(character).utf8.count <= limit else { break }
            result.append(character)
        }
        return result
    }

    /// Gives the temporary file the target's permissions (an existing target's, else 0666 less the
    /// umask), flushes it to the disk, renames it over the target and flushes the folder, so that
    /// a crash leaves the old file or the new one, never an empty one.
    public func commit() throws(AtomicFileError) {
        if syncDescriptor >= 0 {
            let synced = fdatasync(syncDescriptor) == 0 || errno == EINVAL
            let reason = String(cString: strerror(errno))
            close(syncDescriptor)
            guard synced else {
                settled = true
                unlink(temporaryPath)
                throw .cannotCreate(path: targetPath, reason: reason)
            }
        }
        var existing = stat()
        let mode: mode_t
        if stat(targetPath, &existing) == 0 {
            mode = existing.st_mode & 0o7777
        } else {
            mode = 0o666 & ~FileCreationMask.value
        }
        guard chmod(temporaryPath, mode) == 0, rename(temporaryPath, targetPath) == 0 else {
            let reason = String(cString: strerror(errno))
            settled = true
            unlink(temporaryPath)
            throw .cannotCreate(path: targetPath, reason: reason)
        }
        settled = true
        guard durable else { return }
        let slash = targetPath.lastIndex(of: "/")
        let folder = slash.map { $0 == targetPath.startIndex ? "/" : String(targetPath[..<$0]) } ?? "."
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if descriptor >= 0 {
            _ = fsync(descriptor)
            close(descriptor)
        }
    }

    /// Removes the temporary file; the target is untouched.
    public func discard() {
        guard !settled else { return }
        settled = true
        if syncDescriptor >= 0 { close(syncDescriptor) }
        unlink(temporaryPath)
    }

    deinit { discard() }
}

/// A failure to create or place an output file.
public enum AtomicFileError: Error, Equatable, Sendable, CustomStringConvertible {
    case cannotCreate(path: String, reason: String)

    public var description: String {
        switch self {
        case let .cannotCreate(path, reason): return "cannot create \(path): \(reason)"
        }
    }
}

/// Where a render's bytes go (docs/files-and-limits.md "Atomic output"): a regular or new file is written
/// atomically (through a symbolic link, at the link's target, which it replaces); a FIFO, a
/// character device (`/dev/null`), a socket or `-` (standard output) is written through and never
/// renamed over.
public final class OutputFile {
    /// The path as given.
    public let path: String
    /// The descriptor to write (a writer takes it and closes it).
    public let fileDescriptor: Int32
    /// Whether the output is written through (a stream), not renamed into place.
    public let isStream: Bool
    private let atomic: AtomicFile?

    /// Opens the output without blocking (a FIFO without a reader is an error, not a hang);
    /// `durable` as for `AtomicFile`.
    public init(path: String, durable: Bool = true) throws(AtomicFileError) {
        self.path = path
        func failure(_ reason: String) -> AtomicFileError { .cannotCreate(path: path, reason: reason) }
        if path == "-" {
            let descriptor = dup(1)
            guard descriptor >= 0 else { throw failure(String(cString: strerror(errno))) }
            fileDescriptor = descriptor
            isStream = true
            atomic = nil
            return
        }
        var info = stat()
        if stat(path, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG {
            guard (info.st_mode & S_IFMT) != S_IFDIR else { throw failure("it is a folder") }
            let descriptor = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
            guard descriptor >= 0 else {
                let code = errno
                throw failure(code == ENXIO ? "nothing is reading from it" : String(cString: strerror(code)))
            }
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
            fileDescriptor = descriptor
            isStream = true
            atomic = nil
            return
        }
        let file = try AtomicFile(targetPath: Self.linkTarget(of: path) ?? path, durable: durable)
        fileDescriptor = file.fileDescriptor
        isStream = false
        atomic = file
    }

    /// Where a symbolic link at `path` points (relative targets resolved against the link's
    /// folder), or nil when `path` is not a link.
    static func linkTarget(of path: String, depth: Int = 0) -> String? {
        guard depth < 40 else { return nil }  // a loop of links: the rename then fails with the system's reason
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        let target = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if target.hasPrefix("/") { return linkTarget(of: target, depth: depth + 1) ?? target }
        let folder = path.lastIndex(of: "/").map { String(path[...$0]) } ?? ""
        let resolved = folder + target
        return linkTarget(of: resolved, depth: depth + 1) ?? resolved
    }

    /// Puts a finished file in place (nothing to do for a stream).
    public func commit() throws(AtomicFileError) {
        try atomic?.commit()
    }

    /// Removes an unfinished file; a stream keeps what was written.
    public func discard() {
        atomic?.discard()
    }
}

/// The process's file-creation mask, read once. It is read from `/proc/self/status`, which leaves
/// it as it is: `umask(0)` then `umask(mask)` would let a folder or file that another thread
/// creates in between get mode 0777 or 0666. Only where `/proc` cannot be read is the mask read
/// with `umask`, once, the first time an output is committed.
enum FileCreationMask {
    static let value: mode_t = fromProc() ?? {
        let mask = umask(0)
        umask(mask)
        return mask
    }()

    /// The `Umask:` line of `/proc/self/status` (Linux 4.7 and later), in octal.
    private static func fromProc() -> mode_t? {
        guard let file = fopen("/proc/self/status", "r") else { return nil }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            guard text.hasPrefix("Umask:") else { continue }
            return mode_t(String(text.dropFirst(6).filter { ("0"..."7").contains($0) }), radix: 8)
        }
        return nil
    }
}
