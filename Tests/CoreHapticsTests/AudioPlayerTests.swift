import AVFoundation
import CoreHaptics
import CoreHapticsEmulatorTesting
import Foundation
import Testing
import TestSupport

/// AVAudioPlayer on the emulated iPhone (docs/corehaptics.md, "Feedback generators, system sounds
/// and AVAudioPlayer"): its file in the audio track at its volume, pan, rate and loops, from the
/// frame of play() or play(atTime:), its delegate told when it ends.
@Suite(.emulatedIPhone) struct AudioPlayerTests {
    final class Delegate: NSObject, AVAudioPlayerDelegate {
        var finished: [(frame: Int, flag: Bool)] = []

        func audioPlayerDidFinishPlaying(_ player: AVAudioPlayer, successfully flag: Bool) {
            finished.append((HapticsEmulator.capture().log.last?.frame ?? -1, flag))
        }
    }

    /// A 0.5 s constant 0.5 (left) / 0.25 (right) stereo file at 48 kHz, as `steady.wav`.
    static func steady(in scratch: Scratch) throws -> URL {
        let url = URL(fileURLWithPath: scratch.path + "/steady.wav")
        try floatWAV((0..<48_000).map { $0 % 2 == 0 ? 0.5 : 0.25 }, rate: 48_000, channels: 2).write(to: url)
        return url
    }

    /// The audio's frames that sound (|left| or |right| above 1e-4), as one range per run.
    static func sounding(_ capture: HapticsCapture) -> [Range<Int>] {
        var runs: [Range<Int>] = [], start: Int?
        for frame in 0...(capture.audio.count / 2) {
            let on = frame < capture.audio.count / 2 && (abs(capture.audio[2 * frame]) > 1e-4 || abs(capture.audio[2 * frame + 1]) > 1e-4)
            if on, start == nil { start = frame }
            if !on, let first = start { runs.append(first..<frame); start = nil }
        }
        return runs
    }

