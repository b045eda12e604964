/// The `HapticFeedbackConstants` an app may pass to `View.performHapticFeedback`, with the API
/// level each was added in (Android's reference).
public enum AndroidFeedbackConstant: String, CaseIterable, Hashable, Sendable {
    case longPress = "LONG_PRESS", virtualKey = "VIRTUAL_KEY", keyboardTap = "KEYBOARD_TAP", clockTick = "CLOCK_TICK"
    case contextClick = "CONTEXT_CLICK", keyboardRelease = "KEYBOARD_RELEASE", virtualKeyRelease = "VIRTUAL_KEY_RELEASE"
    case textHandleMove = "TEXT_HANDLE_MOVE", gestureStart = "GESTURE_START", gestureEnd = "GESTURE_END", confirm = "CONFIRM", reject = "REJECT"
    case toggleOn = "TOGGLE_ON", toggleOff = "TOGGLE_OFF", gestureThresholdActivate = "GESTURE_THRESHOLD_ACTIVATE"
    case gestureThresholdDeactivate = "GESTURE_THRESHOLD_DEACTIVATE", dragStart = "DRAG_START", segmentTick = "SEGMENT_TICK"
    case segmentFrequentTick = "SEGMENT_FREQUENT_TICK", noHaptics = "NO_HAPTICS"

    /// The API level the constant was added in: below it the phone knows no such constant and
    /// plays nothing.
    public var addedInAPI: Int {
        switch self {
        case .longPress: return 3
        case .virtualKey: return 5
        case .keyboardTap: return 8
        case .clockTick: return 21
        case .contextClick: return 23
        case .keyboardRelease, .virtualKeyRelease, .textHandleMove: return 27
        case .gestureStart, .gestureEnd, .confirm, .reject: return 30
        case .toggleOn, .toggleOff, .gestureThresholdActivate, .gestureThresholdDeactivate, .dragStart, .segmentTick, .segmentFrequentTick,
             .noHaptics: return 34
        }
    }
}

/// A predefined effect, as `VibrationEffect.get(id, fallback)` asks for it.
public enum AndroidPredefinedEffect: String, CaseIterable, Hashable, Sendable {
    case click = "CLICK", tick = "TICK", heavyClick = "HEAVY_CLICK", doubleClick = "DOUBLE_CLICK", textureTick = "TEXTURE_TICK"

    /// What the framework plays when the vibrator's HAL lacks the effect and the request allows a
    /// fallback (AOSP `VibrationSettings`: `config_virtualKeyVibePattern` {0, 10, 20, 30} for
    /// CLICK, `config_longPressVibePattern` {0, 1, 20, 21} for HEAVY_CLICK,
    /// `config_clockTickVibePattern` {125, 30} for TICK, {0, 30, 100, 30} for DOUBLE_CLICK, and
    /// TEXTURE_TICK as TICK without a fallback): off/on timings in ms at the default amplitude.
    var fallbackTimingsMs: [Int64]? {
        switch self {
        case .click: return [0, 10, 20, 30]
        case .heavyClick: return [0, 1, 20, 21]
        case .tick: return [125, 30]
        case .doubleClick: return [0, 30, 100, 30]
        case .textureTick: return nil
        }
    }
}

/// What the framework's haptic feedback provider gives for a constant on a device.
enum AndroidProvided: Hashable {
    case predefined(AndroidPredefinedEffect, fallback: Bool)
    /// One primitive at a scale where the vibrator has it, else the predefined effect.
    case composition(AndroidPrimitive, scale: Float, otherwise: AndroidPredefinedEffect)
    case nothing(String)
}

/// AOSP's `HapticFeedbackVibrationProvider` (Android 14, API 34, and later; aosp-mirror
/// platform_frameworks_base 08f5739, read 2026-12-06), with AOSP's default resources: no
/// customisation file and `config_enableHapticTextHandle` false. Below API 34
/// `PhoneWindowManager.performHapticFeedback` decided, with the same effects for the constants it
/// knew (assumed: the API 33 source was not read), and the API 34 constants did not exist.
enum AndroidFeedbackProvider {
    static let source = "AOSP services/core/java/com/android/server/vibrator/HapticFeedbackVibrationProvider.java (platform_frameworks_base 08f5739, "
        + "read 2026-12-06; below API 34 the same mapping is assumed for PhoneWindowManager)"

    static func provided(_ constant: AndroidFeedbackConstant, apiLevel: Int) -> AndroidProvided {
        guard apiLevel >= constant.addedInAPI else {
            return .nothing("HapticFeedbackConstants.\(constant.rawValue) was added in API \(constant.addedInAPI): API \(apiLevel) plays nothing for it")
        }
        switch constant {
        case .contextClick, .gestureEnd, .gestureThresholdActivate, .segmentTick: return .predefined(.tick, fallback: true)
        case .textHandleMove: return .nothing("TEXT_HANDLE_MOVE plays only where config_enableHapticTextHandle is true (AOSP's default is false)")
        case .clockTick, .segmentFrequentTick: return .predefined(.textureTick, fallback: true)
        case .keyboardTap, .virtualKey, .confirm, .gestureStart: return .predefined(.click, fallback: true)
        case .keyboardRelease, .virtualKeyRelease: return .predefined(.tick, fallback: false)
        case .longPress, .dragStart: return .predefined(.heavyClick, fallback: true)
        case .reject: return .predefined(.doubleClick, fallback: true)
        case .gestureThresholdDeactivate: return .composition(.tick, scale: 0.4, otherwise: .textureTick)
        case .toggleOn: return .composition(.tick, scale: 0.5, otherwise: .tick)
        case .toggleOff: return .composition(.lowTick, scale: 0.2, otherwise: .textureTick)
        case .noHaptics: return .nothing("NO_HAPTICS plays nothing")
        }
    }
}
