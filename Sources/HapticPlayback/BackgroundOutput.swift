import AudioCore
import Dispatch

/// The one background writer: passes samples to another output on a thread of its own, a chunk
/// at a time, so that writing (libsndfile, the system's copy into a file, ALSA's wait for the
/// sound card) overlaps rendering. Samples arrive in the same order and are the same.
///
/// A render job's file sink gathers large chunks with one in flight (`chunkFrames` 64 Ki,
/// `maxPending` 1); the emulated device's live output hands each block over as it is written,
/// with up to 64 in flight, and takes a place before it renders one (`reserve()`), so that its
/// lock never waits for the output. A write's failure closes a closable output (a sound card) and
/// is thrown by a later `write` or by `finish()`.
final class BackgroundOutput: AudioOutput, @unchecked Sendable {
    let format: AudioFormat
    private let wrapped: any AudioOutput
    private let writer = DispatchQueue(label: "hapsynth background output")
    /// Frames gathered before a chunk is handed over.
    private let chunkFrames: Int
    /// A place for each chunk in flight.
    private let room: DispatchSemaphore
    /// Places taken by `reserve()` and not yet used by a hand-over (the caller's thread only).
    private var reserved = 0
    /// The chunk being filled.
    private var filling: [Float] = []
    private let failureLock = RecursiveLock()
    private var failed: (any Error)?

    /// A file's chunks: 64 Ki frames, a few hundred hand-overs for a 10-minute render, each far
    /// longer than the hand-over itself.
    static let fileChunkFrames = 65_536

    /// - Parameters:
    ///   - chunkFrames: frames gathered before a hand-over (1: each write at once).
    ///   - maxPending: chunks handed over and not yet written, at most.
    init(_ wrapped: any AudioOutput, chunkFrames: Int = BackgroundOutput.fileChunkFrames, maxPending: Int = 1) {
        self.wrapped = wrapped
        format = wrapped.format
        self.chunkFrames = max(1, chunkFrames)
        room = DispatchSemaphore(value: max(1, maxPending))
    }

    /// Why writing stopped, once a write failed.
    var failure: (any Error)? { failureLock.withLock { failed } }

    /// Takes a place for one hand-over without waiting; false when `maxPending` chunks wait already.
    func reserve() -> Bool {
        guard room.wait(timeout: .now()) == .success else { return false }
        reserved += 1
        return true
    }

    /// Waits until a hand-over would have a place (call with no lock held).
    func waitForRoom() {
        room.wait()
        room.signal()
    }

    /// Gives back the places taken and not used (a semaphore must end as it began).
    deinit {
        for _ in 0..<reserved { room.signal() }
    }

    func write(_ samples: UnsafeBufferPointer<Float>) throws {
        if let failure {
            releaseReserved()
            throw failure
        }
        filling.append(contentsOf: samples)
        if filling.count >= chunkFrames * format.channelCount { handOver() }
    }

    /// Writes everything gathered and waits for it (the wrapped output is not finished).
    func flush() throws {
        handOver()
        writer.sync {}
        if let failure { throw failure }
    }

    func finish() throws {
        defer { releaseReserved() }
        try flush()
        try wrapped.finish()
    }

    /// Gives back the places `reserve()` took that no hand-over used.
    private func releaseReserved() {
        while reserved > 0 {
            reserved -= 1
            room.signal()
        }
    }

    /// Hands the gathered chunk to the writing thread, in a place `reserve()` took or one it
    /// waits for.
    private func handOver() {
        guard !filling.isEmpty else { return }
        if reserved > 0 { reserved -= 1 } else { room.wait() }
        let chunk = filling
        filling.removeAll(keepingCapacity: true)
        writer.async { [self] in
            defer { room.signal() }
            guard failure == nil else { return }
            do {
                try chunk.withUnsafeBufferPointer { try wrapped.write($0) }
            } catch {
                failureLock.withLock { failed = error }
                (wrapped as? any ClosableOutput)?.close()
            }
        }
    }
}
