import HapticCore

/// One step of what a call becomes, with the public source it is taken from.
public struct FeedbackStep: Hashable, Sendable {
    /// The step in words: `flutter:lightImpact → HapticFeedbackConstants.VIRTUAL_KEY`.
    public let text: String
    /// Where the fact comes from: a repository path at a commit, or a basis in words.
    public let source: String
}

/// What a call asks the iPhone for: a system feedback row (`impact.light`), or nothing (and why).
public enum IOSFeedbackRequest: Hashable, Sendable {
    case row(String)
    case nothing(String)
}

/// What a call asks an Android phone for.
public enum AndroidFeedbackRequest: Hashable, Sendable {
    /// `View.performHapticFeedback(constant)`, which the framework's provider turns into an effect.
    case constant(AndroidFeedbackConstant)
    /// `Vibrator.vibrate(VibrationEffect.createWaveform(timings, amplitudes, -1))`.
    case waveform(timingsMs: [Int64], amplitudes: [Int])
    /// A composition of one primitive (`PRIMITIVE_TICK`…) at a scale: not played at all where the
    /// vibrator lacks the primitive.
    case composition(primitive: String, scale: Float)
    /// `VibrationEffect.createPredefined(EFFECT_…)`: the HAL's effect, else Android's fallback.
    case predefined(AndroidPredefinedEffect)
    /// Nothing (and why).
    case nothing(String)
}

/// The calls each family names and what each becomes, every step with its source
/// (docs/feedback.md). Sources were read on 2026-12-06 at the commits named.
enum FeedbackTable {
    static let read = "read 2026-12-06"
    static let iphoneRows = "the emulated iPhone's system feedback rows (devices/iphone.json; what iOS plays is assumed there)"
    static let swiftUI = "SwiftUI's SensoryFeedback → UIKit generators as OpenSwiftUI audits SwiftUI 6.5.4: "
        + "Sources/OpenSwiftUI/Integration/Feedback/UIKitSensoryFeedbackCache.swift (\(read))"
    static let compose = "JetBrains/compose-multiplatform d8f1039 ui/ui/src/androidMain/kotlin/androidx/compose/ui/hapticfeedback/"
        + "PlatformHapticFeedback.android.kt (\(read))"
    static let flutterAndroid = "flutter engine io/flutter/plugin/platform/PlatformPlugin.java vibrateHapticFeedback; "
        + "flutter/flutter packages/flutter/lib/src/services/haptic_feedback.dart (\(read))"
    static let flutterIOS = "assumed: Flutter's iOS engine calls the UIKit generator of the same weight and kSystemSoundID_Vibrate for vibrate "
        + "(its haptic_feedback.dart says so; the engine's iOS source was not read)"
    static let expoAndroid = "expo/expo packages/expo-haptics/android: HapticsModule.kt 0c735f6 plays VibrationEffect.createWaveform(timings, amplitudes, -1); "
        + "arguments/HapticsImpactType.kt 60b2373, HapticsNotificationType.kt 05a852a, HapticsSelectionType.kt c9ed6ec (\(read))"
    static let expoIOS = "assumed: expo-haptics on iOS calls the UIKit generator of the same name (its iOS source was not read)"
    static let web = "chromium/chromium 0488f34 third_party/blink/renderer/modules/vibration/vibration_controller.cc (at most 99 entries, each at most "
        + "10000 ms, a trailing pause dropped, one 0 ms entry cancels) and b36a872 services/device/vibration/android/java/src/org/chromium/device/"
        + "vibration/VibrationManagerAndroid.java (each vibration 1 ms … 10 s at the default amplitude) (read 2026-12-07); Safari on iOS has no Vibration API"
    static let constants = "Android's HapticFeedbackConstants reference: the API level each constant was added in"

