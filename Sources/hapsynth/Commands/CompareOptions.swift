import AudioCore
import HapticCore

/// The tolerance options of `compare` and `check`, and how their figures are shown.
enum CompareOptions {
    static let specs = [
        OptionSpec(name: "--max-abs-error", valueName: "X", help: "Largest allowed sample difference (default 1e-4)."),
        OptionSpec(name: "--min-snr-db", valueName: "X", help: "Smallest allowed SNR in dB (default 90)."),
        OptionSpec(name: "--json", valueName: nil, help: "Print the results as one JSON document."),
    ]

    /// The tolerance the arguments describe, on top of `base` (the defaults, or a suite's).
    static func tolerance(
        _ arguments: ParsedArguments, command: String, base: WaveformComparison.Tolerance = WaveformComparison.Tolerance()
    ) throws(CLIError) -> WaveformComparison.Tolerance {
        var tolerance = base
        if let text = arguments.value("--max-abs-error") {
            guard let value = DecimalNumber.parse(text), value >= 0 else {
                throw .usage("--max-abs-error needs a number ≥ 0, got '\(text)'", command: command)
            }
            tolerance.maxAbsError = value
        }
        if let text = arguments.value("--min-snr-db") {
            guard let value = DecimalNumber.parse(text) else {
                throw .usage("--min-snr-db needs a number, got '\(text)'", command: command)
            }
            tolerance.minSNRdB = value
        }
        return tolerance
    }

    /// The `compare --json` keys, in order.
    static func json(_ comparison: WaveformComparison) -> JSONOutput {
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
    static func figures(_ comparison: WaveformComparison) -> String {
        let first = comparison.firstDifferingFrame.map { "first differing frame \($0)" } ?? "no differing frame"
        let snr = comparison.snrDb.map { "\(RenderCommand.fixed($0, 1)) dB" } ?? "inf dB"
        var text = "\(first), max abs error \(comparison.maxAbsError) at frame \(comparison.maxAbsErrorFrame), "
            + "RMS error \(comparison.rmsError), SNR \(snr)"
        if comparison.expectedFrames != comparison.actualFrames {
            text += ", lengths \(comparison.expectedFrames) and \(comparison.actualFrames) frames"
        }
        return text
    }
}
