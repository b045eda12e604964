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
    /// A composition of one primitive (`PRIMITIVE_TICK`…) at a scale; where the vibrator lacks
    /// the primitive, the off/on waveform `otherwise` at the default amplitude (empty: nothing).
    case composition(primitive: String, scale: Float, otherwise: [Int64])
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
    static let expoAndroid = "expo/expo packages/expo-haptics/android: HapticsModule.kt 0c735f6 plays VibrationEffect.createWaveform(timings, amplitudes, -1) "
        + "(vibrate(oldSDKPattern, -1) below API 26); arguments/HapticsImpactType.kt 60b2373, HapticsNotificationType.kt 05a852a, HapticsSelectionType.kt c9ed6ec, "
        + "the same table in arguments/HapticsTypes.kt 433c68e (\(read)); CHANGELOG 12.8.0 (2023-11-14): 'Improve Android vibration amplitudes and durations'"
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
    /// Flutter's method → (Android constant and the API level Flutter needs for it, iPhone row);
    /// the notifications are 3.41's.
    static let flutterCalls: [(String, AndroidFeedbackConstant, fromAPI: Int, String)] = [
        ("lightImpact", .virtualKey, 0, "impact.light"), ("mediumImpact", .keyboardTap, 0, "impact.medium"),
        ("heavyImpact", .contextClick, 23, "impact.heavy"), ("selectionClick", .clockTick, 0, "selection"), ("vibrate", .longPress, 0, "vibrate"),
        ("successNotification", .confirm, 30, "notification.success"), ("warningNotification", .keyboardTap, 30, "notification.warning"),
        ("errorNotification", .reject, 30, "notification.error"),
    ]

    /// Every name of `family`, the newest release's first, then names only older ones have.
    static func names(of family: FeedbackCall.Family) -> [String] {
        let releases = WrapperRelease.ranges(of: family)
        guard !releases.isEmpty else {
            switch family {
            case .uikit: return uikitNames
            case .swiftui: return swiftUIRows.map(\.0)
            case .android: return AndroidFeedbackConstant.allCases.map(\.rawValue)
            default: return []
            }
        }
        var names: [String] = []
        for release in releases.reversed() { names += self.names(in: release).filter { !names.contains($0) } }
        return names
    }

    /// The names one release of a wrapper has.
    static func names(in release: WrapperRelease) -> [String] {
        switch (release.family, release.first) {
        case (.expo, [0]): return expoOldWaveforms.map(\.name)
        case (.expo, _): return expoWaveforms.map(\.name)
        case (.capacitor, _): return capacitorWaveforms.map(\.name)
        case (.reactNative, [1, 13]): return reactNative2Types.map(\.0) + ["selection"]
        case (.reactNative, _): return reactNativeTypes.map(\.name)
        case (.flutter, [0]): return flutterCalls.prefix(5).map(\.0)
        case (.flutter, _): return flutterCalls.map(\.0)
        case (.compose, [0]): return composeConstants.prefix(2).map(\.0)
        case (.compose, _): return composeConstants.map(\.0)
        default: return []
        }
    }

    /// Whether the call's release has its name (a platform's call always does).
    static func releaseHas(_ call: FeedbackCall) -> Bool {
        call.release.map { names(in: $0).contains(call.name) } ?? true
    }

    /// What `call` asks of an iPhone, and the steps there.
    static func ios(_ call: FeedbackCall) -> (steps: [FeedbackStep], request: IOSFeedbackRequest) {
        func row(_ name: String, _ steps: [FeedbackStep]) -> ([FeedbackStep], IOSFeedbackRequest) {
            (steps + [FeedbackStep(text: "the iPhone's \(name) row", source: iphoneRows)], .row(name))
        }
        guard releaseHas(call) else {
            let release = call.release.map { "\(WrapperRelease.package(of: call.family)) \($0.range)" } ?? ""
            return ([FeedbackStep(text: "\(call) → nothing: \(release) has no \(call.name)", source: call.release?.source ?? "")], .nothing("\(release) has no \(call.name)"))
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
            let target = flutterCalls.first { $0.0 == call.name }?.3 ?? "vibrate"
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
            return composeAndroid(call, apiLevel: apiLevel)
        case .flutter:
            guard let (_, target, fromAPI, _) = flutterCalls.first(where: { $0.0 == call.name }), releaseHas(call) else { return absent(call, flutterAndroid) }
            let source = call.release?.source ?? flutterAndroid
            guard apiLevel >= fromAPI else {
                return ([FeedbackStep(text: "\(call) → nothing: Flutter sends HapticFeedbackConstants.\(target.rawValue) from API \(fromAPI) only", source: source)],
                        .nothing("Flutter plays \(call.name) from API \(fromAPI) only"))
            }
            return constant(target, source)
        case .expo:
            return expoAndroid(call, apiLevel: apiLevel)
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
            return waveform(call, from: capacitorWaveforms, apiLevel: apiLevel, capacitorAndroid)
        case .reactNative:
            return reactNativeAndroid(call, apiLevel: apiLevel)
        case .uikit, .swiftui:
            return ([FeedbackStep(text: "\(call) is an Apple call: an Android phone has none", source: "Apple only")],
                    .nothing("\(call) is an Apple call"))
        }
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
