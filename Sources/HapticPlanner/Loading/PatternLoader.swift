import HapticCore

/// The one door through which hapsynth reads a haptic file: the format is told apart by the
/// content (a pattern.json object, an AHAP object with a top-level `Pattern`, or a `.haptic` clip
/// with `version` and `signals`), never by the file's name. pattern.json is read strictly; an AHAP file may have trailing commas, as Apple's
/// reader accepts them (with a warning).
public enum PatternLoader {
    /// Reads `path` (and every file it includes) and plans it for Core Haptics on `capabilities`.
    /// The file's bytes and tokens are let go before planning, so they and the plan are never in
    /// memory at once.
    /// - Throws: `LoadError` with the file, line, column and JSON path where it has them.
    /// A Kotlin file (docs/kotlin.md) gives its pattern `pattern`, or its only one when nil; it may
    /// include from the `.kt` files beside it and from `alongside` (the others given with it).
    public static func load(_ path: String, capabilities: DeviceCapabilities = .iPhone, pattern: String? = nil,
                            alongside: [String] = []) throws(LoadError) -> LoadedPattern {
        if let call = try FeedbackCall.argument(path) { return try call.loaded(as: path, capabilities: capabilities) }
        if VibrationEffectFile.isFile(path) { return try VibrationEffectFile.loaded(path, pattern: pattern) }
        return try load(try decode(path, capabilities: capabilities, keepingSource: false, pattern: pattern, alongside: alongside).0, path: path,
                 capabilities: capabilities)
    }

    /// Reads `path` as `load` does and keeps its parsed JSON beside the plan, for a caller that
    /// places what it finds in the file's text (lint): the file is read once.
    /// A Kotlin file has no JSON: its source is nil, and `pattern` chooses its pattern.
    package static func loadKeepingSource(_ path: String, capabilities: DeviceCapabilities = .iPhone, pattern: String? = nil,
                                          alongside: [String] = []) throws(LoadError) -> (pattern: LoadedPattern, source: PatternSource?) {
        if let call = try FeedbackCall.argument(path) { return (try call.loaded(as: path, capabilities: capabilities), nil) }
        if VibrationEffectFile.isFile(path) { return (try VibrationEffectFile.loaded(path, pattern: pattern), nil) }
        let (decoded, source) = try decode(path, capabilities: capabilities, keepingSource: true, pattern: pattern, alongside: alongside)
        return (try load(decoded, path: path, capabilities: capabilities), source)
    }

    private static func load(_ decoded: Decoded, path: String, capabilities: DeviceCapabilities) throws(LoadError) -> LoadedPattern {
        switch decoded {
        case .haptic(let document, let contentKey):
            let (plan, planWarnings) = document.clip.coreHapticsPlan(capabilities: capabilities)
            return LoadedPattern(
                path: path, plan: plan, pattern: nil, clip: document.clip, name: nil, description: document.clip.description,
                files: [InputFile.realPath(path) ?? path], contentKey: contentKey,
                warnings: (document.warnings + planWarnings).map { LoadWarning(kind: $0.kind, place: "\($0.path)", description: $0.description, code: $0.code) })
        case .ahap(let document, let contentKey):
            return LoadedPattern(
                path: path, plan: document.plan, pattern: nil, clip: nil, name: nil, description: document.description,
                files: [InputFile.realPath(path) ?? path], contentKey: contentKey,
                warnings: document.warnings.map { LoadWarning(kind: $0.kind, place: "\($0.path)", description: $0.description, code: $0.code,
                                                              valuePlace: $0.valuePath.map { "\($0)" }) },
                audio: document.audio.events.isEmpty ? nil : document.audio)
        case .pattern(let document):
            let plan: PlaybackPlan
            do {
                plan = try HapticPlanner.plan(document.pattern, capabilities: capabilities)
            } catch {
                // A Kotlin pattern's place is its declaration.
                throw .planning(file: document.declaredAt.map { "\(path):\($0): \(document.name ?? "")" } ?? path, error)
            }
            var loaded = LoadedPattern(
                path: path, plan: plan, pattern: document.pattern, clip: nil, name: document.name, description: document.description,
                files: document.files, contentKey: document.contentKey,
                warnings: document.warnings.map { LoadWarning(kind: $0.kind, place: $0.place, description: $0.description, code: $0.code,
                                                             valuePlace: "\($0.path)") })
            loaded.declaredAt = document.declaredAt
            return loaded
        }
    }

    /// The plan of nothing on an iPhone (silent): what a system feedback call that becomes no row plays.
    public static var silentPlan: PlaybackPlan { FeedbackCall.nothing(capabilities: .iPhone).plan }

    /// The format of a file's content, without reading its includes or planning it.
    public enum Format: Equatable, Sendable {
        case patternJSON
        case ahap
        /// A Meta Haptics Studio / Lofelt `.haptic` clip.
        case haptic
        /// Neither: why (`expected a pattern.json object … ; this file is neither (its keys: …)`).
        case neither(String)
    }

    /// The format of the file at `path`; nil when it cannot be read or parsed (loading it then
    /// says why).
    public static func format(of path: String) -> Format? {
        guard let bytes = try? InputFile.read(path, display: path), let root = try? parse(bytes, file: path).root else { return nil }
        return format(of: root)
    }

