import Foundation
import Testing
import TestSupport

/// The documentation in docs/ cannot go stale: its pattern examples plan, the help and plan it
/// shows are what the program prints, and nothing in the repository points outside it.
@Suite struct DocsTests {
    static let docs = packageRoot + "/docs"

    /// The ```LANGUAGE blocks of a Markdown file, in order.
    static func blocks(_ file: String, language: String = "") throws -> [String] {
        let text = try String(contentsOfFile: docs + "/" + file, encoding: .utf8)
        return text.components(separatedBy: "```" + language + "\n").dropFirst().map { $0.components(separatedBy: "\n```")[0] + "\n" }
    }

    @Test func everyPatternExampleInTheDocsPlans() throws {
        var planned = 0
        for file in try FileManager.default.contentsOfDirectory(atPath: Self.docs).filter({ $0.hasSuffix(".md") }).sorted() {
            for block in try Self.blocks(file, language: "json") where block.contains("\"timeline\"") || block.contains("\"events\"") {
                let scratch = try Scratch()
                let pattern = try scratch.write("example.json", block)
                let result = try hapsynth(["plan", pattern])
                #expect(result.status == 0, "\(file): \(result.stderr)\n\(block)")
                planned += 1
            }
        }
        #expect(planned >= 4)
    }

    /// The example at the top of lint.md is what `hapsynth lint Samples` prints: its lines appear
    /// in the output and its summary is the output's.
    @Test func theLintExampleIsTodaysOutput() throws {
        let example = try #require(try Self.blocks("lint.md").first)
        let result = try hapsynth(["lint", "Samples"])
        let lines = result.stdout.split(separator: "\n").map(String.init)
        for line in example.split(separator: "\n").map(String.init) { #expect(lines.contains(line), "lint.md shows a line lint does not print: \(line)") }
        #expect(example.split(separator: "\n").last.map(String.init) == lines.last)
    }

    /// The "what does success feel like on a Pixel 5" example of feedback.md is what the command
    /// prints today.
    @Test func theFeedbackExampleIsTodaysOutput() throws {
        let example = try #require(try Self.blocks("feedback.md", language: "console").first)
        let lines = example.split(separator: "\n", maxSplits: 1).map(String.init)
        let command = try #require(lines.first?.dropFirst("$ hapsynth ".count)).split(separator: " ").map(String.init)
        let result = try hapsynth(command)
        #expect(result.status == 0)
        #expect(result.stdout == lines[1], "feedback.md shows an old output of hapsynth \(command.joined(separator: " "))")
    }

    @Test func theCommandLinePageShowsEachCommandsHelp() throws {
        let text = try String(contentsOfFile: Self.docs + "/command-line.md", encoding: .utf8)
        for command in ["render", "play", "plan", "plot", "compare", "check", "export", "from-audio", "lint", "devices", "feedback", "studio"] {
            let help = try hapsynth(["help", command]).stdout
            #expect(text.contains("## \(command)\n\n```\n" + help + "```"),
                    "docs/command-line.md shows an old help of '\(command)'; paste `hapsynth help \(command)` there")
        }
        #expect(text.contains("```\n" + (try hapsynth(["help"]).stdout) + "```"))
    }

    @Test func thePlanPageShowsWhatPlanPrints() throws {
        let text = try String(contentsOfFile: Self.docs + "/plan-output.md", encoding: .utf8)
        #expect(text.contains("```\n" + (try hapsynth(["plan", "Samples/celebration.json"]).stdout) + "```"))
        #expect(text.contains("```\n" + (try hapsynth(["plan", "Samples/celebration.json", "--json"]).stdout) + "```"))
    }

    @Test func theSwiftPageShowsTheExampleAsItIs() throws {
        let text = try String(contentsOfFile: Self.docs + "/swift-api.md", encoding: .utf8)
        let example = try String(contentsOfFile: packageRoot + "/Examples/render-example/main.swift", encoding: .utf8)
        #expect(text.contains("```swift\n" + example + "```"))
    }

