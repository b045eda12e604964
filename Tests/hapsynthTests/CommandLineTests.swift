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

    /// Changed (issue 35; it was a usage error): `hapsynth` alone prints the overview.
    @Test func aloneItPrintsTheOverview() throws {
        let result = try hapsynth([])
        #expect(result.status == 0 && result.stderr.isEmpty)
        #expect(result.stdout == (try hapsynth(["help"])).stdout && result.stdout.hasPrefix("OVERVIEW: "))
    }

    @Test func smallThingsSayWhatIsWrong() throws {
        let scratch = try Scratch()
        let export = try hapsynth(["export", "Samples/heartbeat.json"])
        // Changed (issue 63): vibration-effect is one of the targets too.
        #expect(export.status == 64 && export.stderr.hasPrefix("hapsynth: error: missing --to: say what to write (haptic, ahap, json, android-json, android-kotlin or vibration-effect)"))
        let sound = try scratch.write("tap.wav", "RIFF\u{24}\0\0\0WAVEfmt ")
        let render = try hapsynth(["render", sound, scratch.path + "/out.wav"])
        #expect(render.status == 65 && render.stderr.contains("this is a WAV sound file, not a haptic file"), "\(render.stderr)")
        let plot = try hapsynth(["plot", "Samples/trailing-comma.ahap", scratch.path + "/p.svg", "-q"])
        #expect(plot.status == 0 && plot.stderr.isEmpty, "\(plot.stderr)")
        let loud = try hapsynth(["plot", "Samples/trailing-comma.ahap", scratch.path + "/p.svg"])
        #expect(loud.stderr.contains("trailing comma"))
        let typo = try scratch.write("typo.ahap", #"{"Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient", "EventParameters": [{"ParameterID": "HapticIntensty", "ParameterValue": 0.5}]}}]}"#)
        #expect(try hapsynth(["plan", typo]).stderr.contains("parameter HapticIntensty skipped (did you mean \"HapticIntensity\"?)"))
        let clip = try String(contentsOfFile: packageRoot + "/Samples/accent-swell.haptic", encoding: .utf8).replacingOccurrences(of: "\"signals\"", with: "\"sssignals\"")
        let clipTypo = try hapsynth(["plan", try scratch.write("typo.haptic", clip)])
        #expect(clipTypo.status == 65 && clipTypo.stderr.contains("missing required key \"signals\" (is \"sssignals\" it?)"), "\(clipTypo.stderr)")
        // A sound whose file is missing marks its taps as such, not as out of sync.
        let chirp = try String(contentsOfFile: packageRoot + "/Samples/audio-chirp.ahap", encoding: .utf8)
        let lonely = try scratch.write("lonely.ahap", chirp)
        let synced = try hapsynth(["render", lonely, scratch.path + "/l.wav", "--sync-report", scratch.path + "/sync.json"])
        #expect(synced.status == 0 && synced.stderr.contains("no sound (missing file)") && synced.stderr.contains("sync: 0 of 2 transients beyond 24 ms"),
                "\(synced.stderr)")
        let report = try String(contentsOfFile: scratch.path + "/sync.json", encoding: .utf8)
        #expect(report.contains(#""sound": "missing file""#) && !report.contains(#""flagged": true"#), "\(report)")
        // Under --platform both, the iOS render's warnings are kept.
        let both = try hapsynth(["render", "Samples/sharpness-taps.ahap", scratch.path + "/both.wav", "--rate", "8000", "--max-frequency", "3000",
                                 "--platform", "both"])
        #expect(both.status == 0 && both.stderr.contains("4 transients play at up to 3000 Hz"), "\(both.stderr)")
        #expect(try hapsynth(["check", "Samples/heartbeat.json", "--goldens", scratch.path + "/g", "--record", "missing"]).status == 0)
        let check = try hapsynth(["check", "Samples/heartbeat.json", "--goldens", scratch.path + "/g", "-q"])
        #expect(check.status == 0 && check.stdout == "check: 1 pattern: 1 ok, 0 recorded, 0 differs, 0 missing, 0 invalid\n", "\(check.stdout)")
    }

    @Test func eachCommandHasItsOwnHelp() throws {
        let result = try hapsynth(["plan", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("USAGE: hapsynth plan <pattern> [--json] [--pattern NAME] [--no-haptics]"))
        #expect(result.stdout.contains("--no-haptics"))
    }

    @Test(arguments: [
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
