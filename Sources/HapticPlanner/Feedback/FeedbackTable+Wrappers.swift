import HapticCore

/// The cross-platform wrappers' Android tables, one per range of releases (`WrapperRelease`),
/// each read at the commits named (docs/feedback.md, "Versions").
extension FeedbackTable {
    static let reread = "read 2026-12-07"
    static let expoAndroidOld = "expo/expo packages/expo-haptics/android 00947f7: HapticsModule.kt (VibrationEffect.createWaveform(timings, amplitudes, -1), "
        + "vibrate(oldSDKPattern, -1) below API 26), arguments/HapticsImpactType.kt (light, medium, heavy only: any other style is refused), "
        + "HapticsNotificationType.kt, HapticsSelectionType.kt; the table until CHANGELOG 12.8.0 'Improve Android vibration amplitudes and durations' (\(reread))"
    static let capacitorAndroid = "ionic-team/capacitor-haptics ea7a574 (8.0.2; the same table in ionic-team/capacitor-plugins 95322d3 … 3002f53, 1.0.0 to 7.x) "
        + "android/.../haptics: Haptics.java (createWaveform(timings, amplitudes, -1), vibrate(oldSDKPattern, -1) below API 26, "
        + "vibrate: createOneShot(300, DEFAULT_AMPLITUDE); selectionChanged plays only after selectionStart), arguments/HapticsImpactType.java, "
        + "HapticsNotificationType.java, HapticsSelectionType.java (\(reread))"
    static let capacitorIOS = "ionic-team/capacitor-plugins haptics/ios/Sources/HapticsPlugin/Haptics.swift 439f39b: the UIKit generators, "
        + "AudioServicesPlayAlertSound(kSystemSoundID_Vibrate) for vibrate (\(read))"
    static let reactNative2Android = "mkuczera/react-native-haptic-feedback v2.3.4 (the same VibrateFactory from v1.13.0) android/src/main/java/com/mkuczera/"
        + "vibrateFactory: VibrateFactory.java (no selection entry: it plays nothing), VibrateWithDuration.java (createWaveform(durations, -1)), "
        + "VibrateWithHapticConstant.java (Vibrator.vibrate(constant): the constant's value read as milliseconds), "
        + "VibrateWithCreatePredefined.java (API 29 and later, else nothing) (\(reread))"
    static let reactNativeAndroid = "mkuczera/react-native-haptic-feedback v3.0.0 (2bdbef5) android/src/main/java/com/mkuczera/haptic: "
        + "RNReactNativeHapticFeedbackModuleImpl.java (a type with a HapticFeedbackConstants entry, at its API level, goes to "
        + "View.performHapticFeedback; the default options), vibrateFactory/VibrateFactory.java, VibrateWithComposition.java (the waveform "
        + "where the vibrator lacks the primitive), VibrateWithDuration.java (\(reread))"
    static let reactNativeIOS = "assumed: react-native-haptic-feedback on iOS calls the UIKit generator its type names (its iOS source was not read)"
    static let flutterNotifications = "flutter/flutter#177721 (merged 2025-10-29): haptic_feedback.dart successNotification → CONFIRM, warningNotification → "
        + "KEYBOARD_TAP, errorNotification → REJECT at API 30 and later (nothing below), UINotificationFeedbackGenerator on iOS; "
        + "assumed: first in Flutter 3.41, the first stable branched after it (\(reread))"
    static let compose18 = "androidx/androidx 637e401 compose/ui/ui/src/androidMain/kotlin/androidx/compose/ui/hapticfeedback/PlatformHapticFeedback.android.kt: "
        + "13 types, each View.performHapticFeedback(HapticFeedbackConstants.…) (a constant the phone lacks plays nothing); "
        + "HapticFeedbackType's 13 values are Compose UI 1.8.0's (\(reread))"
    static let composeCompat = "androidx/androidx dcaa116 compose/ui/ui/src/androidMain/kotlin/androidx/compose/ui/platform/PlatformHapticFeedback.android.kt "
        + "(ViewCompat.performHapticFeedback) and 89c5b56 core/core/src/main/java/androidx/core/view/HapticFeedbackConstantsCompat.java "
        + "(getFeedbackConstantOrFallback); assumed: first in Compose UI 1.10.0 (\(reread))"

    /// One wrapper call's waveform: `createWaveform(timings, amplitudes, -1)` from API 26, the
    /// off/on `oldSDKPattern` at the default amplitude below.
    struct WrapperWaveform {
        let name: String
        let timings: [Int64]
        let amplitudes: [Int]
        let oldSDK: [Int64]
    }