    @Test func itPlaysPausesResumesAndLoops() throws {
        let scratch = try Scratch()
        let player = try AVAudioPlayer(contentsOf: try Self.steady(in: scratch))
        let delegate = Delegate()
        player.delegate = delegate
        #expect(player.duration == 0.5 && player.numberOfChannels == 2 && !player.isPlaying)
        player.numberOfLoops = 1
        player.play()
        HapticsEmulator.advance(by: 0.2)
        #expect(player.isPlaying && abs(player.currentTime - 0.2) < 1e-6)
        player.pause()
        HapticsEmulator.advance(by: 0.1)
        #expect(!player.isPlaying && abs(player.currentTime - 0.2) < 1e-6)
        player.play()
        HapticsEmulator.runUntilIdle()
        let capture = HapticsEmulator.capture()
        // 0.2 s, a 0.1 s gap, the 0.3 s left, then the loop's whole 0.5 s: one run after the gap.
        #expect(Self.sounding(capture) == [0..<9_600, 14_400..<(14_400 + 14_400 + 24_000)])
        #expect(delegate.finished.map(\.frame) == [52_800] && delegate.finished.allSatisfy(\.flag) && !player.isPlaying && player.currentTime == 0)
        #expect(capture.timeline.map { "\($0.kind) \($0.startFrame) \($0.endFrame) \($0.ended)" } == [
            "audioCustom 0 9600 pause", "audioCustom 14400 28800 end", "audioCustom 28800 52800 end",
        ])
        #expect(capture.log.contains { $0.call == "loop" && $0.args == ["loopsLeft": "0"] && $0.frame == 28_800 })
    }

    @Test func volumePanRateAndAFadeShapeTheSound() throws {
        let scratch = try Scratch()
        let player = try AVAudioPlayer(contentsOf: try Self.steady(in: scratch))
        player.volume = 0.5
        player.pan = 1
        player.enableRate = true
        player.rate = 2
        player.play()
        HapticsEmulator.runUntilIdle()
        var capture = HapticsEmulator.capture()
        // Twice as fast: 0.25 s; panned right, the left is silent; the right has both channels' mix.
        #expect(Self.sounding(capture) == [0..<12_000])
        let left = stride(from: 200, to: 11_800, by: 1).map { capture.audio[2 * $0] }, right = stride(from: 200, to: 11_800, by: 1).map { capture.audio[2 * $0 + 1] }
        #expect(left.allSatisfy { abs($0) < 1e-6 } && right.allSatisfy { $0 > 0.1 })
        // A fade from 1 to 0 over the file: the level falls.
        HapticsEmulator.configure(.init())
        let fading = try AVAudioPlayer(contentsOf: try Self.steady(in: scratch))
        fading.play()
        fading.setVolume(0, fadeDuration: 0.5)
        HapticsEmulator.runUntilIdle()
        capture = HapticsEmulator.capture()
        let early = abs(capture.audio[2 * 2_400]), late = abs(capture.audio[2 * 21_600])
        #expect(abs(early - 0.45) < 0.01 && abs(late - 0.05) < 0.01, "0.5 at 0.9 and at 0.1 of the fade: \(early), \(late)")
        #expect(capture.log.contains { $0.call == "setVolume(_:fadeDuration:)" && $0.args == ["volume": "0.0", "fadeDuration": "0.5"] })
    }

    @Test func playAtTimeStartsAtItsFrameAndAnEnginesMutesDoNotSilenceIt() throws {
        let scratch = try Scratch()
        let engine = try CHHapticEngine()
        try engine.start()
        engine.isMutedForAudio = true
        let player = try AVAudioPlayer(contentsOf: try Self.steady(in: scratch))
        #expect(player.play(atTime: player.deviceCurrentTime + 0.25) && player.isPlaying)
        HapticsEmulator.runUntilIdle()
        let capture = HapticsEmulator.capture()
        #expect(Self.sounding(capture) == [12_000..<36_000])
        #expect(capture.log.filter { $0.object == "AVAudioPlayer#1" }.map { "\($0.frame) \($0.call) \($0.result ?? "")" } == [
            "0 init(contentsOf:) ok", "0 play(atTime:) scheduled", "12000 play(atTime:) started", "36000 audioPlayerDidFinishPlaying(_:successfully:) called",
        ])
    }

    @Test func badFilesFailAsOnIOSAndDataPlaysLikeItsFile() throws {
        let scratch = try Scratch()
        func code(_ body: () throws -> Void) -> Int? {
            do { try body() } catch { return (error as NSError).domain == NSOSStatusErrorDomain ? (error as NSError).code : -1 }
            return nil
        }
        #expect(code { _ = try AVAudioPlayer(contentsOf: URL(fileURLWithPath: scratch.path + "/none.wav")) } == 2_003_334_207)
        let junk = try scratch.write("junk.wav", "not a sound")
        #expect(code { _ = try AVAudioPlayer(contentsOf: URL(fileURLWithPath: junk)) } == 1_954_115_647)
        #expect(code { _ = try AVAudioPlayer(data: Data("not a sound".utf8)) } == 1_954_115_647)
        #expect(code { _ = try AVAudioPlayer(data: Data(count: (64 << 20) + 1)) } == 1_954_115_647)
        let log = HapticsEmulator.capture().log
        #expect(log.first { $0.call == "init(contentsOf:)" }?.rule?.contains("none.wav: no such file") == true)
        #expect(log.last?.rule?.contains("more than a sound may have") == true)
        let data = try Data(contentsOf: try Self.steady(in: scratch))
        let player = try AVAudioPlayer(data: data)
        #expect(player.duration == 0.5 && player.data == data && player.url == nil)
    }

    @Test func aPlayerLetGoOfStopsAndADeviceWithoutAudioStillEndsIt() throws {
        let scratch = try Scratch()
        let url = try Self.steady(in: scratch)
        do {
            let player = try AVAudioPlayer(contentsOf: url)
            player.play()
        }
        HapticsEmulator.runUntilIdle()
        var capture = HapticsEmulator.capture()
        #expect(Self.sounding(capture).isEmpty && capture.log.last?.call == "deinit" && capture.log.last?.result == "stopped")
        HapticsEmulator.configure(.init(supportsAudio: false))
        let player = try AVAudioPlayer(contentsOf: url)
        let delegate = Delegate()
        player.delegate = delegate
        player.play()
        HapticsEmulator.runUntilIdle()
        capture = HapticsEmulator.capture()
        #expect(Self.sounding(capture).isEmpty && delegate.finished.map(\.frame) == [24_000])
    }
}
