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
    /// What the writing thread shares with the caller (never this object: its last reference
    /// always goes on its owner's thread, which stops the writing thread).
    private let shared: Shared
    private let writer = SerialThread()
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
        shared = Shared(wrapped, places: max(1, maxPending))
        filling.reserveCapacity(self.chunkFrames * format.channelCount)
    }

    /// Waits for the chunks in flight and stops the writing thread, then gives back the places
    /// taken and not used (a semaphore must end as it began).
    deinit {
        writer.shutDown()
        releaseReserved()
    }

    /// Why writing stopped, once a write failed.
    var failure: (any Error)? { shared.failure }

    /// Takes a place for one hand-over without waiting; false when `maxPending` chunks wait already.
    func reserve() -> Bool {
        guard shared.room.wait(timeout: .now()) == .success else { return false }
        reserved += 1
        return true
    }

    /// Waits until a hand-over would have a place (call with no lock held).
    func waitForRoom() {
        shared.room.wait()
        shared.room.signal()
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
        writer.waitForJobs()
        if let failure { throw failure }
    }

    func finish() throws {
        defer { releaseReserved() }
        try flush()
        try shared.wrapped.finish()
    }

    /// Gives back the places `reserve()` took that no hand-over used.
    private func releaseReserved() {
        while reserved > 0 {
            reserved -= 1
            shared.room.signal()
        }
    }

    /// Hands the gathered chunk to the writing thread, in a place `reserve()` took or one it
    /// waits for; the next chunk fills a spare's storage.
    private func handOver() {
        guard !filling.isEmpty else { return }
        if reserved > 0 { reserved -= 1 } else { shared.room.wait() }
        let handed = Chunk()
        swap(&handed.samples, &filling)
        if let spare = shared.takeSpare() { filling = spare }
        let shared = self.shared
        writer.post { shared.write(handed) }
    }
}

/// What a background output's caller and its writing thread share: the output, the places for
/// chunks in flight, the first failure, and the storage of chunks written.
private final class Shared: @unchecked Sendable {
    let wrapped: any AudioOutput
    /// A place for each chunk in flight.
    let room: DispatchSemaphore
    private let lock = RecursiveLock()
    private var failed: (any Error)?
    /// Chunks written and given back, their storage kept for the next ones: a fresh chunk would
    /// fault its pages in again at every hand-over.
    private var spares: [[Float]] = []

    init(_ wrapped: any AudioOutput, places: Int) {
        self.wrapped = wrapped
        room = DispatchSemaphore(value: places)
    }

    var failure: (any Error)? { lock.withLock { failed } }

    func takeSpare() -> [Float]? { lock.withLock { spares.popLast() } }

    /// Writes a chunk (on the writing thread), keeps its storage and frees its place.
    func write(_ handed: Chunk) {
        defer { room.signal() }
        var chunk: [Float] = []
        swap(&chunk, &handed.samples)
        if failure == nil {
            do {
                try chunk.withUnsafeBufferPointer { try wrapped.write($0) }
            } catch {
                lock.withLock { failed = error }
                (wrapped as? any ClosableOutput)?.close()
            }
        }
        chunk.removeAll(keepingCapacity: true)
        lock.withLock { spares.append(chunk) }
    }
}

/// A chunk on its way to the writing thread, which alone touches it after the hand-over.
private final class Chunk: @unchecked Sendable {
    var samples: [Float] = []
}

/// A thread of its own that runs the jobs posted to it, in order (not a pool's thread: a render
/// keeps one writing thread and its memory, whatever its length).
private final class SerialThread: @unchecked Sendable {
    private let lock = RecursiveLock()
    private var jobs: [@Sendable () -> Void] = []
    private var quitting = false
    /// One signal per job posted, and one to quit.
    private let wake = DispatchSemaphore(value: 0)
    private var thread = pthread_t()

    init() {
        // The thread holds this object until its loop ends.
        let context = Unmanaged.passRetained(self).toOpaque()
        let created = pthread_create(&thread, nil, { context in
            Unmanaged<SerialThread>.fromOpaque(context!).takeRetainedValue().loop()
            return nil
        }, context)
        precondition(created == 0, "cannot start a thread: \(String(cString: strerror(created)))")
    }

    func post(_ job: @escaping @Sendable () -> Void) {
        lock.withLock { jobs.append(job) }
        wake.signal()
    }

    /// Waits until every job posted before has run.
    func waitForJobs() {
        let done = DispatchSemaphore(value: 0)
        post { done.signal() }
        done.wait()
    }

    /// Runs the jobs posted, then stops the thread and waits for it.
    func shutDown() {
        lock.withLock { quitting = true }
        wake.signal()
        pthread_join(thread, nil)
    }

    private func loop() {
        while true {
            wake.wait()
            let (job, quit): ((@Sendable () -> Void)?, Bool) = lock.withLock { jobs.isEmpty ? (nil, quitting) : (jobs.removeFirst(), false) }
            if let job { job() } else if quit { return }
        }
    }
}