    static let uikitNames = ["impact.light", "impact.medium", "impact.heavy", "impact.soft", "impact.rigid",
                             "notification.success", "notification.warning", "notification.error", "selection"]
    /// SwiftUI's name → the UIKit row it plays; nil: SwiftUI plays nothing on an iPhone.
    static let swiftUIRows: [(String, String?)] = [
        ("success", "notification.success"), ("warning", "notification.warning"), ("error", "notification.error"),
        ("selection", "selection"), ("increase", nil), ("decrease", nil), ("start", nil), ("stop", nil),
        ("alignment", nil), ("levelChange", nil), ("pathComplete", nil),
        ("impact.light", "impact.light"), ("impact.medium", "impact.medium"), ("impact.heavy", "impact.heavy"),
        ("impact.soft", "impact.soft"), ("impact.solid", "impact.medium"), ("impact.rigid", "impact.rigid"),
    ]
    static let composeConstants: [(String, AndroidFeedbackConstant)] = [("LongPress", .longPress), ("TextHandleMove", .textHandleMove)]
    /// Flutter's method → (Android constant, iPhone row).
    static let flutterCalls: [(String, AndroidFeedbackConstant, String)] = [
        ("lightImpact", .virtualKey, "impact.light"), ("mediumImpact", .keyboardTap, "impact.medium"),
        ("heavyImpact", .contextClick, "impact.heavy"), ("selectionClick", .clockTick, "selection"), ("vibrate", .longPress, "vibrate"),
    ]
    /// expo's name → (timings ms, amplitudes 0…255) its Android module plays.
    static let expoWaveforms: [(String, [Int64], [Int])] = [
        ("impact.light", [0, 50], [0, 30]), ("impact.medium", [0, 43], [0, 50]), ("impact.heavy", [0, 60], [0, 70]),
        ("impact.soft", [0, 50], [0, 30]), ("impact.rigid", [0, 43], [0, 50]),
        ("notification.success", [0, 40, 100, 40], [0, 50, 0, 60]), ("notification.warning", [0, 40, 120, 60], [0, 40, 0, 60]),
        ("notification.error", [0, 60, 100, 40, 80, 50], [0, 50, 0, 40, 0, 50]), ("selection", [0, 50], [0, 30]),
    ]

    static func names(of family: FeedbackCall.Family) -> [String] {
        switch family {
        case .uikit: return uikitNames
        case .swiftui: return swiftUIRows.map(\.0)
        case .android: return AndroidFeedbackConstant.allCases.map(\.rawValue)
        case .compose: return composeConstants.map(\.0)
        case .flutter: return flutterCalls.map(\.0)
        case .expo: return expoWaveforms.map(\.0)
        case .capacitor: return capacitorWaveforms.map(\.0)
        case .reactNative: return reactNativeTypes.map(\.name)
        case .web: return []
        }
    }

    /// What `call` asks of an iPhone, and the steps there.
    static func ios(_ call: FeedbackCall) -> (steps: [FeedbackStep], request: IOSFeedbackRequest) {
        func row(_ name: String, _ steps: [FeedbackStep]) -> ([FeedbackStep], IOSFeedbackRequest) {
            (steps + [FeedbackStep(text: "the iPhone's \(name) row", source: iphoneRows)], .row(name))
        }
        switch call.family {
        case .uikit:
            return row(call.name, [FeedbackStep(text: "\(call) → \(uikitCall(call.name))", source: "UIKit")])
        case .swiftui:
            guard let target = swiftUIRows.first(where: { $0.0 == call.name })?.1 else {
                return ([FeedbackStep(text: "\(call) → no UIKit generator: SwiftUI plays nothing for it on an iPhone", source: swiftUI)],
                        .nothing("SwiftUI plays nothing for \(call.name) on an iPhone"))
            }
            return row(target, [FeedbackStep(text: "\(call) → \(uikitCall(target))", source: swiftUI)])
        case .flutter:
            let target = flutterCalls.first { $0.0 == call.name }?.2 ?? "vibrate"
            let uikit = target == "vibrate" ? "AudioServicesPlaySystemSound(kSystemSoundID_Vibrate)" : uikitCall(target)
            return row(target, [FeedbackStep(text: "\(call) → \(uikit)", source: flutterIOS)])
        case .expo:
            return row(call.name, [FeedbackStep(text: "\(call) → \(uikitCall(call.name))", source: expoIOS)])
        case .capacitor:
            let uikit = call.name == "vibrate" ? "AudioServicesPlayAlertSound(kSystemSoundID_Vibrate)" : uikitCall(call.name)
            return row(call.name, [FeedbackStep(text: "\(call) → \(uikit)", source: capacitorIOS)])
        case .reactNative:
            guard let target = reactNativeTypes.first(where: { $0.name == call.name })?.iosRow else {
                return ([FeedbackStep(text: "\(call) → nothing on an iPhone (an Android type)", source: reactNativeIOS)], .nothing("\(call) is an Android type"))
            }
            return row(target, [FeedbackStep(text: "\(call) → \(uikitCall(target))", source: reactNativeIOS)])
        case .android, .compose:
            return ([FeedbackStep(text: "\(call) is an Android call: an iPhone has none", source: "Android only")],
                    .nothing("\(call) is an Android call"))
        case .web:
            return ([FeedbackStep(text: "\(call) → nothing: Safari on iOS has no navigator.vibrate", source: web)],
                    .nothing("Safari on iOS does not vibrate"))
        }
    }

