import HapsynthKit
import HapsynthStudio

/// `hapsynth studio [PATH…]`: a local page that plays, shows and checks patterns as they are
/// edited, or (`--mcp`) the same calls for an agent on stdin and stdout (docs/studio.md).
struct StudioCommand: Command {
    static let name = "studio"
    static let abstract = "Serve a local page that plays, plots and lints patterns as you edit them; --mcp for agents."
    static let discussion = """
        The page shows the chosen file's text, plot, lint findings and devices rows and plays its renders;
        a save there or in another editor redraws it. Only this machine is answered unless --host says
        otherwise. Ctrl-C stops it.
        """
    static let positionals = [PositionalSpec(name: "path", help: "Folders or pattern files to open (default: the current folder).", repeating: true, optional: true)]
    static let port = Option.whole("--port", "N", help: "Listen on port N, 1-65535 (default: a free port, printed).", in: 1...65535)
    static let host = Option("--host", "ADDRESS", help: "Listen on ADDRESS (default 127.0.0.1; another is warned of).")
    static let mcp = Flag("--mcp", help: "Answer MCP on stdin and stdout instead: tools plan, render, lint, compare and devices.")
    static var options: [OptionSpec] { specs(port, host, mcp) }

    let studio: Studio

    init(_ arguments: ParsedArguments) throws(CLIError) {
        let (port, host, mcp) = (try arguments.value(Self.port), try arguments.value(Self.host), arguments.has(Self.mcp))
        if mcp, let clash = [Self.port.name, Self.host.name].first(where: { arguments.value($0) != nil }) {
            throw .usage("--mcp talks on stdin and stdout; leave out \(clash)", command: Self.name)
        }
        studio = try worded(Self.name) { try Studio(paths: arguments.positionals, host: host, port: port, mcp: mcp, toolVersion: RootCommand.version) }
    }

    func run(_ console: Console) throws(CLIError) -> ExitCode {
        if studio.isExposed { console.warning("--host: whoever reaches this address can read and write the folders given") }
        if !studio.url.isEmpty { console.out(studio.announcement) }
        studio.serve(until: { Interruption.process.isRaised }, output: console.out)
        return .success
    }
}
