import Foundation
import HapsynthKit
import Testing
import TestSupport

/// from-audio's bounds on what it is given (issue 50, item 8): a sound longer than the analysis
/// keeps times for is refused (by its header, before anything is read), and settings whose pair
/// would run for minutes or divide by zero are refused with their place.
@Suite struct AudioToHapticsLimitsTests {
    @Test func aSoundLongerThanTheLimitIsRefusedAndOneWithinItIsRead() throws {
        let scratch = try Scratch()
        let path = scratch.path + "/tone.wav"
        #expect(try hapsynth(["render", "Samples/celebration.json", path, "--rate", "8000"]).status == 0)
        // 0.55 s of sound: refused under a 0.3 s limit, read under the real one.
        #expect(throws: AudioToHaptics.Failure.self) { try AudioToHaptics.clip(file: path, limitSeconds: 0.3) }
        do {
            _ = try AudioToHaptics.clip(file: path, limitSeconds: 0.3)
        } catch {
            #expect(error.description.contains("longer than the 0.3 s from-audio analyses") && !error.isMissing, "\(error)")
        }
        #expect(try AudioToHaptics.clip(file: path).amplitude.count > 10)
        // Changed (issue 62): 24 hours, a render's own limit (was 32,768 s: past it the 32-bit
        // millisecond sum of the reference stood still; the follower now steps by the float's step).
        #expect(AudioToHaptics.maxSeconds == 86_400)
    }

    @Test func settingsThatWouldRunForMinutesOrMakeNaNAreRefused() throws {
        let scratch = try Scratch()
        let overlap = try scratch.write("overlap.json", #"{"spectrum": {"fft_size": 65536, "overlap_factor": 65536}}"#)
        #expect(throws: SettingsFileError.self) { try AudioToHaptics.Settings.read(file: overlap) }
        let window = try scratch.write("window.json", #"{"amplitude": {"rms_windowing_time": 0}}"#)
        #expect(throws: SettingsFileError.self) { try AudioToHaptics.Settings.read(file: window) }
        let fine = try scratch.write("fine.json", #"{"spectrum": {"fft_size": 1024, "overlap_factor": 8}, "amplitude": {"rms_windowing_time": 0.0001}}"#)
        #expect(try AudioToHaptics.Settings.read(file: fine).analysis.spectrum.overlap == 8)
    }
}
