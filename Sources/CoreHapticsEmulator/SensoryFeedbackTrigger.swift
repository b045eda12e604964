import SwiftUI

/// What `.sensoryFeedback(_:trigger:)` does, without a view graph (docs/feedback.md, "SwiftUI in
/// tests"): SwiftUI's trigger rule — the feedback plays when the trigger's value changes, never for
/// its first value — with SwiftUI's three forms (a feedback; a feedback and a condition on the old
/// and new values; a closure that picks the feedback, or none), played on the emulated iPhone of the
/// task that makes it through the generators SwiftUI uses. hapsynth's own type: SwiftUI has no
/// public one.
public struct SensoryFeedbackTrigger<Value: Equatable> {
    /// The trigger's value now.
    public private(set) var value: Value
    private let choose: (Value, Value) -> SensoryFeedback?
    private let player = SensoryFeedbackPlayer()

    /// `.sensoryFeedback(feedback, trigger: value)`: plays `feedback` whenever the value changes.
    public init(_ feedback: SensoryFeedback, trigger value: Value) {
        self.value = value
        choose = { _, _ in feedback }
    }

    /// `.sensoryFeedback(feedback, trigger: value, condition:)`: plays `feedback` when the value
    /// changes and `condition(old, new)` holds.
    public init(_ feedback: SensoryFeedback, trigger value: Value, condition: @escaping (Value, Value) -> Bool) {
        self.value = value
        choose = { condition($0, $1) ? feedback : nil }
    }

    /// `.sensoryFeedback(trigger: value) { old, new in … }`: plays what `feedback(old, new)` gives
    /// when the value changes (nothing for nil).
    public init(trigger value: Value, _ feedback: @escaping (Value, Value) -> SensoryFeedback?) {
        self.value = value
        choose = feedback
    }

    /// The trigger's value as the view's next update gives it: when it differs from the last one,
    /// the feedback the rule picks plays now. Returns what played (nil: nothing).
    @discardableResult
    public mutating func update(to newValue: Value) -> SensoryFeedback? {
        guard newValue != value else { return nil }
        let old = value
        value = newValue
        guard let feedback = choose(old, newValue) else { return nil }
        player.play(feedback)
        return feedback
    }
}
