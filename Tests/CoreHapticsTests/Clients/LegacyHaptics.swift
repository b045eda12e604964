import AudioToolbox

// App-style code (issue 43): the legacy haptics of apps written before the feedback generators,
// and a click sound of the app's own as a system sound, compiled unchanged.

enum LegacyHaptics {
    static func vibrate() {
        AudioServicesPlaySystemSound(kSystemSoundID_Vibrate)
    }

    /// The 3D Touch "pop".
    static func pop() {
        AudioServicesPlaySystemSound(1520)
    }

    static func alert(then completion: @escaping () -> Void) {
        AudioServicesPlayAlertSoundWithCompletion(SystemSoundID(kSystemSoundID_Vibrate)) {
            completion()
        }
    }
}

final class ClickSound {
    private var soundID: SystemSoundID = 0

    init?(url: URL) {
        let status = AudioServicesCreateSystemSoundID(url as CFURL, &soundID)
        guard status == kAudioServicesNoError else { return nil }
    }

    func play() {
        AudioServicesPlaySystemSound(soundID)
    }

    deinit {
        AudioServicesDisposeSystemSoundID(soundID)
    }
}
