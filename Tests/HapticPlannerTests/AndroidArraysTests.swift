import Testing
import TestSupport
@testable import HapticCore
@testable import HapticPlanner

/// `hapsynth export --to android-json|android-kotlin`: the arrays Android code plays.
@Suite struct AndroidArraysTests {
    let small = AndroidWaveform(timings: Array(repeating: 10, count: 20), amplitudes: Array(1...20))

    @Test func jsonHasStudiosKeys() {
        let waveform = AndroidWaveform(timings: [10, 10, 5], amplitudes: [1, 128, 255])
        #expect(AndroidArrays.json(waveform) == #"{"amplitudes": [1, 128, 255], "timings": [10, 10, 5], "repeat": -1}"# + "\n")
    }

    @Test func kotlinIsAPropertyWith18NumbersALine() {
        #expect(AndroidArrays.kotlin(small, name: "tap") == """
            val tap = VibrationEffect.createWaveform(
                longArrayOf(
                  10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10,
                  10, 10
                ),
                intArrayOf(
                  1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18,
                  19, 20
                ),
                -1
              )

            """)
    }

    @Test(arguments: [("big boom", "bigBoom"), ("Big_BOOM_2", "bigBoom2"), ("accent-swell", "accentswell"), ("2 taps", "clip2Taps"),
                      ("---", "clip"), ("tap", "tap"), ("été", "t")] as [(String, String)])
    func namesAreMadeAsHapticsStudioMakesThem(file: String, name: String) {
        #expect(AndroidArrays.variableName(file) == name)
    }

    func load(_ name: String) throws -> LoadedPattern { try PatternLoader.load(packageRoot + "/Samples/" + name) }

    @Test func aPatternsArraysAreTheAndroidPlansWaveform() throws {
        let loaded = try load("celebration.json")
        let export = try AndroidArrays.export(loaded, device: .amplitudePhone)
        #expect(export.waveform == loaded.androidPlan(on: .amplitudePhone).waveform)
        // A device with envelopes and primitives exports its waveform path all the same.
        #expect(try AndroidArrays.export(try load("click-train.json"), device: .flagship).waveform.timings.isEmpty == false)
    }

    @Test func aClipsArraysAreMetasWaveformAtTheRateAndGainAsked() throws {
        let loaded = try load("engine-rumble.haptic")
        let clip = try #require(loaded.clip)
        #expect(try AndroidArrays.export(loaded, sampleRateHz: 50, gain: 0.5).waveform == clip.metaWaveform(sampleRateHz: 50, gain: 0.5))
    }

    @Test func silenceIsAnErrorAndLongWaveformsWarn() throws {
        #expect(throws: ExportError.self) { try AndroidArrays.export(try load("silent-tail.json")) }
        let long = try AndroidArrays.export(try load("engine-rumble.haptic"), sampleRateHz: 1000)
        #expect(long.warnings.count == 1 && long.warnings[0].hasPrefix("the waveform has 1600 entries, over 512"))
    }
}
