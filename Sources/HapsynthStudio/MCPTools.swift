#if canImport(Glibc)
import Glibc
#endif
import FoundationEssentials
import HapsynthKit
import HapticCore

/// The MCP tools and how each is answered: the studio's calls on a pattern named by `path` or
/// given as `text`; a refusal or a failure is a tool result with `isError`, in the calls' words.
struct MCPTools {
    static let names = ["plan", "render", "lint", "compare", "devices"]

    let folders: StudioFolders
    let calls: StudioCalls

    /// The formats a `text` may be in, as file extensions.
    static let formats = ["json", "ahap", "haptic", "kt", "vibration"]

    /// `tools/list`'s tools, each with its JSON Schema.
    static var list: [JSONOutput] {
        let pattern: [(String, JSONOutput)] = [
            ("path", property("string", "A pattern file in the studio's folders (pattern.json, AHAP, .haptic, .kt, .vibration) or a system feedback call such as uikit:impact.light.")),
            ("text", property("string", "A pattern's text, instead of path (read alone: it includes no other file).")),
            ("format", .object([("type", .string("string")), ("enum", .array(formats.map(JSONOutput.string))),
                                ("description", .string("What text is: json (pattern.json, the default), ahap, haptic, kt or vibration."))])),
            ("pattern", property("string", "In a Kotlin file, the pattern declared with this name.")),
        ]
        let device: [(String, JSONOutput)] = [
            ("platform", .object([("type", .string("string")), ("enum", .array(["ios", "android", "both"].map(JSONOutput.string))),
                                  ("description", .string("ios (default; a .vibration file: android), android, or both (render only: left iOS, right Android)."))])),
            ("device", property("string", "The Android device: flagship-api36 (default), a named device or an Android catalogue device such as pixel-5.")),
        ]
        return [
            tool("plan", "The plan Core Haptics (or the Android executor) gets for a pattern: `hapsynth plan --json`.", pattern + device),
            tool("render", "Render what the actuator does as a WAV (`hapsynth render`): the summary line and the audio.", pattern + device),
            tool("lint", "Lint findings for a pattern, with lines and columns: `hapsynth lint --format json`.", pattern),
            tool("compare", "Whether two versions feel the same: `hapsynth compare --perceptual --json` of their renders. expected and actual are "
                 + "sound files or patterns in the folders; actualText (with format) stands for an edited actual.",
                 [("expected", property("string", "A sound file or pattern in the folders.")), ("actual", property("string", "A sound file or pattern in the folders.")),
                  ("actualText", property("string", "The actual pattern's text, instead of actual.")), pattern[2]] + device,
                 required: ["expected"]),
            tool("devices", "How the pattern feels on catalogue devices against the reference: `hapsynth devices --json`.",
                 pattern + [("devices", .object([("type", .string("array")), ("items", .object([("type", .string("string"))])),
                                                 ("description", .string("Catalogue device names (default: every one)."))]))]),
        ]
    }

    private static func property(_ type: String, _ description: String) -> JSONOutput {
        .object([("type", .string(type)), ("description", .string(description))])
    }

    private static func tool(_ name: String, _ description: String, _ properties: [(String, JSONOutput)], required: [String] = []) -> JSONOutput {
        var schema: [(String, JSONOutput)] = [("type", .string("object")), ("properties", .object(properties))]
        if !required.isEmpty { schema.append(("required", .array(required.map(JSONOutput.string)))) }
        schema.append(("additionalProperties", .bool(false)))
        return .object([("name", .string(name)), ("description", .string(description)), ("inputSchema", .object(schema))])
    }