    /// expo-haptics before 12.8.0 (light, medium and heavy only), and Capacitor's one table (with
    /// `vibrate`, 300 ms).
    static let expoOldWaveforms: [WrapperWaveform] = [
        WrapperWaveform(name: "impact.light", timings: [0, 50], amplitudes: [0, 110], oldSDK: [0, 20]),
        WrapperWaveform(name: "impact.medium", timings: [0, 43], amplitudes: [0, 180], oldSDK: [0, 43]),
        WrapperWaveform(name: "impact.heavy", timings: [0, 60], amplitudes: [0, 255], oldSDK: [0, 61]),
        WrapperWaveform(name: "notification.success", timings: [0, 35, 65, 21], amplitudes: [0, 250, 0, 180], oldSDK: [0, 35, 65, 21]),
        WrapperWaveform(name: "notification.warning", timings: [0, 30, 40, 30, 50, 60], amplitudes: [255, 255, 255, 255, 255, 255], oldSDK: [0, 30, 40, 30, 50, 60]),
        WrapperWaveform(name: "notification.error", timings: [0, 27, 45, 50], amplitudes: [0, 120, 0, 250], oldSDK: [0, 27, 45, 50]),
        WrapperWaveform(name: "selection", timings: [0, 100], amplitudes: [0, 100], oldSDK: [0, 70]),
    ]
    static let capacitorWaveforms = expoOldWaveforms + [WrapperWaveform(name: "vibrate", timings: [0, 300], amplitudes: [0, 255], oldSDK: [0, 300])]

    /// expo-haptics 12.8.0 and later.
    static let expoWaveforms: [WrapperWaveform] = [
        WrapperWaveform(name: "impact.light", timings: [0, 50], amplitudes: [0, 30], oldSDK: [0, 20]),
        WrapperWaveform(name: "impact.medium", timings: [0, 43], amplitudes: [0, 50], oldSDK: [0, 43]),
        WrapperWaveform(name: "impact.heavy", timings: [0, 60], amplitudes: [0, 70], oldSDK: [0, 61]),
        WrapperWaveform(name: "impact.soft", timings: [0, 50], amplitudes: [0, 30], oldSDK: [0, 20]),
        WrapperWaveform(name: "impact.rigid", timings: [0, 43], amplitudes: [0, 50], oldSDK: [0, 43]),
        WrapperWaveform(name: "notification.success", timings: [0, 40, 100, 40], amplitudes: [0, 50, 0, 60], oldSDK: [0, 40, 100, 40]),
        WrapperWaveform(name: "notification.warning", timings: [0, 40, 120, 60], amplitudes: [0, 40, 0, 60], oldSDK: [0, 40, 120, 60]),
        WrapperWaveform(name: "notification.error", timings: [0, 60, 100, 40, 80, 50], amplitudes: [0, 50, 0, 40, 0, 50], oldSDK: [0, 60, 100, 40, 80, 50]),
        WrapperWaveform(name: "selection", timings: [0, 50], amplitudes: [0, 30], oldSDK: [0, 70]),
    ]

    /// A wrapper's waveform for `call` from `table` at `apiLevel`, or nothing when the release's
    /// table lacks the name (its module refuses it).
    static func waveform(_ call: FeedbackCall, from table: [WrapperWaveform], apiLevel: Int, _ source: String)
        -> (steps: [FeedbackStep], request: AndroidFeedbackRequest) {
        guard let row = table.first(where: { $0.name == call.name }) else { return absent(call, source) }
        guard apiLevel >= 26 else {
            return ([FeedbackStep(text: "\(call) → Vibrator.vibrate(\(NumberText.list(row.oldSDK)) ms, -1) below API 26, at the default amplitude", source: source)],
                    .waveform(timingsMs: row.oldSDK, amplitudes: offOnAmplitudes(row.oldSDK)))
        }
        return ([FeedbackStep(text: "\(call) → VibrationEffect.createWaveform(\(NumberText.list(row.timings)) ms, \(NumberText.list(row.amplitudes)), -1)", source: source)],
                .waveform(timingsMs: row.timings, amplitudes: row.amplitudes))
    }

    /// A name the call's release does not have: its module plays nothing for it.
    static func absent(_ call: FeedbackCall, _ source: String) -> (steps: [FeedbackStep], request: AndroidFeedbackRequest) {
        let release = call.release.map { "\(WrapperRelease.package(of: call.family)) \($0.range)" } ?? WrapperRelease.package(of: call.family)
        return ([FeedbackStep(text: "\(call) → nothing: \(release) has no \(call.name) on Android", source: source)],
                .nothing("\(release) has no \(call.name) on Android"))
    }

