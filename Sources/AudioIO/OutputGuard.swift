#if canImport(Glibc)
import Glibc
#endif

/// The one guard every output passes (docs/files-and-limits.md, "Outputs"): no file a command
/// writes may be one it read (a pattern, an included file, a sound, a profile, a configuration),
/// nor another of its outputs. Files are told apart by identity (device and inode, symbolic links
/// followed), so another name for an input is refused too.
public enum OutputGuard {
    /// Refuses the first of `outputs` that is one of `inputs` (exit 73), or that another output
    /// names too. `-` (standard output) and outputs that do not exist yet are never inputs.
    public static func refuse(_ outputs: [String], inputs: [String]) throws(OutputError) {
        var seen: [(path: String, id: FileID?)] = []
        for output in outputs where output != "-" {
            let id = FileID(output)
            if let other = seen.first(where: { $0.path == output || ($0.id != nil && $0.id == id) }) {
                throw .cannotCreate("refusing to write \(output) twice: \(other.path) is written by the same command")
            }
            seen.append((output, id))
            guard let id, id.isRegular else { continue }
            if let input = inputs.first(where: { FileID($0) == id }) {
                throw .cannotCreate("refusing to write \(output): it is the input \(input)")
            }
        }
    }

    /// A file's identity.
    struct FileID: Equatable {
        let device: UInt64, inode: UInt64
        let isRegular: Bool

        init?(_ path: String) {
            var status = stat()
            guard stat(path, &status) == 0 else { return nil }
            device = UInt64(status.st_dev)
            inode = UInt64(status.st_ino)
            isRegular = (status.st_mode & S_IFMT) == S_IFREG
        }

        static func == (a: FileID, b: FileID) -> Bool { a.device == b.device && a.inode == b.inode }
    }
}