    /// A tool's result; `render`'s audio only where the agreed revision has audio content.
    func call(_ name: String, arguments: JSONNode?, sendsAudio: Bool = true) -> JSONOutput {
        let arguments = Arguments(node: arguments)
        var made: [String] = []
        defer { made.forEach { unlink($0) } }
        do {
            switch name {
            case "plan":
                let (path, shown) = try input(arguments, made: &made)
                return text(try calls.plan(path, on: arguments.target, pattern: arguments.string("pattern")), shown: shown, path: path)
            case "render":
                let (path, shown) = try input(arguments, made: &made)
                let (bytes, summary) = try calls.rendered(path, on: arguments.target, pattern: arguments.string("pattern"), name: "render.wav")
                let audio: JSONOutput
                if !sendsAudio {
                    audio = Self.text("audio content needs protocol revision 2025-03-26 or later; render it with hapsynth render")
                } else if bytes.count <= MCPServer.maxInlineAudioBytes {
                    audio = .object([("type", .string("audio")), ("data", .string(Data(bytes).base64EncodedString())), ("mimeType", .string("audio/wav"))])
                } else {
                    audio = Self.text("the WAV is \(bytes.count) bytes, over the \(MCPServer.maxInlineAudioBytes) sent inline; render it with hapsynth render")
                }
                return Self.result([Self.text(summary.joined(separator: "\n").replacingAll(path, with: shown)), audio])
            case "lint":
                let (path, shown) = try input(arguments, made: &made)
                return text(try calls.lint(path), shown: shown, path: path)
            case "devices":
                let (path, shown) = try input(arguments, made: &made)
                return text(try calls.devices(path, devices: arguments.strings("devices"), pattern: arguments.string("pattern")), shown: shown, path: path)
            default:
                guard let expected = arguments.string("expected") else { throw StudioError.badArgument("expected", "name a sound file or pattern in the folders") }
                let expectedPath = try sideFile(expected)
                let actual: (path: String, shown: String)
                if let actualText = arguments.string("actualText") {
                    actual = try textFile(actualText, format: arguments.string("format"), made: &made)
                } else {
                    guard let named = arguments.string("actual") else { throw StudioError.badArgument("actual", "name a sound file or pattern, or give actualText") }
                    actual = (try sideFile(named), named)
                }
                let (report, passes) = try calls.compare(expected: expectedPath, actual: actual.path, on: arguments.target)
                return Self.result([Self.text(report.replacingAll(actual.path, with: actual.shown))], structured: .object([("passes", .bool(passes))]))
            }
        } catch {
            return Self.result([Self.text("\(error)")], isError: true)
        }
    }

    /// A text result, the scratch file a text was written to named `shown` in it.
    private func text(_ output: String, shown: String, path: String) -> JSONOutput {
        Self.result([Self.text(output.replacingAll(path, with: shown))])
    }

    /// A tool result of `content`.
    private static func result(_ content: [JSONOutput], isError: Bool = false, structured: JSONOutput? = nil) -> JSONOutput {
        .object([("content", .array(content)), ("isError", .bool(isError))] + (structured.map { [("structuredContent", $0)] } ?? []))
    }

    /// One text content item.
    private static func text(_ words: String) -> JSONOutput { .object([("type", .string("text")), ("text", .string(words))]) }

    /// The pattern the arguments give: a path in the folders, a call, or a text written to the scratch folder.
    private func input(_ arguments: Arguments, made: inout [String]) throws(StudioError) -> (path: String, shown: String) {
        if let text = arguments.string("text") {
            guard arguments.string("path") == nil else { throw .badArgument("text", "give path or text, not both") }
            return try textFile(text, format: arguments.string("format"), made: &made)
        }
        guard let shown = arguments.string("path") else { throw .badArgument("path", "give a pattern's path or its text") }
        if FeedbackCall.hasFamilyPrefix(shown) { return (shown, shown) }
        return (try folders.resolve(shown).path, shown)
    }

    /// A sound file or pattern in the folders.
    private func sideFile(_ shown: String) throws(StudioError) -> String {
        if FeedbackCall.hasFamilyPrefix(shown) { return shown }
        return try folders.resolve(shown, allowingSounds: true).path
    }

    private func textFile(_ text: String, format: String?, made: inout [String]) throws(StudioError) -> (path: String, shown: String) {
        let format = format ?? "json"
        guard Self.formats.contains(format) else { throw .badArgument("format", "'\(format)' is not one of \(Self.formats.joined(separator: ", "))") }
        let path = calls.scratch.newPath(extension: format)
        try calls.scratch.write(text, to: path)
        made.append(path)
        return (path, "text." + format)
    }

    /// A tool call's arguments.
    struct Arguments {
        let node: JSONNode?
        func string(_ name: String) -> String? { node?.member(name)?.string }
        func strings(_ name: String) -> [String] {
            guard case .array(let items)? = node?.member(name)?.value else { return [] }
            return items.compactMap(\.string)
        }
        var target: StudioCalls.Target { StudioCalls.Target(platform: string("platform"), device: string("device")) }
    }
}