    /// The format of a parsed document.
    package static func format(of root: JSONNode) -> Format {
        if AHAPImport.isAHAP(root) { return .ahap }
        if HapticClipReader.isHapticClip(root) { return .haptic }
        return mismatch(root).map(Format.neither) ?? .patternJSON
    }

    /// A file read and decoded, before planning.
    private enum Decoded {
        case haptic(HapticClipDocument, contentKey: UInt64)
        case ahap(AHAPDocument, contentKey: UInt64)
        case pattern(PatternDocument)
    }

    /// Reads, parses and decodes a file (an AHAP file is planned by its import); its parsed JSON
    /// too when `keepingSource`.
    private static func decode(_ path: String, capabilities: DeviceCapabilities, keepingSource: Bool, pattern: String?,
                               alongside: [String]) throws(LoadError) -> (Decoded, PatternSource?) {
        let bytes: [UInt8]
        let parsed: (root: JSONNode, trailingComma: SourcePosition?)
        do throws(PatternFileError) {
            bytes = try InputFile.read(path, display: path)
            if PatternFileError.isUTF16(bytes) { throw PatternFileError(file: path, position: nil, path: nil, reason: .utf16Text) }
            if let kind = PatternFileError.soundKind(of: bytes) { throw PatternFileError(file: path, position: nil, path: nil, reason: .soundFile(kind)) }
        } catch {
            throw .file(error)
        }
        let isKotlin = KotlinReader.looksLikeKotlin(bytes)
        if path.hasSuffix(".kt"), !isKotlin { throw .kotlin(.noPatterns(file: path, seen: [])) }
        if isKotlin {
            do {
                return (.pattern(try KotlinReader.document(bytes: bytes, path: path, pattern: pattern, alongside: alongside)), nil)
            } catch {
                throw .kotlin(error)
            }
        }
        do throws(PatternFileError) {
            parsed = try parse(bytes, file: path)
        } catch {
            throw .file(error)
        }
        let root = parsed.root
        let source = keepingSource ? PatternSource(root: root, trailingComma: parsed.trailingComma) : nil
        switch format(of: root) {
        case .ahap:
            let document: AHAPDocument
            do {
                document = try AHAPImport.read(root, file: path, capabilities: capabilities, trailingComma: parsed.trailingComma)
            } catch {
                throw .ahap(error)
            }
            var key = ContentKey()
            key.absorb(bytes)
            return (.ahap(document, contentKey: key.value), source)
        case .haptic:
            let document: HapticClipDocument
            do {
                document = try HapticClipReader.read(root, file: path)
            } catch {
                throw .haptic(error)
            }
            var key = ContentKey()
            key.absorb(bytes)
            return (.haptic(document, contentKey: key.value), source)
        case .neither(let reason):
            throw .neitherFormat(file: path, position: root.position, reason: reason)
        case .patternJSON:
            do {
                return (.pattern(try PatternReader.read(bytes: bytes, root: root, path: path, otherFormat: otherFormat)), source)
            } catch {
                throw .file(error)
            }
        }
    }

    /// Names the formats that are not pattern.json, for the reader (a clip or `then` given one).
    static let otherFormat: PatternReader.Recognizer = { root in
        AHAPImport.recognizer(root) ?? (HapticClipReader.isHapticClip(root) ? HapticClipReader.format : nil)
    }

    /// Parses strictly; a trailing comma is accepted (and its place returned) only in an AHAP
    /// file, as Apple's reader accepts it. pattern.json stays strict.
    package static func parse(_ bytes: [UInt8], file: String) throws(PatternFileError) -> (root: JSONNode, trailingComma: SourcePosition?) {
        do {
            return (try PatternReader.parse(bytes, file: file), nil)
        } catch {
            guard case .json(.trailingComma) = error.reason,
                  let lenient = try? JSONParser.parse(bytes, allowingTrailingCommas: true),
                  AHAPImport.isAHAP(lenient.root) else { throw error }
            return lenient
        }
    }

    /// Why a document is neither format, or nil when it is (or looks like it was meant to be) one:
    /// a pattern.json object has `events` or `timeline` (or a key one typo away from them), an
    /// AHAP object a `Pattern` key.
    static func mismatch(_ root: JSONNode) -> String? {
        let expected = "expected a pattern.json object (with \"events\" or \"timeline\"), an AHAP object (with a \"Pattern\" array) "
            + "or a .haptic clip (with \"version\" and \"signals\")"
        guard case .object(let members) = root.value else { return "\(expected), got \(root.kindDescription)" }
        let entryKeys = ["events", "timeline", "Pattern"]
        if members.contains(where: { entryKeys.contains($0.key) || KeySuggestion.closest(to: $0.key, among: entryKeys) != nil }) {
            return nil
        }
        let keys = members.prefix(5).map { "\"\(PatternFileError.shown($0.key))\"" }.joined(separator: ", ")
        return "\(expected); this file is neither (its keys: \(members.isEmpty ? "none" : keys)\(members.count > 5 ? ", …" : ""))"
    }
}

/// A file's parsed JSON: its tree (each node with its place in the text) and where a trailing
/// comma was accepted (AHAP only).
package struct PatternSource: Sendable {
    package let root: JSONNode
    package let trailingComma: SourcePosition?
}
