import IPhoneEmulation
import Foundation

/// A function called when a system sound finishes playing: the sound's ID and the client data it
/// was registered with.
public typealias AudioServicesSystemSoundCompletionProc = @convention(c) (SystemSoundID, UnsafeMutableRawPointer?) -> Void

/// Core Foundation's run loop, as AudioServices takes it (the completion runs on the emulated
/// device's callback queue whichever is named); Foundation's `RunLoop` stands for it on Linux.
public typealias CFRunLoop = RunLoop
/// Core Foundation's string, toll-free bridged to `NSString`.
public typealias CFString = NSString

/// The main run loop.
public func CFRunLoopGetMain() -> CFRunLoop { RunLoop.main }
/// The calling thread's run loop.
public func CFRunLoopGetCurrent() -> CFRunLoop { RunLoop.current }

/// A run loop mode, by name.
public struct CFRunLoopMode: RawRepresentable, Hashable, @unchecked Sendable {
    public let rawValue: CFString
    public init(rawValue: CFString) { self.rawValue = rawValue }
}

/// The default mode.
public let kCFRunLoopDefaultMode: CFRunLoopMode! = CFRunLoopMode(rawValue: "kCFRunLoopDefaultMode")
/// The common modes.
public let kCFRunLoopCommonModes: CFRunLoopMode! = CFRunLoopMode(rawValue: "kCFRunLoopCommonModes")

/// Registers `inCompletionRoutine`, called with `inClientData` each time the system sound
/// `inSystemSoundID` finishes playing (on the device's callback queue, whatever run loop and mode
/// are named), until `AudioServicesRemoveSystemSoundCompletion`; a second registration for the same
/// sound replaces the first, as on iOS. Logged.
/// - Returns: `kAudioServicesNoError`.
@discardableResult
public func AudioServicesAddSystemSoundCompletion(_ inSystemSoundID: SystemSoundID, _ inRunLoop: CFRunLoop?, _ inRunLoopMode: CFString?,
                                                  _ inCompletionRoutine: AudioServicesSystemSoundCompletionProc,
                                                  _ inClientData: UnsafeMutableRawPointer?) -> OSStatus {
    let phone = EmulatedPhone.shared
    let data = inClientData.map { UInt(bitPattern: $0) }
    phone.locked {
        phone.systemSoundCompletions[inSystemSoundID] = { id in inCompletionRoutine(id, data.flatMap { UnsafeMutableRawPointer(bitPattern: $0) }) }
        phone.record(object: "AudioServices", call: "AudioServicesAddSystemSoundCompletion", args: [("id", "\(inSystemSoundID)")], result: "registered")
    }
    return kAudioServicesNoError
}

/// Lets go of the completion registered for `inSystemSoundID`, if any (logged).
public func AudioServicesRemoveSystemSoundCompletion(_ inSystemSoundID: SystemSoundID) {
    let phone = EmulatedPhone.shared
    phone.locked {
        let had = phone.systemSoundCompletions.removeValue(forKey: inSystemSoundID) != nil
        phone.record(object: "AudioServices", call: "AudioServicesRemoveSystemSoundCompletion", args: [("id", "\(inSystemSoundID)")],
                     result: had ? "removed" : "none registered")
    }
}
