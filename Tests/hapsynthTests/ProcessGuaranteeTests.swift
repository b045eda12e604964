import Foundation
import HapsynthKit
import Testing
import TestSupport

/// What only a process shows: exit statuses against what is left on disk, file modes under
/// threads, and the command line agreeing with the library.
@Suite struct ProcessGuaranteeTests {
    /// Renders interrupted at random moments: exit 130 always means the target is untouched, and a
    /// render whose file was put in place exits 0 even when the signal comes just after.
    @Test func everyInterruptedRenderExits130WithItsTargetUntouchedOr0WithItsFileInPlace() throws {
        let scratch = try Scratch()
        let pattern = try scratch.write("swell.json", #"{"timeline": [{"continuous": {"durationMs": 200000, "sharpness": 0.3}}]}"#)
        var generator = SystemRandomNumberGenerator()
        var statuses: [Int32: Int] = [:]
        for run in 0..<40 {
            let target = try scratch.write("out.wav", "precious")
            let process = try BackgroundHapsynth(["render", pattern, target, "--rate", "8000", "--threads", "1"])
            // Once the render has begun (its temporary file exists), Ctrl-C at a random moment up
            // to past its end.
            _ = FolderEvents.wait(in: scratch.path, seconds: 20) {
                scratch.entries.contains { $0.hasPrefix(".out.wav.hapsynth-") } || !process.process.isRunning
            }
            let delayMs = Int.random(in: 0...250, using: &generator)
            let pid = process.process.processIdentifier
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(delayMs)) {
                if process.process.isRunning { kill(pid, SIGINT) }
            }
            let status = process.waitForExit(20)
            statuses[status, default: 0] += 1
            let left = scratch.entries.filter { $0 != "swell.json" }
            #expect(left == ["out.wav"], "run \(run): \(left)")
            let bytes = fileBytes(target)
            switch status {
            case 130: #expect(bytes == Array("precious".utf8), "run \(run): exit 130 but the target changed")
            case 0: #expect(bytes.starts(with: Array("RIFF".utf8)), "run \(run): exit 0 without the render in place")
            default: Issue.record("run \(run): exit \(status)")
            }
        }
        // Both outcomes are met: the moments span the render's end.
        #expect(statuses[130, default: 0] > 0, "\(statuses)")
        print("interrupted renders: \(statuses)")
    }

    /// Folders and goldens made while several patterns are checked at once get the modes the
    /// umask gives (022: 0755 and 0644), never 0777: the umask is read without being changed.
    @Test func foldersAndGoldensMadeUnderCheckJobsGetTheUmasksModes() throws {
        let scratch = try Scratch()
        for index in 0..<24 {
            try scratch.write("patterns/group\(index % 8)/deep\(index)/tap\(index).json",
                              "{\"timeline\": [{\"transient\": {\"intensity\": \(Double(index + 1) / 25)}}, {\"delay\": 10}]}")
        }
        let goldens = scratch.path + "/goldens"
        let binary = try hapsynthBinary().path
        let result = try hapsynth(["--generate-manual"])  // the binary runs at all
        #expect(result.status == 0)
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "umask 022; exec '\(binary)' check '\(scratch.path)/patterns' --goldens '\(goldens)' --record --jobs 2 --rate 8000"]
        shell.standardOutput = FileHandle.nullDevice
        shell.standardError = FileHandle.nullDevice
        try shell.run()
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 0)
        var folders = 0, files = 0
        let walker = FileManager.default.enumerator(atPath: goldens)
        while let relative = walker?.nextObject() as? String {
            var info = stat()
            #expect(lstat(goldens + "/" + relative, &info) == 0)
            if (info.st_mode & S_IFMT) == S_IFDIR {
                folders += 1
                #expect(info.st_mode & 0o777 == 0o755, "\(relative): \(String(info.st_mode & 0o777, radix: 8))")
            } else {
                files += 1
                #expect(info.st_mode & 0o777 == 0o644, "\(relative): \(String(info.st_mode & 0o777, radix: 8))")
            }
        }
        #expect(folders == 32 && files == 25)  // 8 groups of 3 folders each, 24 goldens and the suite's settings
    }

    /// An AHAP document saved as `x.json` is an AHAP file to the command line and to the library
    /// alike: the format is told by the content.
    @Test func anAHAPDocumentSavedAsJSONLoadsTheSameThroughTheLibraryAndPlan() throws {
        let scratch = try Scratch()
        let ahap = try String(contentsOfFile: packageRoot + "/Samples/envelope-hit.ahap", encoding: .utf8)
        let asJSON = try scratch.write("hit.json", ahap)
        let asAHAP = try scratch.write("hit.ahap", ahap)
        let library = try Hapsynth.load(contentsOf: asJSON)
        #expect(library.plan == (try Hapsynth.load(contentsOf: asAHAP)).plan)
        let cli = try hapsynth(["plan", asJSON, "--json"])
        #expect(cli.status == 0, "\(cli.stderr)")
        guard case .object(let members) = library.plan.json else {
            Issue.record("not an object")
            return
        }
        let expected = JSONOutput.object(members + [("warnings", .array(library.warnings.map { .string($0.description) }))]).pretty()
        #expect(cli.stdout == expected + "\n")
        #expect(try hapsynth(["plan", asAHAP, "--json"]).stdout == cli.stdout.replacingOccurrences(of: "hit.json", with: "hit.ahap"))
    }
}
