import Foundation
import Testing
import TestSupport

/// What a pull request can carry into an AHAP file's audio (docs/audio.md, docs/files-and-limits.md):
/// lengths that would exhaust memory, paths that reach outside the project, headers that lie, and
/// outputs aimed at inputs. Each is refused with its exit code and place, and the inputs are as they were.
@Suite struct HostileAudioTests {
    /// The bytes of every file in the folder, by name.
    static func snapshot(_ scratch: Scratch) -> [String: [UInt8]] {
        Dictionary(uniqueKeysWithValues: scratch.entries.map { ($0, fileBytes(scratch.path + "/" + $0)) })
    }

    @Test(arguments: [
        (#"{"Pattern":[{"Event":{"Time":0,"EventType":"AudioContinuous","EventDuration":1000000}}]}"#, "11d 13:46:40 (48000000480 frames at 48000 Hz), over 24 hours"),
        (#"{"Pattern":[{"Event":{"Time":100000,"EventType":"AudioContinuous","EventDuration":1}}]}"#, "1d 03:46:41 (4800048480 frames at 48000 Hz), over 24 hours"),
    ])
    func anAudioEventPastADayIsRefusedBeforeAnyWork(ahap: String, length: String) throws {
        let scratch = try Scratch()
        let file = try scratch.write("p.ahap", ahap)
        let before = Self.snapshot(scratch)
        for command in [["plan", file], ["plot", file, scratch.path + "/p.svg"], ["render", file, scratch.path + "/o.wav", "--mix"],
                        ["render", file, scratch.path + "/o.wav", "--audio", scratch.path + "/a.wav"]] {
            let result = try hapsynth(command)
            #expect(result.status == 65, "\(command): \(result.stderr)")
            #expect(result.stderr.hasPrefix("hapsynth: error: \(file): the render would last \(length)"), "\(command): \(result.stderr)")
        }
        // plot and plan have no --allow-long, so they do not offer it.
        #expect(try hapsynth(["plot", file, scratch.path + "/p.svg"]).stderr.hasSuffix("over 24 hours\n"))
        let lint = try hapsynth(["lint", file])
        #expect(lint.status == 1)
        #expect(lint.stdout.contains("\(file):1:1: error: HS001 invalid-file: the audio track cannot be played: the render would last \(length)"), "\(lint.stdout)")
        #expect(Self.snapshot(scratch) == before, "no output, and the input as it was")
    }

    @Test func aTimeAtTheEndOfTheRangeIsAnErrorNotATrap() throws {
        let project = try Project()
        let sound = #"{"Version":1,"Pattern":[{"Event":{"Time":9223372036854.774,"EventType":"AudioCustom","EventWaveformPath":"sounds/tap.wav"}}]}"#
        let file = try project.scratch.write("project/p.ahap", sound)
        for command in [["plan", file], ["render", file, project.scratch.path + "/o.wav", "--mix", "--allow-long"]] {
            let result = try hapsynth(command)
            #expect(result.status == 65, "\(command): \(result.stderr)")
            #expect(result.stderr.hasPrefix("hapsynth: error: \(file): the render would last longer than hapsynth can represent"), "\(command): \(result.stderr)")
        }
        let tone = try project.scratch.write("project/t.ahap", #"{"Pattern":[{"Event":{"Time":9223372036854.774,"EventType":"AudioContinuous","EventDuration":1}}]}"#)
        let result = try hapsynth(["render", tone, project.scratch.path + "/o.wav", "--mix"])
        #expect(result.status == 65 && result.stderr.contains("is beyond the 64-bit microsecond range at $.Pattern[0].Event"), "\(result.stderr)")
    }

    /// A project with a sound of its own, and a secret sound beside it that no AHAP file may read.
    struct Project {
        let scratch: Scratch
        let folder: String
        let secret: String

        init() throws {
            scratch = try Scratch()
            folder = scratch.path + "/project"
            try FileManager.default.createDirectory(atPath: folder + "/sounds", withIntermediateDirectories: true)
            try floatWAV((0..<480).map { Float(sin(Double($0) * 0.3)) * 0.5 }, rate: 48_000).write(to: URL(fileURLWithPath: folder + "/sounds/tap.wav"))
            secret = scratch.path + "/secret.wav"
            try floatWAV([Float](repeating: 0.9, count: 4800), rate: 48_000).write(to: URL(fileURLWithPath: secret))
        }

        /// An AHAP file in the project playing `path` at 0 s.
        func ahap(_ path: String, name: String = "p.ahap") throws -> String {
            let escaped = path.replacingOccurrences(of: "\u{0}", with: "\\u0000")
            return try scratch.write("project/" + name, #"{"Version":1,"Pattern":[{"Event":{"Time":0,"EventType":"AudioCustom","EventWaveformPath":"\#(escaped)"}}]}"#)
        }
    }

    @Test(arguments: [
        ("../secret.wav", "it leads outside the folder it is looked for in"),
        ("sounds/../../secret.wav", "it leads outside the folder it is looked for in"),
        ("SECRET", "an absolute path outside every audio root"),
        ("sounds/tap.wav\u{0}.caf", "the path holds a NUL character"),
    ])
    func aSoundPathThatLeavesTheProjectIsNotRead(named: String, rule: String) throws {
        let project = try Project()
        let path = named == "SECRET" ? project.secret : named
        let file = try project.ahap(path)
        let shown = path.replacingOccurrences(of: "\u{0}", with: "\\u0000")
        let render = try hapsynth(["render", file, project.scratch.path + "/o.wav", "--audio", project.scratch.path + "/a.wav"])
        #expect(render.status == 0, "\(render.stderr)")
        #expect(render.stderr.contains("hapsynth: warning: $.Pattern[0]: audio file \(shown) not read: \(rule)"), "\(render.stderr)")
        #expect(render.stdout.contains("a.wav: 0.000 s, 0 frames at 48000 Hz, stereo, audio: 1 event, peak 0.00, 0 clipped"), "\(render.stdout)")
        let plan = try hapsynth(["plan", file])
        #expect(plan.stdout.contains("AudioCustom at 0 ms: \(shown) (audio file \(shown) not read: \(rule)"), "\(plan.stdout)")
        // The page a CI job uploads holds no sound of the secret: the track it offers is silent.
        let page = project.scratch.path + "/p.html"
        let plot = try hapsynth(["plot", file, page])
        #expect(plot.status == 0 && plot.stderr.contains("not read: \(rule)"), "\(plot.stderr)")
        #expect(try String(contentsOfFile: page, encoding: .utf8).contains("audio track (audio: 1 event, peak 0.00, 0 clipped)"))
        let lint = try hapsynth(["lint", file])
        #expect(lint.stdout.contains(": warning: HS402 audio-path-absolute: audio file \(shown) not read: \(rule)"), "\(lint.stdout)")
        #expect(!lint.stdout.contains("HS401"))
    }

    @Test func aLinkThatLeadsOutOfTheProjectIsNotFollowed() throws {
        let project = try Project()
        try FileManager.default.createSymbolicLink(atPath: project.folder + "/sounds/link.wav", withDestinationPath: project.secret)
        try FileManager.default.createSymbolicLink(atPath: project.folder + "/sounds/gone.wav", withDestinationPath: "../../nowhere.wav")
        for name in ["sounds/link.wav", "sounds/gone.wav"] {
            let file = try project.ahap(name)
            let result = try hapsynth(["plan", file])
            // A link out is refused the same whether or not its target exists: no existence oracle.
            #expect(result.stdout.contains("(audio file \(name) not read: it leads outside the folder it is looked for in"), "\(result.stdout)")
        }
    }

    @Test func anAudioRootThatHoldsTheSoundAllowsIt() throws {
        let project = try Project()
        let file = try project.ahap(project.secret)
        let result = try hapsynth(["plan", file, "--audio-root", project.scratch.path])
        #expect(result.stdout.contains("AudioCustom at 0 ms: \(project.secret) -> \(project.secret), 48000 Hz, 1 channel, 4800 frames"), "\(result.stdout)")
        let inside = try project.ahap("sounds/tap.wav", name: "q.ahap")
        #expect(try hapsynth(["plan", inside]).stdout.contains("sounds/tap.wav -> \(project.folder)/sounds/tap.wav, 48000 Hz"))
    }

    @Test(arguments: [
        (1, 48_000, 1024, "its header gives 1024 channels, outside 1-8"),
        (1, 1, 1, "its header gives 1 Hz, outside 1000-384000 Hz"),
    ])
    func aHeaderOutsideTheLimitsIsRefusedWithItsFigure(frames: Int, rate: Int, channels: Int, reason: String) throws {
        let project = try Project()
        var data = Data("RIFF".utf8)
        func u32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { data.append(contentsOf: $0) } }
        func u16(_ v: UInt16) { withUnsafeBytes(of: v.littleEndian) { data.append(contentsOf: $0) } }
        let bytes = frames * channels * 2
        u32(UInt32(36 + bytes)); data.append(contentsOf: Array("WAVEfmt ".utf8))
        u32(16); u16(1); u16(UInt16(channels)); u32(UInt32(rate)); u32(UInt32(rate * channels * 2)); u16(UInt16(channels * 2)); u16(16)
        data.append(contentsOf: Array("data".utf8)); u32(UInt32(bytes)); data.append(Data(count: bytes))
        try data.write(to: URL(fileURLWithPath: project.folder + "/sounds/liar.wav"))
        let file = try project.ahap("sounds/liar.wav")
        let result = try hapsynth(["render", file, project.scratch.path + "/o.wav", "--mix"])
        #expect(result.status == 0)
        #expect(result.stderr.contains("$.Pattern[0]: cannot read audio file \(project.folder)/sounds/liar.wav: \(reason)"), "\(result.stderr)")
    }

    @Test func aSoundOfNaNsPlaysAsSilenceAndSaysSo() throws {
        let project = try Project()
        try floatWAV([.nan, .infinity, 0.5, -.infinity], rate: 48_000).write(to: URL(fileURLWithPath: project.folder + "/sounds/nan.wav"))
        let file = try project.ahap("sounds/nan.wav")
        let result = try hapsynth(["render", file, project.scratch.path + "/o.wav", "--mix"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("$.Pattern[0]: 3 samples of \(project.folder)/sounds/nan.wav were NaN or infinite and played as silence"), "\(result.stderr)")
        #expect(try hapsynth(["render", file, project.scratch.path + "/o.wav", "--mix", "--strict"]).status == 65)
    }

    @Test func noOutputReplacesAnInputOrAnotherOutput() throws {
        let project = try Project()
        let file = try project.ahap("sounds/tap.wav")
        let sound = project.folder + "/sounds/tap.wav"
        let before = fileBytes(file), soundBefore = fileBytes(sound)
        let cases: [([String], String)] = [
            (["render", file, project.scratch.path + "/o.wav", "--sync-report", file], "refusing to write \(file): it is the input \(file)"),
            (["render", file, project.scratch.path + "/o.wav", "--audio", sound], "refusing to write \(sound): it is the input"),
            (["render", file, sound, "--mix"], "refusing to write \(sound): it is the input"),
            (["render", file, project.scratch.path + "/o.wav", "--audio", project.scratch.path + "/o.wav"], "is written by the same command"),
            (["lint", file, "-o", file], "refusing to write \(file): it is the input \(file)"),
            (["devices", file, "--report", file], "refusing to write \(file): it is the input"),
            (["plot", file, sound.replacingOccurrences(of: ".wav", with: ".svg")], ""),
        ]
        for (command, message) in cases {
            let result = try hapsynth(command)
            if message.isEmpty { continue }
            #expect(result.status == 73, "\(command): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(command): \(result.stderr)")
        }
        #expect(fileBytes(file) == before && fileBytes(sound) == soundBefore)
    }

    @Test func pruningASuiteNamedByFilesIsRefused() throws {
        let scratch = try Scratch()
        let tap = try scratch.write("ui/tap.json", #"{"timeline": [{"transient": {}}]}"#)
        try scratch.write("ui/buzz.json", #"{"timeline": [{"haptic": 40}]}"#)
        let goldens = scratch.path + "/goldens"
        #expect(try hapsynth(["check", scratch.path + "/ui", "--goldens", goldens, "--record", "--rate", "8000"]).status == 0)
        let recorded = try FileManager.default.contentsOfDirectory(atPath: goldens).sorted()
        let result = try hapsynth(["check", tap, "--goldens", goldens, "--prune"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("hapsynth: error: --prune needs folders: \(tap) is a file"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: goldens).sorted() == recorded)
    }

    @Test func aFullDiskIsAnIOErrorAndAnUnwritableFolderCannotBeCreated() throws {
        let scratch = try Scratch()
        let result = try hapsynth(["render", "Samples/audio-chirp.ahap", scratch.path + "/o.wav", "--audio", "/dev/full"])
        #expect(result.status == 74, "\(result.stderr)")
        #expect(scratch.entries.isEmpty, "the haptics' file is not put in place either")
        #expect(try hapsynth(["render", "Samples/audio-chirp.ahap", "/proc/none/o.wav", "--mix"]).status == 73)
    }

    @Test func messagesShortenAPathOfThousandsOfCharacters() throws {
        let long = String(repeating: "a", count: 5_000) + ".json"
        let result = try hapsynth(["plan", long])
        #expect(result.status == 65 || result.status == 66)
        #expect(result.stderr.count < 400, "\(result.stderr.count) characters")
        #expect(result.stderr.contains("…") && result.stderr.contains(" characters) cannot read the file: File name too long"), "\(result.stderr)")
    }

    @Test func aDeviceFileOutsideItsRangesIsInvalidWithItsPlace() throws {
        let scratch = try Scratch()
        let device = try String(contentsOfFile: packageRoot + "/devices/iphone.json", encoding: .utf8)
        let f0 = try #require(device.range(of: #""f0Hz": [0-9.]+"#, options: .regularExpression))
        let hostile = try scratch.write("phone.json", device.replacingCharacters(in: f0, with: #""f0Hz": 1e308"#))
        for command in [["devices", "Samples/celebration.json", hostile], ["render", "Samples/celebration.json", scratch.path + "/o.wav", "--device-profile", hostile]] {
            let result = try hapsynth(command)
            #expect(result.status == 65, "\(command): \(result.stderr)")
            #expect(result.stderr.hasPrefix("hapsynth: error: \(hostile):") && result.stderr.contains(": must be within 20...96000 (got 1e308) at $.actuator.f0Hz"),
                    "\(command): \(result.stderr)")
        }
    }

    @Test func numbersThatTrappedAreRefusedOrClamped() throws {
        let scratch = try Scratch()
        // A window to the end of the representable range is clamped, and draws.
        let plot = try hapsynth(["plot", "Samples/celebration.json", scratch.path + "/far.svg", "--to", "1e300"])
        #expect(plot.status == 0, "\(plot.stderr)")
        // An onset tolerance a window cannot move by at 22.05 kHz is a usage error, not a trap.
        try floatWAV((0..<2205).map { Float(sin(Double($0) * 0.1)) }, rate: 22_050).write(to: URL(fileURLWithPath: scratch.path + "/a.wav"))
        let compare = try hapsynth(["compare", scratch.path + "/a.wav", scratch.path + "/a.wav", "--perceptual", "--onset-tolerance-ms", "10"])
        #expect(compare.status == 64, "\(compare.stderr)")
        #expect(compare.stderr.hasPrefix("hapsynth: error: --onset-tolerance-ms: an onset tolerance of 10.0 ms is more than the 9.977 ms"), "\(compare.stderr)")
        // A Kotlin name is a name, never code.
        let export = try hapsynth(["export", "Samples/celebration.json", "--to", "android-kotlin", "--name", "x = 1; launch()"])
        #expect(export.status == 64 && export.stderr.contains("--name must be a Kotlin name"), "\(export.stderr)")
    }

    /// Changed (issue 40): was `aGoldenOfNaNsIsComparedAsSilenceWithAWarning`; NaN in a golden now
    /// fails the check with how many and where, instead of a warning.
    @Test func aGoldenOfNaNsFailsTheCheckSayingHowManyAndWhere() throws {
        let scratch = try Scratch()
        let pattern = try scratch.write("p/tap.json", #"{"timeline": [{"transient": {}}]}"#)
        let goldens = scratch.path + "/g"
        #expect(try hapsynth(["check", scratch.path + "/p", "--goldens", goldens, "--record", "--rate", "8000"]).status == 0)
        let golden = goldens + "/tap.wav"
        try floatWAV([Float](repeating: .nan, count: 8), rate: 8000).write(to: URL(fileURLWithPath: golden))
        let result = try hapsynth(["check", pattern, "--goldens", goldens, "--report", scratch.path + "/r.html"])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout.contains("differs  tap: the expected file has 8 NaN or infinite samples, the first at 0 ms (frame 0)"), "\(result.stdout)")
    }

    @Test func aLoopOfLinksInALintedFolderIsReported() throws {
        let scratch = try Scratch()
        try scratch.write("p/tap.json", #"{"timeline": [{"transient": {}}]}"#)
        try FileManager.default.createSymbolicLink(atPath: scratch.path + "/p/a.json", withDestinationPath: "b.json")
        try FileManager.default.createSymbolicLink(atPath: scratch.path + "/p/b.json", withDestinationPath: "a.json")
        let result = try hapsynth(["lint", scratch.path + "/p"])
        #expect(result.stdout.contains("a.json") && result.stdout.contains("b.json"), "\(result.stdout)")
        #expect(result.stdout.contains("lint: 3 files"), "\(result.stdout)")
    }

    @Test func bothPlatformsKeepTheIOSClampWarningAndCount() throws {
        let scratch = try Scratch()
        let file = try scratch.write("loud.json", #"{"timeline": [{"parallel": [{"continuous": {"durationMs": 50, "intensity": 1}}, {"continuous": {"durationMs": 50, "intensity": 1}}, {"continuous": {"durationMs": 50, "intensity": 1}}]}]}"#)
        let result = try hapsynth(["render", file, scratch.path + "/o.wav", "--platform", "both"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("samples exceeded full scale and were clamped"), "\(result.stderr)")
        #expect(result.stdout.contains("clamped samples on the left") && !result.stdout.contains(" 0 clamped samples on the left"), "\(result.stdout)")
    }
}
