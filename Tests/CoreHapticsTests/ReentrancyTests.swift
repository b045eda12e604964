import CoreHaptics
import CoreHapticsEmulator
import Foundation
import Testing
import TestSupport

/// A callback may drive the emulator (issue 41, item 4): advancing it or waiting until it is idle
/// from inside a callback, while another callback falls due, runs the waiting callbacks in their
/// order and goes on; it used to spin forever.
extension OnTheDevice {
    @Suite struct ReentrancyTests {
        final class Order: @unchecked Sendable {
            var entries: [String] = []
        }

        /// Two taps whose players complete at the same frame: the first's completion runs `inFirst`
        /// between its two entries, the second's records itself; returns the order, run until idle.
        static func twoCompletions(_ inFirst: @escaping () -> Void) throws -> [String] {
            let engine = try Emulated.engine()
            let order = Order()
            let first = try engine.makeAdvancedPlayer(with: try Emulated.pattern([Emulated.transient(at: 0)]))
            let second = try engine.makeAdvancedPlayer(with: try Emulated.pattern([Emulated.transient(at: 0)]))
            first.completionHandler = { _ in
                order.entries.append("first")
                inFirst()
                order.entries.append("first drove the emulator")
            }
            second.completionHandler = { _ in order.entries.append("second") }
            try first.start(atTime: 0)
            try second.start(atTime: 0)
            HapticsEmulator.runUntilIdle()
            return order.entries
        }

        /// A callback that reconfigures the device resets it: the callbacks that waited are
        /// dropped with everything else, and the call that was delivering them returns.
        @Test func aCallbackThatConfiguresTheEmulatorResetsItAndReturns() throws {
            #expect(try Self.twoCompletions { HapticsEmulator.configure(.init()) } == ["first", "first drove the emulator"])
            let capture = HapticsEmulator.capture()
            #expect(capture.timeline.isEmpty && capture.log.first?.call == "configure")
        }

        @Test(arguments: ["advance", "runUntilIdle"])
        func aCallbackThatDrivesTheEmulatorFinishes(how: String) throws {
            let order = try Self.twoCompletions { if how == "advance" { HapticsEmulator.advance(by: 0.5) } else { HapticsEmulator.runUntilIdle() } }
            #expect(order == ["first", "second", "first drove the emulator"])
        }
    }
}

/// A callback that exits the process (issue 41, item 4): the capture at exit runs the callbacks
/// still waiting, renders until idle and writes its files; the process ends instead of spinning.
@Suite struct ExitInACallbackTests {
    @Test func aCallbackThatExitsEndsTheProcessWithItsCapture() throws {
        let scratch = try Scratch()
        let result = try run(try builtBinary("corehaptics-probe"), [], environment: [
            "HAPSYNTH_COREHAPTICS_CLOCK": "realtime", "HAPSYNTH_COREHAPTICS_CAPTURE": scratch.path + "/capture",
        ], timeoutSeconds: 60)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        // The waiting callback ran at exit, before the capture was written.
        #expect(result.stdout == "second completion\n")
        let timeline = try String(contentsOfFile: scratch.path + "/capture/timeline.json", encoding: .utf8)
        #expect(timeline.components(separatedBy: "\"hapticTransient\"").count == 3)
        let log = try String(contentsOfFile: scratch.path + "/capture/log.jsonl", encoding: .utf8)
        #expect(log.components(separatedBy: "\"call\": \"completionHandler\"").count == 3)
        #expect(FileManager.default.fileExists(atPath: scratch.path + "/capture/haptics.wav"))
    }
}
