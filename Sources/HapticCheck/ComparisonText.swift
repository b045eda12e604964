import AudioCore
import HapticCore

/// A waveform comparison's figures as people and programs read them (`compare`, `check`).
package enum ComparisonText {
    /// The JSON keys of a comparison, in order (`compare --json`, `check --json`).
    package static func json(_ comparison: WaveformComparison) -> JSONOutput {
        .object([
            ("expectedFrames", .integer(comparison.expectedFrames)),
            ("actualFrames", .integer(comparison.actualFrames)),
            ("rate", .integer(Int64(comparison.sampleRate))),
            ("channels", .integer(Int64(comparison.channelCount))),
            ("maxAbsError", .double(comparison.maxAbsError)),
            ("maxAbsErrorFrame", .integer(comparison.maxAbsErrorFrame)),
            ("rmsError", .double(comparison.rmsError)),
            // null means infinite (no error energy); a silent expected file gives the lowest double.
            ("snrDb", comparison.snrDb.map { .double($0.isFinite ? $0 : -.greatestFiniteMagnitude) } ?? .null),
            ("firstDifferingFrame", comparison.firstDifferingFrame.map { .integer($0) } ?? .null),
            ("pass", .bool(comparison.pass)),
        ])
    }

    /// `first differing frame 1234, max abs error 0.001 at frame 1240, RMS error 2.1e-05, SNR 61.3 dB`.
    package static func figures(_ comparison: WaveformComparison) -> String {
        let first = comparison.firstDifferingFrame.map { "first differing frame \($0)" } ?? "no differing frame"
        let snr = comparison.snrDb.map { "\(NumberText.fixed($0, 1)) dB" } ?? "inf dB"
        var text = "\(first), max abs error \(comparison.maxAbsError) at frame \(comparison.maxAbsErrorFrame), "
            + "RMS error \(comparison.rmsError), SNR \(snr)"
        if comparison.expectedFrames != comparison.actualFrames {
            text += ", lengths \(comparison.expectedFrames) and \(comparison.actualFrames) frames"
        }
        return text
    }
}