    @Test func theCoreHapticsPageShowsTheRollingBallTestAsItIs() throws {
        let text = try String(contentsOfFile: Self.docs + "/corehaptics.md", encoding: .utf8)
        let example = try String(contentsOfFile: packageRoot + "/Tests/CoreHapticsTests/RollingBallTests.swift", encoding: .utf8)
        #expect(text.contains("```swift\n" + example + "```"))
    }

    /// The table of what the system plays names every row of the iPhone's `systemFeedback` with the
    /// intensities the data gives it.
    @Test func theCoreHapticsPageTablesWhatTheIPhonePlays() throws {
        let text = try String(contentsOfFile: Self.docs + "/corehaptics.md", encoding: .utf8)
        let table = try #require(text.components(separatedBy: "### What the system plays").last?.components(separatedBy: "\n\n").dropFirst(2).first)
        let device = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: packageRoot + "/devices/iphone.json"))) as? [String: Any])
        let rows = try #require(device["systemFeedback"] as? [String: [String: Any]])
        #expect(rows.count == 13)
        for (name, row) in rows {
            let line = try #require(table.split(separator: "\n").first { $0.contains("`\(name)`") }, "no row for \(name)")
            for entry in row["Pattern"] as? [[String: Any]] ?? [] {
                let parameters = (entry["Event"] as? [String: Any])?["EventParameters"] as? [[String: Any]] ?? []
                for parameter in parameters where parameter["ParameterID"] as? String == "HapticIntensity" {
                    let value = String(format: "%.1f", parameter["ParameterValue"] as? Double ?? -1)
                    #expect(line.contains(value), "\(name): \(value) is not in its row")
                }
            }
        }
    }

    /// The Kotlin page's example reads: both its patterns, the one it plans included.
    @Test func theKotlinPagesExampleReads() throws {
        let example = try #require(try Self.blocks("kotlin.md", language: "kotlin").first)
        let scratch = try Scratch()
        let file = try scratch.write("Haptics.kt", example)
        let plan = try hapsynth(["plan", file, "--pattern", "swell"])
        #expect(plan.status == 0 && plan.stdout.hasPrefix("swell\n"), "\(plan.stderr)")
        #expect(try hapsynth(["plan", file]).stderr.contains("declares 2 patterns (taps, swell)"))
    }

    /// What a clone has is all a user has: no file names the project's contract outside the
    /// repository, and every link in the Markdown pages leads to a file that exists.
    @Test func nothingPointsOutsideTheRepository() throws {
        let outside = ["../shared", "SPEC.md", "SYNTH.md", "FORMATS.md", "ARCHITECTURE.md", "ANDROID.md", "AUDIO.md", "PERCEPTION.md", "LINT.md",
                       "DEVICES.md", "HAPTIC.md", "COREHAPTICS.md", "FEEDBACK.md"]
        var checked = 0
        for top in ["Sources", "Tests", "docs", "Samples", "Benchmarks", "Fuzz", "Examples", "README.md", "Makefile", "Package.swift", ".ci"] {
            let root = packageRoot + "/" + top
            let paths = FileManager.default.subpaths(atPath: root).map { $0.map { root + "/" + $0 } } ?? [root]
            for path in paths where !path.contains("/.build/") && !path.contains("/Goldens/audio/") {
                guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { continue }
                checked += 1
                for name in outside where text.contains(name) && !path.hasSuffix("DocsTests.swift") {
                    Issue.record("\(path) mentions \(name)")
                }
                guard path.hasSuffix(".md") else { continue }
                let folder = (path as NSString).deletingLastPathComponent
                for link in text.components(separatedBy: "](").dropFirst().map({ String($0.prefix { $0 != ")" }) })
                where !link.hasPrefix("http") && !link.hasPrefix("#") {
                    let target = folder + "/" + (link.components(separatedBy: "#").first ?? link)
                    #expect(FileManager.default.fileExists(atPath: target), "\(path) links to \(link), which does not exist")
                }
            }
        }
        #expect(checked > 100)
    }
}
