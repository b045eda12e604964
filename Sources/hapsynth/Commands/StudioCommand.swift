import HapsynthKit
import HapsynthStudio

/// `hapsynth studio [PATH…]`: a local page that plays, shows and checks the patterns in the
/// folders as they are edited, or (`--mcp`) the same calls for an agent on stdin and stdout.
struct StudioCommand: Command {
    static let name = "studio"
    static let abstract = "Serve a local page that plays, plots and lints patterns as you edit them; --mcp for agents."
    static let discussion = """
        The page lists the pattern files of the folders given (default: the current one) and, for the
        one chosen, shows its text, plot, lint findings and devices rows, and plays its renders; a save
        there or in another editor redraws it. It answers this machine only unless --host says
        otherwise. Ctrl-C stops it. docs/studio.md.
        """
    static let positionals = [PositionalSpec(name: "path", help: "Folders or pattern files to open (default: the current folder).", repeating: true, optional: true)]
    static let port = Option.whole("--port", "N", help: "Listen on port N, 1-65535 (default: a free port, printed).", in: 1...65535)
    static let host = Option("--host", "ADDRESS", help: "Listen on ADDRESS (default 127.0.0.1); another machine's reach is warned of.")
    static let mcp = Flag("--mcp", help: "Answer MCP (JSON-RPC) on stdin and stdout instead: tools plan, render, lint, compare and devices.")
    static var options: [OptionSpec] { specs(port, host, mcp) }

    let folders: StudioFolders
    let port: Int?, host: String?
    let mcp: Bool

    init(_ arguments: ParsedArguments) throws(CLIError) {
        folders = try worded(Self.name) { try StudioFolders(arguments.positionals) }
        (port, host, mcp) = (try arguments.value(Self.port), try arguments.value(Self.host), arguments.has(Self.mcp))
        if mcp, let clash = [Self.port.name, Self.host.name].first(where: { arguments.value($0) != nil }) {
            throw .usage("--mcp talks on stdin and stdout; leave out \(clash)", command: Self.name)
        }
    }

    func run(_ console: Console) throws(CLIError) -> ExitCode {
        let calls = try worded(Self.name) { try StudioCalls(toolVersion: RootCommand.version) }
        if mcp {
            MCPServer(folders: folders, calls: calls, version: RootCommand.version).serve { console.out($0) }
            return .success
        }
        let server = try worded(Self.name) { try HTTPServer(host: host ?? "127.0.0.1", port: UInt16(port ?? 0)) }
        var routes = StudioRoutes(folders: folders, calls: calls)
        routes.loopbackOnly = server.isLoopback
        if !server.isLoopback { console.warning("--host \(server.host): the studio reads and writes these folders for anyone who reaches this address") }
        console.out("hapsynth studio: http://\(server.host.contains(":") ? "[\(server.host)]" : server.host):\(server.port)/ (\(folders.names.joined(separator: ", "))); Ctrl-C to stop")
        server.serve(until: { Interruption.process.isRaised }, handler: routes.answer)
        return .success
    }
}
