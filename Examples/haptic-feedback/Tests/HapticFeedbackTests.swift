import CoreHaptics
import CoreHapticsEmulatorTesting
import Foundation
import HapticFeedback
import Testing

/// The game's haptics checked on the emulated iPhone, in-process and as the unmodified program.
/// The tests run in parallel: each plays on a device of its own (`HapticsEmulator.withDevice`, or
/// the `.emulatedIPhone` trait).
@Suite struct HapticFeedbackTests {
    /// The opening played on a device of its own, run until idle.
    static func opening() -> (HapticsCapture, HapticManager) {
        HapticsEmulator.withDevice {
            let haptics = HapticManager(bundle: HapticManager.resources)
            haptics.playOpening()
            HapticsEmulator.runUntilIdle()
            return (HapticsEmulator.capture(), haptics)
        }
    }

    @Test func theOpeningPlaysEveryEventAtItsTime() {
        let (capture, haptics) = Self.opening()
        #expect(haptics.notices.isEmpty)
        #expect(capture.log.allSatisfy { $0.error == nil }, "\(capture.log.filter { $0.error != nil })")
        // The tap; the success's two taps and its thud; the rumble (tap, thud, hum, tap); the charge.
        let starts = capture.timeline.map { "\($0.kind)@\(Double($0.startFrame) / 48_000)" }
        #expect(starts == [
            "hapticTransient@0.0", "hapticTransient@0.4", "hapticTransient@0.52", "audioCustom@0.52",
            "hapticTransient@1.0", "audioCustom@1.0", "hapticContinuous@1.05", "hapticTransient@1.7",
            "hapticContinuous@2.0", "hapticTransient@2.85",
        ])
        // The charge's intensity rises from 0.1 under its curve.
        #expect(capture.timeline[8].intensity == 0.1)
        #expect(capture.audio.contains { $0 != 0 } && capture.haptics.contains { $0 != 0 })
    }

    /// The trait gives the test a device of its own, as `withDevice` does.
    @Test(.emulatedIPhone) func theResetHandlerRestartsAndRegistersTheSoundAgain() {
        let haptics = HapticManager(bundle: HapticManager.resources)
        HapticsEmulator.simulateReset()
        haptics.success()
        HapticsEmulator.runUntilIdle()
        let capture = HapticsEmulator.capture()
        #expect(haptics.notices == ["reset"])
        #expect(capture.timeline.map(\.kind) == ["hapticTransient", "hapticTransient", "audioCustom"])
    }

    @Test func theUnmodifiedProgramCapturesWhatThisProcessCaptures() throws {
        let folder = NSTemporaryDirectory() + "haptic-feedback-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let program = Process()
        program.executableURL = try Self.example()
        program.environment = ["HAPSYNTH_COREHAPTICS_CAPTURE": folder + "/program"]
        program.standardOutput = FileHandle.nullDevice
        try program.run()
        program.waitUntilExit()
        #expect(program.terminationStatus == 0)
        let (capture, _) = Self.opening()
        try capture.write(to: URL(fileURLWithPath: folder + "/here"))
        for name in ["haptics.wav", "audio.wav", "timeline.json", "log.jsonl"] {
            let there = FileManager.default.contents(atPath: folder + "/program/" + name)
            let here = FileManager.default.contents(atPath: folder + "/here/" + name)
            #expect(there != nil && there == here, "\(name)")
        }
    }

    @Test func theEnvironmentPicksTheDeviceAndTheClock() throws {
        let folder = NSTemporaryDirectory() + "haptic-feedback-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func run(_ environment: [String: String]) throws -> [String: Any] {
            let program = Process()
            program.executableURL = try Self.example()
            program.environment = environment.merging(["HAPSYNTH_COREHAPTICS_CAPTURE": folder], uniquingKeysWith: { $1 })
            program.standardOutput = FileHandle.nullDevice
            try program.run()
            program.waitUntilExit()
            #expect(program.terminationStatus == 0)
            let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/timeline.json"))
            return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        }
        // An iPad has no haptics: the manager plays nothing.
        #expect((try run(["HAPSYNTH_COREHAPTICS_DEVICE": "ipad"])["voices"] as? [Any])?.isEmpty == true)
        let log = try String(contentsOfFile: folder + "/log.jsonl", encoding: .utf8)
        #expect(log.hasPrefix("{\"seq\": 1, \"time\": 1000.0, \"frame\": 0, \"object\": \"device\", \"call\": \"configure\", \"args\": {\"device\": \"ipad\""))
        // The realtime clock: the opening starts when the program ran, and plays whole at exit.
        let realtime = try run(["HAPSYNTH_COREHAPTICS_CLOCK": "realtime"])
        #expect((realtime["voices"] as? [Any])?.count == 10)
        #expect(try String(contentsOfFile: folder + "/log.jsonl", encoding: .utf8).contains("\"clock\": \"realtime\""))
    }

    /// `HAPSYNTH_COREHAPTICS_PLAY` without a capture: under the realtime clock what is left when
    /// the program exits plays out on the device before it ends; a device or variable that cannot
    /// be used is said on stderr (a program has no test reading its log).
    @Test func aPlainProgramPlaysOutAtExitAndSaysWhatIsWrongOnStderr() throws {
        let folder = NSTemporaryDirectory() + "haptic-feedback-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func run(_ environment: [String: String]) throws -> String {
            let program = Process()
            program.executableURL = try Self.example()
            program.environment = environment
            program.standardOutput = FileHandle.nullDevice
            let errors = URL(fileURLWithPath: folder + "/stderr")
            _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
            program.standardError = try FileHandle(forWritingTo: errors)
            try program.run()
            program.waitUntilExit()
            #expect(program.terminationStatus == 0)
            return try String(contentsOf: errors, encoding: .utf8)
        }
        let raw = folder + "/played.raw"
        let quiet = try run(["HAPSYNTH_COREHAPTICS_CLOCK": "realtime", "HAPSYNTH_COREHAPTICS_PLAY": "file:FILE=\(raw),FORMAT=raw"])
        #expect(quiet.isEmpty, "\(quiet)")
        // The whole opening reached the device: at least its frames in stereo 16-bit.
        let (capture, _) = Self.opening()
        let bytes = (try FileManager.default.attributesOfItem(atPath: raw)[.size] as? Int) ?? 0
        #expect(bytes >= capture.haptics.count * 2 * 2, "\(bytes) bytes played of \(capture.haptics.count) frames")
        let device = try run(["HAPSYNTH_COREHAPTICS_DEVICE": "nokia"])
        #expect(device.contains("hapsynth CoreHaptics: HAPSYNTH_COREHAPTICS_DEVICE=nokia: unknown device profile 'nokia'"), "\(device)")
        let play = try run(["HAPSYNTH_COREHAPTICS_PLAY": "no-such-alsa-device"])
        #expect(play.contains("hapsynth CoreHaptics: HAPSYNTH_COREHAPTICS_PLAY=no-such-alsa-device: "), "\(play)")
        let clock = try run(["HAPSYNTH_COREHAPTICS_CLOCK": "real-time"])
        #expect(clock.contains("HAPSYNTH_COREHAPTICS_CLOCK=real-time is not a clock"), "\(clock)")
    }

    /// The example program, built beside this test bundle.
    static func example() throws -> URL {
        var directory = Bundle.main.bundleURL
        for _ in 0..<3 {
            let candidate = directory.appendingPathComponent("haptic-feedback-example")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        throw CocoaError(.fileNoSuchFile)
    }

    /// The menu's generators play on the test's own device, one log entry per call.
    @MainActor @Test(.emulatedIPhone) func theMenuTicksTapsAndCelebrates() {
        let menu = MenuFeedback()
        menu.moved()
        HapticsEmulator.advance(by: 0.2)
        menu.chose()
        HapticsEmulator.advance(by: 0.2)
        menu.finished(won: true)
        HapticsEmulator.runUntilIdle()
        let capture = HapticsEmulator.capture()
        #expect(capture.log.filter { $0.object.hasSuffix("FeedbackGenerator#1") }.map(\.call)
            == ["prepare()", "selectionChanged()", "impactOccurred()", "notificationOccurred(_:)"])
        #expect(capture.timeline.map(\.startFrame) == [0, 9_600, 19_200, 24_000])
        #expect(capture.haptics.contains { abs($0) > 0.1 })
    }
}
