import Foundation
import AudioCore
import AudioIO
import HapticPlayback
import Glibc

extension CaptureSnapshot {
    /// Writes `haptics.wav` (float mono), `audio.wav` (float stereo), `timeline.json` and
    /// `log.jsonl` into `directory`, made when missing; each file appears whole or not at all.
    package func write(toDirectory directory: String) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let folder = directory.hasSuffix("/") ? directory : directory + "/"
        try Self.writeSound(haptics, channels: 1, rate: sampleRate, to: folder + "haptics.wav")
        try Self.writeSound(audio, channels: 2, rate: sampleRate, to: folder + "audio.wav")
        try TextOutput.write(timelineJSON, to: folder + "timeline.json", what: "timeline")
        try TextOutput.write(logJSONLines, to: folder + "log.jsonl", what: "log")
    }

    private static func writeSound(_ samples: [Float], channels: Int, rate: Int, to path: String) throws {
        try SoundFileTarget.write(to: path, format: AudioFormat(sampleRate: rate, channelCount: channels), container: .wav, encoding: .float) { writer in
            try samples.withUnsafeBufferPointer { try writer.write($0) }
        }
    }
}

/// `HAPSYNTH_COREHAPTICS_CAPTURE=DIR`: an unmodified program's capture, written when it exits
/// after the device has run until idle (at most 300 s more); `HAPSYNTH_COREHAPTICS_PLAY=DEVICE`
/// alone: what is left plays out on the device before the program ends.
enum CaptureAtExit {
    private static let armed = NSLock()
    nonisolated(unsafe) private static var isArmed = false

    /// Registers the exit hook once, when either variable is set.
    static func arm() {
        let environment = ProcessInfo.processInfo.environment
        guard !(environment["HAPSYNTH_COREHAPTICS_CAPTURE"] ?? "").isEmpty || !(environment["HAPSYNTH_COREHAPTICS_PLAY"] ?? "").isEmpty else { return }
        let first = armed.withLock { () -> Bool in
            defer { isArmed = true }
            return !isArmed
        }
        guard first else { return }
        atexit {
            let phone = EmulatedPhone.process
            phone.device.freezeClock()
            _ = phone.runUntilIdle(limit: 300)
            phone.device.finishLive()
            guard let directory = ProcessInfo.processInfo.environment["HAPSYNTH_COREHAPTICS_CAPTURE"], !directory.isEmpty else { return }
            do {
                try phone.snapshot().write(toDirectory: directory)
            } catch {
                FileHandle.standardError.write(Data("hapsynth CoreHaptics: cannot write the capture to \(directory): \(error)\n".utf8))
            }
        }
    }
}