    static func expoAndroid(_ call: FeedbackCall, apiLevel: Int) -> (steps: [FeedbackStep], request: AndroidFeedbackRequest) {
        call.release?.first == [0] ? waveform(call, from: expoOldWaveforms, apiLevel: apiLevel, expoAndroidOld)
            : waveform(call, from: expoWaveforms, apiLevel: apiLevel, expoAndroid)
    }

    /// Compose's type → the constant it passes, in each range (before 1.8.0 only two types).
    static let composeConstants: [(String, AndroidFeedbackConstant)] = [
        ("LongPress", .longPress), ("TextHandleMove", .textHandleMove), ("Confirm", .confirm), ("ContextClick", .contextClick),
        ("GestureEnd", .gestureEnd), ("GestureThresholdActivate", .gestureThresholdActivate), ("KeyboardTap", .keyboardTap),
        ("Reject", .reject), ("SegmentFrequentTick", .segmentFrequentTick), ("SegmentTick", .segmentTick), ("ToggleOff", .toggleOff),
        ("ToggleOn", .toggleOn), ("VirtualKey", .virtualKey),
    ]

    static func composeAndroid(_ call: FeedbackCall, apiLevel: Int) -> (steps: [FeedbackStep], request: AndroidFeedbackRequest) {
        let release = call.release
        guard let constant = composeConstants.first(where: { $0.0 == call.name })?.1, release?.first != [0] || composeConstants.prefix(2).contains(where: { $0.0 == call.name })
        else { return absent(call, release?.source ?? compose) }
        let source = release?.source ?? compose
        guard release?.first == [1, 10] else {
            return ([FeedbackStep(text: "\(call) → View.performHapticFeedback(HapticFeedbackConstants.\(constant.rawValue))", source: source)], .constant(constant))
        }
        let fallback = compatFallback(constant, apiLevel: apiLevel)
        guard let fallback else {
            return ([FeedbackStep(text: "\(call) → ViewCompat.performHapticFeedback: HapticFeedbackConstantsCompat gives NO_HAPTICS for \(constant.rawValue) at API \(apiLevel)",
                                  source: source)], .nothing("HapticFeedbackConstantsCompat plays nothing for \(constant.rawValue) at API \(apiLevel)"))
        }
        let via = fallback == constant ? "" : " (HapticFeedbackConstantsCompat's fallback for \(constant.rawValue) below API \(constant.addedInAPI))"
        return ([FeedbackStep(text: "\(call) → ViewCompat.performHapticFeedback → View.performHapticFeedback(HapticFeedbackConstants.\(fallback.rawValue))\(via)",
                              source: source)], .constant(fallback))
    }

    /// androidx core's `HapticFeedbackConstantsCompat.getFeedbackConstantOrFallback`: the
    /// constant a phone at `apiLevel` has instead (nil: NO_HAPTICS).
    static func compatFallback(_ constant: AndroidFeedbackConstant, apiLevel: Int) -> AndroidFeedbackConstant? {
        var constant = constant
        if constant == .noHaptics { return nil }
        if apiLevel < 34 {
            switch constant {
            case .dragStart: constant = .longPress
            case .toggleOn, .segmentTick, .gestureThresholdActivate: constant = .contextClick
            case .toggleOff, .segmentFrequentTick, .gestureThresholdDeactivate: constant = .clockTick
            default: break
            }
        }
        if apiLevel < 30 {
            switch constant {
            case .reject: constant = .longPress
            case .confirm, .gestureStart: constant = .virtualKey
            case .gestureEnd: constant = .contextClick
            default: break
            }
        }
        if apiLevel < 27, [.keyboardRelease, .virtualKeyRelease, .textHandleMove].contains(constant) { return nil }
        return constant
    }

    /// One react-native-haptic-feedback type in 3.0.0 and later: the HapticFeedbackConstants
    /// entry it maps to from an API level (nil: none), its composition from API 31 (nil: none),
    /// its off/on durations otherwise (and where the vibrator lacks the primitive), its predefined
    /// effect (the `effect…` types, API 29), and its iPhone row.
    struct ReactNativeType {
        let name: String
        var constant: (AndroidFeedbackConstant, fromAPI: Int)? = nil
        var composition: (primitive: String, scale: Float)? = nil
        var durations: [Int64] = []
        var predefined: AndroidPredefinedEffect? = nil
        var iosRow: String? = nil
    }

