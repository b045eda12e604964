import AudioCore

/// Where the emulated device's blocks play as it renders them (`HAPSYNTH_COREHAPTICS_PLAY`): the
/// haptics plus each audio channel, clamped, in stereo — the render job's `mix`, composed by the
/// same code.
final class LiveOutput {
    private let output: any AudioOutput
    private var composer = SinkComposer()
    /// Why it stopped, once a write failed.
    private(set) var failure: (any Error)?

    init(_ output: any AudioOutput) { self.output = output }

    /// Writes a block; false (and the output closed) when the output failed.
    func write(_ block: DeviceBlock) -> Bool {
        do {
            let sources = SinkSources(haptic: block.haptics, right: [], audioLeft: block.left, audioRight: block.right, hasIOS: true)
            try composer.write(block.haptics.count, .mix, sources, to: output)
            return true
        } catch {
            failure = error
            (output as? any ClosableOutput)?.close()
            return false
        }
    }

    /// Lets the output play out what it holds and closes it.
    func finish() { try? output.finish() }
}
