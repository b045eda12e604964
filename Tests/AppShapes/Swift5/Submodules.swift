// The submodule spellings apps write, as Xcode takes them.
import AudioToolbox.AudioServices

#if canImport(UIKit.UIFeedbackGenerator)
import UIKit.UIFeedbackGenerator

/// The tap of an app that checks for the feedback generators by their submodule.
public func submoduleTap() {
    UIImpactFeedbackGenerator(style: .soft).impactOccurred()
    AudioServicesPlaySystemSound(1519)
}
#endif
