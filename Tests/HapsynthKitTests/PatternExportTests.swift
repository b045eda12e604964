import Foundation
import HapsynthKit
import Testing
import TestSupport

/// `PatternExport` as a Swift user calls it (issue 52, the shell): each target's text reads back
/// as what it claims to be, and what a target cannot hold is refused with its reason.
@Suite struct PatternExportTests {
    static func sample(_ name: String) throws -> LoadedPattern { try PatternLoader.load(packageRoot + "/Samples/" + name) }

    @Test func everyTargetReadsBackAsWhatItIs() throws {
        let scratch = try Scratch()
        let heartbeat = try Self.sample("heartbeat.json")
        let clip = try PatternExport.text(heartbeat, as: .haptic, fileName: "heartbeat.json")
        try clip.text.write(toFile: scratch.path + "/h.haptic", atomically: true, encoding: .utf8)
        #expect(try PatternLoader.load(scratch.path + "/h.haptic").clip != nil)
        let ahap = try PatternExport.text(heartbeat, as: .ahap, fileName: "heartbeat.json", outputName: "h.ahap")
        try ahap.text.write(toFile: scratch.path + "/h.ahap", atomically: true, encoding: .utf8)
        #expect(try PatternLoader.load(scratch.path + "/h.ahap").plan.players.count == 1)
        let json = try PatternExport.text(heartbeat, as: .json, fileName: "heartbeat.json")
        try json.text.write(toFile: scratch.path + "/h.json", atomically: true, encoding: .utf8)
        #expect(try PatternLoader.load(scratch.path + "/h.json").pattern?.events == heartbeat.pattern?.events)
        var android = PatternExport.AndroidOptions()
        android.name = "Beat"
        let kotlin = try PatternExport.text(heartbeat, as: .androidKotlin, fileName: "heartbeat.json", android: android)
        #expect(kotlin.text.contains("Beat") && kotlin.text.contains("longArrayOf("))
        // Without a name, the property is named after the file.
        #expect(try PatternExport.text(heartbeat, as: .androidKotlin, fileName: "heartbeat.json").text.contains("heartbeat"))
        let arrays = try PatternExport.text(heartbeat, as: .androidJSON, fileName: "heartbeat.json")
        #expect(arrays.text.contains("\"timings\""))
    }

    @Test func whatATargetCannotHoldIsRefusedWithItsReason() throws {
        #expect { try PatternExport.text(try Self.sample("mixed-overlap.json"), as: .ahap, fileName: "mixed-overlap.json") } throws: { error in
            guard case .severalPlayers(let count) = error as? PatternExportError else { return false }
            return count == 3
        }
        #expect { try PatternExport.text(try Self.sample("accent-swell.haptic"), as: .json, fileName: "accent-swell.haptic") } throws: { error in
            guard case .notAPattern = error as? PatternExportError else { return false }
            return true
        }
        // Changed (issue 63): the VibrationEffect text is a target too.
        #expect(PatternExport.Target.allCases.map(\.what) == ["clip", "AHAP file", "pattern", "arrays", "arrays", "VibrationEffect text"])
    }
}
