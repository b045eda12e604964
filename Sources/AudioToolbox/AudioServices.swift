@_exported import AudioToolbox  // the Objective-C module below (its submodules), as an overlay re-exports its framework
@_exported import Foundation
import AudioCore
import IPhoneEmulation
import HapticPlayback

/// A system sound: one of the system's (`kSystemSoundID_Vibrate`, 1519…) or one made from a file.
public typealias SystemSoundID = UInt32

/// A Core Audio result code: 0 for success.
public typealias OSStatus = Int32

/// Core Foundation's URL, toll-free bridged to `NSURL` (so `url as CFURL` compiles as on iOS).
public typealias CFURL = NSURL

/// The system sound that vibrates the phone (4095).
public var kSystemSoundID_Vibrate: SystemSoundID { 4095 }

public var kAudioServicesNoError: OSStatus { 0 }
/// A sound that cannot be made or played.
public var kAudioServicesSystemSoundUnspecifiedError: OSStatus { -1500 }
/// A sound longer than the 30 seconds a system sound may last.
public var kAudioServicesSystemSoundExceededMaximumDurationError: OSStatus { -1502 }

/// Plays a system sound (docs/corehaptics.md, "Feedback generators, system sounds and
/// AVAudioPlayer"): `kSystemSoundID_Vibrate` and the taps 1519, 1520 and 1521 play the device's
/// system feedback rows, a sound made from a file plays it into the audio track; the system's own
/// sounds are not part of hapsynth and play nothing (logged so).
public func AudioServicesPlaySystemSound(_ inSystemSoundID: SystemSoundID) {
    SystemSounds.play(inSystemSoundID, call: "AudioServicesPlaySystemSound", alert: false, completion: nil)
}

/// Plays a system sound as an alert: the sound and, as an iPhone with its vibrate setting on, the
/// vibrate pattern.
public func AudioServicesPlayAlertSound(_ inSystemSoundID: SystemSoundID) {
    SystemSounds.play(inSystemSoundID, call: "AudioServicesPlayAlertSound", alert: true, completion: nil)
}

/// `AudioServicesPlaySystemSound`, then `inCompletionBlock` (on the device's callback queue) when
/// it has played.
public func AudioServicesPlaySystemSoundWithCompletion(_ inSystemSoundID: SystemSoundID, _ inCompletionBlock: (() -> Void)?) {
    SystemSounds.play(inSystemSoundID, call: "AudioServicesPlaySystemSoundWithCompletion", alert: false, completion: inCompletionBlock)
}

/// `AudioServicesPlayAlertSound`, then `inCompletionBlock` when it has played.
public func AudioServicesPlayAlertSoundWithCompletion(_ inSystemSoundID: SystemSoundID, _ inCompletionBlock: (() -> Void)?) {
    SystemSounds.play(inSystemSoundID, call: "AudioServicesPlayAlertSoundWithCompletion", alert: true, completion: inCompletionBlock)
}

/// Makes a system sound of the sound file at `inFileURL` (read whole now, as every sound is: a
/// regular file of at most 64 MB; at most 30 s long, as iOS requires) and writes its ID (4097,
/// 4098… on each device). C functions are imported as discardable on Apple's systems too.
/// - Returns: `kAudioServicesNoError`, `kAudioServicesSystemSoundUnspecifiedError` for a file
///   that cannot be read, `kAudioServicesSystemSoundExceededMaximumDurationError` for one longer
///   than 30 s; the reason is in the log.
@discardableResult
public func AudioServicesCreateSystemSoundID(_ inFileURL: CFURL, _ outSystemSoundID: UnsafeMutablePointer<SystemSoundID>) -> OSStatus {
    let path = (inFileURL as URL).path
    let read = SoundFiles.load(path)  // before the lock
    let phone = EmulatedPhone.shared
    return phone.locked {
        let args = [("url", (inFileURL as URL).lastPathComponent)]
        switch read {
        case .failure(.missing(let reason)), .failure(.unreadable(let reason)):
            phone.record(object: "AudioServices", call: "AudioServicesCreateSystemSoundID", args: args, error: Int(kAudioServicesSystemSoundUnspecifiedError),
                         rule: reason)
            return kAudioServicesSystemSoundUnspecifiedError
        case .success(let sound):
            let seconds = Double(sound.frameCount) / Double(max(1, sound.format.sampleRate))
            guard seconds <= 30 else {
                phone.record(object: "AudioServices", call: "AudioServicesCreateSystemSoundID", args: args,
                             error: Int(kAudioServicesSystemSoundExceededMaximumDurationError), rule: "\(path) lasts \(seconds) s; a system sound lasts at most 30 s")
                return kAudioServicesSystemSoundExceededMaximumDurationError
            }
            phone.systemSoundsMade += 1
            let id = SystemSoundID(4096 + phone.systemSoundsMade)
            phone.systemSounds[id] = sound
            phone.record(object: "AudioServices", call: "AudioServicesCreateSystemSoundID", args: args, result: "\(id)")
            outSystemSoundID.pointee = id
            return kAudioServicesNoError
        }
    }
}

