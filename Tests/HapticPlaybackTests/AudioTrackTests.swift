import AudioCore
import AudioIO
import Foundation
import HapticCore
import HapticPlanner
import HapticSynth
import Testing
import TestSupport
@testable import HapticPlayback

/// An AHAP file's audio track (docs/audio.md): pan, volume, brightness, loops and pitch on a
/// sound file written here, and missing files.
@Suite struct AudioTrackTests {
    /// A 32-bit float mono WAV of `samples` at `rate`.
    static func wav(_ samples: [Float], rate: Int) -> Data { floatWAV(samples, rate: rate) }

    static func sine(hz: Double, rate: Int, frames: Int, amplitude: Double = 0.5) -> [Float] {
        (0..<frames).map { Float(amplitude * sin(2 * Double.pi * hz * Double($0) / Double(rate))) }
    }

    /// A track rendered whole into memory (the streaming track, a block at a time), at least
    /// `minimumFrames` long.
    struct Rendered {
        let left: [Float], right: [Float]
        let peak: Float
        let warnings: [AudioTrackWarning]
        var frameCount: Int { left.count }

        init(_ track: AudioTrack, minimumFrames: Int = 0) {
            let frames = max(Int(track.frameCount), minimumFrames)
            var left = [Float](repeating: 0, count: frames), right = left
            left.withUnsafeMutableBufferPointer { l in right.withUnsafeMutableBufferPointer { r in
                var start = 0
                while start < frames {
                    let end = min(frames, start + 1000)  // blocks that do not divide the track: the same samples
                    track.render(left: UnsafeMutableBufferPointer(rebasing: l[start..<end]), right: UnsafeMutableBufferPointer(rebasing: r[start..<end]))
                    start = end
                }
            } }
            (self.left, self.right, peak, warnings) = (left, right, track.peak, track.warnings)
        }
    }

    /// The track of one AudioCustom event at 0 s playing `sound.wav` (written from `samples`),
    /// with `parameters` and `more` event keys, at 48 kHz.
    func track(_ samples: [Float], rate: Int = 48000, parameters: String = "", more: String = "") throws -> (Rendered, Int) {
        let scratch = try Scratch()
        try Self.wav(samples, rate: rate).write(to: URL(fileURLWithPath: scratch.path + "/sound.wav"))
        let text = #"{"Pattern": [{"Event": {"Time": 0, "EventType": "AudioCustom", "EventWaveformPath": "sound.wav", "EventWaveformUseVolumeEnvelope": false\#(more), "EventParameters": [\#(parameters)]}}]}"#
        let document = try AHAPImport.read(bytes: Array(text.utf8), file: scratch.path + "/a.ahap")
        var options = AudioTrackOptions()
        options.fileFolder = scratch.path
        options.opener = SoundFileOpener()
        let track = AudioTrack(document.audio, profile: ActuatorProfile(), options: options)
        return (Rendered(track), Int(FrameTiming.frame(atMs: FrameTiming.leadMs, rate: 48000)))
    }

