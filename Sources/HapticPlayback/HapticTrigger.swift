import Foundation
import HapticCore
import HapticPlanner

/// Plays a pattern whenever its key changes (SPEC.md §4 "Triggers"), like a Jindong trigger in a
/// composition: the first key plays only when `playOnInitial` is true; each later change plays,
/// and starting it cancels the previous playback (the executor keeps one current session).
public final class HapticTrigger<Key: Equatable & Sendable>: @unchecked Sendable {
    private let executor: HapticExecutor
    private let playOnInitial: Bool
    private let lock = NSLock()
    private var lastKey: Key?
    private var hasKey = false

    public init(executor: HapticExecutor, playOnInitial: Bool = true) {
        self.executor = executor
        self.playOnInitial = playOnInitial
    }

    /// Offers the current key; plays `plan` when the key changed (or is the first, with
    /// `playOnInitial`). Returns the new playback's handle, or nil when nothing was played.
    /// `plan` is only evaluated when it will be played.
    @discardableResult
    public func update(_ key: Key, plan: () throws -> PlaybackPlan) throws -> HapticHandle? {
        let shouldPlay: Bool = lock.withLock {
            let isFirst = !hasKey
            guard isFirst || lastKey != key else { return false }
            hasKey = true
            lastKey = key
            return isFirst ? playOnInitial : true
        }
        return shouldPlay ? try executor.play(plan()) : nil
    }

    /// `update(_:plan:)` for a pattern, planned for the executor's device.
    @discardableResult
    public func update(_ key: Key, pattern: () throws -> Pattern) throws -> HapticHandle? {
        try update(key) { try plan(pattern(), capabilities: executor.capabilities) }
    }
}
