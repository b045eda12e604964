#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

#if canImport(Glibc)
private let systemRead = Glibc.read
#else
private let systemRead = Darwin.read
#endif

/// Reads input files with the size limit checked before reading (SPEC.md §1).
package enum InputFile {
    /// The canonical absolute path of an existing file (symbolic links resolved), or nil.
    package static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The whole file, refusing one larger than `PatternLimits.maxInputBytes` before reading it
    /// (and stopping a growing or special file at the limit).
    /// - Parameter display: how errors name the file.
    package static func read(_ path: String, display: String) throws(PatternFileError) -> [UInt8] {
        func failure(_ reason: PatternFileError.Reason) -> PatternFileError {
            PatternFileError(file: display, position: nil, path: nil, reason: reason)
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            throw failure(code == ENOENT || code == ENOTDIR ? .fileNotFound : .unreadable(String(cString: strerror(code))))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw failure(.unreadable(String(cString: strerror(errno)))) }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw failure(.unreadable("it is a folder")) }
        let limit = PatternLimits.maxInputBytes
        if Int(info.st_size) > limit { throw failure(.fileTooLarge(bytes: Int(info.st_size))) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(info.st_size))
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(.unreadable(String(cString: strerror(errno))))
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > limit { throw failure(.fileTooLarge(bytes: bytes.count)) }
        }
    }
}
