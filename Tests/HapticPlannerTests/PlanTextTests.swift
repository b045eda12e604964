import Testing
import TestSupport
@testable import HapticCore
@testable import HapticPlanner

/// The plan as a person reads it. Moved from hapsynthTests.ReadableOutputTests (it ran `plan` and
/// `plan --json`): the same assertions, on the text and JSON the command prints.
@Suite struct PlanTextTests {
    @Test func planTextShowsValuesWithoutFloatNoise() throws {
        let loaded = try PatternLoader.load(packageRoot + "/Samples/clip-transforms.json")
        let text = loaded.plan.text(title: "clip-transforms")
        #expect(text.contains("(0, 0.64) (18, 0.9856)") && text.contains("(107, 0.992)"))
        #expect(!text.contains("0.64000005"))
        let json = loaded.plan.json.pretty()
        #expect(json.contains("0.64000005"))  // the JSON keeps every digit
    }
}
