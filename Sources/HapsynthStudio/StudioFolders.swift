#if canImport(Glibc)
import Glibc
#endif
import HapsynthKit
import HapticCore

/// The folders (and single files) the studio was given, and the pattern files in them. A path
/// from a page or an agent is taken only when it names a pattern file that, with every link
/// followed, is inside one of them: `..`, absolute paths and links that lead out are refused.
public struct StudioFolders: Sendable {
    /// One folder or file as given, and its real path.
    struct Root: Sendable {
        /// As given, without a trailing slash (`Samples`); files inside are shown under it.
        let name: String
        let realPath: String
        let isFile: Bool
    }

    /// The extensions of the files the studio shows and edits.
    public static let extensions = [".json", ".ahap", ".haptic", ".kt", ".vibration"]
    /// At most this many files are listed (a folder of more is cut, and says so).
    public static let maxFiles = 5_000
    /// Folders are looked into this deep.
    public static let maxDepth = 8

    let roots: [Root]

    /// - Throws: `StudioError.missingFolder` for a path that does not exist.
    public init(_ paths: [String]) throws(StudioError) {
        var roots: [Root] = []
        for given in paths.isEmpty ? ["."] : paths {
            var name = given
            while name.count > 1, name.hasSuffix("/") { name.removeLast() }
            guard let real = InputFile.realPath(name) else { throw .missingFolder(given) }
            var info = stat()
            stat(real, &info)
            roots.append(Root(name: name, realPath: real, isFile: (info.st_mode & S_IFMT) != S_IFDIR))
        }
        self.roots = roots
    }

    /// The folders and files as given.
    public var names: [String] { roots.map(\.name) }

    /// Whether a file's name marks it as a pattern file the studio shows.
    public static func isPatternFile(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return extensions.contains { lowered.hasSuffix($0) } && !lowered.hasSuffix(".schema.json")
    }

    /// Whether a file's name marks it as a sound file (`compare` takes them).
    public static func isSoundFile(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return [".wav", ".flac", ".ogg", ".aiff", ".caf"].contains { lowered.hasSuffix($0) }
    }

    /// The pattern files, as paths under the names given (`Samples/celebration.json`), folder by
    /// folder in name order; `cut` when there were more than `maxFiles`.
    public func files() -> (paths: [String], cut: Bool) {
        var found: [String] = []
        var cut = false
        for root in roots {
            if root.isFile {
                found.append(root.name)
                continue
            }
            walk(root.realPath, shown: root.name == "." ? "" : root.name + "/", depth: 0, into: &found, cut: &cut)
        }
        return (found, cut)
    }

    private func walk(_ folder: String, shown: String, depth: Int, into found: inout [String], cut: inout Bool) {
        guard depth <= Self.maxDepth, let names = Self.entries(of: folder) else { return }
        var entries: [(name: String, isFolder: Bool)] = []
        for name in names {
            guard !name.hasPrefix("."), name != "node_modules" else { continue }
            var info = stat()
            guard stat(folder + "/" + name, &info) == 0 else { continue }
            let isFolder = (info.st_mode & S_IFMT) == S_IFDIR
            if isFolder || ((info.st_mode & S_IFMT) == S_IFREG && Self.isPatternFile(name)) { entries.append((name, isFolder)) }
        }
        for entry in entries.sorted(by: { $0.name < $1.name }) {
            guard found.count < Self.maxFiles else {
                cut = true
                return
            }
            if entry.isFolder {
                walk(folder + "/" + entry.name, shown: shown + entry.name + "/", depth: depth + 1, into: &found, cut: &cut)
            } else {
                found.append(shown + entry.name)
            }
        }
    }

    /// The file a shown path names, checked: the path to give the library (as shown, so that its
    /// messages name it as the command line would) and the real file to read and write.
    /// A path is taken only under a name given (`Samples/…`; any path under `.`), never with `..` or `.`.
    /// - Throws: `StudioError.outsideFolders` for a path outside the folders, or not a pattern
    ///   file; `.notFound` when it is inside but does not exist.
    public func resolve(_ shown: String, allowingSounds: Bool = false) throws(StudioError) -> (path: String, realPath: String) {
        guard !shown.isEmpty, !shown.contains("\0"), Self.isPatternFile(shown) || (allowingSounds && Self.isSoundFile(shown)),
              !shown.split(separator: "/", omittingEmptySubsequences: false).dropFirst(shown.hasPrefix("/") ? 1 : 0).contains(where: { $0 == ".." || $0 == "." || $0.isEmpty })
        else { throw .outsideFolders(shown) }
        for root in roots {
            let candidate: String
            if root.isFile {
                guard shown == root.name else { continue }
                candidate = root.name
            } else if root.name == "." {
                candidate = shown
            } else {
                guard shown.hasPrefix(root.name + "/") else { continue }
                candidate = shown
            }
            guard let real = InputFile.realPath(candidate) else { throw .notFound(shown) }
            let inside = root.isFile ? real == root.realPath : real.hasPrefix(root.realPath == "/" ? "/" : root.realPath + "/")
            guard inside else { throw .outsideFolders(shown) }
            return (candidate, real)
        }
        throw .outsideFolders(shown)
    }

    /// The names in a folder (`.` and `..` among them), or nil when it cannot be read.
    static func entries(of folder: String) -> [String]? {
        guard let directory = opendir(folder) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            names.append(withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) })
        }
        return names
    }
}
