import Foundation
import Testing
import TestSupport

/// The README's Swift section is the example that `make example-check` builds and compares.
@Suite struct ExampleTests {
    @Test func theReadmeShowsTheExampleAsItIs() throws {
        let readme = try String(contentsOfFile: packageRoot + "/README.md", encoding: .utf8)
        let example = try String(contentsOfFile: packageRoot + "/Examples/render-example/main.swift", encoding: .utf8)
        #expect(readme.contains("```swift\n" + example.trimmingCharacters(in: .newlines) + "\n```"))
        #expect(example.contains("import HapsynthKit") && !example.contains("@testable"))
    }
}
