#if canImport(Glibc)
import Glibc
#endif
import AudioIO

/// Writes a text output (a picture, a report) the way sound files are written: atomically beside
/// its target, or through to a FIFO, a device or `-` (stdout).
enum TextFile {
    static func write(_ text: String, to path: String, what: String) throws(CLIError) {
        let file: OutputFile
        do {
            file = try OutputFile(path: path)
        } catch {
            throw .cannotCreate("cannot write the \(what): \(error)")
        }
        defer { file.discard() }
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(file.fileDescriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else {
                let reason = String(cString: strerror(errno))
                close(file.fileDescriptor)
                throw .ioError("cannot write the \(what) to \(path): \(reason)")
            }
            offset += written
        }
        close(file.fileDescriptor)
        do {
            try file.commit()
        } catch {
            throw .cannotCreate("cannot write the \(what): \(error)")
        }
    }
}
