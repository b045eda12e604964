import HapticCore
import HapticPlanner

/// What a command plays: a pattern.json planned for the device, or an AHAP file imported directly
/// as one player (FORMATS.md §3).
struct LoadedPlan {
    let plan: PlaybackPlan
    let name: String?
    let description: String?
    /// Every file read (for --watch), and a hash of their content (the trigger's key).
    let files: [String]
    let contentKey: UInt64
}

/// Loads the input a command was given and reports warnings on stderr.
enum PatternInput {
    /// Loads a pattern.json or AHAP file and plans it for `capabilities`; warnings are printed
    /// (unless `quiet`) and, with `strict`, fail the command (exit 65).
    static func load(
        _ path: String, console: Console, capabilities: DeviceCapabilities = .iPhone, quiet: Bool = false,
        strict: Bool = false
    ) throws(CLIError) -> LoadedPlan {
        let bytes: [UInt8]
        let root: JSONNode
        do {
            bytes = try InputFile.read(path, display: path)
            root = try PatternReader.parse(bytes, file: path)
        } catch {
            throw CLIError(error)
        }
        var key = ContentKey()
        if AHAPImport.isAHAP(root) {
            let document: AHAPDocument
            do {
                document = try AHAPImport.read(root, file: path, capabilities: capabilities)
            } catch {
                throw .invalidInput("\(error)")
            }
            for warning in document.warnings { try warn(warning.description, console: console, quiet: quiet, strict: strict) }
            key.absorb(bytes)
            return LoadedPlan(plan: document.plan, name: nil, description: document.description, files: [InputFile.realPath(path) ?? path],
                              contentKey: key.value)
        }
        let document: PatternDocument
        do {
            document = try PatternReader.read(bytes: bytes, root: root, path: path)
        } catch {
            throw CLIError(error)
        }
        for warning in document.warnings { try warn(warning.description, console: console, quiet: quiet, strict: strict) }
        do {
            return LoadedPlan(
                plan: try plan(document.pattern, capabilities: capabilities), name: document.name,
                description: document.description, files: document.files, contentKey: document.contentKey)
        } catch {
            throw .invalidInput("\(path): \(error)")
        }
    }

    /// Reports a warning; with `strict` it becomes an error (exit 65).
    static func warn(_ text: String, console: Console, quiet: Bool, strict: Bool) throws(CLIError) {
        if strict { throw .invalidInput("\(text) (--strict turns warnings into errors)") }
        if !quiet { console.warning(text) }
    }
}
