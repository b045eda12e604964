import Foundation
import Testing
import TestSupport

/// Outputs never destroy what the user had: inputs, folders, device nodes, links.
@Suite struct HostileOutputTests {
    @Test func anAHAPFolderHoldingOtherFilesIsRefusedAndNothingIsRemoved() throws {
        let scratch = try Scratch()
        let pattern = try scratch.write("p.json", try String(contentsOfFile: packageRoot + "/Samples/celebration.json", encoding: .utf8))
        try scratch.write("notes.txt", "mine")
        let result = try hapsynth(["plan", pattern, "--ahap-dir", scratch.path])
        #expect(result.status == 73)
        #expect(result.stderr == "hapsynth: error: cannot write AHAP files to \(scratch.path): it holds files hapsynth did not write "
            + "(notes.txt, p.json); choose an empty folder, or use --force to write beside them\n")
        #expect(scratch.entries == ["notes.txt", "p.json"])
        let forced = try hapsynth(["plan", pattern, "--ahap-dir", scratch.path, "--force"])
        #expect(forced.status == 0)
        #expect(scratch.entries == [".hapsynth-ahap-export", "notes.txt", "p.json", "player-1.ahap", "player-2.ahap"])
        // A doctored manifest cannot make hapsynth remove other files.
        try scratch.write(".hapsynth-ahap-export", "player-1.ahap\nnotes.txt\n../p.json\np.json\n")
        #expect(try hapsynth(["plan", "Samples/click-train.json", "--ahap-dir", scratch.path, "--force"]).status == 0)
        #expect(scratch.entries == [".hapsynth-ahap-export", "notes.txt", "p.json", "player-1.ahap", "player-2.ahap"])
        #expect(try hapsynth(["plan", pattern, "--force"]).status == 64)
    }

    /// A folder that cannot be made is reported in the system's words with the path concerned
    /// (Foundation's error dumps are not shown to users).
    @Test func anUncreatableOutputFolderSaysWhyInPlainWords() throws {
        let export = try hapsynth(["plan", "Samples/celebration.json", "--ahap-dir", "/proc/no-such/x"])
        #expect(export.status == 73)
        #expect(export.stderr == "hapsynth: error: cannot write AHAP files to /proc/no-such/x: No such file or directory (/proc/no-such)\n")
        let record = try hapsynth(["check", "Samples/celebration.json", "--goldens", "/proc/no-such", "--record"])
        #expect(record.status == 73)
        // Changed assertion (issue 31): the suite settings are written by the one atomic writer, which names the file first.
        #expect(record.stderr == "hapsynth: error: cannot write the suite settings: cannot create /proc/no-such/hapsynth-check.json: No such file or directory\n")
    }

    @Test func aRenderNeverReplacesItsInputOrAnIncludedFile() throws {
        let scratch = try Scratch()
        let tick = try scratch.write("tick.json", #"{"timeline": [{"transient": {}}, {"delay": 50}]}"#)
        let main = try scratch.write("main.json", #"{"timeline": [{"clip": {"pattern": "tick.json"}}]}"#)
        for output in [main, tick] {
            let result = try hapsynth(["render", main, output, "--format", "wav"])
            #expect(result.status == 73)
            #expect(result.stderr.hasPrefix("hapsynth: error: refusing to write \(output): it is the input "))
        }
        #expect(try String(contentsOfFile: tick, encoding: .utf8).hasPrefix("{"))
        #expect(scratch.entries == ["main.json", "tick.json"])
    }

    @Test func aDeviceNodeIsWrittenThroughNotReplaced() throws {
        let result = try hapsynth(["render", "Samples/celebration.json", "/dev/null", "--format", "wav"])
        #expect(result.status == 0)
        var info = stat()
        #expect(stat("/dev/null", &info) == 0 && (info.st_mode & S_IFMT) == S_IFCHR)
    }

    @Test func aFIFOIsStreamedAsFLACAndWithoutAReaderIsAnErrorNotAHang() throws {
        let scratch = try Scratch()
        let fifo = scratch.path + "/pipe"
        #expect(mkfifo(fifo, 0o600) == 0)
        let alone = try hapsynth(["render", "Samples/celebration.json", fifo, "--format", "flac"])
        #expect(alone.status == 73 && alone.stderr == "hapsynth: error: cannot create \(fifo): nothing is reading from it\n")
        // The test holds the reading end open (so the render finds a reader at once) and reads it
        // on a thread of its own to the end.
        let readEnd = open(fifo, O_RDONLY | O_NONBLOCK)
        #expect(readEnd >= 0)
        defer { close(readEnd) }
        let received = ReceivedBytes()
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            // Linux reports no hang-up to a reader that opened before any writer: poll waits for
            // the render's first bytes, then the reads go on to the end of the stream.
            var chunk = [UInt8](repeating: 0, count: 65_536)
            while true {
                var poller = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
                guard poll(&poller, 1, 20_000) > 0 else { break }
                let count = chunk.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
                if count < 0 && errno == EAGAIN { continue }
                guard count > 0 else { break }
                received.data.append(contentsOf: chunk[0..<count])
            }
            done.signal()
        }
        let streamed = try hapsynth(["render", "Samples/celebration.json", fifo, "--format", "flac"])
        #expect(done.wait(timeout: .now() + 20) == .success)
        #expect(streamed.status == 0)
        #expect(received.data.prefix(4) == Data("fLaC".utf8))
        var info = stat()
        #expect(stat(fifo, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO)
        let pipe = try hapsynthToPipe(["render", "Samples/celebration.json", "-", "--format", "wav"])
        #expect(pipe.status == 73 && pipe.data.isEmpty)  // libsndfile cannot finish a WAV header on a pipe
    }

    @Test func aSymbolicLinkOutputKeepsTheLinkAndReplacesItsTarget() throws {
        let scratch = try Scratch()
        try FileManager.default.createSymbolicLink(atPath: scratch.path + "/link.wav", withDestinationPath: "real.wav")
        let result = try hapsynth(["render", "Samples/celebration.json", scratch.path + "/link.wav"])
        #expect(result.status == 0)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: scratch.path + "/link.wav") == "real.wav")
        #expect(try Data(contentsOf: URL(fileURLWithPath: scratch.path + "/real.wav")).prefix(4) == Data("RIFF".utf8))
        #expect(scratch.entries == ["link.wav", "real.wav"])
    }

    @Test func anOutputNameOf255BytesWorks() throws {
        let scratch = try Scratch()
        let name = String(repeating: "é", count: 125) + ".wav"  // 254 bytes
        let result = try hapsynth(["render", "Samples/celebration.json", scratch.path + "/" + name])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(scratch.entries == [name])
    }

    @Test func resultsThatCannotBeWrittenToStdoutExit74() throws {
        for arguments in [["plan", "Samples/celebration.json", "--json"], ["render", "Samples/celebration.json", "/dev/null", "--format", "wav"]] {
            let process = Process()
            process.executableURL = try hapsynthBinary()
            process.arguments = arguments
            process.currentDirectoryURL = URL(fileURLWithPath: packageRoot)
            process.standardOutput = FileHandle(forWritingAtPath: "/dev/full")
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 74, "\(arguments[0])")
        }
    }

    @Test func standardOutputTakesAStreamedFLAC() throws {
        let result = try hapsynthToPipe(["render", "Samples/celebration.json", "-", "--format", "flac"])
        #expect(result.status == 0)
        #expect(result.data.prefix(4) == Data("fLaC".utf8) && result.data.count > 1000)
    }

    /// Runs hapsynth with its stdout on a pipe; returns the status and the bytes read.
    func hapsynthToPipe(_ arguments: [String]) throws -> (status: Int32, data: Data) {
        let process = Process()
        process.executableURL = try hapsynthBinary()
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: packageRoot)
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, data)
    }
}

/// Bytes a reader thread received.
private final class ReceivedBytes: @unchecked Sendable {
    var data = Data()
}