    @Test func panMinusOnePutsNothingOnTheRightAndVolumeHalvesThePeak() throws {
        let sound = Self.sine(hz: 440, rate: 48000, frames: 4800)
        let (left, lead) = try track(sound, parameters: #"{"ParameterID": "AudioPan", "ParameterValue": -1}"#)
        #expect(left.right.allSatisfy { abs($0) < 1e-7 } && abs((left.left.map { abs($0) }.max() ?? 0) - 0.5) < 1e-6)
        #expect(left.left[lead..<(lead + 4800)].elementsEqual(sound) { abs($0 - $1) < 1e-7 }, "the file plays from the event's frame, as it is")
        let (full, _) = try track(sound)
        let (half, _) = try track(sound, parameters: #"{"ParameterID": "AudioVolume", "ParameterValue": 0.5}"#)
        #expect(abs(Double(half.peak) / Double(full.peak) - 0.5) < 1e-6)
    }

    @Test func brightnessOneIsBitIdenticalToNoFilterAndLessDulls() throws {
        let sound = Self.sine(hz: 6000, rate: 48000, frames: 4800)
        let (plain, _) = try track(sound)
        let (bright, _) = try track(sound, parameters: #"{"ParameterID": "AudioBrightness", "ParameterValue": 1}"#)
        #expect(plain.left == bright.left && plain.right == bright.right)
        let (dull, _) = try track(sound, parameters: #"{"ParameterID": "AudioBrightness", "ParameterValue": 0.3}"#)
        #expect(dull.peak < plain.peak * 0.2, "a 6 kHz tone under a low-pass at 200·100^0.3 = 796 Hz")
    }

    @Test func aLoopRepeatsTheFileSeamlesslyToTheDuration() throws {
        let sound = Self.sine(hz: 480, rate: 48000, frames: 1000)  // 10 whole cycles: seamless when repeated
        let (looped, lead) = try track(sound, more: #", "EventWaveformLoopEnabled": true, "EventDuration": 0.1"#)
        let played = Array(looped.left[lead..<(lead + 4800)])
        let pan = Float(cos(Double.pi / 4))
        #expect(played.enumerated().allSatisfy { abs($0.element - sound[$0.offset % 1000] * pan) < 1e-6 })
        #expect(looped.frameCount == lead + 4800 && looped.warnings.isEmpty)
        let (once, _) = try track(sound, more: #", "EventWaveformLoopEnabled": true"#)
        #expect(once.frameCount == lead + 1000 && once.warnings.map(\.message) == ["a looped sound without EventDuration plays once"])
    }

    @Test func pitchPlusOneDoublesTheRate() throws {
        let sound = Self.sine(hz: 1000, rate: 48000, frames: 9600)
        let (up, lead) = try track(sound, parameters: #"{"ParameterID": "AudioPitch", "ParameterValue": 1}"#)
        #expect(abs(up.frameCount - lead - 4800) <= 1, "half as long")
        let middle = up.left[(lead + 1000)..<(lead + 3800)]
        var crossings = 0
        for index in middle.indices.dropFirst() where middle[index - 1] < 0 && middle[index] >= 0 { crossings += 1 }
        #expect(abs(Double(crossings) / (2800.0 / 48000) - 2000) < 40, "\(crossings) rising crossings in 58 ms")
    }

    @Test func aMissingFileIsAWarningNamingTheFoldersTried() throws {
        let scratch = try Scratch()
        let text = #"{"Pattern": [{"Event": {"Time": 0, "EventType": "AudioCustom", "EventWaveformPath": "Sounds/Boom.caf"}}]}"#
        let document = try AHAPImport.read(bytes: Array(text.utf8), file: "a.ahap")
        var options = AudioTrackOptions()
        options.roots = [scratch.path]
        options.opener = SoundFileOpener()
        let track = Rendered(AudioTrack(document.audio, profile: ActuatorProfile(), options: options), minimumFrames: 100)
        #expect(track.warnings.map(\.description) == ["$.Pattern[0]: audio file not found: Sounds/Boom.caf (looked in: \(scratch.path), .)"])
        #expect(track.frameCount == 100 && track.peak == 0)
    }

    /// Sounds are clamped once, where the device sums them (issue 52, one clamp): a loud sound
    /// (3.0 × the pan law) and a negative one playing together sum before they are clamped, as a
    /// phone's mixer sums them; each track's own sum goes out unclamped, its clipping measured.
    @Test func theDeviceClampsTheSumOfItsSoundsOnce() throws {
        let scratch = try Scratch()
        let pan = Float(cos(Double.pi / 4))
        var options = AudioTrackOptions()
        (options.fileFolder, options.opener) = (scratch.path, SoundFileOpener())
        func sound(_ name: String, _ value: Float) throws -> AHAPAudio {
            try Self.wav([Float](repeating: value, count: 4800), rate: 48000).write(to: URL(fileURLWithPath: scratch.path + "/\(name).wav"))
            let text = #"{"Pattern": [{"Event": {"Time": 0, "EventType": "AudioCustom", "EventWaveformPath": "\#(name).wav", "EventWaveformUseVolumeEnvelope": false}}]}"#
            return try AHAPImport.read(bytes: Array(text.utf8), file: scratch.path + "/a.ahap").audio
        }
        let (loud, negative) = (try sound("loud", 3), try sound("negative", -1.6))
        let alone = Rendered(AudioTrack(loud, profile: ActuatorProfile(), options: options))
        let lead = Int(FrameTiming.frame(atMs: FrameTiming.leadMs, rate: 48000))
        #expect(abs(alone.left[lead + 100] - 3 * pan) < 1e-5, "a track alone is not clamped")
        #expect(alone.peak == 1)

        let device = EmulatedDevice()
        let owner = PlainSegmentOwner()
        var left = [Float](repeating: 9, count: 2000), right = left, haptics = left
        device.withLock {
            for audio in [loud, negative] { device.beginSegment(owner, SegmentContent(sound: audio, options: options, durationUs: 0), placement: .executor(from: 0)) }
        }
        var filled = 0
        while filled < 2000 {
            filled += haptics.withUnsafeMutableBufferPointer { h in left.withUnsafeMutableBufferPointer { l in right.withUnsafeMutableBufferPointer { r in
                device.pull(into: UnsafeMutableBufferPointer(rebasing: h[filled...]),
                            audio: (UnsafeMutableBufferPointer(rebasing: l[filled...]), UnsafeMutableBufferPointer(rebasing: r[filled...])))
            } } }
        }
        let summed = (3 - 1.6) * pan
        #expect(abs(left[lead + 100] - summed) < 1e-5 && abs(right[lead + 100] - summed) < 1e-5,
                "\(left[lead + 100]): the sum (\(summed)), not the clamped loud sound plus the negative one (\(1 - 1.6 * pan))")
        #expect(left[..<lead].allSatisfy { $0 == 0 } && haptics.allSatisfy { $0 == 0 })
    }
}
