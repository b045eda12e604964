import AudioIO
import CoreHaptics
import CoreHapticsEmulator
import Foundation
import Testing
import TestSupport

/// Every AHAP sample played through the API equals `hapsynth render` of the file with the
/// render's 10 ms lead removed, sample for sample: the framework is a front end of the one engine.
extension OnTheDevice { @Suite struct SampleRenderTests {
    static let ahapSamples = (try? samplePatterns().filter { $0.hasSuffix(".ahap") }) ?? []

    /// The render's haptics and audio (stereo, interleaved) at 48 kHz on the iphone device.
    static func render(_ sample: String, in scratch: Scratch) throws -> (haptics: [Float], audio: [Float]?) {
        let haptics = scratch.path + "/h.wav", audio = scratch.path + "/a.wav"
        let result = try hapsynth(["render", "Samples/" + sample, haptics, "--device-profile", "iphone", "--audio", audio, "--quiet"])
        #expect(result.status == 0, "\(result.stderr)")
        let sound = FileManager.default.fileExists(atPath: audio) ? try SoundFileReader(path: audio).readAll() : nil
        return (try SoundFileReader(path: haptics).readAll(), sound)
    }

    /// The capture after `play` started a pattern at frame 0 and the device ran until idle.
    static func capture(_ play: () throws -> Void) throws -> HapticsCapture {
        HapticsEmulator.configure(.init())
        try play()
        HapticsEmulator.runUntilIdle()
        return HapticsEmulator.capture()
    }

    static func expectEqual(_ capture: HapticsCapture, _ rendered: (haptics: [Float], audio: [Float]?), _ sample: String) {
        expectEqual(HapticsCaptureParts(capture), rendered, sample)
    }

    static func expectEqual(_ capture: HapticsCaptureParts, _ rendered: (haptics: [Float], audio: [Float]?), _ sample: String) {
        let lead = 480
        let haptics = Array(rendered.haptics.dropFirst(lead))
        #expect(capture.haptics.count >= haptics.count, "\(sample): \(capture.haptics.count) frames, the render \(haptics.count)")
        #expect(firstDifference(Array(capture.haptics.prefix(haptics.count)), haptics) == nil, "\(sample): the haptics differ")
        // Past the render's end the resonator rings on below −60 dB (the render stops there).
        let peak = haptics.map(abs).max() ?? 0
        #expect(capture.haptics.dropFirst(haptics.count).allSatisfy { abs($0) <= peak / 1000 }, "\(sample): haptics after the render's end")
        if let audio = rendered.audio {
            let expected = Array(audio.dropFirst(2 * lead))
            #expect(capture.audio.count >= expected.count)
            #expect(firstDifference(Array(capture.audio.prefix(expected.count)), expected) == nil, "\(sample): the audio differs")
            #expect(capture.audio.dropFirst(expected.count).allSatisfy { $0 == 0 })
        } else {
            #expect(capture.audio.allSatisfy { $0 == 0 })
        }
    }

    /// The first index where two sample arrays differ, with both values (nil when equal).
    static func firstDifference(_ a: [Float], _ b: [Float]) -> String? {
        guard a.count == b.count else { return "lengths \(a.count) and \(b.count)" }
        guard let index = a.indices.first(where: { a[$0] != b[$0] }) else { return nil }
        return "at \(index): \(a[index]) and \(b[index])"
    }

    @Test(arguments: ahapSamples)
    func aSampleFromItsFileEqualsItsRender(_ sample: String) throws {
        let scratch = try Scratch()
        let rendered = try Self.render(sample, in: scratch)
        let capture = try Self.capture {
            let engine = try CHHapticEngine()
            try engine.start()
            let pattern = try CHHapticPattern(contentsOf: URL(fileURLWithPath: packageRoot + "/Samples/" + sample))
            try engine.makePlayer(with: pattern).start(atTime: CHHapticTimeImmediate)
        }
        Self.expectEqual(capture, rendered, sample)
    }

    @Test(arguments: ahapSamples)
    func aSampleFromItsDictionaryEqualsItsRender(_ sample: String) throws {
        let scratch = try Scratch()
        let rendered = try Self.render(sample, in: scratch)
        let capture = try Self.capture {
            let engine = try CHHapticEngine()
            try engine.start()
            let data = try Data(contentsOf: URL(fileURLWithPath: packageRoot + "/Samples/" + sample))
            let json = try JSONSerialization.jsonObject(with: data, options: [.mutableContainers])
            let dictionary = try #require(json as? [CHHapticPattern.Key: Any])
            try engine.makePlayer(with: try CHHapticPattern(dictionary: dictionary)).start(atTime: 0)
        }
        guard rendered.audio != nil else {
            Self.expectEqual(capture, rendered, sample)
            return
        }
        // A dictionary has no folder: its sounds are looked for in the bundle, where the samples'
        // sounds are not. The haptics are the same; the log says which sounds were not found, and
        // only the tone (from 0.8 s) plays.
        let audio = capture.audio
        Self.expectEqual(HapticsCaptureParts(capture).withoutAudio, (rendered.haptics, nil), sample)
        let missing = Emulated.entries(capture, "audio").filter { $0.result == "silent" && $0.rule?.contains("sounds/chirp.wav") == true }
        #expect(missing.map { $0.args["entry"] } == ["$.Pattern[1]", "$.Pattern[3]"])
        #expect(Emulated.silent(audio, 0..<(2 * Emulated.frames(0.8))) && !Emulated.silent(audio, (2 * Emulated.frames(0.8))..<audio.count))
    }

    /// A pattern's sound files are read when it is made, never while it plays under the device's
    /// lock (issue 52, one door): a file that could not be read then stays silent with its
    /// reader's reason, even once a readable sound takes its place.
    @Test func aSoundIsReadWhenThePatternIsMadeNotWhileItPlays() throws {
        let scratch = try Scratch()
        _ = try scratch.write("bad.wav", "not a sound")
        let ahap = #"{"Version": 1.0, "Pattern": [{"Event": {"Time": 0.0, "EventType": "AudioCustom", "EventWaveformPath": "bad.wav"}}]}"#
        let url = URL(fileURLWithPath: try scratch.write("sound.ahap", ahap))
        let capture = try Self.capture {
            let engine = try CHHapticEngine()
            try engine.start()
            let pattern = try CHHapticPattern(contentsOf: url)
            try floatWAV([Float](repeating: 0.5, count: 4_800), rate: 48_000).write(to: URL(fileURLWithPath: scratch.path + "/bad.wav"))
            try engine.makePlayer(with: pattern).start(atTime: 0)
        }
        let silent = Emulated.entries(capture, "audio").filter { $0.result == "silent" }
        #expect(silent.count == 1 && silent.first?.rule?.contains("cannot read audio file") == true && silent.first?.rule?.contains("bad.wav") == true,
                "\(silent.map(\.rule))")
        let heardNothing = Emulated.silent(capture.audio, 0..<capture.audio.count)
        #expect(heardNothing)
    }
}
}

/// A capture's samples, the audio left out where it is checked apart.
struct HapticsCaptureParts {
    let haptics: [Float]
    let audio: [Float]

    init(_ capture: HapticsCapture) { (haptics, audio) = (capture.haptics, capture.audio) }
    private init(haptics: [Float]) { (self.haptics, audio) = (haptics, []) }

    var withoutAudio: HapticsCaptureParts { HapticsCaptureParts(haptics: haptics) }
}
