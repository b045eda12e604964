import Foundation
import Testing
import TestSupport

/// Android goldens (re-recorded by `make golden`, never in CI): the plan of the two-platforms
/// sample on each named device, and its render on the emulated actuator, compared with tolerances.
@Suite struct AndroidGoldenTests {
    static let goldens = packageRoot + "/Tests/hapsynthTests/Goldens/android"
    static let devices = ["flagship-api36", "phone-api31", "phone-api26", "old-phone"]
    static var recording: Bool {
        ProcessInfo.processInfo.environment["HAPSYNTH_RECORD"] == "1" && ProcessInfo.processInfo.environment["CI"] != "true"
    }

    @Test(arguments: ["two-platforms", "celebration", "click-train"])
    func androidPlansMatchTheirGoldens(sample: String) throws {
        for device in Self.devices {
            let result = try hapsynth(["plan", "Samples/\(sample).json", "--platform", "android", "--android-device", device, "--json"])
            #expect(result.status == 0)
            try expectGolden(result.stdout, path: Self.goldens + "/\(sample).\(device).json")
        }
    }

    @Test func androidRenderMatchesItsGolden() throws {
        let golden = Self.goldens + "/two-platforms.phone-api26.flac"
        let scratch = try Scratch()
        let actual = Self.recording ? golden : scratch.path + "/actual.flac"
        let render = try hapsynth(["render", "Samples/two-platforms.json", actual, "--platform", "android", "--android-device", "phone-api26"])
        #expect(render.status == 0)
        guard !Self.recording else { return }
        let compared = try hapsynth(["compare", golden, actual])
        #expect(compared.status == 0, "\(compared.stdout)")
    }
}
