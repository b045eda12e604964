@_exported import Foundation
@_exported import _AVFAudioSession

/// A start or stop time that means "now": the current time of the engine's clock.
public var CHHapticTimeImmediate: TimeInterval { 0 }

/// The domain of Core Haptics' errors.
public let CoreHapticsErrorDomain: String = "com.apple.CoreHaptics"

/// An audio file registered with an engine (`CHHapticEngine.registerAudioResource(_:options:)`).
public typealias CHHapticAudioResourceID = Int

/// A key of the options of an audio resource.
public typealias CHHapticAudioResourceKey = NSString

/// Option: ramp the resource's sound in and out (Bool, default true).
public let CHHapticAudioResourceKeyUseVolumeEnvelope: String = "CHHapticAudioResourceKeyUseVolumeEnvelope"

/// Option: loop the resource's sound (Bool, default false).
public let CHHapticAudioResourceKeyLoopEnabled: String = "CHHapticAudioResourceKeyLoopEnabled"

/// The completion handler of an advanced player.
public typealias CHHapticAdvancedPatternPlayerCompletionHandler = ((any Error)?) -> Void
