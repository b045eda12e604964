import AudioCore
import HapticSynth

/// Passes blocks to another output on a second thread, a large chunk at a time, so that writing
/// (libsndfile, the system's copy into the file) overlaps rendering: what a render with two or
/// more threads does. Samples arrive in the same order and are the same; a write's failure is
/// thrown by a later `write` or by `finish()`.
final class BackgroundOutput: AudioOutput, @unchecked Sendable {
    let format: AudioFormat
    private let wrapped: any AudioOutput
    private let worker = WorkerThread()
    /// Frames gathered before a chunk is handed over (64 Ki frames: a few hundred hand-overs for a
    /// 10-minute render, each far longer than the hand-over itself).
    static let chunkFrames = 65_536
    /// The chunk being filled and the one being written.
    private var filling: [Float] = []
    private var writing: [Float] = []
    private var isWriting = false
    /// The first failed write's error, set on the writing thread.
    private let failure = FailureBox()

    init(_ wrapped: any AudioOutput) {
        self.wrapped = wrapped
        format = wrapped.format
        filling.reserveCapacity(Self.chunkFrames * format.channelCount)
        writing.reserveCapacity(Self.chunkFrames * format.channelCount)
    }

    /// Waits for a write in flight, then stops the thread (the job never holds this object, so
    /// the last reference always goes on its owner's thread).
    deinit { worker.shutDown() }

    func write(_ samples: UnsafeBufferPointer<Float>) throws {
        filling.append(contentsOf: samples)
        if filling.count >= Self.chunkFrames * format.channelCount { try handOver() }
    }

    /// Writes everything gathered and waits for it (the wrapped output is not finished).
    func flush() throws {
        try handOver()
        try waitForWriting()
    }

    func finish() throws {
        try flush()
        try wrapped.finish()
    }

    /// Waits for the chunk being written, then starts writing the gathered one.
    private func handOver() throws {
        try waitForWriting()
        guard !filling.isEmpty else { return }
        swap(&filling, &writing)
        filling.removeAll(keepingCapacity: true)
        isWriting = true
        let chunk = writing, wrapped = self.wrapped, failure = self.failure
        worker.post {
            guard failure.error == nil else { return }
            do {
                try chunk.withUnsafeBufferPointer { try wrapped.write($0) }
            } catch {
                failure.error = error
            }
        }
    }

    private func waitForWriting() throws {
        if isWriting {
            worker.wait()
            isWriting = false
        }
        if let error = failure.error { throw error }
    }
}

/// Where the writing thread leaves an error for the caller (read only after the write is waited for).
private final class FailureBox: @unchecked Sendable {
    var error: (any Error)?
}
