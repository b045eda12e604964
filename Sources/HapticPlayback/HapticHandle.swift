/// The caller's view of one playback: whether it is still active, its failure, a way to cancel it
/// and to wait for it (SPEC.md §4).
public final class HapticHandle: Sendable {
    let session: PlaybackSession
    private let onCancel: @Sendable (PlaybackSession) -> Void

    init(session: PlaybackSession, onCancel: @escaping @Sendable (PlaybackSession) -> Void) {
        self.session = session
        self.onCancel = onCancel
    }

    /// Whether the playback is still going: current, not cancelled or failed, and either before its
    /// logical deadline or with a player that has not completed.
    public var isActive: Bool { session.isActive }

    /// A native player failure reported after start, or a cleanup failure during an engine reset or
    /// stop; kept after the session ends. Carried as a `HapticPlaybackError`.
    public var failure: (any Error)? { session.failure }

    /// Cancels every player of the session, trying all of them even when one fails, then throws
    /// the first cancel error with the later ones suppressed. Does nothing once the session ended.
    public func cancel() throws {
        let (errors, resumptions): ([any Error], [@Sendable () -> Void]) = session.lock.withLock {
            guard !session.ended else { return ([], []) }
            let errors = session.cancelPlayers()
            onCancel(session)
            return (errors, session.end())
        }
        resumptions.forEach { $0() }
        if let error = HapticPlaybackError.combining(errors) { throw error }
    }

    /// Returns when the session ends: normally when it completed, was cancelled or was replaced
    /// without a failure; throws its failure otherwise, and `CancellationError` when the waiting
    /// task is cancelled (which cancels the playback).
    public func completion() async throws {
        try await session.waitForEnd()
    }
}
