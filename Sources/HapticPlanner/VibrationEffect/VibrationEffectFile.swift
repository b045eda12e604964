import HapticCore

/// A `.vibration` file (docs/android.md, "VibrationEffect text"): the text `VibrationEffect.toString()`
/// prints, one effect a line, or a test log with effects among its other lines. Each effect is a
/// pattern named by its line (`line3`); a file of one effect needs no name.
public enum VibrationEffectFile {
    /// The extension that makes a file VibrationEffect text.
    public static let fileExtension = ".vibration"

    /// Whether `path` names VibrationEffect text.
    public static func isFile(_ path: String) -> Bool { path.hasSuffix(fileExtension) }

    /// A pattern's name for the effect on `line`.
    public static func name(line: Int) -> String { "line\(line)" }

    /// The file's effects with their names and lines.
    public static func effects(at path: String) throws(LoadError) -> [(name: String, line: Int, effect: VibrationEffect)] {
        let bytes: [UInt8]
        do {
            bytes = try InputFile.read(path, display: path)
        } catch {
            throw .file(error)
        }
        let found: [(line: Int, effect: VibrationEffect)]
        do {
            found = try VibrationEffect.effects(in: bytes, file: path)
        } catch {
            throw .vibration(.text(error))
        }
        return found.map { (name(line: $0.line), $0.line, $0.effect) }
    }

    /// The effect of `path` named `pattern` (or its only one), loaded: on Android it plays as the
    /// device plays it; on an iPhone it is nothing (a VibrationEffect is Android's).
    static func loaded(_ path: String, pattern: String?) throws(LoadError) -> LoadedPattern {
        let effects = try effects(at: path)
        guard !effects.isEmpty else { throw .vibration(.noEffects(file: path)) }
        let chosen: (name: String, line: Int, effect: VibrationEffect)
        if let pattern {
            guard let match = effects.first(where: { $0.name == pattern }) else { throw .vibration(.choice(file: path, asked: pattern, names: effects.map(\.name))) }
            chosen = match
        } else {
            guard effects.count == 1 else { throw .vibration(.choice(file: path, asked: nil, names: effects.map(\.name))) }
            chosen = effects[0]
        }
        var key = ContentKey()
        key.absorb(Array(chosen.effect.text(apiLevel: 36).utf8))
        var loaded = LoadedPattern(path: path, plan: PatternLoader.silentPlan, pattern: nil, clip: nil, name: effects.count == 1 ? nil : chosen.name,
                                   description: nil, files: [InputFile.realPath(path) ?? path], contentKey: key.value, warnings: [])
        loaded.vibration = chosen.effect
        loaded.declaredAt = effects.count == 1 ? nil : SourcePosition(line: chosen.line, column: 1)
        return loaded
    }
}

/// A `.vibration` file that cannot be loaded.
public enum VibrationEffectLoadError: Error, Sendable, CustomStringConvertible {
    /// Its text cannot be read as an effect, at a line and column.
    case text(VibrationEffectTextError)
    /// It holds no effect at all.
    case noEffects(file: String)
    /// It holds several effects and none was chosen, or the chosen name is not one of them.
    case choice(file: String, asked: String?, names: [String])

    public var description: String {
        switch self {
        case .text(let error): return error.description
        case .noEffects(let file): return "\(file): holds no VibrationEffect text (no OneShot{, Waveform{, Prebaked{ or Composed{ on any line)"
        case let .choice(file, asked, names):
            guard let asked else { return "\(file) holds \(names.count) effects (\(names.joined(separator: ", "))); choose one by its line's name" }
            return "\(file) holds no effect '\(asked)'; its effects are \(names.joined(separator: ", "))"
        }
    }
}
