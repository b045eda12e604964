import HapticPlanner
import IPhoneEmulation

/// SwiftUI's sensory feedback (iOS 17), as `.sensoryFeedback(_:trigger:)` takes it, on the emulated
/// iPhone (docs/feedback.md, "SwiftUI in tests"). Spelled as the iOS SDK has it; what plays is what
/// SwiftUI asks UIKit's generators for (as OpenSwiftUI audits SwiftUI 6.5.4): success, warning and
/// error the notification generator, selection the selection generator, the weights and
/// flexibilities impact styles (`solid` as medium, at their intensity), and nothing on an iPhone
/// for increase, decrease, start, stop, levelChange, and alignment and pathComplete (the canvas
/// generator, which plays nothing here).
public struct SensoryFeedback: Equatable, Sendable {
    /// A weight of impact.
    public struct Weight: Equatable, Sendable {
        package let name: String
        public static let light = Weight(name: "light")
        public static let medium = Weight(name: "medium")
        public static let heavy = Weight(name: "heavy")
    }

    /// A flexibility of impact.
    public struct Flexibility: Equatable, Sendable {
        package let name: String
        public static let rigid = Flexibility(name: "rigid")
        public static let solid = Flexibility(name: "solid")
        public static let soft = Flexibility(name: "soft")
    }

    package enum Kind: Equatable, Sendable {
        case success, warning, error, selection, increase, decrease, start, stop, alignment, levelChange, pathComplete
        case impactWeight(Weight, intensity: Double)
        case impactFlexibility(Flexibility, intensity: Double)
    }

    package let kind: Kind

    public static let success = SensoryFeedback(kind: .success)
    public static let warning = SensoryFeedback(kind: .warning)
    public static let error = SensoryFeedback(kind: .error)
    public static let selection = SensoryFeedback(kind: .selection)
    public static let increase = SensoryFeedback(kind: .increase)
    public static let decrease = SensoryFeedback(kind: .decrease)
    public static let start = SensoryFeedback(kind: .start)
    public static let stop = SensoryFeedback(kind: .stop)
    public static let alignment = SensoryFeedback(kind: .alignment)
    public static let levelChange = SensoryFeedback(kind: .levelChange)
    public static let pathComplete = SensoryFeedback(kind: .pathComplete)
    /// A medium impact.
    public static let impact = SensoryFeedback(kind: .impactWeight(.medium, intensity: 1))

    /// An impact of `weight` at `intensity` (0…1).
    public static func impact(weight: Weight = .medium, intensity: Double = 1.0) -> SensoryFeedback {
        SensoryFeedback(kind: .impactWeight(weight, intensity: intensity))
    }

    /// An impact of `flexibility` at `intensity` (0…1).
    public static func impact(flexibility: Flexibility, intensity: Double = 1.0) -> SensoryFeedback {
        SensoryFeedback(kind: .impactFlexibility(flexibility, intensity: intensity))
    }

    /// The UIKit call SwiftUI makes for it on an iPhone: the generator's kind, the call and its
    /// arguments, the system's row it plays and the intensity; nil where SwiftUI plays nothing.
    /// The row is the one `swiftui:` names play (docs/feedback.md), so the two never differ.
    package var uikitCall: (generator: String, call: String, args: [(String, String)], row: String, intensity: Double)? {
        guard let row = FeedbackCall(family: .swiftui, name: tableName).iosRow else { return nil }
        let parts = row.split(separator: ".").map(String.init)
        switch (parts.first, kind) {
        case let ("impact", .impactWeight(_, intensity)), let ("impact", .impactFlexibility(_, intensity)):
            return ("UIImpactFeedbackGenerator", "impactOccurred(intensity:)", [("style", parts[1]), ("intensity", "\(intensity)")], row, intensity)
        case ("notification", _):
            return ("UINotificationFeedbackGenerator", "notificationOccurred(_:)", [("type", parts[1])], row, 1)
        default:
            return ("UISelectionFeedbackGenerator", "selectionChanged()", [], row, 1)
        }
    }

    /// Its name among the `swiftui:` calls (`success`, `impact.solid`).
    private var tableName: String {
        switch kind {
        case .impactWeight(let weight, _): return "impact.\(weight.name)"
        case .impactFlexibility(let flexibility, _): return "impact.\(flexibility.name)"
        default: return "\(kind)"
        }
    }

    /// Its name, as the log gives it (`success`, `impact(weight: heavy, intensity: 0.5)`).
    package var name: String {
        switch kind {
        case let .impactWeight(weight, intensity): return "impact(weight: \(weight.name), intensity: \(intensity))"
        case let .impactFlexibility(flexibility, intensity): return "impact(flexibility: \(flexibility.name), intensity: \(intensity))"
        default: return "\(kind)"
        }
    }
}

/// Plays sensory feedback as a SwiftUI view's feedback cache does: one UIKit generator per kind of
/// generator and style, made the first time it is needed, on the phone of the task that made it.
package final class SensoryFeedbackPlayer {
    private let phone = EmulatedPhone.shared
    /// The generators made so far, by generator kind and style (`UIImpactFeedbackGenerator heavy`).
    private var generators: [String: String] = [:]

    package init() {}

    /// Plays `feedback`; what SwiftUI plays nothing for is logged as silent.
    package func play(_ feedback: SensoryFeedback) {
        guard let call = feedback.uikitCall else {
            phone.recordCall(object: "SensoryFeedback", call: feedback.name, result: "silent")
            return
        }
        let key = call.generator + (call.args.first { $0.0 == "style" }.map { " " + $0.1 } ?? "")
        let name = generators[key] ?? phone.nextName(of: call.generator)
        generators[key] = name
        let intensity = min(max(call.intensity, 0), 1)
        phone.playSystemFeedback(object: name, call: call.call, args: call.args, pattern: call.row, scale: intensity.isNaN ? 0 : intensity)
    }
}
