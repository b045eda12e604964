import CoreHaptics
import CoreHapticsEmulator
import Foundation
import Testing

/// What an app's developer reads (issue 40): a stop of a running engine is logged as a stop, and a
/// log entry or an error prints as a person would write it.
extension OnTheDevice {
    @Suite struct ReadableTests {
        @Test func stoppingARunningEngineLogsThatItStopped() throws {
            let engine = try Emulated.engine()
            engine.stop(completionHandler: nil)
            engine.stop(completionHandler: nil)
            let stops = HapticsEmulator.capture().log.filter { $0.call == "stop(completionHandler:)" }
            #expect(stops.map(\.result) == ["stopped", "already stopped"])
        }

        @Test func aLogEntryAndAnErrorPrintAsAPersonWouldWriteThem() throws {
            let engine = try Emulated.engine()
            engine.stop(completionHandler: nil)
            let player = try engine.makePlayer(with: try Emulated.pattern([Emulated.transient(at: 0)]))
            var thrown: (any Error)?
            do { try player.start(atTime: 0) } catch { thrown = error }
            let error = try #require(thrown)
            #expect("\(error)".hasPrefix("CHHapticError.engineNotRunning (-4805): "), "\(error)")
            let failed = try #require(HapticsEmulator.capture().log.last { $0.error != nil })
            let printed = "\(failed)"
            #expect(printed.hasPrefix("#\(failed.seq) at 1000.000 s (frame 0): player#1 start(atTime:)"), "\(printed)")
            #expect(printed.contains("-> error -4805 (engineNotRunning)"), "\(printed)")
        }
    }
}
