@testable import HapticPlanner
import Testing

/// Each wrapper at the version it names (issue 62, item 3): a call plays the table of the
/// release range holding its version, the newest without one, and a name a release lacks plays
/// nothing there. Every figure is the wrapper's own source's (docs/feedback.md, "Versions").
@Suite struct WrapperReleaseTests {
    static func plan(_ call: String, api: Int = 34, primitives: [AndroidPrimitive] = []) throws -> AndroidPlan {
        var phone = AndroidDevice(name: "phone", apiLevel: api, primitiveDurationsMs: Dictionary(uniqueKeysWithValues: primitives.map { ($0, 10) }))
        phone.effects = AndroidPredefinedEffect.allCases.map { AndroidFirmwareEffect(name: $0.rawValue, segments: [.init(ms: 5, drive: 0.5)]) }
        return try #require(try FeedbackCall.named(call)).androidPlan(on: phone)
    }

    @Test func expoPlaysTheTableOfItsVersion() throws {
        #expect(try Self.plan("expo:notification.success").waveform == AndroidWaveform(timings: [0, 40, 100, 40], amplitudes: [0, 50, 0, 60]))
        #expect(try Self.plan("expo@12.7.0:notification.success").waveform == AndroidWaveform(timings: [0, 35, 65, 21], amplitudes: [0, 250, 0, 180]))
        #expect(try Self.plan("expo@12.8.0:impact.heavy").waveform == AndroidWaveform(timings: [0, 60], amplitudes: [0, 70]))
        #expect(try Self.plan("expo@11:impact.heavy").waveform == AndroidWaveform(timings: [0, 60], amplitudes: [0, 255]))
        // Before 12.8.0 the Android module refused soft and rigid.
        let soft = try Self.plan("expo@12.7:impact.soft")
        #expect(soft.backend == .silent && soft.chain.last?.text.contains("expo-haptics before 12.8.0 has no impact.soft") == true)
        // Below API 26 the module plays its old SDK pattern at the default amplitude.
        #expect(try Self.plan("expo:impact.light", api: 25).waveform == AndroidWaveform(timings: [0, 20], amplitudes: [0, 255]))
        #expect(try Self.plan("expo:selection", api: 25).waveform == AndroidWaveform(timings: [0, 70], amplitudes: [0, 255]))
    }

    @Test func reactNative2ReadsAConstantAsMilliseconds() throws {
        #expect(try Self.plan("react-native@2.3.4:clockTick").waveform == AndroidWaveform(timings: [0, 4], amplitudes: [0, 255]))
        #expect(try Self.plan("react-native@2.3.4:textHandleMove").waveform == AndroidWaveform(timings: [0, 9], amplitudes: [0, 255]))
        #expect(try Self.plan("react-native@2.3.4:longPress").backend == .silent)
        #expect(try Self.plan("react-native@2.0.0:selection").backend == .silent)
        #expect(try Self.plan("react-native@1.13.0:effectClick", api: 28).backend == .silent)
        // 3.0.0 sends the constant through the view.
        #expect(try Self.plan("react-native:clockTick").chain.first?.text == "react-native:clockTick → View.performHapticFeedback(HapticFeedbackConstants.CLOCK_TICK)")
        #expect(try Self.plan("react-native:impactMedium", api: 31, primitives: [.click]).primitives == [AndroidPrimitiveStep(primitive: .click, scale: 0.6, delayMs: 0)])
    }

    @Test func composeAndFlutterGainedTypesAndFallbacks() throws {
        #expect(try Self.plan("compose@1.7.0:Confirm").backend == .silent)
        #expect(try Self.plan("compose@1.7.0:LongPress").backend == .androidEffect)
        // 1.8: the constant as it is, which an API 29 phone does not know; 1.10: androidx core's fallback.
        #expect(try Self.plan("compose@1.9.3:Confirm", api: 29).backend == .silent)
        let compat = try Self.plan("compose:Confirm", api: 29)
        #expect(compat.backend == .androidEffect && compat.chain.first?.text.contains("HapticFeedbackConstants.VIRTUAL_KEY") == true)
        #expect(try Self.plan("compose:TextHandleMove", api: 26).backend == .silent)
        #expect(try Self.plan("flutter:successNotification", api: 30).chain.first?.text.hasSuffix("HapticFeedbackConstants.CONFIRM)") == true)
        #expect(try Self.plan("flutter:successNotification", api: 29).backend == .silent)
        #expect(try Self.plan("flutter@3.38:successNotification", api: 34).backend == .silent)
        #expect(try FeedbackCall.named("flutter@3.38:errorNotification")?.iosRow == nil && FeedbackCall.named("flutter:errorNotification")?.iosRow == "notification.error")
    }

    @Test func aVersionThatChoosesNoTableIsRefusedWithTheRanges() throws {
        for (text, message) in [
            ("expo@abc:selection", "'abc' is not a version (numbers with dots, like 12.7.0); expo-haptics is modelled for before 12.8.0; 12.8.0 and later"),
            ("react-native@1.12:selection", "react-native-haptic-feedback 1.12 is older than every release modelled (1.13.0 to 2.3.4; 3.0.0 and later)"),
            ("uikit@17:selection", "uikit: calls take no version: what they play is the phone's (its API level or iOS), not a wrapper's"),
        ] {
            #expect(throws: FeedbackNameError.self) { try FeedbackCall.named(text) }
            do { _ = try FeedbackCall.named(text) } catch { #expect(error.description == "\(text): \(message)") }
        }
        #expect(try FeedbackCall.named("capacitor@8.0.2:selection")?.release?.range == "1.0.0 and later (one table from 1.0.0 to 8.0.2)")
        #expect(try FeedbackCall.wrapperVersion("expo=12.7.0") == (.expo, "12.7.0"))
        #expect(throws: WrapperVersionProblem.self) { try FeedbackCall.wrapperVersion("web=1") }
        #expect(FeedbackCall.pinning(argument: "expo:selection", to: [.expo: "12.7.0"]) == "expo@12.7.0:selection")
        #expect(FeedbackCall.pinning(argument: "expo@13:selection", to: [.expo: "12.7.0"]) == "expo@13:selection")
    }
}
