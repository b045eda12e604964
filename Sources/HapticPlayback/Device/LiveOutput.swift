import AudioCore
import Dispatch

/// Where the emulated device's blocks play as it renders them (`HAPSYNTH_COREHAPTICS_PLAY`): the
/// haptics plus each audio channel, clamped, in stereo — the render job's `mix`, composed by the
/// same code. Blocks are written on a thread of their own, so the device's lock never waits for
/// the output: a block is rendered only once it has a place (`reserve()`), at most
/// `maxPendingBlocks` wait to be written, and a render far ahead of the device stops and waits for
/// a place outside the lock (`waitForRoom()`), as a device paces what plays on it.
final class LiveOutput: @unchecked Sendable {
    private let output: any AudioOutput
    private var composer = SinkComposer()
    private let writer = DispatchQueue(label: "hapsynth emulated device output")
    private let room = DispatchSemaphore(value: LiveOutput.maxPendingBlocks)
    private let failureLock = RecursiveLock()
    private var failed: (any Error)?

    /// Blocks handed over and not yet written, at most (64: a third of a second of the 5 ms blocks
    /// of the realtime clock; up to 5 s of the largest blocks a virtual clock renders).
    static let maxPendingBlocks = 64

    init(_ output: any AudioOutput) { self.output = output }

    /// Why it stopped, once a write failed.
    var failure: (any Error)? { failureLock.withLock { failed } }

    /// Takes a place for one block without waiting; false when `maxPendingBlocks` wait already.
    func reserve() -> Bool { room.wait(timeout: .now()) == .success }

    /// Waits until a block would have a place (call with no lock held).
    func waitForRoom() {
        room.wait()
        room.signal()
    }

    /// Hands a block over to be written in the place `reserve()` took; false (the output closed)
    /// once a write has failed.
    func write(_ block: DeviceBlock) -> Bool {
        guard failure == nil else {
            room.signal()
            return false
        }
        let sources = SinkSources(haptic: block.haptics, right: [], audioLeft: block.left, audioRight: block.right, hasIOS: true)
        writer.async { [self] in
            defer { room.signal() }
            guard failure == nil else { return }
            do {
                try composer.write(sources.haptic.count, .mix, sources, to: output)
            } catch {
                failureLock.withLock { failed = error }
                (output as? any ClosableOutput)?.close()
            }
        }
        return true
    }

    /// Lets the output play out what it holds and closes it.
    func finish() {
        writer.sync {
            if failure == nil { try? output.finish() }
        }
    }
}
