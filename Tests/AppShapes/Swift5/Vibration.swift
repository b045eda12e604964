import AVFoundation

/// The vibration most apps reach through AVFoundation alone, as on iOS (which brings AudioToolbox).
public struct Vibration {
    public static func vibrate() {
        AudioServicesPlaySystemSound(kSystemSoundID_Vibrate)
    }

    public static func alert() {
        AudioServicesPlayAlertSound(SystemSoundID(kSystemSoundID_Vibrate))
    }
}

import UIKit

/// The vibration apps hang on `UIDevice`.
extension UIDevice {
    public static func vibrate() {
        AudioServicesPlaySystemSound(kSystemSoundID_Vibrate)
    }
}
