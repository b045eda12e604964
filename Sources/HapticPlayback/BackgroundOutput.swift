import AudioCore
import Dispatch
import Glibc

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
    /// The writing thread and what it shares with the caller (never this object: its last
    /// reference always goes on its owner's thread, which stops the writing thread).
    private let writer: WritingThread
    /// Frames gathered before a chunk is handed over.
    private let chunkFrames: Int
    /// Places taken by `reserve()` and not yet used by a hand-over (the caller's thread only).
    private var reserved = 0
    /// The chunk being filled.
    private var filling: [Float] = []

    /// A file's chunks: 64 Ki frames, a few hundred hand-overs for a 10-minute render, each far
    /// longer than the hand-over itself.
    static let fileChunkFrames = 65_536

    /// - Parameters:
    ///   - chunkFrames: frames gathered before a hand-over (1: each write at once).
    ///   - maxPending: chunks handed over and not yet written, at most.
    init(_ wrapped: any AudioOutput, chunkFrames: Int = BackgroundOutput.fileChunkFrames, maxPending: Int = 1) {
        format = wrapped.format
        self.chunkFrames = max(1, chunkFrames)
        writer = WritingThread(wrapped, places: max(1, maxPending))
        filling.reserveCapacity(self.chunkFrames * format.channelCount)
    }

    /// Waits for the chunks in flight and stops the writing thread, then gives back the places
    /// taken and not used (a semaphore must end as it began).
    deinit {
        writer.shutDown()
        releaseReserved()
    }

    /// Why writing stopped, once a write failed.
    var failure: (any Error)? { writer.failure }

    /// Takes a place for one hand-over without waiting; false when `maxPending` chunks wait already.
    func reserve() -> Bool {
        guard writer.room.wait(timeout: .now()) == .success else { return false }
        reserved += 1
        return true
    }

    /// Waits until a hand-over would have a place (call with no lock held).
    func waitForRoom() {
        writer.room.wait()
        writer.room.signal()
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
        writer.waitForChunks()
        if let failure { throw failure }
    }

    func finish() throws {
        defer { releaseReserved() }
        try flush()
        try writer.wrapped.finish()
    }

    /// Gives back the places `reserve()` took that no hand-over used.
    private func releaseReserved() {
        while reserved > 0 {
            reserved -= 1
            writer.room.signal()
        }
    }

    /// Hands the gathered chunk to the writing thread, in a place `reserve()` took or one it
    /// waits for; the next chunk fills the storage of one written before.
    private func handOver() {
        guard !filling.isEmpty else { return }
        if reserved > 0 { reserved -= 1 } else { writer.room.wait() }
        var chunk = writer.takeSpare() ?? []
        swap(&chunk, &filling)
        writer.post(chunk)
    }
}

/// A background output's writing thread, a thread of its own (not a pool's: a render keeps one
/// thread and its memory whatever its length): it writes the chunks handed to it in order, keeps
/// their storage for the next ones (a fresh chunk would fault its pages in again at every
/// hand-over), frees a place for each, and keeps the first failure.
private final class WritingThread: @unchecked Sendable {
    /// A chunk to write (the next of `chunks`), or a caller waiting for the chunks before it.
    private enum Job {
        case write
        case mark(DispatchSemaphore)
    }

    let wrapped: any AudioOutput
    /// A place for each chunk in flight.
    let room: DispatchSemaphore
    private let lock = RecursiveLock()
    private var failed: (any Error)?
    private var spares: [[Float]] = []
    private var jobs: [Job] = []
    /// The chunks the `write` jobs write, in order (taken out whole, so their storage is kept).
    private var chunks: [[Float]] = []
    private var quitting = false
    /// One signal per job, and one to quit.
    private let wake = DispatchSemaphore(value: 0)
    private var thread = pthread_t()

    init(_ wrapped: any AudioOutput, places: Int) {
        self.wrapped = wrapped
        room = DispatchSemaphore(value: places)
        // The thread holds this object until its loop ends.
        let context = Unmanaged.passRetained(self).toOpaque()
        let created = pthread_create(&thread, nil, { context in
            Unmanaged<WritingThread>.fromOpaque(context!).takeRetainedValue().loop()
            return nil
        }, context)
        precondition(created == 0, "cannot start a thread: \(String(cString: strerror(created)))")
    }

    var failure: (any Error)? { lock.withLock { failed } }

    /// The storage of a chunk written, emptied, if one is kept.
    func takeSpare() -> [Float]? { lock.withLock { spares.popLast() } }

    /// Writes `chunk` after those handed over before.
    func post(_ chunk: [Float]) {
        lock.withLock { chunks.append(chunk) }
        add(.write)
    }

    /// Waits until every chunk handed over before is written.
    func waitForChunks() {
        let done = DispatchSemaphore(value: 0)
        add(.mark(done))
        done.wait()
    }

    /// Writes what was handed over, then stops the thread and waits for it.
    func shutDown() {
        lock.withLock { quitting = true }
        wake.signal()
        pthread_join(thread, nil)
    }

    private func add(_ job: Job) {
        lock.withLock { jobs.append(job) }
        wake.signal()
    }

    private func loop() {
        while true {
            wake.wait()
            let (job, quit): (Job?, Bool) = lock.withLock { jobs.isEmpty ? (nil, quitting) : (jobs.removeFirst(), false) }
            switch job {
            case .write?:
                var chunk = lock.withLock { chunks.removeFirst() }
                write(chunk)
                chunk.removeAll(keepingCapacity: true)
                lock.withLock { spares.append(chunk) }
                room.signal()
            case .mark(let done)?: done.signal()
            case nil: if quit { return }
            }
        }
    }

    private func write(_ chunk: [Float]) {
        guard failure == nil else { return }
        do {
            try chunk.withUnsafeBufferPointer { try wrapped.write($0) }
        } catch {
            lock.withLock { failed = error }
            (wrapped as? any ClosableOutput)?.close()
        }
    }
}
