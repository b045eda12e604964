import Foundation
import Testing
import TestSupport

/// The last hostile inputs of issue 62 (item 4, the campaign's ids in brackets): each is answered
/// with its place and the right exit code, within bounded memory, and nothing outside the folders
/// a command may use is written.
@Suite struct HostileReaderTests {
    /// 200 MB, as the issue bounds a reader's peak for a file under the 64 MiB input limit.
    static let peakLimitKiB = 200_000_000 / 1024

    /// [K010] A backticked name with a control character is read (Kotlin's grammar allows it) and
    /// shown escaped: a file of two patterns without `--pattern` is the usage error it is.
    @Test func aControlCharacterInANameIsShownEscaped() throws {
        let scratch = try Scratch()
        let file = try scratch.write("Names.kt", "val `a\u{1}b` = buildHapticPattern { haptic(30.ms) }\nval tap = buildHapticPattern { haptic(40.ms) }\n")
        let choice = try hapsynth(["plan", file])
        #expect(choice.status == 64 && choice.stderr.contains(#"declares 2 patterns (a\u{1}b, tap); choose one with --pattern NAME"#), "\(choice.stderr)")
        #expect(!choice.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        for asked in ["a\u{1}b", #"a\u{1}b"#] {
            let plan = try hapsynth(["plan", file, "--pattern", asked])
            #expect(plan.status == 0 && plan.stdout.hasPrefix(#"a\u{1}b"#), "\(plan.stdout)\(plan.stderr)")
        }
    }

    /// [K021] Brackets that do not close are refused at the first, with its line and column, in
    /// one pass (a million of them took a minute, and said no place).
    @Test func unclosedBracketsAreRefusedAtTheFirst() throws {
        let scratch = try Scratch()
        let file = try scratch.write("Open.kt", "val p = buildHapticPattern " + String(repeating: "{", count: 1_000_000) + "\n")
        let use = try hapsynthResourceUse(["plan", file], deadlineSeconds: 120)
        #expect(use.status == 65 && use.peakKiB < Self.peakLimitKiB, "\(use)")
        let plan = try hapsynth(["plan", file])
        #expect(plan.stderr.contains("Open.kt:1:28: a { that is never closed (1000000 open at the end of the file)"), "\(plan.stderr)")
        let crossed = try scratch.write("Crossed.kt", "val p = buildHapticPattern { haptic(30.ms) )\n")
        #expect(try hapsynth(["plan", crossed]).stderr.contains("Crossed.kt:1:44: a ) where the { opened at 1:28 needs a }"))
    }

    /// [K032] Kotlin's `Long.MIN_VALUE % -1` is 0 (the JVM's remainder, no overflow), a delay
    /// Jindong allows (`toHapticMilliseconds`: "an explicit zero delay is allowed"); its `/ -1`
    /// overflows to `Long.MIN_VALUE`, which Jindong refuses as negative.
    @Test func longArithmeticIsKotlins() throws {
        let scratch = try Scratch()
        let zero = try scratch.write("Zero.kt", "val p = buildHapticPattern { haptic(30.ms); delay((Long.MIN_VALUE % -1).ms); haptic(30.ms) }\n")
        let plan = try hapsynth(["plan", zero])
        #expect(plan.status == 0 && plan.stdout.contains("logical duration: 60 ms"), "\(plan.stdout)\(plan.stderr)")
        let negative = try scratch.write("Negative.kt", "val p = buildHapticPattern { delay((Long.MIN_VALUE / -1).ms) }\n")
        let refused = try hapsynth(["plan", negative])
        #expect(refused.status == 65 && refused.stderr.contains("duration must not be negative"), "\(refused.stderr)")
    }

    /// [K055, K056, K058] A 60 MB name or number is refused at its place without holding it twice;
    /// 284,000 delays (two million tokens) read within 200 MB.
    @Test func hugeTokensAndManyStatementsStayWithinMemory() throws {
        let scratch = try Scratch()
        let name = try scratch.write("Name.kt", "val p = buildHapticPattern { haptic(30.ms) }\nval " + String(repeating: "a", count: 60_000_000) + " = 1\n")
        let number = try scratch.write("Number.kt", "val p = buildHapticPattern { haptic(" + String(repeating: "1", count: 60_000_000) + ".ms) }\n")
        let delays = try scratch.write("Delays.kt", "val p = buildHapticPattern {\n" + String(repeating: "    delay(1.ms)\n", count: 284_000) + "}\n")
        for (file, status) in [(name, 65), (number, 65), (delays, 0)] {
            let use = try hapsynthResourceUse(["plan", file], deadlineSeconds: 300)
            #expect(use.status == Int32(status) && use.peakKiB < Self.peakLimitKiB, "\(file): \(use)")
        }
        #expect(try hapsynth(["plan", name]).stderr.contains("Name.kt:2:5: a name of 60000000 bytes, over the 65535 a JVM name holds"))
        #expect(try hapsynth(["plan", number]).stderr.contains("Number.kt:1:37: a number of 60000000 characters, over the 1024 hapsynth reads"))
    }

    /// [K060, K061] A pattern named like a path is recorded inside `--goldens`, under a name made
    /// safe, and checked against it again.
    @Test func aNameLikeAPathIsRecordedInsideTheGoldens() throws {
        let scratch = try Scratch()
        let file = try scratch.write("app/Paths.kt", "val `../../../victim` = buildHapticPattern { haptic(30.ms) }\nval `a/../../b` = buildHapticPattern { haptic(40.ms) }\n")
        let goldens = scratch.path + "/app/goldens"
        let record = try hapsynth(["check", file, "--goldens", goldens, "--record", "--rate", "8000"])
        #expect(record.status == 0 && record.stdout.contains("2 recorded"), "\(record.stdout)\(record.stderr)")
        let written = try FileManager.default.contentsOfDirectory(atPath: goldens).filter { $0.hasSuffix(".flac") }.sorted()
        #expect(written == ["Paths.kt#_._.._.._victim.flac", "Paths.kt#a_.._.._b.flac"], "\(written)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).sorted() == ["app"])
        #expect(try hapsynth(["check", file, "--goldens", goldens, "--rate", "8000"]).stdout.contains("2 ok"))
    }

    /// [K069] A chain past the reader's limit is the declared pattern refused with the limit and
    /// its place, not a missing one.
    @Test func aChainPastTheLimitIsRefusedAtItsPlace() throws {
        let scratch = try Scratch()
        let file = try scratch.write("Chain.kt", "val t = buildHapticPattern { haptic(10.ms) }\nval p = t" + String(repeating: ".then(t)", count: 150) + "\n")
        let chosen = try hapsynth(["plan", file, "--pattern", "p"])
        #expect(chosen.status == 65 && chosen.stderr.contains("Chain.kt:2:9: p: an expression of more than 100 operations"), "\(chosen.stderr)")
        #expect(try hapsynth(["plan", file]).stderr.contains("declares 2 patterns (t, p)"))
    }

    /// [A032] libmpg123's bare `Warning:` lines are caught and said once, naming the file.
    @Test func theMP3DecodersWarningsAreSaidOnce() throws {
        let scratch = try Scratch()
        let sound = packageRoot + "/Tests/hapsynthTests/Fixtures/xing-cut.mp3"
        let run = try hapsynth(["from-audio", sound, "-o", scratch.path + "/x.haptic"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.filter { $0.contains("Xing stream size") }.count == 1, "\(run.stderr)")
        #expect(lines.contains { $0.hasPrefix("hapsynth: warning: \(sound): the MP3 decoder (libmpg123) noted: Warning: Xing stream size off") }, "\(run.stderr)")
    }

    /// [A069] A designer's clip that cannot be read stops the run before any output is written.
    @Test func anUnreadableReferenceLeavesNoOutput() throws {
        let scratch = try Scratch()
        let sound = packageRoot + "/Samples/sounds/chirp.wav", full = scratch.path + "/full.haptic"
        #expect(try hapsynth(["from-audio", sound, "-o", full, "-q"]).status == 0)
        let text = try String(contentsOfFile: full, encoding: .utf8)
        let cut = try scratch.write("cut.haptic", String(text.prefix(300)))
        let run = try hapsynth(["from-audio", sound, "-o", scratch.path + "/out.haptic", "--reference", cut, "-q"])
        #expect(run.status == 65 && run.stderr.contains("cut.haptic:"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "/out.haptic"))
    }

    /// [S021] A device file's key holding a NUL is shown escaped, never raw.
    @Test func aKeyWithANULIsShownEscaped() throws {
        let scratch = try Scratch()
        var device = try String(contentsOfFile: packageRoot + "/devices/iphone.json", encoding: .utf8)
        device = device.replacingOccurrences(of: #""impact.light":"#, with: #""impact.light\u0000x":"#)
        let file = try scratch.write("mine.json", device)
        let run = try hapsynth(["plan", "uikit:impact.light", "--device-profile", file])
        #expect(run.status == 65 && run.stderr.contains(#"unknown key "impact.light\u{0}x""#) && !run.stderr.contains("\u{0}"), "\(run.stderr)")
    }
}