    /// What `call` asks of an Android phone at `apiLevel`, and the steps up to the framework.
    static func android(_ call: FeedbackCall, apiLevel: Int) -> (steps: [FeedbackStep], request: AndroidFeedbackRequest) {
        func constant(_ c: AndroidFeedbackConstant, _ source: String) -> ([FeedbackStep], AndroidFeedbackRequest) {
            ([FeedbackStep(text: "\(call) → View.performHapticFeedback(HapticFeedbackConstants.\(c.rawValue))", source: source)], .constant(c))
        }
        switch call.family {
        case .android:
            let c = AndroidFeedbackConstant(rawValue: call.name) ?? .noHaptics
            return ([FeedbackStep(text: "\(call) → View.performHapticFeedback(HapticFeedbackConstants.\(c.rawValue)), added in API \(c.addedInAPI)",
                                  source: constants)], .constant(c))
        case .compose:
            return constant(composeConstants.first { $0.0 == call.name }?.1 ?? .longPress, compose)
        case .flutter:
            return constant(flutterCalls.first { $0.0 == call.name }?.1 ?? .longPress, flutterAndroid)
        case .expo:
            return waveform(call, from: expoWaveforms, expoAndroid)
        case .web:
            // Blink's sanitised entries, each vibration a one-shot at the default amplitude.
            let vibration = call.webVibration ?? WebVibration(requested: [], converted: [])
            guard !vibration.played.isEmpty else {
                return ([FeedbackStep(text: "\(call) → nothing: a pattern of no vibration cancels", source: web)], .nothing("navigator.vibrate of no vibration cancels"))
            }
            let timings = vibration.androidTimingsMs
            return ([FeedbackStep(text: "\(call) → Blink plays \(NumberText.list(vibration.played)) ms (on, off, …), each vibration a Vibrator.vibrate(ms) "
                                  + "of at least 1 ms at the default amplitude", source: web)],
                    .waveform(timingsMs: timings, amplitudes: offOnAmplitudes(timings)))
        case .capacitor:
            return waveform(call, from: capacitorWaveforms, capacitorAndroid)
        case .reactNative:
            return reactNativeAndroid(call, apiLevel: apiLevel)
        case .uikit, .swiftui:
            return ([FeedbackStep(text: "\(call) is an Apple call: an Android phone has none", source: "Apple only")],
                    .nothing("\(call) is an Apple call"))
        }
    }

    /// A wrapper's `createWaveform(timings, amplitudes, -1)` for `call`, from its table of
    /// (name, timings ms, amplitudes).
    static func waveform(_ call: FeedbackCall, from table: [(String, [Int64], [Int])], _ source: String)
        -> (steps: [FeedbackStep], request: AndroidFeedbackRequest) {
        let (_, timings, amplitudes) = table.first { $0.0 == call.name } ?? ("", [], [])
        return ([FeedbackStep(text: "\(call) → VibrationEffect.createWaveform(\(NumberText.list(timings)) ms, \(NumberText.list(amplitudes)), -1)", source: source)],
                .waveform(timingsMs: timings, amplitudes: amplitudes))
    }

    /// The amplitudes of `createWaveform(timings, -1)`: off, on, off, … at the default amplitude
    /// (255, the AOSP default `config_defaultVibrationAmplitude`).
    static func offOnAmplitudes(_ timings: [Int64]) -> [Int] { timings.indices.map { $0 % 2 == 0 ? 0 : 255 } }

    static func uikitCall(_ row: String) -> String {
        let parts = row.split(separator: ".").map(String.init)
        switch parts.first {
        case "impact": return "UIImpactFeedbackGenerator(style: .\(parts[1])).impactOccurred()"
        case "notification": return "UINotificationFeedbackGenerator().notificationOccurred(.\(parts[1]))"
        default: return "UISelectionFeedbackGenerator().selectionChanged()"
        }
    }

}
