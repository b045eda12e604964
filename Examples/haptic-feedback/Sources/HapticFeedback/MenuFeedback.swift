// The game's menu, written as iOS apps write it: one line of UIKit per feedback, no engine.
import UIKit

@MainActor
public final class MenuFeedback {
    private let selection = UISelectionFeedbackGenerator()
    private let confirm = UIImpactFeedbackGenerator(style: .medium)
    private let result = UINotificationFeedbackGenerator()

    public init() {
        selection.prepare()
    }

    /// The player moved to another item.
    public func moved() { selection.selectionChanged() }

    /// The player chose an item.
    public func chose() { confirm.impactOccurred() }

    /// The level was won or lost.
    public func finished(won: Bool) { result.notificationOccurred(won ? .success : .error) }
}
