@_exported import CoreHapticsEmulator
import Testing

/// A Swift Testing trait that runs each test, and each case of a parameterized one, on a device of
/// its own (`HapticsEmulator.withDevice`), configured as `configuration`: `@Test(.emulatedIPhone)`
/// on a test, `@Suite(.emulatedIPhone)` on every test of a suite (docs/corehaptics.md, "A test
/// gets its own device").
public struct EmulatedIPhoneTrait: TestTrait, SuiteTrait, TestScoping {
    /// How each test's device is set up.
    public let configuration: HapticsEmulator.Configuration

    /// A suite's trait applies to every test in it, and in the suites it holds.
    public var isRecursive: Bool { true }

    /// Each test case gets a scope (a suite itself does not).
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> EmulatedIPhoneTrait? {
        testCase == nil ? nil : self
    }

    public func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        try await HapticsEmulator.withDevice(configuration) { try await function() }
    }
}

extension Trait where Self == EmulatedIPhoneTrait {
    /// Each test on a device of its own: the iphone, 48 kHz, a virtual clock.
    public static var emulatedIPhone: Self { EmulatedIPhoneTrait(configuration: .init()) }

    /// Each test on a device of its own, set up as `configuration`.
    public static func emulatedIPhone(_ configuration: HapticsEmulator.Configuration) -> Self {
        EmulatedIPhoneTrait(configuration: configuration)
    }
}
