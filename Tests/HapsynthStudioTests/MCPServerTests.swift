import Foundation
import HapsynthStudio
import Testing
import TestSupport

/// The MCP server's answers, message by message (a real client talks to it in `make test`'s
/// studio check).
@Suite struct MCPServerTests {
    let server: MCPServer

    init() throws {
        server = MCPServer(folders: try StudioFolders([packageRoot + "/Samples"]), calls: try StudioCalls(toolVersion: "0.1.0"), version: "0.1.0")
    }

    func answer(_ message: [String: Any]) throws -> [String: Any]? {
        let bytes = Array(try JSONSerialization.data(withJSONObject: message))
        guard let text = server.answer(bytes) else { return nil }
        #expect(!text.contains("\n"), "an answer is one line")
        return try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
    }

    func call(_ tool: String, _ arguments: [String: Any]) throws -> (text: String, isError: Bool) {
        let reply = try #require(try answer(["jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": ["name": tool, "arguments": arguments]]))
        let result = try #require(reply["result"] as? [String: Any])
        let content = try #require(result["content"] as? [[String: Any]])
        return (content.compactMap { $0["text"] as? String }.joined(separator: "\n"), result["isError"] as? Bool ?? false)
    }

    @Test func agreesToTheClientsRevisionAndListsFiveTools() throws {
        let reply = try #require(try answer(["jsonrpc": "2.0", "id": "a", "method": "initialize", "params": ["protocolVersion": "2025-06-18", "capabilities": [:]]]))
        #expect(reply["id"] as? String == "a")
        #expect((reply["result"] as? [String: Any])?["protocolVersion"] as? String == "2025-06-18")
        let newer = try #require(try answer(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["protocolVersion": "2099-01-01"]]))
        #expect((newer["result"] as? [String: Any])?["protocolVersion"] as? String == MCPServer.protocolVersions.last)
        #expect(try answer(["jsonrpc": "2.0", "method": "notifications/initialized"]) == nil)
        let tools = try #require(((try answer(["jsonrpc": "2.0", "id": 2, "method": "tools/list"]))?["result"] as? [String: Any])?["tools"] as? [[String: Any]])
        #expect(tools.compactMap { $0["name"] as? String } == ["plan", "render", "lint", "compare", "devices"])
        #expect(tools.allSatisfy { ($0["inputSchema"] as? [String: Any])?["type"] as? String == "object" })
    }

    @Test func refusesWhatIsNoRequestInJSONRPCsCodes() throws {
        let garbled = try #require(server.answer(Array("{not json".utf8)))
        #expect(garbled.contains("-32700"))
        #expect(try answer(["jsonrpc": "2.0", "id": 3, "method": "resources/list"])?["error"].map { ($0 as? [String: Any])?["code"] as? Int } == -32601)
        #expect(try answer(["jsonrpc": "2.0", "id": 4, "method": "tools/call", "params": ["name": "format-disk"]])?["error"] != nil)
    }

    @Test func lintsATextAndNamesItsLine() throws {
        let (text, isError) = try call("lint", ["text": "{\"events\": [\n {\"type\": \"transent\"}\n]}", "format": "json"])
        #expect(!isError)
        #expect(text.contains("\"path\": \"text.json\""))
        #expect(text.contains("\"line\": 2"))
        #expect(!text.contains("hapsynth-studio-"), "the scratch file's name leaked: \(text)")
    }

    @Test func plansRendersAndComparesAFileOfTheFolders() throws {
        let path = packageRoot + "/Samples/heartbeat.json"
        #expect(try call("plan", ["path": path]).text.contains("\"players\""))
        let reply = try #require(try answer(["jsonrpc": "2.0", "id": 8, "method": "tools/call", "params": ["name": "render", "arguments": ["path": path, "platform": "android"]]]))
        let content = try #require((reply["result"] as? [String: Any])?["content"] as? [[String: Any]])
        #expect((content.first?["text"] as? String)?.hasPrefix("render.wav: 2.") == true)
        let audio = try #require(content.first { $0["type"] as? String == "audio" })
        #expect(Data(base64Encoded: audio["data"] as? String ?? "")?.prefix(4) == Data("RIFF".utf8))
        let same = try call("compare", ["expected": path, "actual": path])
        #expect(same.text.contains("\"pass\": true"))
        let edited = try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(of: "\"strong\"", with: "\"light\"")
        let changed = try call("compare", ["expected": path, "actualText": edited])
        #expect(changed.text.contains("\"pass\": false"), "\(changed.text.prefix(400))")
    }

    @Test func aClientOfTheFirstRevisionGetsNoAudioContent() throws {
        _ = try answer(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["protocolVersion": "2024-11-05"]])
        let reply = try #require(try answer(["jsonrpc": "2.0", "id": 2, "method": "tools/call",
                                             "params": ["name": "render", "arguments": ["path": packageRoot + "/Samples/celebration.json"]]]))
        let content = try #require((reply["result"] as? [String: Any])?["content"] as? [[String: Any]])
        #expect(content.allSatisfy { $0["type"] as? String == "text" })
        #expect((content.last?["text"] as? String)?.contains("2025-03-26") == true)
    }

    @Test func refusesPathsOutsideTheFoldersAsAToolError() throws {
        let (text, isError) = try call("plan", ["path": packageRoot + "/Package.swift"])
        #expect(isError)
        #expect(text.contains("not a pattern file inside the folders"))
        #expect(try call("lint", ["path": packageRoot + "/Samples/../Tests/x.json"]).isError)
        #expect(try call("render", ["text": "{}", "format": "exe"]).text.contains("'exe' is not one of json, ahap, haptic, kt, vibration"))
    }
}
