#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// A private folder (mode 0700, under `TMPDIR` or /tmp) where the studio writes renders and the
/// texts an agent sends, each under a new name, read back and removed.
public final class StudioScratch: Sendable {
    public let folder: String
    private let counter = Atomic(0)

    init() throws(StudioError) {
        let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array("\(base)/hapsynth-studio-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw .failed(message: "cannot make a scratch folder in \(base): \(String(cString: strerror(errno)))", line: nil, column: nil)
        }
        folder = String(cString: made)
    }

    deinit { removeAll() }

    /// A new path in the folder, `N.EXT`.
    func newPath(extension pathExtension: String, name: String? = nil) -> String {
        let number = counter.add(1, ordering: .relaxed).newValue
        return "\(folder)/\(name ?? String(number)).\(pathExtension)".replacingAll("//", with: "/")
    }

    func read(_ path: String) throws(StudioError) -> [UInt8] {
        guard let file = fopen(path, "rb") else { throw .failed(message: "cannot read the render: \(String(cString: strerror(errno)))", line: nil, column: nil) }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            guard count > 0 else { break }
            bytes.append(contentsOf: chunk[..<count])
        }
        return bytes
    }

    func write(_ bytes: [UInt8], to path: String) throws(StudioError) {
        guard let file = fopen(path, "wb") else { throw .failed(message: "cannot write \(path): \(String(cString: strerror(errno)))", line: nil, column: nil) }
        defer { fclose(file) }
        guard bytes.withUnsafeBytes({ fwrite($0.baseAddress, 1, $0.count, file) }) == bytes.count else {
            throw .failed(message: "cannot write \(path)", line: nil, column: nil)
        }
    }

    /// Removes the folder's files and the folder.
    func removeAll() {
        if let directory = opendir(folder) {
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if name != ".", name != ".." { unlink(folder + "/" + name) }
            }
            closedir(directory)
        }
        rmdir(folder)
    }
}
