import UIKit

// App-style code, written as public apps write their feedback managers and compiled unchanged
// (issue 43): the three generators, prepared ahead, behind a small API.

@MainActor
final class HapticManager {
    static let shared = HapticManager()

    private let lightImpact = UIImpactFeedbackGenerator(style: .light)
    private let heavyImpact = UIImpactFeedbackGenerator(style: .heavy)
    private let notification = UINotificationFeedbackGenerator()
    private let selection = UISelectionFeedbackGenerator()

    init() {}

    func prepare() {
        lightImpact.prepare()
        notification.prepare()
        selection.prepare()
    }

    func buttonTapped() {
        lightImpact.impactOccurred()
    }

    func hardLanding(strength: CGFloat) {
        heavyImpact.impactOccurred(intensity: strength)
    }

    func purchaseSucceeded() {
        notification.notificationOccurred(.success)
    }

    func pickerMoved() {
        selection.selectionChanged()
        selection.prepare()
    }
}
