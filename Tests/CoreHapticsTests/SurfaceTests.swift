import AVFoundation
import CoreHaptics
import Foundation
import Testing

/// Every symbol of the surface (docs/corehaptics.md, "The surface") with Apple's Swift type: this
/// file compiles only while each is spelled and typed as the SDK spells and types it.
@Suite struct SurfaceTests {
    @Test func everySymbolHasApplesType() throws {
        // Engine.
        let _: (AVAudioSession?) throws -> CHHapticEngine = CHHapticEngine.init(audioSession:)
        let _: (()) throws -> CHHapticEngine = CHHapticEngine.init(andReturnError:)
        let _: () -> any CHHapticDeviceCapability = CHHapticEngine.capabilitiesForHardware
        let _: KeyPath<CHHapticEngine, TimeInterval> = \.currentTime
        let _: ReferenceWritableKeyPath<CHHapticEngine, CHHapticEngine.StoppedHandler> = \.stoppedHandler
        let _: ReferenceWritableKeyPath<CHHapticEngine, CHHapticEngine.ResetHandler> = \.resetHandler
        let _: ReferenceWritableKeyPath<CHHapticEngine, Bool> = \.playsHapticsOnly
        let _: ReferenceWritableKeyPath<CHHapticEngine, Bool> = \.playsAudioOnly
        let _: ReferenceWritableKeyPath<CHHapticEngine, Bool> = \.isMutedForAudio
        let _: ReferenceWritableKeyPath<CHHapticEngine, Bool> = \.isMutedForHaptics
        let _: ReferenceWritableKeyPath<CHHapticEngine, Bool> = \.isAutoShutdownEnabled
        let _: (CHHapticEngine) -> () throws -> Void = CHHapticEngine.start as (CHHapticEngine) -> () throws -> Void
        let _: (CHHapticEngine) -> (CHHapticEngine.CompletionHandler?) -> Void = CHHapticEngine.start(completionHandler:)
        let _: (CHHapticEngine) -> () async throws -> Void = CHHapticEngine.start as (CHHapticEngine) -> () async throws -> Void
        let _: (CHHapticEngine) -> (CHHapticEngine.CompletionHandler?) -> Void = CHHapticEngine.stop(completionHandler:)
        let _: (CHHapticEngine) -> () async throws -> Void = CHHapticEngine.stop as (CHHapticEngine) -> () async throws -> Void
        let _: (CHHapticEngine) -> (@escaping CHHapticEngine.FinishedHandler) -> Void = CHHapticEngine.notifyWhenPlayersFinished(finishedHandler:)
        let _: (CHHapticEngine) -> (CHHapticPattern) throws -> any CHHapticPatternPlayer = CHHapticEngine.makePlayer(with:)
        let _: (CHHapticEngine) -> (CHHapticPattern) throws -> any CHHapticAdvancedPatternPlayer = CHHapticEngine.makeAdvancedPlayer(with:)
        let _: (CHHapticEngine) -> (URL) throws -> Void = CHHapticEngine.playPattern(from:)
        let _: (CHHapticEngine) -> (Data) throws -> Void = CHHapticEngine.playPattern(from:)
        let _: (CHHapticEngine) -> (URL, [AnyHashable: Any]) throws -> CHHapticAudioResourceID = CHHapticEngine.registerAudioResource(_:options:)
        let _: (CHHapticEngine) -> (CHHapticAudioResourceID) throws -> Void = CHHapticEngine.unregisterAudioResource(_:)
        let reasons: [CHHapticEngine.StoppedReason] = [.audioSessionInterrupt, .applicationSuspended, .idleTimeout, .notifyWhenFinished,
                                                       .engineDestroyed, .gameControllerDisconnect, .systemError]
        #expect(reasons.map(\.rawValue) == [1, 2, 3, 4, 5, 6, -1])
        #expect([CHHapticEngine.FinishedAction.stopEngine, .leaveEngineRunning].map(\.rawValue) == [1, 2])
        let _: CHHapticEngine.StoppedHandler = { (_: CHHapticEngine.StoppedReason) in }
        let _: CHHapticEngine.ResetHandler = {}
        let _: CHHapticEngine.CompletionHandler = { (_: (any Error)?) in }
        let _: CHHapticEngine.FinishedHandler = { (_: (any Error)?) in .leaveEngineRunning }

        // Pattern.
        let _: ([CHHapticEvent], [CHHapticDynamicParameter]) throws -> CHHapticPattern = CHHapticPattern.init(events:parameters:)
        let _: ([CHHapticEvent], [CHHapticParameterCurve]) throws -> CHHapticPattern = CHHapticPattern.init(events:parameterCurves:)
        let _: ([CHHapticPattern.Key: Any]) throws -> CHHapticPattern = CHHapticPattern.init(dictionary:)
        let _: (URL) throws -> CHHapticPattern = CHHapticPattern.init(contentsOf:)
        let _: (URL) throws -> CHHapticPattern = CHHapticPattern.init(contentsOfURL:)
        let _: (CHHapticPattern) -> () throws -> [CHHapticPattern.Key: Any] = CHHapticPattern.exportDictionary
        let _: KeyPath<CHHapticPattern, TimeInterval> = \.duration
        let keys: [CHHapticPattern.Key] = [.pattern, .version, .event, .eventType, .time, .eventDuration, .eventWaveformPath,
                                           .eventWaveformLoopEnabled, .eventWaveformUseVolumeEnvelope, .eventParameters, .parameter, .parameterID,
                                           .parameterValue, .parameterCurve, .parameterCurveControlPoints]
        #expect(Set(keys.map(\.rawValue)).count == 15 && CHHapticPattern.Key(rawValue: "Time") == .time)

        // Events and parameters.
        let _: (CHHapticEvent.EventType, [CHHapticEventParameter], TimeInterval) -> CHHapticEvent = CHHapticEvent.init(eventType:parameters:relativeTime:)
        let _: (CHHapticEvent.EventType, [CHHapticEventParameter], TimeInterval, TimeInterval) -> CHHapticEvent
            = CHHapticEvent.init(eventType:parameters:relativeTime:duration:)
        let _: (CHHapticAudioResourceID, [CHHapticEventParameter], TimeInterval) -> CHHapticEvent = CHHapticEvent.init(audioResourceID:parameters:relativeTime:)
        let _: (CHHapticAudioResourceID, [CHHapticEventParameter], TimeInterval, TimeInterval) -> CHHapticEvent
            = CHHapticEvent.init(audioResourceID:parameters:relativeTime:duration:)
        let _: KeyPath<CHHapticEvent, CHHapticEvent.EventType> = \.type
        let _: KeyPath<CHHapticEvent, [CHHapticEventParameter]> = \.eventParameters
        let _: ReferenceWritableKeyPath<CHHapticEvent, TimeInterval> = \.relativeTime
        let _: ReferenceWritableKeyPath<CHHapticEvent, TimeInterval> = \.duration
        let types: [CHHapticEvent.EventType] = [.hapticTransient, .hapticContinuous, .audioContinuous, .audioCustom]
        let parameters: [CHHapticEvent.ParameterID] = [.hapticIntensity, .hapticSharpness, .attackTime, .decayTime, .releaseTime, .sustained,
                                                       .audioVolume, .audioPitch, .audioPan, .audioBrightness]
        let controls: [CHHapticDynamicParameter.ID] = [.hapticIntensityControl, .hapticSharpnessControl, .hapticAttackTimeControl,
                                                       .hapticDecayTimeControl, .hapticReleaseTimeControl, .audioVolumeControl, .audioPanControl,
                                                       .audioBrightnessControl, .audioPitchControl, .audioAttackTimeControl, .audioDecayTimeControl,
                                                       .audioReleaseTimeControl]
        #expect(types.count == 4 && parameters.count == 10 && controls.count == 12)
        let _: (CHHapticEvent.ParameterID, Float) -> CHHapticEventParameter = CHHapticEventParameter.init(parameterID:value:)
        let _: KeyPath<CHHapticEventParameter, CHHapticEvent.ParameterID> = \.parameterID
        let _: ReferenceWritableKeyPath<CHHapticEventParameter, Float> = \.value
        let _: (CHHapticDynamicParameter.ID, Float, TimeInterval) -> CHHapticDynamicParameter = CHHapticDynamicParameter.init(parameterID:value:relativeTime:)
        let _: KeyPath<CHHapticDynamicParameter, CHHapticDynamicParameter.ID> = \.parameterID
        let _: ReferenceWritableKeyPath<CHHapticDynamicParameter, Float> = \.value
        let _: ReferenceWritableKeyPath<CHHapticDynamicParameter, TimeInterval> = \.relativeTime
        let _: (CHHapticDynamicParameter.ID, [CHHapticParameterCurve.ControlPoint], TimeInterval) -> CHHapticParameterCurve
            = CHHapticParameterCurve.init(parameterID:controlPoints:relativeTime:)
        let _: KeyPath<CHHapticParameterCurve, CHHapticDynamicParameter.ID> = \.parameterID
        let _: KeyPath<CHHapticParameterCurve, [CHHapticParameterCurve.ControlPoint]> = \.controlPoints
        let _: ReferenceWritableKeyPath<CHHapticParameterCurve, TimeInterval> = \.relativeTime
        let _: (TimeInterval, Float) -> CHHapticParameterCurve.ControlPoint = CHHapticParameterCurve.ControlPoint.init(relativeTime:value:)
        let _: ReferenceWritableKeyPath<CHHapticParameterCurve.ControlPoint, TimeInterval> = \.relativeTime
        let _: ReferenceWritableKeyPath<CHHapticParameterCurve.ControlPoint, Float> = \.value

        // Players, capabilities and attributes (protocol requirements, through existentials).
        func player(_ player: any CHHapticAdvancedPatternPlayer) throws {
            let basic: any CHHapticPatternPlayer = player
            let _: any NSObjectProtocol = basic
            let _: (TimeInterval) throws -> Void = basic.start(atTime:)
            let _: (TimeInterval) throws -> Void = basic.stop(atTime:)
            let _: ([CHHapticDynamicParameter], TimeInterval) throws -> Void = basic.sendParameters(_:atTime:)
            let _: (CHHapticParameterCurve, TimeInterval) throws -> Void = basic.scheduleParameterCurve(_:atTime:)
            let _: () throws -> Void = basic.cancel
            let _: Bool = basic.isMuted
            let _: (TimeInterval) throws -> Void = player.pause(atTime:)
            let _: (TimeInterval) throws -> Void = player.resume(atTime:)
            let _: (TimeInterval) throws -> Void = player.seek(toOffset:)
            let _: (Bool, TimeInterval, Float, Bool) = (player.loopEnabled, player.loopEnd, player.playbackRate, player.isMuted)
            let _: CHHapticAdvancedPatternPlayerCompletionHandler = player.completionHandler
        }
        func capability(_ capability: any CHHapticDeviceCapability) throws {
            let _: (Bool, Bool) = (capability.supportsHaptics, capability.supportsAudio)
            let attributes: any CHHapticParameterAttributes = try capability.attributes(forEventParameter: .hapticIntensity, eventType: .hapticTransient)
            let _: any CHHapticParameterAttributes = try capability.attributes(forDynamicParameter: .hapticIntensityControl)
            let _: any NSObjectProtocol = attributes
            let _: (Float, Float, Float) = (attributes.minValue, attributes.maxValue, attributes.defaultValue)
        }
        _ = (player, capability)

        // Constants and errors.
        let immediate: TimeInterval = CHHapticTimeImmediate
        let domain: String = CoreHapticsErrorDomain
        let _: CHHapticAudioResourceID = Int(0)
        let _: CHHapticAudioResourceKey = NSString(string: "")
        let _: String = CHHapticAudioResourceKeyUseVolumeEnvelope
        let _: String = CHHapticAudioResourceKeyLoopEnabled
        #expect(immediate == 0 && domain == "com.apple.CoreHaptics")
        let codes: [CHHapticError.Code: Int] = [
            .engineNotRunning: -4805, .operationNotPermitted: -4806, .engineStartTimeout: -4808, .notSupported: -4809, .serverInitFailed: -4810,
            .serverInterrupted: -4811, .invalidPatternPlayer: -4812, .invalidPatternData: -4813, .invalidPatternDictionary: -4814,
            .invalidAudioSession: -4815, .invalidEngineParameter: -4816, .invalidParameterType: -4820, .invalidEventType: -4821,
            .invalidEventTime: -4822, .invalidEventDuration: -4823, .invalidAudioResource: -4824, .resourceNotAvailable: -4825,
            .badEventEntry: -4830, .badParameterEntry: -4831, .invalidTime: -4840, .fileNotFound: -4851, .insufficientPower: -4897,
            .unknownError: -4898, .memoryError: -4899,
        ]
        #expect(codes.allSatisfy { $0.key.rawValue == $0.value } && codes.count == 24)
        let error = CHHapticError(.invalidPatternPlayer)
        let bridged = error as NSError
        #expect(bridged.domain == CoreHapticsErrorDomain && bridged.code == -4812 && error.code == .invalidPatternPlayer)
        #expect(CHHapticError.errorDomain == CoreHapticsErrorDomain && error.errorCode == -4812)
        #expect(CHHapticError.invalidPatternPlayer ~= (error as any Error) && !(CHHapticError.engineNotRunning ~= (error as any Error)))
    }

