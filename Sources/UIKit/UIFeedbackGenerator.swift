@_exported import UIKit  // the Objective-C module below (its submodules), as an overlay re-exports its framework
@_exported import Foundation
import IPhoneEmulation

/// UIKit's feedback generators on the emulated iPhone (docs/corehaptics.md, "Feedback
/// generators"): each call is logged and plays the system's pattern for it on the device the
/// calling task plays on, beside any engine, never silenced by an engine's mutes. Spelled and
/// annotated as the iOS SDK has them: main-actor classes imported from Objective-C, which Swift
/// treats as `@preconcurrency` (a nonisolated call compiles silently in Swift 5 mode and is an error
/// in Swift 6 mode, as in Xcode). Calls from other threads are taken (each call holds the device's lock).
@preconcurrency @MainActor
open class UIFeedbackGenerator: NSObject {
    /// `UIImpactFeedbackGenerator#1`, in the log and the timeline.
    let name: String
    /// The phone of the task that made it.
    let phone: EmulatedPhone

    init(kind: String) {
        phone = EmulatedPhone.shared
        name = phone.nextName(of: kind)
        super.init()
    }

    public override init() {
        phone = EmulatedPhone.shared
        name = phone.nextName(of: "UIFeedbackGenerator")
        super.init()
    }

    /// Readies the Taptic Engine; here it plays nothing (logged).
    open func prepare() {
        phone.recordCall(object: name, call: "prepare()", result: "prepared")
    }
}

/// Taps of five styles, at an intensity.
@preconcurrency @MainActor
open class UIImpactFeedbackGenerator: UIFeedbackGenerator {
    public enum FeedbackStyle: Int, Sendable {
        case light = 0, medium = 1, heavy = 2, soft = 3, rigid = 4

        var name: String { ["light", "medium", "heavy", "soft", "rigid"][rawValue] }
    }

    private let style: FeedbackStyle

    public init(style: FeedbackStyle) {
        self.style = style
        super.init(kind: "UIImpactFeedbackGenerator")
    }

    public convenience override init() { self.init(style: .medium) }

    /// Plays the style's tap.
    open func impactOccurred() {
        phone.playSystemFeedback(object: name, call: "impactOccurred()", args: [("style", style.name)], pattern: "impact.\(style.name)")
    }

    /// Plays the style's tap at `intensity` (0…1, clamped).
    open func impactOccurred(intensity: CGFloat) {
        let value = min(max(Double(intensity), 0), 1)
        phone.playSystemFeedback(object: name, call: "impactOccurred(intensity:)", args: [("style", style.name), ("intensity", "\(intensity)")],
                                 pattern: "impact.\(style.name)", scale: value.isNaN ? 0 : value)
    }

    /// Plays the style's tap; the location (iOS 17.5) is logged.
    open func impactOccurred(at location: CGPoint) {
        phone.playSystemFeedback(object: name, call: "impactOccurred(at:)", args: [("style", style.name), ("at", "\(location.x),\(location.y)")],
                                 pattern: "impact.\(style.name)")
    }

    /// Plays the style's tap at `intensity`; the location is logged.
    open func impactOccurred(intensity: CGFloat, at location: CGPoint) {
        let value = min(max(Double(intensity), 0), 1)
        phone.playSystemFeedback(object: name, call: "impactOccurred(intensity:at:)",
                                 args: [("style", style.name), ("intensity", "\(intensity)"), ("at", "\(location.x),\(location.y)")],
                                 pattern: "impact.\(style.name)", scale: value.isNaN ? 0 : value)
    }
}

/// Success, warning and error.
@preconcurrency @MainActor
open class UINotificationFeedbackGenerator: UIFeedbackGenerator {
    public enum FeedbackType: Int, Sendable {
        case success = 0, warning = 1, error = 2

        var name: String { ["success", "warning", "error"][rawValue] }
    }

    public override init() { super.init(kind: "UINotificationFeedbackGenerator") }

    /// Plays the type's taps.
    open func notificationOccurred(_ notificationType: FeedbackType) {
        phone.playSystemFeedback(object: name, call: "notificationOccurred(_:)", args: [("type", notificationType.name)],
                                 pattern: "notification.\(notificationType.name)")
    }

    /// Plays the type's taps; the location (iOS 17.5) is logged.
    open func notificationOccurred(_ notificationType: FeedbackType, at location: CGPoint) {
        phone.playSystemFeedback(object: name, call: "notificationOccurred(_:at:)", args: [("type", notificationType.name), ("at", "\(location.x),\(location.y)")],
                                 pattern: "notification.\(notificationType.name)")
    }
}

/// The tick of a changing selection.
@preconcurrency @MainActor
open class UISelectionFeedbackGenerator: UIFeedbackGenerator {
    public override init() { super.init(kind: "UISelectionFeedbackGenerator") }

    /// Plays the selection tick.
    open func selectionChanged() {
        phone.playSystemFeedback(object: name, call: "selectionChanged()", args: [], pattern: "selection")
    }

    /// Plays the selection tick; the location (iOS 17.5) is logged.
    open func selectionChanged(at location: CGPoint) {
        phone.playSystemFeedback(object: name, call: "selectionChanged(at:)", args: [("at", "\(location.x),\(location.y)")], pattern: "selection")
    }
}
