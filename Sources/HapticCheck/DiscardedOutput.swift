import AudioCore

/// Takes samples and keeps none: a render measured for its summary only (`check`'s clamping of
/// players alone, lint's peaks).
final class DiscardedOutput: AudioOutput {
    let format: AudioFormat
    init(format: AudioFormat) { self.format = format }
    func write(_ samples: UnsafeBufferPointer<Float>) throws {}
    func finish() throws {}
}
