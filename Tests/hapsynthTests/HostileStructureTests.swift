import Foundation
import Testing
import TestSupport

/// Files built to amplify work: each is answered at once, with a bounded cost.
@Suite struct HostileStructureTests {
    @Test func anIncludeFanOutReadsEachFileOnce() throws {
        let scratch = try Scratch()
        try scratch.write("f16.json", #"{"timeline": [{"delay": 1}]}"#)
        for level in (0..<16).reversed() {
            let clips = Array(repeating: #"{"clip": {"pattern": "f\#(level + 1).json"}}"#, count: 4).joined(separator: ", ")
            try scratch.write("f\(level).json", #"{"timeline": [{"parallel": [\#(clips)]}]}"#)
        }
        let result = try hapsynth(["plan", scratch.path + "/f0.json", "--json"])  // 4^16 reads before
        #expect(result.status == 0)
        #expect(result.stdout.contains(#""backend": "silent""#) && result.stdout.contains(#""logicalDurationMs": 1"#))
    }

    @Test func includesShareOneByteBudget() throws {
        let scratch = try Scratch()
        let padding = String(repeating: " ", count: 40 << 20)
        try scratch.write("a.json", #"{"timeline": [{"delay": 1}]}"# + padding)
        try scratch.write("b.json", #"{"timeline": [{"delay": 2}]}"# + padding)
        let main = try scratch.write("main.json", #"{"timeline": [{"clip": {"pattern": "a.json"}}, {"clip": {"pattern": "b.json"}}]}"#)
        let result = try hapsynth(["plan", main])
        #expect(result.status == 65)
        #expect(result.stderr.contains("the included files hold 83886136 bytes in all, over the limit of 67108864 at $.timeline[1].clip.pattern"))
    }

    @Test func transformChainsHaveABoundedCost() throws {
        let scratch = try Scratch()
        let events = (0..<10_000).map { #"{"type": "transient", "startMs": \#($0)}"# }.joined(separator: ",")
        let transforms = Array(repeating: #""reversed""#, count: 200_000).joined(separator: ",")
        let file = try scratch.write("p.json", #"{"timeline": [{"clip": {"pattern": {"events": [\#(events)]}, "transforms": [\#(transforms)]}}]}"#)
        let result = try hapsynth(["plan", file])
        #expect(result.status == 65)
        #expect(result.stderr.contains("the transforms would process 20010000 events in all, over the limit of 20000000 at $.timeline[0].clip.transforms[2000]"))
    }

    @Test func aHugeArrayStopsAtTheValueLimitBeforeTheTreeGrows() throws {
        let scratch = try Scratch()
        let file = try scratch.write("p.json", #"{"events": ["# + Array(repeating: "0", count: 1_200_000).joined(separator: ",") + "]}")
        let result = try hapsynth(["plan", file])
        #expect(result.status == 65)
        #expect(result.stderr == "hapsynth: error: \(file):1:2000009: more than 1000000 JSON values (hapsynth's limit) at $.events[999998]\n")
    }
}

/// Errors about hostile names and includes say where and what, briefly.
@Suite struct HostileMessageTests {
    @Test func includesThatCannotBeReadAreNamedAtTheirClip() throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(atPath: scratch.path + "/folder", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: scratch.path + "/loop1", withDestinationPath: "loop2")
        try FileManager.default.createSymbolicLink(atPath: scratch.path + "/loop2", withDestinationPath: "loop1")
        let cases = [
            ("folder", "included file \"folder\" cannot be read: it is a folder, not a regular file"),
            ("loop1", "included file \"loop1\" cannot be read: Too many levels of symbolic links"),
            ("/dev/zero", "included file \"/dev/zero\" cannot be read: it is a character device, not a regular file"),
        ]
        for (include, message) in cases {
            let main = try scratch.write("main.json", #"{"timeline":[{"clip":{"pattern":"\#(include)"}}]}"#)
            let result = try hapsynth(["plan", main])
            #expect(result.status == 65)
            #expect(result.stderr == "hapsynth: error: \(main):1:33: \(message) at $.timeline[0].clip.pattern\n")
        }
    }

    @Test func aHugeUnknownKeyIsNotEchoedInFull() throws {
        let scratch = try Scratch()
        let key = String(repeating: "k", count: 1_000_000)
        let file = try scratch.write("p.json", #"{"events": [], "\#(key)": 1}"#)
        let result = try hapsynth(["plan", file])
        #expect(result.status == 65)
        #expect(result.stderr.count < 400)
        #expect(result.stderr.contains("unknown key \"" + String(repeating: "k", count: 48) + "… (1000000 characters)\""))
    }
}
