import HapticCore
import HapticPlanner

/// What a command plays: a pattern.json planned for the device, or an AHAP file imported directly
/// as one player (docs/ahap.md).
struct LoadedPlan {
    let plan: PlaybackPlan
    /// The pattern itself (pattern.json; nil for an AHAP file, which is a Core Haptics plan).
    var pattern: Pattern? = nil
    let name: String?
    let description: String?
    /// Every file read (for --watch), and a hash of their content (the trigger's key).
    let files: [String]
    let contentKey: UInt64
}

/// Loads the input a command was given and reports warnings on stderr.
enum PatternInput {
    /// Loads a pattern.json or AHAP file and plans it for `capabilities`; warnings are printed
    /// grouped by kind (unless `quiet`; `warnings` receives each one in full) and, with `strict`,
    /// fail the command (exit 65).
    static func load(
        _ path: String, console: Console, capabilities: DeviceCapabilities = .iPhone, quiet: Bool = false,
        strict: Bool = false, warnings: ((String) -> Void)? = nil
    ) throws(CLIError) -> LoadedPlan {
        let found: [(kind: String, place: String, line: String)]
        let loaded: LoadedPlan
        // The file's bytes and tokens are let go before planning, so they and the plan are never
        // in memory at once.
        switch try decode(path, capabilities: capabilities) {
        case .ahap(let document, let contentKey):
            found = document.warnings.map { ($0.kind, "\($0.path)", $0.description) }
            loaded = LoadedPlan(plan: document.plan, name: nil, description: document.description,
                                files: [InputFile.realPath(path) ?? path], contentKey: contentKey)
        case .pattern(let document):
            found = document.warnings.map { ($0.kind, $0.place, $0.description) }
            do {
                loaded = LoadedPlan(
                    plan: try plan(document.pattern, capabilities: capabilities), pattern: document.pattern, name: document.name,
                    description: document.description, files: document.files, contentKey: document.contentKey)
            } catch {
                throw .invalidInput("\(path): \(error)")
            }
        }
        if strict, let first = found.first { throw strictFailure(first.line) }
        for warning in found { warnings?(warning.line) }
        if !quiet { WarningGroup.group(found).forEach { console.warning($0.line) } }
        return loaded
    }

    /// A file read and decoded, before planning.
    private enum Decoded {
        case ahap(AHAPDocument, contentKey: UInt64)
        case pattern(PatternDocument)
    }

    /// Reads, parses and decodes a pattern.json or AHAP file (an AHAP file is planned by its import).
    private static func decode(_ path: String, capabilities: DeviceCapabilities) throws(CLIError) -> Decoded {
        let bytes: [UInt8]
        let parsed: (root: JSONNode, trailingComma: SourcePosition?)
        do {
            bytes = try InputFile.read(path, display: path)
            parsed = try parse(bytes, file: path)
        } catch {
            throw CLIError(error)
        }
        let root = parsed.root
        if AHAPImport.isAHAP(root) {
            let document: AHAPDocument
            do {
                document = try AHAPImport.read(root, file: path, capabilities: capabilities, trailingComma: parsed.trailingComma)
            } catch {
                throw .invalidInput("\(error)")
            }
            var key = ContentKey()
            key.absorb(bytes)
            return .ahap(document, contentKey: key.value)
        }
        if let mismatch = PatternReader.formatMismatch(root) {
            throw .invalidInput("\(path):\(root.position): \(mismatch) at $")
        }
        do {
            return .pattern(try PatternReader.read(bytes: bytes, root: root, path: path))
        } catch {
            throw CLIError(error)
        }
    }

    /// Parses strictly; a trailing comma is accepted (and its place returned) only in an AHAP
    /// file, as Apple's reader accepts it. pattern.json stays strict.
    static func parse(_ bytes: [UInt8], file: String) throws(PatternFileError) -> (root: JSONNode, trailingComma: SourcePosition?) {
        do {
            return (try PatternReader.parse(bytes, file: file), nil)
        } catch {
            guard case .json(.trailingComma) = error.reason,
                  let lenient = try? JSONParser.parse(bytes, allowingTrailingCommas: true),
                  AHAPImport.isAHAP(lenient.root) else { throw error }
            return lenient
        }
    }

    /// A warning made an error by `--strict` (exit 65).
    static func strictFailure(_ text: String) -> CLIError {
        .invalidInput("\(text) (--strict turns warnings into errors)")
    }

    /// Reports a warning; with `strict` it becomes an error (exit 65).
    static func warn(_ text: String, console: Console, quiet: Bool, strict: Bool) throws(CLIError) {
        if strict { throw strictFailure(text) }
        if !quiet { console.warning(text) }
    }
}
