import CoreHaptics
@testable import IPhoneEmulation
import CoreHapticsEmulator
import HapticCore
import HapticPlayback
import Testing

/// Jindong's executor plays on the device an app's Core Haptics code plays on (issue 41, item 2):
/// the device's native-engine face, on the phone a test's `withDevice` binds.
@Suite struct ExecutorOnTheDeviceTests {
    /// What the device made with an app's tap at 0 and, through the executor, a pattern's tap at
    /// 100 ms (either, or both), run until idle; and whether the executor's session still ran.
    static func play(app: Bool, executor: Bool) throws -> (capture: HapticsCapture, sessionActive: Bool) {
        try HapticsEmulator.withDevice {
            if app {
                let engine = try CHHapticEngine()
                try engine.start()
                try engine.makePlayer(with: try Emulated.pattern([Emulated.transient(at: 0)])).start(atTime: 0)
            }
            var running: (HapticExecutor, HapticHandle)?
            if executor {
                let device = EmulatedPhone.shared.device
                let engine = DeviceHapticEngine(device: device)
                let executor = HapticExecutor(driver: DeviceEngineDriver(engine: engine), clock: engine.clock, callbackQueue: device.callbacks)
                running = (executor, try executor.play(try Pattern(events: [try .transient(startMs: 100)], durationMs: 150)))
            }
            HapticsEmulator.runUntilIdle()
            defer { running?.0.release() }
            return (HapticsEmulator.capture(), running?.1.isActive ?? false)
        }
    }

    @Test func theExecutorAndAnAppsEnginePlayOnOneDevice() throws {
        let both = try Self.play(app: true, executor: true)
        let app = try Self.play(app: true, executor: false).capture
        let executor = try Self.play(app: false, executor: true)
        #expect(!both.sessionActive && !executor.sessionActive)
        #expect(both.capture.timeline.map(\.player) == ["player#1", "executor#1"])
        #expect(executor.capture.haptics.contains { $0 != 0 })
        // One mixer: what both made is the sum of what each made alone.
        let length = max(app.haptics.count, executor.capture.haptics.count)
        #expect(both.capture.haptics.count == length)
        let largest = (0..<length).map { index -> Float in
            let sum: Float = (index < app.haptics.count ? app.haptics[index] : 0) + (index < executor.capture.haptics.count ? executor.capture.haptics[index] : 0)
            return abs(both.capture.haptics[index] - sum)
        }.max() ?? 0
        #expect(largest < 1e-5)
    }

    /// `body` with an executor on a device of its own; what the device made, run until idle.
    static func withExecutor(_ body: (HapticExecutor) throws -> Void) throws -> HapticsCapture {
        try HapticsEmulator.withDevice {
            let device = EmulatedPhone.shared.device
            let engine = DeviceHapticEngine(device: device)
            let executor = HapticExecutor(driver: DeviceEngineDriver(engine: engine), clock: engine.clock, callbackQueue: device.callbacks)
            defer { _ = executor.release() }
            try body(executor)
            HapticsEmulator.runUntilIdle()
            return HapticsEmulator.capture()
        }
    }

    @Test func aCancelEndsTheSessionsVoicesAtItsFrame() throws {
        var handle: HapticHandle?
        let capture = try Self.withExecutor { executor in
            handle = try executor.play(try Pattern(events: [try .continuous(startMs: 0, durationMs: 500, intensity: 0.8)], durationMs: 500))
            HapticsEmulator.advance(by: 0.1)
            #expect(handle?.isActive == true)
            try handle?.cancel()
        }
        #expect(handle?.isActive == false && handle?.failure == nil)
        // The voice ended where the cancel came, 0.1 s in, not at 0.5 s: after its release the
        // device is silent (until idle, the executor's own deadline for the session included).
        let voice = try #require(capture.timeline.first)
        #expect(voice.ended == "cancel" && voice.endFrame == 4_800)
        #expect(capture.haptics.count > 9_600 && capture.haptics[9_600...].allSatisfy { abs($0) < 1e-4 })
        #expect(capture.haptics[..<4_800].contains { abs($0) > 0.1 })
    }

    @Test func aSecondPlayReplacesTheFirstOnTheDevice() throws {
        var handles: [HapticHandle] = []
        let capture = try Self.withExecutor { executor in
            handles.append(try executor.play(try Pattern(events: [try .continuous(startMs: 0, durationMs: 300, intensity: 0.5)], durationMs: 300)))
            HapticsEmulator.advance(by: 0.05)
            handles.append(try executor.play(try Pattern(events: [try .transient(startMs: 0)], durationMs: 50)))
        }
        #expect(handles.count == 2 && handles.allSatisfy { !$0.isActive })
        #expect(capture.timeline.map(\.kind) == ["hapticContinuous", "hapticTransient"])
        #expect(capture.timeline[0].ended == "cancel" && capture.timeline[0].endFrame == 2_400)
        #expect(capture.timeline.map(\.player) == ["executor#1", "executor#2"])
    }
}
