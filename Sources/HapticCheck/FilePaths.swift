import FoundationEssentials
import Glibc

/// Path strings and directory walks the command line needs, on the C library (what Foundation's
/// `NSString` path methods and directory enumerator did, for the paths hapsynth handles).
package enum FilePaths {
    /// The part after the last `/` (`a/b.json` → `b.json`; `b.json` → itself).
    package static func lastComponent(_ path: String) -> String {
        let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        guard let slash = trimmed.lastIndex(of: "/") else { return trimmed }
        return String(trimmed[trimmed.index(after: slash)...])
    }

    /// The folder part (`a/b.json` → `a`; `/b` → `/`; `b.json` → empty).
    package static func folder(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The path without its last extension (`a/b.wav` → `a/b`; `a.b/c` → itself).
    package static func deletingExtension(_ path: String) -> String {
        let name = lastComponent(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return path }
        return String(path.dropLast(name.distance(from: dot, to: name.endIndex)))
    }

    /// The last extension of the path's file name, lowercased (`a/B.WAV` → `wav`; none → "").
    package static func lowercasedExtension(_ path: String) -> String {
        let name = lastComponent(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return name[name.index(after: dot)...].lowercased()
    }

    /// Whether `path` is a folder (following symbolic links); nil when nothing is there.
    package static func isFolder(_ path: String) -> Bool? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// Every file below `folder`, relative to it, depth first; folders are entered unless
    /// `enter` says no, and symbolic links to folders are not followed. A link that leads nowhere
    /// (or into a loop of links) is listed, so that reading it says what is wrong with it.
    package static func files(below folder: String, enter: (_ relative: String, _ path: String) -> Bool) -> [String] {
        var found: [String] = []
        func walk(_ relative: String) {
            let path = relative.isEmpty ? folder : join(folder, relative)
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return }
            for name in names.sorted() {
                let child = relative.isEmpty ? name : relative + "/" + name
                let childPath = join(folder, child)
                var info = stat()
                guard lstat(childPath, &info) == 0 else { continue }
                switch info.st_mode & S_IFMT {
                case S_IFDIR:
                    if enter(child, childPath) { walk(child) }
                case S_IFLNK:
                    if isFolder(childPath) != true { found.append(child) }
                default:
                    found.append(child)
                }
            }
        }
        walk("")
        return found
    }

    /// A file operation's error as a person reads it: the system's words for the cause and the
    /// path it concerns (`No such file or directory (/proc/nope)`).
    package static func message(of error: any Error) -> String {
        if let cocoa = error as? CocoaError {
            let underlying = cocoa.userInfo["NSUnderlyingError"] as? POSIXError
            let cause = underlying.map { String(cString: strerror($0.code.rawValue)) } ?? "the file operation failed (code \(cocoa.code.rawValue))"
            guard let path = cocoa.userInfo["NSFilePath"] as? String else { return cause }
            return "\(cause) (\(path))"
        }
        if let posix = error as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
        return "\(error)"
    }

    package static func join(_ folder: String, _ relative: String) -> String {
        folder.hasSuffix("/") ? folder + relative : folder + "/" + relative
    }
}
