#if canImport(Glibc)
import Glibc
#endif
import HapticCore
import HapticPlanner

/// `hapsynth-lint.json` (docs/lint.md): the platform and Android device to lint for, rules switched
/// off or re-levelled, and overrides for files matching globs (relative to the config's folder; `*`
/// and `?` stay within a path segment, `**` crosses them; later overrides win).
public struct LintConfig: Sendable {
    public static let fileName = "hapsynth-lint.json"

    /// The folder `files` globs are relative to.
    public let folder: String
    public var platform: String?
    public var androidDevice: String?
    public var rules: [String: LintSeverity] = [:]
    public var overrides: [(files: [String], rules: [String: LintSeverity])] = []

    public init(folder: String = ".") { self.folder = folder }

    /// Reads a config file; every key and rule id is checked.
    /// - Throws: `SettingsFileError` with the place of what is wrong (`isMissing` for no file).
    public static func read(contentsOf path: String) throws(SettingsFileError) -> LintConfig {
        try parse(try SettingsFileError.read(path), file: path)
    }

    /// Reads config JSON; `file` names it in errors, and its folder is what globs are relative to.
    public static func parse(_ bytes: [UInt8], file path: String) throws(SettingsFileError) -> LintConfig {
        let root = try SettingsFileError.parse(bytes, file: path)
        let reader = SettingsReader(file: path)
        func fail(_ message: String, _ node: JSONNode, _ at: JSONPath) -> SettingsFileError { reader.fail(message, node, at) }
        func members(_ node: JSONNode, _ at: JSONPath, _ keys: [String]) throws(SettingsFileError) -> [JSONMember] {
            try reader.orderedMembers(node, at, keys: keys)
        }
        func string(_ node: JSONNode, _ at: JSONPath) throws(SettingsFileError) -> String { try reader.string(node, at) }
        func severities(_ node: JSONNode, _ at: JSONPath) throws(SettingsFileError) -> [String: LintSeverity] {
            var result: [String: LintSeverity] = [:]
            for member in try members(node, at, []) {
                let place = at.appending(member.key)
                guard LintRule.rule(member.key) != nil else {
                    throw .unknownKey(member.key, at: member.keyPosition, in: at, among: LintRule.all.map(\.id), file: path)
                }
                let text = try string(member.value, place)
                guard let severity = LintSeverity(rawValue: text) else {
                    throw fail("expected off, info, warning or error, got \"\(PatternFileError.shown(text))\"", member.value, place)
                }
                result[member.key] = severity
            }
            return result
        }
        let slash = path.lastIndex(of: "/")
        var config = LintConfig(folder: slash.map { String(path[..<$0]) }.flatMap { $0.isEmpty ? "/" : $0 } ?? ".")
        for member in try members(root, .root, ["version", "platform", "androidDevice", "rules", "overrides"]) {
            let at = JSONPath.root.appending(member.key)
            switch member.key {
            case "version":
                guard case .number(let number) = member.value.value, number.double == 1 else { throw fail("version must be 1", member.value, at) }
            case "platform":
                let name = try string(member.value, at)
                guard ["ios", "android", "both"].contains(name) else { throw fail("expected ios, android or both, got \"\(name)\"", member.value, at) }
                config.platform = name
            case "androidDevice": config.androidDevice = try string(member.value, at)
            case "rules": config.rules = try severities(member.value, at)
            default:
                guard case .array(let items) = member.value.value else { throw fail("expected an array, got \(member.value.kindDescription)", member.value, at) }
                for (index, item) in items.enumerated() {
                    let itemPath = at.appending(index)
                    var files: [String] = [], rules: [String: LintSeverity] = [:]
                    for field in try members(item, itemPath, ["files", "rules"]) {
                        let fieldPath = itemPath.appending(field.key)
                        if field.key == "rules" {
                            rules = try severities(field.value, fieldPath)
                        } else {
                            guard case .array(let globs) = field.value.value else { throw fail("expected an array of globs", field.value, fieldPath) }
                            files = try globs.enumerated().map { index, glob throws(SettingsFileError) in try string(glob, fieldPath.appending(index)) }
                        }
                    }
                    config.overrides.append((files, rules))
                }
            }
        }
        return config
    }

    /// The severity of `rule` for the file at `path`: the rule's default, the config's `rules`, then
    /// every override whose globs match, in order.
    public func severity(of rule: LintRule, for path: String) -> LintSeverity {
        severity(of: rule, for: path, found: rule.severity)
    }

