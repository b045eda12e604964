/// One event of a pattern: a haptic transient or continuous event, or an audio event.
open class CHHapticEvent: NSObject {
    /// The kind of an event.
    public struct EventType: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
        public static let hapticTransient = EventType(rawValue: "HapticTransient")
        public static let hapticContinuous = EventType(rawValue: "HapticContinuous")
        public static let audioContinuous = EventType(rawValue: "AudioContinuous")
        public static let audioCustom = EventType(rawValue: "AudioCustom")
    }

    /// A parameter of an event.
    public struct ParameterID: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
        public static let hapticIntensity = ParameterID(rawValue: "HapticIntensity")
        public static let hapticSharpness = ParameterID(rawValue: "HapticSharpness")
        public static let attackTime = ParameterID(rawValue: "AttackTime")
        public static let decayTime = ParameterID(rawValue: "DecayTime")
        public static let releaseTime = ParameterID(rawValue: "ReleaseTime")
        public static let sustained = ParameterID(rawValue: "Sustained")
        public static let audioVolume = ParameterID(rawValue: "AudioVolume")
        public static let audioPitch = ParameterID(rawValue: "AudioPitch")
        public static let audioPan = ParameterID(rawValue: "AudioPan")
        public static let audioBrightness = ParameterID(rawValue: "AudioBrightness")
    }

    /// The event's type.
    open private(set) var type: EventType
    /// Its parameters, in the order given.
    open private(set) var eventParameters: [CHHapticEventParameter]
    /// Its time relative to the pattern's start, in seconds.
    open var relativeTime: TimeInterval
    /// Its duration in seconds (0: none given).
    open var duration: TimeInterval
    /// The audio resource it plays, when made with one.
    let audioResourceID: CHHapticAudioResourceID?

    public init(eventType type: EventType, parameters eventParams: [CHHapticEventParameter], relativeTime time: TimeInterval) {
        (self.type, eventParameters, relativeTime, duration, audioResourceID) = (type, eventParams, time, 0, nil)
        super.init()
    }

    public init(eventType type: EventType, parameters eventParams: [CHHapticEventParameter], relativeTime time: TimeInterval, duration: TimeInterval) {
        (self.type, eventParameters, relativeTime, self.duration, audioResourceID) = (type, eventParams, time, duration, nil)
        super.init()
    }

    public init(audioResourceID resID: CHHapticAudioResourceID, parameters eventParams: [CHHapticEventParameter], relativeTime time: TimeInterval) {
        (type, eventParameters, relativeTime, duration, audioResourceID) = (.audioCustom, eventParams, time, 0, resID)
        super.init()
    }

    public init(
        audioResourceID resID: CHHapticAudioResourceID, parameters eventParams: [CHHapticEventParameter], relativeTime time: TimeInterval,
        duration: TimeInterval
    ) {
        (type, eventParameters, relativeTime, self.duration, audioResourceID) = (.audioCustom, eventParams, time, duration, resID)
        super.init()
    }
}

/// A parameter's value on one event.
open class CHHapticEventParameter: NSObject {
    open private(set) var parameterID: CHHapticEvent.ParameterID
    open var value: Float

    public init(parameterID: CHHapticEvent.ParameterID, value: Float) {
        self.parameterID = parameterID
        self.value = value
        super.init()
    }
}
