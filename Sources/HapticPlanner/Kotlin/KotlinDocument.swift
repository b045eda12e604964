import HapticCore
#if canImport(Glibc)
import Glibc
#endif

/// Why a Kotlin file gives no pattern to play: the file or the chosen pattern cannot be read, or
/// which pattern is meant is not said (`--pattern NAME`; docs/kotlin.md, "Choosing a pattern").
public enum KotlinLoadError: Error, Sendable, CustomStringConvertible {
    case unreadable(KotlinPatternError)
    /// The file has several patterns and none was chosen, or the chosen name is not one of them.
    case choice(file: String, asked: String?, names: [String])
    /// The file declares no pattern hapsynth can name: `seen` are the Jindong names it uses
    /// (inside screens, functions with parameters or local values), empty for a `.kt` file
    /// without Jindong.
    case noPatterns(file: String, seen: [String])

    public var description: String {
        switch self {
        case .unreadable(let error): return "\(error)"
        case .noPatterns(let file, let seen):
            guard !seen.isEmpty else { return "\(file): declares no Jindong pattern (it names none of Jindong's types or builders)" }
            return "\(file): declares no Jindong pattern that can be named: it uses \(seen.joined(separator: ", ")) only inside functions with parameters, "
                + "screens or local values, which are known only when the app runs (docs/kotlin.md, \"What is read\")"
        case .choice(let file, let asked, let names):
            let list = names.joined(separator: ", ")
            guard let asked else { return "\(file) declares \(names.count) patterns (\(list)); choose one with --pattern NAME" }
            let hint = KeySuggestion.closest(to: asked, among: names).map { " (did you mean '\($0)'?)" } ?? ""
            return "\(file) declares no pattern '\(asked)'\(hint); its patterns are \(list)"
        }
    }
}

extension KotlinReader {
    /// Most neighbouring `.kt` files read for `include` (a folder of a few hundred is plenty).
    static let maxNeighbours = 256

    /// The pattern `name` of the Kotlin file at `path` (its bytes), or its only one when `name` is
    /// nil; a pattern may include from the `.kt` files beside it and from `alongside` (the other
    /// Kotlin files given with it), which are read only when it names what the file does not
    /// declare. The document's files (what `play --watch` follows) and content key are the file's
    /// and those of the neighbours it used.
    package static func document(bytes: [UInt8], path: String, pattern name: String?, alongside: [String] = []) throws(KotlinLoadError) -> PatternDocument {
        let declared: KotlinDeclared
        do {
            declared = try KotlinDeclared(bytes: bytes, file: path, neighbours: { neighbourFiles(of: path, alongside: alongside) })
        } catch {
            throw .unreadable(error)
        }
        let names = declared.names.map(\.name)
        guard !names.isEmpty else { throw .noPatterns(file: path, seen: declared.seen) }
        let chosen: (name: String, position: SourcePosition)
        if let name {
            // A control character in the name asked for is taken as the file's escaped names are written.
            let name = KotlinLexer.escapingControls(name)
            guard let found = declared.names.first(where: { $0.name == name }) else { throw .choice(file: path, asked: name, names: names) }
            chosen = found
        } else {
            guard declared.names.count == 1 else { throw .choice(file: path, asked: nil, names: names) }
            chosen = declared.names[0]
        }
        let pattern: Pattern
        switch declared.pattern(chosen.name) {
        case .success(let value): pattern = value
        case .failure(let error): throw .unreadable(error)
        }
        var key = ContentKey()
        key.absorb(bytes)
        for neighbour in declared.scope.used { key.absorb(neighbour.bytes) }
        return PatternDocument(pattern: pattern, name: chosen.name, description: nil, warnings: [],
                               files: [InputFile.realPath(path) ?? path] + declared.scope.used.map { InputFile.realPath($0.file) ?? $0.file },
                               contentKey: key.value,
                               declaredAt: chosen.position)
    }

    /// The other `.kt` files in `path`'s folder, by name, then those of `alongside`, read under
    /// the input limits and sharing one budget of `PatternLimits.maxInputBytes` (those that
    /// cannot be read, or do not fit, are left out).
    package static func neighbourFiles(of path: String, alongside: [String] = []) -> [(file: String, bytes: [UInt8])] {
        guard path != "-" else { return [] }
        let folder = PatternDecoder.directory(of: path)
        var names: [String] = []
        if let directory = opendir(folder.isEmpty ? "." : folder) {
            defer { closedir(directory) }
            while let entry = readdir(directory), names.count < maxNeighbours {
                let name = withUnsafePointer(to: entry.pointee.d_name) { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
                if name.hasSuffix(".kt") { names.append(name) }
            }
        }
        var found: [(file: String, bytes: [UInt8])] = [], budget = PatternLimits.maxInputBytes
        var seen: Set<String> = [InputFile.realPath(path) ?? path]
        // A neighbour found in the folder is one only when it is inside it: a link leading out is
        // refused, as sound paths are (the files given on the command line were named by the user).
        let inside = InputFile.realPath(folder.isEmpty ? "." : folder).map { $0 == "/" ? "/" : $0 + "/" }
        let listed = names.sorted().compactMap { name -> (file: String, real: String)? in
            let file = PatternDecoder.join(folder, name)
            guard let inside, let real = InputFile.realPath(file), real.hasPrefix(inside), !real.dropFirst(inside.count).contains("/") else { return nil }
            return (file, real)
        }
        for (file, real) in listed + alongside.prefix(maxNeighbours).map({ ($0, InputFile.realPath($0) ?? $0) }) {
            guard !seen.contains(real), let bytes = try? InputFile.read(file, display: file), bytes.count <= budget else { continue }
            seen.insert(real)
            budget -= bytes.count
            found.append((file, bytes))
        }
        return found
    }
}