/// Lets go of a sound made from a file; plays of it in progress finish.
/// - Returns: `kAudioServicesNoError`, or `kAudioServicesSystemSoundUnspecifiedError` for an ID
///   that names no sound made here.
@discardableResult
public func AudioServicesDisposeSystemSoundID(_ inSystemSoundID: SystemSoundID) -> OSStatus {
    let phone = EmulatedPhone.shared
    return phone.locked {
        let args = [("id", "\(inSystemSoundID)")]
        guard phone.systemSounds.removeValue(forKey: inSystemSoundID) != nil else {
            phone.record(object: "AudioServices", call: "AudioServicesDisposeSystemSoundID", args: args,
                         error: Int(kAudioServicesSystemSoundUnspecifiedError), rule: "no sound made here has this ID")
            return kAudioServicesSystemSoundUnspecifiedError
        }
        phone.record(object: "AudioServices", call: "AudioServicesDisposeSystemSoundID", args: args, result: "disposed")
        return kAudioServicesNoError
    }
}

/// How AudioServices' calls play on the emulated iPhone.
enum SystemSounds {
    /// The system sounds that play a row of the device's system feedback table, by ID.
    static let rows: [SystemSoundID: String] = [4095: "vibrate", 1519: "peek", 1520: "pop", 1521: "nope"]

    static func play(_ id: SystemSoundID, call: String, alert: Bool, completion given: (() -> Void)?) {
        let phone = EmulatedPhone.shared
        let args = [("id", "\(id)")]
        // The call's own block, then the sound's registered completion if it is still registered
        // when the sound ends (none of either: nothing is called back).
        let registered = phone.locked { phone.systemSoundCompletions[id] != nil }
        let completion: (() -> Void)? = given == nil && !registered ? nil : {
            given?()
            phone.locked { phone.systemSoundCompletions[id] }?(id)
        }
        if let row = rows[id] {
            return phone.playSystemFeedback(object: "AudioServices", call: call, args: args, pattern: row, completion: completion)
        }
        // Whether it plays a file of one's own (an alert's completion then waits for the file).
        let playsFile = phone.locked {
            guard let file = phone.systemSounds[id] else {
                phone.record(object: "AudioServices", call: call, args: args, result: "silent",
                             rule: "system sound \(id) is one of the system's own sounds, which hapsynth does not have")
                if !alert, let completion { phone.callBack(completion) }
                return false
            }
            phone.record(object: "AudioServices", call: call, args: args, result: "played", rule: "system sound \(id): its file, into the audio track")
            let sound = EmulatedSound(name: "AudioServices", sound: file, phone: phone)
            let key = ObjectIdentifier(sound)
            phone.systemSoundPlays[key] = sound
            sound.finished = {
                phone.locked { _ = phone.systemSoundPlays.removeValue(forKey: key) }
                completion?()
            }
            sound.play(at: nil)
            return true
        }
        if alert {  // an alert vibrates too
            phone.playSystemFeedback(object: "AudioServices", call: call + " (vibrate)", args: args, pattern: "vibrate",
                                     completion: playsFile ? nil : completion)
        }
    }
}
