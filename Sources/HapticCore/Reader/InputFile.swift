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

/// Reads input files with the size limit checked before reading (docs/pattern-format.md).
package enum InputFile {
    /// The canonical absolute path of an existing file (symbolic links resolved), or nil.
    package static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// What a file is when it is not a regular file, for errors ("a FIFO"), or nil.
    package static func specialKind(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "a folder"
        case S_IFIFO: return "a FIFO"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        default: return "not a regular file"
        }
    }

    /// Opens a regular file for reading without ever blocking: the open does not wait (a FIFO
    /// without a writer), and anything but a regular file is refused at once.
    /// - Returns: the descriptor and its size, or the error number and what the file is.
    package static func openRegular(_ path: String) -> Result<(descriptor: Int32, size: Int), OpenFailure> {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(.system(errno)) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let code = errno
            close(descriptor)
            return .failure(.system(code))
        }
        if let kind = specialKind(info.st_mode) {
            close(descriptor)
            return .failure(.notRegular(kind))
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return .success((descriptor, Int(info.st_size)))
    }

    /// Why `openRegular` failed.
    package enum OpenFailure: Error {
        case system(Int32)
        case notRegular(String)
    }

    /// The whole file, refusing one larger than `PatternLimits.maxInputBytes` before reading it
    /// (and stopping a growing file at the limit). `-` is standard input. Anything but a regular
    /// file (a FIFO, a device, a folder) is refused at once, never waited on.
    /// - Parameter display: how errors name the file.
    package static func read(_ path: String, display: String) throws(PatternFileError) -> [UInt8] {
        func failure(_ reason: PatternFileError.Reason) -> PatternFileError {
            PatternFileError(file: display, position: nil, path: nil, reason: reason)
        }
        let descriptor: Int32
        if path == "-" {
            descriptor = dup(0)
            guard descriptor >= 0 else { throw failure(.unreadable(String(cString: strerror(errno)))) }
        } else {
            switch openRegular(path) {
            case .success(let opened):
                if opened.size > PatternLimits.maxInputBytes {
                    close(opened.descriptor)
                    throw failure(.fileTooLarge(bytes: opened.size))
                }
                descriptor = opened.descriptor
            case .failure(.system(let code)):
                throw failure(code == ENOENT || code == ENOTDIR ? .fileNotFound : .unreadable(String(cString: strerror(code))))
            case .failure(.notRegular(let kind)):
                throw failure(.unreadable("it is \(kind), not a regular file"))
            }
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw failure(.unreadable(String(cString: strerror(errno)))) }
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
