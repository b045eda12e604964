import AudioCore
import HapticCore

/// A waveform comparison's figures as people and programs read them (`compare`, `check`).
package enum ComparisonText {
    /// The JSON keys of a comparison, in order (`compare --json`, `check --json`).
    package static func json(_ comparison: WaveformComparison) -> JSONOutput {
        let silenced: [(String, JSONOutput)] = comparison.silencedExpected + comparison.silencedActual == 0 ? [] : [
            ("silencedSamples", .object([("expected", .integer(Int64(comparison.silencedExpected))), ("actual", .integer(Int64(comparison.silencedActual)))])),
        ]
        return .object([
            ("expectedFrames", .integer(comparison.expectedFrames)),
            ("actualFrames", .integer(comparison.actualFrames)),
            ("rate", .integer(Int64(comparison.sampleRate))),
            ("channels", .integer(Int64(comparison.channelCount))),
            ("maxAbsError", .double(comparison.maxAbsError)),
            ("maxAbsErrorFrame", .integer(comparison.maxAbsErrorFrame)),
            ("rmsError", .double(comparison.rmsError)),
            // null means infinite: no error energy (+∞), or a silent expected file (−∞).
            ("snrDb", comparison.snrDb.flatMap { $0.isFinite ? .double($0) : nil } ?? .null),
            ("firstDifferingFrame", comparison.firstDifferingFrame.map { .integer($0) } ?? .null),
        ] + silenced + [
            ("pass", .bool(comparison.pass)),
        ])
    }

    /// The JSON of a comparison judged by the perceptual gate: the sample-exact figures, their
    /// verdict as `sampleExactPass`, `gate`, the `perceptual` object, and the gate's `pass`.
    package static func json(_ comparison: WaveformComparison, perceptual: PerceptualComparison) -> JSONOutput {
        guard case .object(let members) = json(comparison) else { return json(comparison) }
        return .object(members.filter { $0.0 != "pass" } + [
            ("sampleExactPass", .bool(comparison.pass)),
            ("gate", .string("perceptual")),
            ("perceptual", PerceptualText.json(perceptual)),
            ("pass", .bool(perceptual.pass)),
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

    /// The text report: figures to 4 significant digits, positions as frame and time, each limit
    /// beside its figure, and the verdict with every reason it failed (the JSON keeps full precision).
    package static func report(_ comparison: WaveformComparison, tolerance: WaveformComparison.Tolerance) -> String {
        let figure = { (value: Double) in NumberText.significant(value) }
        func at(_ frame: Int64) -> String {
            "frame \(frame) = \(figure(Double(frame) * 1000 / Double(comparison.sampleRate))) ms"
        }
        var reasons: [String] = []
        if comparison.expectedFrames != comparison.actualFrames {
            reasons.append("the lengths differ (\(comparison.expectedFrames) and \(comparison.actualFrames) frames)")
        }
        var maxLine = "max abs error: \(figure(comparison.maxAbsError)) at \(at(comparison.maxAbsErrorFrame)) "
            + "(limit \(figure(tolerance.maxAbsError))"
        if !(comparison.maxAbsError <= tolerance.maxAbsError) {
            maxLine += ", over by \(figure(comparison.maxAbsError - tolerance.maxAbsError))"
            reasons.append("max abs error \(figure(comparison.maxAbsError)) is above the limit \(figure(tolerance.maxAbsError))")
        }
        maxLine += ")"
        var snrLine = "SNR: " + (comparison.snrDb.map { "\(figure($0)) dB" } ?? "inf") + " (limit \(figure(tolerance.minSNRdB)) dB"
        if let snr = comparison.snrDb, !(snr >= tolerance.minSNRdB) {
            snrLine += ", short by \(figure(tolerance.minSNRdB - snr)) dB"
            reasons.append("SNR \(figure(snr)) dB is below the limit \(figure(tolerance.minSNRdB)) dB")
        }
        snrLine += ")"
        let verdict = comparison.pass ? "pass" : "fail" + (reasons.isEmpty ? "" : ": " + reasons.joined(separator: "; "))
        let silenced: [String] = [("expected", comparison.silencedExpected), ("actual", comparison.silencedActual)].filter { $0.1 > 0 }.map { file, count in
            "silenced: \(NumberText.count(count, "sample")) of the \(file) file were NaN or infinite and were compared as 0"
        }
        let lines: [String] = [
            "frames: \(comparison.expectedFrames) expected, \(comparison.actualFrames) actual",
            "rate: \(comparison.sampleRate) Hz, channels: \(comparison.channelCount)",
            maxLine,
            "RMS error: \(figure(comparison.rmsError))",
            snrLine,
            "first differing frame: " + (comparison.firstDifferingFrame.map { at($0).dropFirst("frame ".count).description } ?? "none"),
            verdict,
        ]
        return (silenced + lines).joined(separator: "\n")
    }
}
