import FoundationEssentials
import Glibc
import HapticCore
import HapticPlanner

/// Plays a pattern whenever its key changes (docs/playback.md "Triggers"), like a Jindong trigger in a
/// composition: the first key plays only when `playOnInitial` is true; each later change cancels
/// the previous playback and plays.
public final class HapticTrigger<Key: Equatable & Sendable>: @unchecked Sendable {
    private let playOnInitial: Bool
    private let start: @Sendable (PlaybackPlan) throws -> HapticHandle
    private let capabilities: DeviceCapabilities
    private let lock = RecursiveLock()
    private var lastKey: Key?
    private var hasKey = false
    private var previous: HapticHandle?

    /// A trigger that plays on `executor`.
    public convenience init(executor: HapticExecutor, playOnInitial: Bool = true) {
        self.init(playOnInitial: playOnInitial, capabilities: executor.capabilities) { try executor.play($0) }
    }

    /// A trigger that plays with `play` (for example a fresh device per playback).
    public init(
        playOnInitial: Bool = true, capabilities: DeviceCapabilities = .iPhone,
        play: @escaping @Sendable (PlaybackPlan) throws -> HapticHandle
    ) {
        self.playOnInitial = playOnInitial
        self.capabilities = capabilities
        start = play
    }

    /// Offers the current key; when it changed (or is the first, with `playOnInitial`), cancels the
    /// previous playback and plays `plan`. Returns the new playback's handle, or nil when nothing
    /// was played. `plan` is only evaluated when it will be played. A failure to cancel the
    /// previous playback never stops the new one: it stays on the previous handle's `failure`.
    @discardableResult
    public func update(_ key: Key, plan: () throws -> PlaybackPlan) throws -> HapticHandle? {
        try lock.withLock {
            let isFirst = !hasKey
            guard isFirst || lastKey != key else { return nil }
            hasKey = true
            lastKey = key
            guard !isFirst || playOnInitial else { return nil }
            previous?.cancelKeepingFailures()
            let handle = try start(plan())
            previous = handle
            return handle
        }
    }

    /// `update(_:plan:)` for a pattern, planned for the trigger's device.
    @discardableResult
    public func update(_ key: Key, pattern: () throws -> Pattern) throws -> HapticHandle? {
        try update(key) { try HapticPlanner.plan(pattern(), capabilities: capabilities) }
    }
}
