import HapticCore

/// Capacitor's and react-native-haptic-feedback's calls (docs/feedback.md), read on 2026-12-06 at
/// the commits named.
extension FeedbackTable {
    static let capacitorAndroid = "ionic-team/capacitor-plugins haptics/android: Haptics.java 7bc9ba4 plays VibrationEffect.createWaveform(timings, amplitudes, -1) "
        + "(vibrate: createOneShot(duration 300, DEFAULT_AMPLITUDE), HapticsPlugin.java a1dd3c3); arguments/HapticsImpactType.java 0bae4a7, "
        + "HapticsNotificationType.java 2710061, HapticsSelectionType.java 95322d3 (\(read))"
    static let capacitorIOS = "ionic-team/capacitor-plugins haptics/ios/Sources/HapticsPlugin/Haptics.swift 439f39b: the UIKit generators, "
        + "AudioServicesPlayAlertSound(kSystemSoundID_Vibrate) for vibrate (\(read))"
    static let reactNativeAndroid = "mkuczera/react-native-haptic-feedback android/src/main/java/com/mkuczera: RNReactNativeHapticFeedbackModuleImpl.java 0d83f37 "
        + "(a type with a HapticFeedbackConstants entry, at its API level, goes to View.performHapticFeedback; the default options), "
        + "vibrateFactory/VibrateFactory.java 030fa0e, VibrateWithComposition.java 2886aa7, VibrateWithDuration.java 030fa0e (\(read))"
    static let reactNativeIOS = "assumed: react-native-haptic-feedback on iOS calls the UIKit generator its type names (its iOS source was not read)"

    /// Capacitor's name → (timings ms, amplitudes 0…255) its Android plugin plays.
    static let capacitorWaveforms: [(String, [Int64], [Int])] = [
        ("impact.light", [0, 50], [0, 110]), ("impact.medium", [0, 43], [0, 180]), ("impact.heavy", [0, 60], [0, 255]),
        ("notification.success", [0, 35, 65, 21], [0, 250, 0, 180]), ("notification.warning", [0, 30, 40, 30, 50, 60], [255, 255, 255, 255, 255, 255]),
        ("notification.error", [0, 27, 45, 50], [0, 120, 0, 250]), ("selection", [0, 100], [0, 100]), ("vibrate", [0, 300], [0, 255]),
    ]

    /// One react-native-haptic-feedback type: the HapticFeedbackConstants entry it maps to from
    /// an API level (nil: none), its composition from API 31 (nil: none), its off/on durations
    /// otherwise, its predefined effect (the `effect…` types, API 29), and its iPhone row.
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
        ReactNativeType(name: "impactHeavy", composition: ("HEAVY_CLICK", 1.0), durations: [0, 60], iosRow: "impact.heavy"),
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
        ReactNativeType(name: "effectClick", durations: [0, 20], predefined: .click),
        ReactNativeType(name: "effectDoubleClick", durations: [0, 20, 40, 20], predefined: .doubleClick),
        ReactNativeType(name: "effectHeavyClick", durations: [0, 50], predefined: .heavyClick),
        ReactNativeType(name: "effectTick", durations: [0, 15], predefined: .tick),
    ]

    /// What a react-native-haptic-feedback type becomes at `apiLevel`: its HapticFeedbackConstants
    /// entry through a view where the library maps one; else its predefined effect (API 29), its
    /// composition (API 31), or its durations at the default amplitude.
    static func reactNativeAndroid(_ call: FeedbackCall, apiLevel: Int) -> (steps: [FeedbackStep], request: AndroidFeedbackRequest) {
        guard let type = reactNativeTypes.first(where: { $0.name == call.name }) else { return ([], .nothing("unknown")) }
        if let (constant, fromAPI) = type.constant, apiLevel >= fromAPI {
            return ([FeedbackStep(text: "\(call) → View.performHapticFeedback(HapticFeedbackConstants.\(constant.rawValue))", source: reactNativeAndroid)],
                    .constant(constant))
        }
        if let effect = type.predefined, apiLevel >= 29 {
            return ([FeedbackStep(text: "\(call) → VibrationEffect.createPredefined(EFFECT_\(effect.rawValue))", source: reactNativeAndroid)], .predefined(effect))
        }
        if let composition = type.composition, apiLevel >= 31 {
            return ([FeedbackStep(text: "\(call) → a composition of PRIMITIVE_\(composition.primitive) at scale \(composition.scale) (API 31 and later)",
                                  source: reactNativeAndroid)], .composition(primitive: composition.primitive, scale: composition.scale))
        }
        return ([FeedbackStep(text: "\(call) → VibrationEffect.createWaveform(\(NumberText.list(type.durations)) ms, -1) at the default amplitude", source: reactNativeAndroid)],
                .waveform(timingsMs: type.durations, amplitudes: offOnAmplitudes(type.durations)))
    }
}
