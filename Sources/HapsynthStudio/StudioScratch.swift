#if canImport(Glibc)
import Glibc
#endif
import HapsynthKit
import Synchronization

/// A private folder (mode 0700, under `TMPDIR` or /tmp) where the studio writes renders and the
/// texts an agent sends, each under a new name, read back and removed.
public final class StudioScratch: Sendable {
    public let folder: String
    private let counter = Atomic(0)

    init() throws(StudioError) {
        var base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        while base.count > 1, base.hasSuffix("/") { base.removeLast() }
        var template = Array("\(base)/hapsynth-studio-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw .failed(message: "cannot make a scratch folder in \(base): \(String(cString: strerror(errno)))", line: nil, column: nil)
        }
        folder = String(cString: made)
    }

    deinit { removeAll() }

    /// A new path in the folder, `N.EXT`.
    func newPath(extension pathExtension: String) -> String {
        "\(folder)/\(counter.add(1, ordering: .relaxed).newValue).\(pathExtension)"
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

    /// Writes a text an agent sent to `path` (as every text output is written).
    func write(_ text: String, to path: String) throws(StudioError) {
        do {
            try TextOutput.write(text, to: path, what: "text")
        } catch {
            throw .failed(message: "\(error)", line: nil, column: nil)
        }
    }

    /// Removes the folder's files and the folder.
    func removeAll() {
        for name in StudioFolders.entries(of: folder) ?? [] where name != "." && name != ".." { unlink(folder + "/" + name) }
        rmdir(folder)
    }
}
