import Foundation
import Testing
import TestSupport

/// Output a person reads: warnings about settings that silence a sound.
@Suite struct ReadableOutputTests {
    @Test func aProfileThatSilencesTransientsIsAWarning() throws {
        let scratch = try Scratch()
        let silent = try hapsynth(["render", "Samples/click-train.json", scratch.path + "/a.wav", "--rate", "8000", "--max-frequency", "4000"])
        #expect(silent.status == 0)
        #expect(silent.stderr == "hapsynth: warning: 12 transients play at up to 4000 Hz, 2 frames per cycle at 8000 Hz: too few for a "
            + "click (it sounds aliased or silent); raise --rate or lower --max-frequency\n")
        #expect(silent.stdout.contains("peak 0.0000"))
        let strict = try hapsynth(["render", "Samples/click-train.json", scratch.path + "/b.wav", "--rate", "8000", "--max-frequency",
                                   "4000", "--strict"])
        #expect(strict.status == 65)
        let fine = try hapsynth(["render", "Samples/click-train.json", scratch.path + "/c.wav", "--rate", "8000"])
        #expect(fine.status == 0 && fine.stderr.isEmpty)
    }
}
