#if canImport(Glibc)
import Glibc
#endif

/// A file written under a temporary name beside its target and renamed into place only when
/// complete (SYNTH.md §2 "Atomic output"): `.<name>.hapsynth-XXXXXX`.
public final class AtomicFile {
    /// The path the finished file gets.
    public let targetPath: String
    /// The temporary file being written.
    public let temporaryPath: String
    /// The open descriptor of the temporary file (hand it to a writer, which closes it).
    public let fileDescriptor: Int32
    private var settled = false

    /// Creates the temporary file; nothing exists at the target yet.
    /// - Throws: `AtomicFileError.cannotCreate` with the system's reason.
    public init(targetPath: String) throws(AtomicFileError) {
        self.targetPath = targetPath
        let slash = targetPath.lastIndex(of: "/")
        let directory = slash.map { String(targetPath[...$0]) } ?? ""
        let name = slash.map { String(targetPath[targetPath.index(after: $0)...]) } ?? targetPath
        var template = Array("\(directory).\(name).hapsynth-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw .cannotCreate(path: targetPath, reason: String(cString: strerror(errno)))
        }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        fileDescriptor = descriptor
        temporaryPath = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    /// Gives the temporary file the target's permissions (an existing target's, else 0666 less the
    /// umask) and renames it over the target.
    public func commit() throws(AtomicFileError) {
        var existing = stat()
        let mode: mode_t
        if stat(targetPath, &existing) == 0 {
            mode = existing.st_mode & 0o7777
        } else {
            let mask = umask(0)
            umask(mask)
            mode = 0o666 & ~mask
        }
        guard chmod(temporaryPath, mode) == 0, rename(temporaryPath, targetPath) == 0 else {
            let reason = String(cString: strerror(errno))
            discard()
            throw .cannotCreate(path: targetPath, reason: reason)
        }
        settled = true
    }

    /// Removes the temporary file; the target is untouched.
    public func discard() {
        guard !settled else { return }
        settled = true
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
