/// `hapsynth studio`: the folders, the calls and the server put together, as the command starts
/// them: the page on a local address, or the MCP tools on standard input and output.
public final class Studio: Sendable {
    public let folders: StudioFolders
    public let calls: StudioCalls
    let server: HTTPServer?

    /// Opens `paths` (default: the current folder) and, unless `mcp`, listens on `host` (default
    /// 127.0.0.1) and `port` (default: one the system chooses).
    /// - Throws: `StudioError.missingFolder`, `.cannotListen`.
    public init(paths: [String], host: String?, port: Int?, mcp: Bool, toolVersion: String) throws(StudioError) {
        folders = try StudioFolders(paths)
        calls = try StudioCalls(toolVersion: toolVersion)
        server = mcp ? nil : try HTTPServer(host: host ?? "127.0.0.1", port: UInt16(port ?? 0))
    }

    /// `http://127.0.0.1:PORT/`: the page's address.
    public var url: String {
        guard let server else { return "" }
        return "http://\(server.host.contains(":") ? "[\(server.host)]" : server.host):\(server.port)/"
    }

    /// `hapsynth studio: URL (FOLDERS); Ctrl-C to stop`.
    public var announcement: String { "hapsynth studio: \(url) (\(folders.names.joined(separator: ", "))); Ctrl-C to stop" }

    /// Whether others can reach the page: it listens on an address that is not loopback.
    public var isExposed: Bool { server.map { !$0.isLoopback } ?? false }

    /// Serves the page until `shouldStop` holds, or (with `mcp`) MCP until standard input ends,
    /// each answer given to `output`.
    public func serve(until shouldStop: @escaping @Sendable () -> Bool, output: (String) -> Void) {
        defer { calls.scratch.removeAll() }  // the process ends after: no render is left behind
        guard let server else {
            MCPServer(folders: folders, calls: calls, version: calls.toolVersion).serve(output: output)
            return
        }
        var routes = StudioRoutes(folders: folders, calls: calls)
        routes.loopbackOnly = server.isLoopback
        server.serve(until: shouldStop, handler: routes.answer)
    }
}