    @Test func contentClassesAreOpenNSObjectSubclasses() {
        final class Tap: CHHapticEvent, @unchecked Sendable {
            init() { super.init(eventType: .hapticTransient, parameters: [], relativeTime: 0) }
        }
        final class Value: CHHapticEventParameter, @unchecked Sendable {}
        final class Control: CHHapticDynamicParameter, @unchecked Sendable {}
        final class Curve: CHHapticParameterCurve, @unchecked Sendable {}
        final class Point: CHHapticParameterCurve.ControlPoint, @unchecked Sendable {}
        final class Pattern: CHHapticPattern, @unchecked Sendable {}
        final class Engine: CHHapticEngine, @unchecked Sendable {}
        let objects: [NSObject] = [Tap(), Value(parameterID: .hapticIntensity, value: 1), Control(parameterID: .hapticIntensityControl, value: 1, relativeTime: 0),
                                   Curve(parameterID: .hapticIntensityControl, controlPoints: [], relativeTime: 0), Point(relativeTime: 0, value: 1)]
        let classes: [NSObject.Type] = [Pattern.self, Engine.self]
        #expect(objects.count == 5 && classes.count == 2)
    }

    @Test func theAudioSessionStandInAcceptsWhatAppsAsk() throws {
        let session = AVAudioSession.sharedInstance()
        try session.setCategory(.playback)
        try session.setCategory(.ambient, options: [.mixWithOthers, .duckOthers])
        try session.setCategory(.playAndRecord, mode: .default, options: [.defaultToSpeaker, .allowBluetooth, .allowBluetoothA2DP, .allowAirPlay,
                                                                           .interruptSpokenAudioAndMixWithOthers])
        try session.setActive(true, options: .notifyOthersOnDeactivation)
        let categories: [AVAudioSession.Category] = [.ambient, .soloAmbient, .playback, .record, .playAndRecord, .multiRoute]
        let modes: [AVAudioSession.Mode] = [.default, .gameChat, .measurement, .moviePlayback, .spokenAudio, .videoChat, .voiceChat, .voicePrompt]
        #expect(Set(categories.map(\.rawValue)).count == 6 && Set(modes.map(\.rawValue)).count == 8)
    }
}
