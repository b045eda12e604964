import Testing
import TestSupport

/// The command-line skeleton: help, version, usage errors and exit codes (docs/command-line.md).
@Suite struct CommandLineTests {
    @Test func helpListsTheCommands() throws {
        let result = try hapsynth(["--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("USAGE: hapsynth <subcommand>"))
        #expect(result.stdout.contains("  plan "))
        #expect(result.stderr.isEmpty)
    }

    @Test func versionPrintsTheVersion() throws {
        let result = try hapsynth(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("hapsynth "))
    }

    @Test func eachCommandHasItsOwnHelp() throws {
        let result = try hapsynth(["plan", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("USAGE: hapsynth plan <pattern> [--json] [--no-haptics]"))
        #expect(result.stdout.contains("--no-haptics"))
    }

    @Test(arguments: [
        ([], "hapsynth: error: no command given"),
        (["plna"], "hapsynth: error: unknown command 'plna' — did you mean 'plan'?"),
        (["--verbose"], "hapsynth: error: unknown option '--verbose'"),
        (["plan"], "hapsynth: error: missing <pattern>"),
        (["plan", "a.json", "b.json"], "hapsynth: error: unexpected argument 'b.json'"),
        (["plan", "a.json", "--jsn"], "hapsynth: error: unknown option '--jsn' for 'plan' — did you mean '--json'?"),
        (["plan", "a.json", "--json=yes"], "hapsynth: error: option '--json' takes no value"),
    ] as [([String], String)])
    func usageErrorsExit64WithAUsageLine(arguments: [String], firstLine: String) throws {
        let result = try hapsynth(arguments)
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first == firstLine)
        #expect(lines.dropFirst().first?.hasPrefix("Usage: hapsynth") == true)
    }
}
