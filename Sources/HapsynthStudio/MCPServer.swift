#if canImport(Glibc)
import Glibc
#endif
import FoundationEssentials
import HapsynthKit
import HapticCore

/// The studio's calls for an agent: the Model Context Protocol over standard input and output
/// (JSON-RPC 2.0, one message per line; docs/studio.md). Tools `plan`, `render`, `lint`,
/// `compare` and `devices` take a pattern as `path` (a file in the folders given, or a system
/// feedback call) or as `text` (with its `format`), and answer with the command's output.
public final class MCPServer {
    /// The protocol revisions the handshake agrees to, oldest first.
    public static let protocolVersions = ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"]
    /// A message longer than this (in bytes) is refused unread.
    public static let maxMessageBytes = 16 * 1024 * 1024
    /// A render's audio is sent back inline up to this many bytes.
    public static let maxInlineAudioBytes = 8 * 1024 * 1024

    let tools: MCPTools
    private let version: String
    /// The revision the handshake agreed to (audio content exists from 2025-03-26 on).
    private var agreed = MCPServer.protocolVersions.last!

    public init(folders: StudioFolders, calls: StudioCalls, version: String) {
        tools = MCPTools(folders: folders, calls: calls)
        self.version = version
    }

    /// Answers messages from `input` until it ends; each answer is one line given to `output`.
    public func serve(input: Int32 = 0, output: (String) -> Void) {
        var reader = LineReader(descriptor: input, limit: Self.maxMessageBytes)
        while let line = reader.next() {
            switch line {
            case .tooLong: output(Self.error(id: .null, code: -32600, "a message is over \(Self.maxMessageBytes) bytes"))
            case .line(let bytes):
                guard !bytes.allSatisfy({ $0 == 32 || $0 == 9 || $0 == 13 }) else { continue }
                if let answer = answer(bytes) { output(answer) }
            }
        }
    }

    /// The answer to one message; nil for a notification.
    public func answer(_ bytes: [UInt8]) -> String? {
        let message: JSONNode
        do {
            message = try JSONParser.parse(bytes)
        } catch {
            return Self.error(id: .null, code: -32700, "not JSON: \(error)")
        }
        guard case .object = message.value, let method = message.member("method")?.string else {
            return message.member("id") == nil ? nil : Self.error(id: Self.id(message), code: -32600, "not a JSON-RPC request")
        }
        guard let idNode = message.member("id") else { return nil }  // a notification: nothing to answer
        let id = Self.id(idNode)
        let params = message.member("params")
        switch method {
        case "initialize":
            let asked = params?.member("protocolVersion")?.string ?? ""
            agreed = Self.protocolVersions.contains(asked) ? asked : Self.protocolVersions.last!
            return Self.result(id: id, .object([
                ("protocolVersion", .string(agreed)), ("capabilities", .object([("tools", .object([("listChanged", .bool(false))]))])),
                ("serverInfo", .object([("name", .string("hapsynth")), ("version", .string(version))])),
                ("instructions", .string("hapsynth plays haptic patterns as an iPhone and Android phones would. Give a pattern as `path` (a file in the "
                    + "studio's folders, or a call such as uikit:impact.light) or as `text` with its `format`.")),
            ]))
        case "ping": return Self.result(id: id, .object([]))
        case "tools/list": return Self.result(id: id, .object([("tools", .array(MCPTools.list))]))
        case "tools/call":
            guard let name = params?.member("name")?.string, MCPTools.names.contains(name) else {
                return Self.error(id: id, code: -32602, "unknown tool; the tools are \(MCPTools.names.joined(separator: ", "))")
            }
            return Self.result(id: id, tools.call(name, arguments: params?.member("arguments"), sendsAudio: agreed != "2024-11-05"))
        default: return Self.error(id: id, code: -32601, "no method \(method)")
        }
    }

    /// A request's id as it was sent (a number or a string).
    static func id(_ node: JSONNode?) -> JSONOutput {
        switch node?.value {
        case .number(let number): return .number(number.text)
        case .string(let text): return .string(text)
        default: return .null
        }
    }

    static func result(id: JSONOutput, _ result: JSONOutput) -> String {
        JSONOutput.object([("jsonrpc", .string("2.0")), ("id", id), ("result", result)]).compact
    }

    static func error(id: JSONOutput, code: Int64, _ message: String) -> String {
        JSONOutput.object([("jsonrpc", .string("2.0")), ("id", id), ("error", .object([("code", .integer(code)), ("message", .string(message))]))]).compact
    }
}

/// Lines of a file descriptor, each at most `limit` bytes (a longer one is skipped to its end).
struct LineReader {
    enum Line { case line([UInt8]), tooLong }

    let descriptor: Int32
    let limit: Int
    private var buffer: [UInt8] = []
    private var start = 0
    private var ended = false
    private var skipping = false

    init(descriptor: Int32, limit: Int) { (self.descriptor, self.limit) = (descriptor, limit) }

    mutating func next() -> Line? {
        while true {
            if let newline = buffer[start...].firstIndex(of: 10) {
                let line = Array(buffer[start..<newline])
                start = newline + 1
                if skipping { skipping = false; continue }
                return .line(line)
            }
            if buffer.count - start > limit, !skipping {
                skipping = true
                buffer = []
                start = 0
                return .tooLong
            }
            if skipping { buffer = []; start = 0 }
            guard !ended else {
                defer { buffer = []; start = 0 }
                return buffer.count > start && !skipping ? .line(Array(buffer[start...])) : nil
            }
            if start > 0 { buffer.removeFirst(start); start = 0 }
            var chunk = [UInt8](repeating: 0, count: 64 * 1024)
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 { buffer.append(contentsOf: chunk[..<count]) } else if count == 0 || errno != EINTR { ended = true }
        }
    }
}
