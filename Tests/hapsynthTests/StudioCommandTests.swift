import Foundation
import Testing
import TestSupport

/// `hapsynth studio` as a process: where it listens, what it refuses, how it stops.
@Suite struct StudioCommandTests {
    @Test func announcesItsLocalAddressAndStopsAtCtrlC() throws {
        let process = try BackgroundHapsynth(["studio", "Samples"])
        #expect(process.wait(30) { $0.outLines.contains { $0.hasPrefix("hapsynth studio: http://127.0.0.1:") } })
        let line = try #require(process.outLines.first)
        #expect(line.hasSuffix("/ (Samples); Ctrl-C to stop"), "\(line)")
        #expect(process.errLines.isEmpty)
        #expect(process.interrupt() == 130, "Ctrl-C ends the studio as it ends play --watch")
    }

    @Test func refusesWhatItCannotServe() throws {
        let missing = try hapsynth(["studio", "no-such-folder"])
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("no-such-folder: no such file or folder"))
        let clash = try hapsynth(["studio", "--mcp", "--port", "8080"])
        #expect(clash.status == 64)
        #expect(clash.stderr.contains("--mcp talks on stdin and stdout; leave out --port"))
        #expect(try hapsynth(["studio", "--host", "nowhere"]).status == 69)
        #expect(try hapsynth(["studio", "--port", "0"]).status == 64)
    }

    @Test func answersMCPUntilItsInputEnds() throws {
        let messages = [
            #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-03-26","capabilities":{}}}"#,
            #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"lint","arguments":{"path":"Samples/heartbeat.json"}}}"#,
        ]
        let scratch = try Scratch()
        let input = try scratch.write("in.jsonl", messages.joined(separator: "\n") + "\n")
        let result = try run(URL(fileURLWithPath: "/bin/sh"), ["-c", "\"$0\" studio --mcp Samples < \"$1\"", try hapsynthBinary().path, input])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 2, "one answer a request, none for the notification: \(result.stdout.prefix(300))")
        #expect(lines.first?.contains(#""protocolVersion": "2025-03-26""#) == true)
        #expect(lines.last?.contains("HS205") == true || lines.last?.contains("findings") == true)
    }

    @Test func aStereoRenderWithACatalogueDeviceIsRefusedRatherThanRenderedAsAndroidAlone() throws {
        let scratch = try Scratch()
        let result = try hapsynth(["render", "Samples/heartbeat.json", scratch.path + "/both.wav", "--platform", "both", "--android-device", "pixel-5"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--platform both renders both sides with the iPhone's actuator, not pixel-5's"))
        #expect(scratch.entries.isEmpty)
    }
}
