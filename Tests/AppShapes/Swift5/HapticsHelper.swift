import UIKit

/// The helper most apps have, as they write it: nonisolated, in Swift 5 mode. Xcode compiles it with
/// no diagnostic (UIKit's generators are main-actor classes imported from Objective-C); so must
/// hapsynth's UIKit (this target builds with warnings as errors).
public enum Haptics {
    public static func impact(_ style: UIImpactFeedbackGenerator.FeedbackStyle) {
        UIImpactFeedbackGenerator(style: style).impactOccurred()
    }

    public static func success() {
        let generator = UINotificationFeedbackGenerator()
        generator.prepare()
        generator.notificationOccurred(.success)
    }

    public static func tick() {
        UISelectionFeedbackGenerator().selectionChanged()
    }
}
