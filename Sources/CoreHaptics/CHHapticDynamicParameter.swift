/// A value sent to a pattern's events as they play (a control), at a time relative to the pattern.
open class CHHapticDynamicParameter: NSObject {
    /// A control.
    public struct ID: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
        public static let hapticIntensityControl = ID(rawValue: "HapticIntensityControl")
        public static let hapticSharpnessControl = ID(rawValue: "HapticSharpnessControl")
        public static let hapticAttackTimeControl = ID(rawValue: "HapticAttackTimeControl")
        public static let hapticDecayTimeControl = ID(rawValue: "HapticDecayTimeControl")
        public static let hapticReleaseTimeControl = ID(rawValue: "HapticReleaseTimeControl")
        public static let audioVolumeControl = ID(rawValue: "AudioVolumeControl")
        public static let audioPanControl = ID(rawValue: "AudioPanControl")
        public static let audioBrightnessControl = ID(rawValue: "AudioBrightnessControl")
        public static let audioPitchControl = ID(rawValue: "AudioPitchControl")
        public static let audioAttackTimeControl = ID(rawValue: "AudioAttackTimeControl")
        public static let audioDecayTimeControl = ID(rawValue: "AudioDecayTimeControl")
        public static let audioReleaseTimeControl = ID(rawValue: "AudioReleaseTimeControl")
    }

    open private(set) var parameterID: ID
    open var value: Float
    open var relativeTime: TimeInterval

    public init(parameterID: ID, value: Float, relativeTime time: TimeInterval) {
        (self.parameterID, self.value, relativeTime) = (parameterID, value, time)
        super.init()
    }
}

/// A control that moves linearly between points over time.
open class CHHapticParameterCurve: NSObject {
    /// One point of a curve: a value at a time relative to the curve's start.
    open class ControlPoint: NSObject {
        open var relativeTime: TimeInterval
        open var value: Float

        public init(relativeTime time: TimeInterval, value: Float) {
            (relativeTime, self.value) = (time, value)
            super.init()
        }
    }

    open private(set) var parameterID: CHHapticDynamicParameter.ID
    open private(set) var controlPoints: [ControlPoint]
    open var relativeTime: TimeInterval

    public init(parameterID: CHHapticDynamicParameter.ID, controlPoints: [ControlPoint], relativeTime: TimeInterval) {
        (self.parameterID, self.controlPoints, self.relativeTime) = (parameterID, controlPoints, relativeTime)
        super.init()
    }
}
