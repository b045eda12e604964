import AudioCore

/// Where the emulated device's blocks play as it renders them (`HAPSYNTH_COREHAPTICS_PLAY`): the
/// haptics plus each audio channel, clamped, in stereo — the render job's `mix`, composed by the
/// same composer into the same background writer, a block at a time. A block is rendered only
/// once it has a place (`reserve()`), at most `maxPendingBlocks` wait to be written, and a render
/// far ahead of the device stops and waits for a place outside the lock (`waitForRoom()`), as a
/// device paces what plays on it.
final class LiveOutput {
    private let background: BackgroundOutput
    private var composer = SinkComposer()

    /// Blocks handed over and not yet written, at most (64: a third of a second of the 5 ms blocks
    /// of the realtime clock; up to 5 s of the largest blocks a virtual clock renders).
    static let maxPendingBlocks = 64

    init(_ output: any AudioOutput) { background = BackgroundOutput(output, chunkFrames: 1, maxPending: Self.maxPendingBlocks) }

    /// Why it stopped, once a write failed.
    var failure: (any Error)? { background.failure }

    /// Takes a place for one block without waiting; false when `maxPendingBlocks` wait already.
    func reserve() -> Bool { background.reserve() }

    /// Waits until a block would have a place (call with no lock held).
    func waitForRoom() { background.waitForRoom() }

    /// Hands a block over to be written in the place `reserve()` took; false (the output closed)
    /// once a write has failed.
    func write(_ block: DeviceBlock) -> Bool {
        let sources = SinkSources(haptic: block.haptics, right: [], audioLeft: block.left, audioRight: block.right, hasIOS: true)
        do {
            try composer.write(block.haptics.count, .mix, sources, to: background)
            return true
        } catch {
            return false
        }
    }

    /// Lets the output play out what it holds and closes it.
    func finish() { try? background.finish() }
}
