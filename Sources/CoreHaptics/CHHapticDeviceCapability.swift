/// What the device supports, and each parameter's range.
public protocol CHHapticDeviceCapability {
    var supportsHaptics: Bool { get }
    var supportsAudio: Bool { get }
    func attributes(forEventParameter inParameter: CHHapticEvent.ParameterID, eventType type: CHHapticEvent.EventType) throws -> any CHHapticParameterAttributes
    func attributes(forDynamicParameter inParameter: CHHapticDynamicParameter.ID) throws -> any CHHapticParameterAttributes
}

/// A parameter's smallest, largest and default value.
public protocol CHHapticParameterAttributes: NSObjectProtocol {
    var minValue: Float { get }
    var maxValue: Float { get }
    var defaultValue: Float { get }
}

/// The emulated device's answer: the ranges of Apple's CHHapticParameter.h, the defaults hapsynth's
/// AHAP reader uses (docs/corehaptics.md, "Capabilities").
struct DeviceCapability: CHHapticDeviceCapability {
    let supportsHaptics: Bool
    let supportsAudio: Bool

    /// Event parameters: (min, max, default) and the event types they apply to.
    static let eventRanges: [CHHapticEvent.ParameterID: (Float, Float, Float, haptic: Bool, audio: Bool)] = [
        .hapticIntensity: (0, 1, 1, true, false), .hapticSharpness: (0, 1, 0.5, true, false),
        .attackTime: (0, 1, 0, true, true), .decayTime: (0, 1, 0, true, true), .releaseTime: (0, 1, 0, true, true),
        .sustained: (0, 1, 1, true, true),
        .audioVolume: (0, 1, 1, false, true), .audioPitch: (-1, 1, 0, false, true), .audioPan: (-1, 1, 0, false, true),
        .audioBrightness: (0, 1, 1, false, true),
    ]

    /// Dynamic parameters: intensity and volume multiply (0…1, default 1); the others add (−1…1, default 0).
    static func dynamicRange(_ id: CHHapticDynamicParameter.ID) -> (Float, Float, Float)? {
        switch id {
        case .hapticIntensityControl, .audioVolumeControl: return (0, 1, 1)
        case .hapticSharpnessControl, .hapticAttackTimeControl, .hapticDecayTimeControl, .hapticReleaseTimeControl, .audioPanControl,
             .audioBrightnessControl, .audioPitchControl, .audioAttackTimeControl, .audioDecayTimeControl, .audioReleaseTimeControl:
            return (-1, 1, 0)
        default: return nil
        }
    }

    func attributes(forEventParameter inParameter: CHHapticEvent.ParameterID, eventType type: CHHapticEvent.EventType) throws -> any CHHapticParameterAttributes {
        guard [.hapticTransient, .hapticContinuous, .audioContinuous, .audioCustom].contains(type) else {
            throw CHHapticError.with(.invalidEventType, "unknown event type \(type.rawValue)")
        }
        let isHaptic = type == .hapticTransient || type == .hapticContinuous
        guard let range = Self.eventRanges[inParameter], isHaptic ? range.haptic : range.audio else {
            throw CHHapticError.with(.invalidParameterType, "\(inParameter.rawValue) does not apply to \(type.rawValue) events")
        }
        return ParameterAttributes(minValue: range.0, maxValue: range.1, defaultValue: range.2)
    }

    func attributes(forDynamicParameter inParameter: CHHapticDynamicParameter.ID) throws -> any CHHapticParameterAttributes {
        guard let range = Self.dynamicRange(inParameter) else {
            throw CHHapticError.with(.invalidParameterType, "unknown dynamic parameter \(inParameter.rawValue)")
        }
        return ParameterAttributes(minValue: range.0, maxValue: range.1, defaultValue: range.2)
    }
}

final class ParameterAttributes: NSObject, CHHapticParameterAttributes, @unchecked Sendable {
    let minValue: Float
    let maxValue: Float
    let defaultValue: Float

    init(minValue: Float, maxValue: Float, defaultValue: Float) {
        (self.minValue, self.maxValue, self.defaultValue) = (minValue, maxValue, defaultValue)
        super.init()
    }
}
