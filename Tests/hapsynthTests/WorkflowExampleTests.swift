import Foundation
import Testing
import TestSupport

/// docs/examples/github-actions.yml: every `hapsynth` command in it runs on the samples as written
/// (each shard of the matrix), and writes the reports the workflow uploads.
@Suite struct WorkflowExampleTests {
    static let path = packageRoot + "/docs/examples/github-actions.yml"

    @Test func everyHapsynthCommandOfTheWorkflowRunsOnTheSamples() throws {
        let text = try String(contentsOfFile: Self.path, encoding: .utf8)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.contains("name: haptics") && lines.contains("jobs:") && lines.contains { $0.hasPrefix("on: ") })
        let shards = try #require(lines.first { $0.contains("shard: [") }.map { line in
            line.split(separator: "[")[1].split(separator: "]")[0].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        })
        let commands = lines.compactMap { line -> String? in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            return trimmed.hasPrefix("run: hapsynth ") ? String(trimmed.dropFirst("run: ".count)) : nil
        }
        #expect(commands.count == 2 && shards == ["1", "2", "3"])
        // Run where the reports can be written: Samples and Tests stand in for the repository's.
        let scratch = try Scratch()
        for folder in ["Samples", "Tests"] {
            try FileManager.default.createSymbolicLink(atPath: scratch.path + "/" + folder, withDestinationPath: packageRoot + "/" + folder)
        }
        let binary = try hapsynthBinary().path
        for command in commands {
            for shard in command.contains("matrix.shard") ? shards : [""] {
                let line = command.replacingOccurrences(of: "${{ matrix.shard }}", with: shard).replacingOccurrences(of: "hapsynth ", with: "'\(binary)' ")
                let shell = Process()
                shell.executableURL = URL(fileURLWithPath: "/bin/sh")
                shell.arguments = ["-c", line]
                shell.currentDirectoryURL = URL(fileURLWithPath: scratch.path)
                shell.standardOutput = FileHandle.nullDevice
                shell.standardError = FileHandle.nullDevice
                try shell.run()
                shell.waitUntilExit()
                #expect(shell.terminationStatus == 0, "\(line)")
            }
        }
        #expect(Set(scratch.entries).isSuperset(of: ["check-1.xml", "check-2.xml", "check-3.xml", "lint.sarif"]))
        let sarif = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: scratch.path + "/lint.sarif"))) as? [String: Any])
        #expect(sarif["version"] as? String == "2.1.0")
    }
}
