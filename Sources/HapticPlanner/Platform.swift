/// Where a pattern plays: on an iPhone through Core Haptics, on an Android phone, or on both side
/// by side (docs/android.md). Chosen once; every command branches on it once.
public enum Platform: Hashable, Sendable {
    /// Core Haptics on an iPhone.
    case ios
    /// The Jindong Android executor on `device`.
    case android(AndroidDevice)
    /// Both, timed from the same request: iOS and the Android effect on `device`.
    case both(AndroidDevice)

    /// The platform `inputs` play on when none is named: Android (its default device) when the
    /// first is a `.vibration` file, whose effect is Android's; else `otherwise`.
    public static func playing(_ inputs: [String], otherwise: Platform) -> Platform {
        guard otherwise == .ios, let first = inputs.first, VibrationEffectFile.isFile(first) else { return otherwise }
        return .android(.flagship)
    }

    /// `ios`, `android` or `both`, as files and options spell it.
    public var name: String {
        switch self {
        case .ios: return "ios"
        case .android: return "android"
        case .both: return "both"
        }
    }

    /// The Android device, when Android plays.
    public var androidDevice: AndroidDevice? {
        switch self {
        case .ios: return nil
        case .android(let device), .both(let device): return device
        }
    }
}

/// A pattern planned for a `Platform`: what the render or playback of each platform takes.
public enum PlatformPlan: Sendable {
    case ios(PlaybackPlan)
    case android(AndroidPlan)
    /// Both: the Core Haptics plan (left) and the Android effect (right).
    case both(ios: PlaybackPlan, android: AndroidPlan)

    /// The Core Haptics plan, when iOS plays.
    public var ios: PlaybackPlan? {
        switch self {
        case .ios(let plan), .both(let plan, _): return plan
        case .android: return nil
        }
    }

    /// The Android plan, when Android plays.
    public var android: AndroidPlan? {
        switch self {
        case .android(let plan), .both(_, let plan): return plan
        case .ios: return nil
        }
    }
}