    static let reactNativeTypes: [ReactNativeType] = [
        ReactNativeType(name: "impactLight", composition: ("TICK", 0.3), durations: [0, 20], iosRow: "impact.light"),
        ReactNativeType(name: "impactMedium", composition: ("CLICK", 0.6), durations: [0, 40], iosRow: "impact.medium"),
        ReactNativeType(name: "impactHeavy", composition: ("THUD", 1.0), durations: [0, 60], iosRow: "impact.heavy"),
        ReactNativeType(name: "rigid", composition: ("CLICK", 0.9), durations: [0, 30], iosRow: "impact.rigid"),
        ReactNativeType(name: "soft", composition: ("TICK", 0.3), durations: [0, 10], iosRow: "impact.soft"),
        ReactNativeType(name: "selection", composition: ("TICK", 0.4), durations: [0, 10], iosRow: "selection"),
        ReactNativeType(name: "notificationSuccess", durations: [0, 40, 60, 20], iosRow: "notification.success"),
        ReactNativeType(name: "notificationWarning", durations: [0, 20, 60, 40], iosRow: "notification.warning"),
        ReactNativeType(name: "notificationError", durations: [0, 20, 40, 30, 40, 40], iosRow: "notification.error"),
        ReactNativeType(name: "clockTick", constant: (.clockTick, 0), durations: [0, 15]),
        ReactNativeType(name: "contextClick", constant: (.contextClick, 0), durations: [0, 20]),
        ReactNativeType(name: "keyboardPress", constant: (.keyboardTap, 0), durations: [0, 20]),
        ReactNativeType(name: "keyboardRelease", constant: (.keyboardRelease, 0), durations: [0, 10]),
        ReactNativeType(name: "keyboardTap", constant: (.keyboardTap, 0), durations: [0, 20]),
        ReactNativeType(name: "longPress", constant: (.longPress, 0), durations: [0, 40]),
        ReactNativeType(name: "textHandleMove", constant: (.textHandleMove, 0), durations: [0, 10]),
        ReactNativeType(name: "virtualKey", constant: (.virtualKey, 0), durations: [0, 20]),
        ReactNativeType(name: "virtualKeyRelease", constant: (.virtualKeyRelease, 0), durations: [0, 10]),
        ReactNativeType(name: "confirm", constant: (.confirm, 30), durations: [0, 40, 60, 20]),
        ReactNativeType(name: "reject", constant: (.reject, 30), durations: [0, 60, 40, 30]),
        ReactNativeType(name: "gestureStart", constant: (.gestureStart, 30), durations: [0, 15]),
        ReactNativeType(name: "gestureEnd", constant: (.gestureEnd, 30), durations: [0, 20]),
        ReactNativeType(name: "segmentTick", constant: (.segmentTick, 30), durations: [0, 10]),
        ReactNativeType(name: "segmentFrequentTick", constant: (.segmentFrequentTick, 30), durations: [0, 8]),
        ReactNativeType(name: "toggleOn", constant: (.toggleOn, 34), durations: [0, 15, 30, 25]),
        ReactNativeType(name: "toggleOff", constant: (.toggleOff, 34), durations: [0, 25, 30, 15]),
        ReactNativeType(name: "dragStart", constant: (.dragStart, 34), durations: [0, 15]),
        ReactNativeType(name: "gestureThresholdActivate", constant: (.gestureThresholdActivate, 34), durations: [0, 20]),
        ReactNativeType(name: "gestureThresholdDeactivate", constant: (.gestureThresholdDeactivate, 34), durations: [0, 10]),
        ReactNativeType(name: "noHaptics", constant: (.noHaptics, 34)),
        ReactNativeType(name: "effectClick", durations: [0, 20], predefined: .click),
        ReactNativeType(name: "effectDoubleClick", durations: [0, 20, 40, 20], predefined: .doubleClick),
        ReactNativeType(name: "effectHeavyClick", durations: [0, 50], predefined: .heavyClick),
        ReactNativeType(name: "effectTick", durations: [0, 15], predefined: .tick),
    ]

    /// What react-native-haptic-feedback 1.13.0 to 2.3.4 plays for a type on Android: durations
    /// at the default amplitude, `Vibrator.vibrate(constant)` (the constant's value read as
    /// milliseconds: CLOCK_TICK is 4 ms, LONG_PRESS 0, which Android refuses), or a predefined
    /// effect from API 29 (nothing below).
    enum ReactNative2Vibration {
        case durations([Int64])
        case constantAsMilliseconds(String, Int64)
        case predefined(AndroidPredefinedEffect)
    }

