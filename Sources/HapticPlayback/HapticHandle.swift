/// The caller's view of one playback: whether it is still active, its failure, a way to cancel it
/// and to wait for it (docs/playback.md).
public final class HapticHandle: Sendable {
    let session: PlaybackSession

    init(session: PlaybackSession) {
        self.session = session
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
        let (errors, resumptions) = session.cancel(recording: false)
        resumptions.forEach { $0() }
        if let error = HapticPlaybackError.combining(errors) { throw error }
    }

    /// Cancels like `cancel()`, but keeps cancel failures on the session's `failure` instead of
    /// throwing them (a trigger replacing this playback).
    func cancelKeepingFailures() {
        session.cancel(recording: true).resumptions.forEach { $0() }
    }

    /// Returns when the session ends: normally when it completed, was cancelled or was replaced
    /// without a failure; throws its failure otherwise, and `CancellationError` when the waiting
    /// task is cancelled (which cancels the playback).
    public func completion() async throws {
        try await session.waitForEnd()
    }
}