    /// The severity of a finding of `rule` found at `found` (its rule's default, or more when the
    /// finding says so: an HS402 path that is not read is a warning), with the config applied.
    func severity(of rule: LintRule, for path: String, found: LintSeverity) -> LintSeverity {
        var severity = rules[rule.id] ?? found
        let relative = Self.relative(path, to: folder)
        for override in overrides where override.files.contains(where: { Self.matches($0, relative) }) {
            if let level = override.rules[rule.id] { severity = level }
        }
        return severity
    }

    /// The findings with the config's severities, those switched off left out.
    public func apply(_ findings: [LintFinding]) -> [LintFinding] {
        findings.compactMap { finding in
            let severity = severity(of: finding.rule, for: finding.file, found: finding.severity)
            guard severity != .off else { return nil }
            return LintFinding(rule: finding.rule, severity: severity, file: finding.file, jsonPath: finding.jsonPath, start: finding.start,
                               end: finding.end, message: finding.message)
        }
    }

    /// `path` relative to `folder` (both made real when they exist), else as given (without `./`).
    static func relative(_ path: String, to folder: String) -> String {
        for (file, base) in [(InputFile.realPath(path) ?? path, InputFile.realPath(folder) ?? folder), (path, folder)] {
            let prefix = base.hasSuffix("/") ? base : base + "/"
            if file.hasPrefix(prefix) { return String(file.dropFirst(prefix.count)) }
        }
        return path.hasPrefix("./") ? String(path.dropFirst(2)) : path
    }

    /// Whether a `/`-separated path matches a glob: `**` any number of segments, `*` and `?` within
    /// one. Matched segment by segment over a table of (glob segment, path segment) pairs, so the
    /// time is at most their product whatever the glob (a glob of many `**` never backtracks).
    static func matches(_ glob: String, _ path: String) -> Bool {
        let pattern = glob.split(separator: "/").map(String.init), segments = path.split(separator: "/").map(String.init)
        // reachable[j]: the first i glob segments can match the first j path segments.
        var reachable = [Bool](repeating: false, count: segments.count + 1)
        reachable[0] = true
        for part in pattern {
            var next = [Bool](repeating: false, count: segments.count + 1)
            if part == "**" {
                var any = false
                for j in 0...segments.count {
                    any = any || reachable[j]
                    next[j] = any
                }
            } else {
                let tokens = GlobToken.parse(part)
                for j in 0..<segments.count where reachable[j] && GlobToken.matches(tokens, segments[j]) { next[j + 1] = true }
            }
            reachable = next
        }
        return reachable[segments.count]
    }
}

/// One piece of a glob segment: a character, `?`, `*`, or a bracket class (`[abc]`, `[a-z]`, `[!x]`).
enum GlobToken: Equatable {
    case character(Character), any, star
    case set([ClosedRange<Character>], negated: Bool)

    static func parse(_ segment: String) -> [GlobToken] {
        var tokens: [GlobToken] = []
        let characters = Array(segment)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            index += 1
            switch character {
            case "*": if tokens.last != .star { tokens.append(.star) }
            case "?": tokens.append(.any)
            case "[":
                guard let close = characters[index...].dropFirst().firstIndex(of: "]") ?? characters[index...].firstIndex(of: "]"), close > index else {
                    tokens.append(.character("["))
                    continue
                }
                var body = Array(characters[index..<close])
                index = close + 1
                let negated = body.first == "!" || body.first == "^"
                if negated { body.removeFirst() }
                var ranges: [ClosedRange<Character>] = []
                var at = 0
                while at < body.count {
                    if at + 2 < body.count, body[at + 1] == "-", body[at] <= body[at + 2] {
                        ranges.append(body[at]...body[at + 2])
                        at += 3
                    } else {
                        ranges.append(body[at]...body[at])
                        at += 1
                    }
                }
                tokens.append(.set(ranges, negated: negated))
            default: tokens.append(.character(character))
            }
        }
        return tokens
    }

    /// Whether `text` matches the tokens, in time at most their number times its length.
    static func matches(_ tokens: [GlobToken], _ text: String) -> Bool {
        let characters = Array(text)
        // reachable[j]: the tokens so far can match the first j characters.
        var reachable = [Bool](repeating: false, count: characters.count + 1)
        reachable[0] = true
        for token in tokens {
            var next = [Bool](repeating: false, count: characters.count + 1)
            if token == .star {
                var any = false
                for j in 0...characters.count {
                    any = any || reachable[j]
                    next[j] = any
                }
            } else {
                for j in 0..<characters.count where reachable[j] && token.accepts(characters[j]) { next[j + 1] = true }
            }
            reachable = next
        }
        return reachable[characters.count]
    }

    private func accepts(_ character: Character) -> Bool {
        switch self {
        case .character(let expected): return character == expected
        case .any: return true
        case .star: return true
        case let .set(ranges, negated): return ranges.contains { $0.contains(character) } != negated
        }
    }
}