    static let reactNative2Types: [(String, ReactNative2Vibration)] = [
        ("impactLight", .durations([0, 20])), ("impactMedium", .durations([0, 40])), ("impactHeavy", .durations([0, 60])),
        ("notificationSuccess", .durations([0, 40, 60, 20])), ("notificationWarning", .durations([0, 20, 60, 40])),
        ("notificationError", .durations([0, 20, 40, 30, 40, 40])), ("rigid", .durations([0, 30])), ("soft", .durations([0, 10])),
        ("clockTick", .constantAsMilliseconds("CLOCK_TICK", 4)), ("contextClick", .constantAsMilliseconds("CONTEXT_CLICK", 6)),
        ("keyboardPress", .constantAsMilliseconds("KEYBOARD_PRESS", 3)), ("keyboardRelease", .constantAsMilliseconds("KEYBOARD_RELEASE", 7)),
        ("keyboardTap", .constantAsMilliseconds("KEYBOARD_TAP", 3)), ("longPress", .constantAsMilliseconds("LONG_PRESS", 0)),
        ("textHandleMove", .constantAsMilliseconds("TEXT_HANDLE_MOVE", 9)), ("virtualKey", .constantAsMilliseconds("VIRTUAL_KEY", 1)),
        ("virtualKeyRelease", .constantAsMilliseconds("VIRTUAL_KEY_RELEASE", 8)), ("effectClick", .predefined(.click)),
        ("effectDoubleClick", .predefined(.doubleClick)), ("effectHeavyClick", .predefined(.heavyClick)), ("effectTick", .predefined(.tick)),
    ]

    /// What a react-native-haptic-feedback type becomes at `apiLevel` in the call's release.
    static func reactNativeAndroid(_ call: FeedbackCall, apiLevel: Int) -> (steps: [FeedbackStep], request: AndroidFeedbackRequest) {
        guard call.release?.first != [1, 13] else { return reactNative2Android(call, apiLevel: apiLevel) }
        guard let type = reactNativeTypes.first(where: { $0.name == call.name }) else { return absent(call, reactNativeAndroid) }
        func step(_ text: String) -> [FeedbackStep] { [FeedbackStep(text: "\(call) → \(text)", source: reactNativeAndroid)] }
        if let (constant, fromAPI) = type.constant, apiLevel >= fromAPI {
            return (step("View.performHapticFeedback(HapticFeedbackConstants.\(constant.rawValue))"), .constant(constant))
        }
        if let effect = type.predefined, apiLevel >= 29 {
            return (step("VibrationEffect.createPredefined(EFFECT_\(effect.rawValue))"), .predefined(effect))
        }
        if let composition = type.composition, apiLevel >= 31 {
            return (step("a composition of PRIMITIVE_\(composition.primitive) at scale \(composition.scale) (API 31 and later), "
                         + "else VibrationEffect.createWaveform(\(NumberText.list(type.durations)) ms, -1)"),
                    .composition(primitive: composition.primitive, scale: composition.scale, otherwise: type.durations))
        }
        guard !type.durations.isEmpty else { return (step("nothing below API \(type.constant?.fromAPI ?? 0)"), .nothing("no vibration below API 34")) }
        return (step("VibrationEffect.createWaveform(\(NumberText.list(type.durations)) ms, -1) at the default amplitude"),
                .waveform(timingsMs: type.durations, amplitudes: offOnAmplitudes(type.durations)))
    }

    static func reactNative2Android(_ call: FeedbackCall, apiLevel: Int) -> (steps: [FeedbackStep], request: AndroidFeedbackRequest) {
        guard let vibration = reactNative2Types.first(where: { $0.0 == call.name })?.1 else { return absent(call, reactNative2Android) }
        func step(_ text: String) -> [FeedbackStep] { [FeedbackStep(text: "\(call) → \(text)", source: reactNative2Android)] }
        switch vibration {
        case .durations(let durations):
            return (step("VibrationEffect.createWaveform(\(NumberText.list(durations)) ms, -1) at the default amplitude"),
                    .waveform(timingsMs: durations, amplitudes: offOnAmplitudes(durations)))
        case let .constantAsMilliseconds(name, ms):
            guard ms > 0 else {
                return (step("Vibrator.vibrate(HapticFeedbackConstants.\(name) = 0): a one-shot of 0 ms, which Android refuses (the library swallows the exception)"),
                        .nothing("Vibrator.vibrate(0) is refused"))
            }
            return (step("Vibrator.vibrate(HapticFeedbackConstants.\(name)): the constant's value, \(ms), played as \(ms) ms at the default amplitude"),
                    .waveform(timingsMs: [0, ms], amplitudes: [0, 255]))
        case .predefined(let effect):
            guard apiLevel >= 29 else { return (step("nothing below API 29"), .nothing("createPredefined needs API 29")) }
            return (step("VibrationEffect.createPredefined(EFFECT_\(effect.rawValue))"), .predefined(effect))
        }
    }
}
