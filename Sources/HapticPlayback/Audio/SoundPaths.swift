import Glibc

/// Where an AHAP file's sound is found, confined to the folders it may be read from
/// (docs/audio.md, "Where sounds are found"): a relative `EventWaveformPath` is tried in each
/// audio root, then in the AHAP file's folder; an absolute one only inside an audio root. The
/// path is resolved a component at a time inside the folder, symbolic links followed, and a
/// `..` or a link that leads out of the folder stops it before anything outside is looked at,
/// so the answer never tells whether a file outside exists.
public enum SoundPaths {
    /// A sound found, or why not.
    public enum Resolution: Hashable, Sendable {
        /// The file's resolved path, a regular file inside `folder`.
        case found(path: String, folder: String)
        /// No folder holds it (the folders tried, in order).
        case notFound(folders: [String])
        /// The path may not be read: a NUL in it, a `..` or a link leading out, an absolute path
        /// outside every root.
        case refused(Refusal)
    }

    /// Why a path is not read.
    public enum Refusal: Hashable, Sendable {
        /// A NUL character: the system would read only the part before it.
        case nul
        /// It leads out of `folder` (with `..` or through a symbolic link).
        case leaves(folder: String)
        /// An absolute path outside every audio root.
        case absolute
        /// More than 40 symbolic links.
        case linkLoop

        /// A `leaves` refusal naming the folder as the user named it.
        func naming(_ folder: String) -> Refusal {
            if case .leaves = self { return .leaves(folder: folder) }
            return self
        }

        /// The rule, in words.
        public var reason: String {
            switch self {
            case .nul: return "the path holds a NUL character"
            case .leaves(let folder): return "it leads outside the folder it is looked for in (\(folder))"
            case .absolute: return "an absolute path outside every audio root"
            case .linkLoop: return "it goes through more than 40 symbolic links"
            }
        }
    }

    /// Finds `named` in `roots` then `folder` (relative), or inside a root (absolute).
    public static func resolve(_ named: String, roots: [String], folder: String) -> Resolution {
        guard !named.utf8.contains(0) else { return .refused(.nul) }
        let folders = roots + [folder]
        if named.hasPrefix("/") {
            for root in roots {
                guard let real = realPath(root), let inside = relative(named, to: real) ?? relative(named, to: root) else { continue }
                switch resolve(inside, in: real) {
                case .found(let path): return .found(path: path, folder: root)
                case .refused(let refusal): return .refused(refusal.naming(root))
                case .missing: continue
                }
            }
            return .refused(.absolute)
        }
        for candidate in folders {
            guard let real = realPath(candidate) else { continue }
            switch resolve(named, in: real) {
            case .found(let path): return .found(path: path, folder: candidate)
            case .refused(let refusal): return .refused(refusal.naming(candidate))
            case .missing: continue
            }
        }
        // A path written from an app bundle's root that starts with the AHAP file's own folder
        // (`AHAP/Drums.wav` beside `AHAP/Drums.ahap`): the rest, inside that folder only.
        let parts = components(named)
        if parts.count > 1, let real = realPath(folder), parts[0] == lastComponent(real) || parts[0] == lastComponent(folder) {
            switch resolve(parts.dropFirst().joined(separator: "/"), in: real) {
            case .found(let path): return .found(path: path, folder: folder)
            case .refused(let refusal): return .refused(refusal.naming(folder))
            case .missing: break
            }
        }
        return .notFound(folders: folders)
    }

    /// One folder's answer.
    private enum Step: Equatable {
        case found(String)
        case missing
        case refused(Refusal)
        /// Leaves the folder (named by the caller).
        static let leaves = Step.refused(.leaves(folder: ""))
    }

    /// Resolves `path` (relative) inside the real folder `root`, never looking outside it.
    private static func resolve(_ path: String, in root: String) -> Step {
        var pending = components(path)
        var inside: [String] = []
        var links = 0
        while !pending.isEmpty {
            let component = pending.removeFirst()
            if component == ".." {
                guard !inside.isEmpty else { return .leaves }
                inside.removeLast()
                continue
            }
            let here = join(root, inside + [component])
            var status = stat()
            guard lstat(here, &status) == 0 else { return .missing }
            guard (status.st_mode & S_IFMT) == S_IFLNK else {
                guard pending.isEmpty || (status.st_mode & S_IFMT) == S_IFDIR else { return .missing }
                inside.append(component)
                continue
            }
            links += 1
            guard links <= 40, let target = readLink(here) else { return links > 40 ? .refused(.linkLoop) : .missing }
            if target.hasPrefix("/") {
                guard let within = relative(target, to: root) else { return .leaves }
                inside = []
                pending = components(within) + pending
            } else {
                pending = components(target) + pending
            }
        }
        let resolved = join(root, inside)
        var status = stat()
        guard !inside.isEmpty, stat(resolved, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return .missing }
        return .found(resolved)
    }

    /// The components of a path, without empty ones and `.`.
    private static func components(_ path: String) -> [String] {
        path.split(separator: "/").map(String.init).filter { $0 != "." }
    }

    private static func join(_ root: String, _ components: [String]) -> String {
        components.isEmpty ? root : (root.hasSuffix("/") ? root : root + "/") + components.joined(separator: "/")
    }

    /// `path` relative to `folder` when it lies lexically inside it (`..` resolved first), else nil.
    private static func relative(_ path: String, to folder: String) -> String? {
        var normal: [String] = []
        for component in components(path) {
            if component == ".." { if normal.popLast() == nil { return nil } } else { normal.append(component) }
        }
        let base = components(folder)
        guard normal.count > base.count, Array(normal.prefix(base.count)) == base else { return nil }
        return normal.dropFirst(base.count).joined(separator: "/")
    }

    /// The real path of a folder the user named (a root, the AHAP file's folder).
    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func readLink(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The last component of a path (`a/b/` → `b`).
    private static func lastComponent(_ path: String) -> String {
        components(path).last ?? path
    }
}
