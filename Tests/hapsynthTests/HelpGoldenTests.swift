import Foundation
import Testing
import TestSupport

/// Help in swift-argument-parser's shape, at 80 columns when output is not a terminal: one
/// snapshot per command (re-record with `make golden`), and the conventions users expect.
@Suite struct HelpGoldenTests {
    static let commands = ["render", "play", "plan", "plot", "compare", "check", "export", "from-audio", "lint", "devices", "feedback", "studio"]
    static let goldens = packageRoot + "/Tests/hapsynthTests/Goldens/help"

    @Test(arguments: [""] + commands)
    func helpMatchesItsSnapshotAndFits80Columns(command: String) throws {
        let result = try hapsynth(command.isEmpty ? ["help"] : ["help", command])
        #expect(result.status == 0 && result.stderr.isEmpty)
        try expectGolden(result.stdout, path: Self.goldens + "/\(command.isEmpty ? "hapsynth" : command).txt")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        for line in lines { #expect(line.count <= 80, "\(command): \(line)") }
        // Option and argument rows: help text starts in column 26, or the label stands alone.
        for line in lines where line.hasPrefix("  -") || line.hasPrefix("  <") {
            let text = Array(line)
            guard let gap = (2..<max(2, text.count - 1)).first(where: { text[$0] == " " && text[$0 + 1] == " " }) else { continue }
            let helpStart = (gap..<text.count).first { text[$0] != " " }
            #expect(helpStart == 26, "\(command): \(line)")
        }
        if !command.isEmpty {
            #expect(try hapsynth([command, "--help"]).stdout == result.stdout)
        }
    }

    @Test func requiredOptionsAreShownWithoutBrackets() throws {
        let help = try hapsynth(["help", "check"]).stdout
        #expect(help.contains("<pattern-or-dir> ... --goldens DIR"))
        #expect(help.contains("The folder of golden files. (required)"))
    }

    @Test func aRepeatedOptionTakesItsLastValue() throws {
        let scratch = try Scratch()
        let result = try hapsynth(["render", "Samples/celebration.json", scratch.path + "/x.wav", "--rate", "8000", "--rate", "16000"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("at 16000 Hz"))
        let record = try hapsynth(["plan", "Samples/celebration.json", "--json", "--json"])
        #expect(record.status == 0)
    }

    @Test func dashQIsQuiet() throws {
        let scratch = try Scratch()
        let pattern = try scratch.write("loud.json", #"{"timeline": [{"transient": {"intensity": 2}}]}"#)
        let loud = try hapsynth(["render", pattern, scratch.path + "/a.wav"])
        #expect(loud.stderr.contains("warning"))
        let quiet = try hapsynth(["render", pattern, scratch.path + "/b.wav", "-q"])
        #expect(quiet.status == 0 && quiet.stderr.isEmpty)
    }

    @Test func usageAfterAnErrorIsWrappedAndPointsToHelp() throws {
        let result = try hapsynth(["render", "x.json"])
        #expect(result.status == 64)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first == "hapsynth: error: missing <out>")
        #expect(lines.dropFirst().allSatisfy { $0.count <= 80 })
        #expect(lines.last == "  See 'hapsynth help render' for more information.")
        #expect(try hapsynth(["help", "rendr"]).stderr.hasPrefix("hapsynth: error: unknown command 'rendr' — did you mean 'render'?"))
        #expect(try hapsynth(["help", "help"]).stdout == (try hapsynth(["help"]).stdout))
    }

    @Test(arguments: [
        (["--min-frequency", "400"], "hapsynth: error: --min-frequency must be below --max-frequency (300, the default), got 400"),
        (["--max-frequency", "30000"],
         "hapsynth: error: --max-frequency must be above --min-frequency (65, the default) and at most half of --rate (24000), got 30000"),
        (["--envelope-min-ms", "2000"],
         "hapsynth: error: --envelope-min-ms must be below --envelope-max-ms (1000, the default), got 2000"),
    ] as [([String], String)])
    func aProfileErrorNamesTheFlagTheUserGave(flags: [String], message: String) throws {
        let result = try hapsynth(["render", "Samples/celebration.json", "/tmp/never-written.wav"] + flags)
        #expect(result.status == 64)
        #expect(result.stderr.split(separator: "\n").first.map(String.init) == message)
    }

    @Test func anUnknownProfileKeyListsTheKeys() throws {
        let scratch = try Scratch()
        let profile = try scratch.write("p.json", #"{"rate": 8000}"#)
        let result = try hapsynth(["render", "Samples/celebration.json", scratch.path + "/x.wav", "--profile", profile])
        #expect(result.status == 65)
        #expect(result.stderr.contains(#"unknown key "rate"; the keys are sampleRate, minFrequencyHz, maxFrequencyHz,"#))
    }

    /// The bash completion, run in bash: subcommands, a command's options, an option's values.
    @Test func bashCompletesCommandsOptionsAndValues() throws {
        let scratch = try Scratch()
        let script = try hapsynth(["--generate-completion-script", "bash"])
        #expect(script.status == 0)
        let path = try scratch.write("hapsynth.bash", script.stdout)
        func complete(_ words: [String]) throws -> [String] {
            let shell = Process()
            shell.executableURL = URL(fileURLWithPath: "/bin/bash")
            let quoted = words.map { "'\($0)'" }.joined(separator: " ")
            shell.arguments = ["-c", "source '\(path)'; COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _hapsynth; "
                + "printf '%s\\n' \"${COMPREPLY[@]}\""]
            let pipe = Pipe()
            shell.standardOutput = pipe
            try shell.run()
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            shell.waitUntilExit()
            return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
        }
        #expect(try complete(["hapsynth", "re"]) == ["render"])
        #expect(try complete(["hapsynth", "render", "--thr"]) == ["--threads"])
        #expect(try complete(["hapsynth", "render", "--format", ""]) == ["wav", "flac", "ogg"])
        #expect(try hapsynth(["--generate-completion-script", "tcsh"]).status == 64)
        let manual = try hapsynth(["--generate-manual"])
        #expect(manual.status == 0 && manual.stdout.hasPrefix(".TH HAPSYNTH 1") && manual.stdout.contains(".SS check"))
    }
}
