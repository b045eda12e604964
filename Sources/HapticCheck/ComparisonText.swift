import AudioCore
import HapticCore
import HapticPlanner

/// A waveform comparison's figures as people and programs read them (`compare`, `check`).
package enum ComparisonText {
    /// The JSON keys of a comparison, in order (`compare --json`, `check --json`).
    package static func json(_ comparison: WaveformComparison) -> JSONOutput {
        let files = nonFiniteFiles(comparison).map { file, found in
            (file, JSONOutput.object([
                ("samples", .integer(Int64(found.samples))),
                ("firstFrame", .integer(found.firstFrame)),
                ("firstMs", .double(comparison.milliseconds(atFrame: found.firstFrame))),
            ]))
        }
        let nonFinite: [(String, JSONOutput)] = files.isEmpty ? [] : [("nonFinite", .object(files))]
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
        ] + nonFinite + [
            ("pass", .bool(comparison.pass)),
        ])
    }

    /// The files of a comparison that hold NaN or infinite samples, `expected` first.
    static func nonFiniteFiles(_ comparison: WaveformComparison) -> [(String, WaveformComparison.NonFinite)] {
        [("expected", comparison.nonFiniteExpected), ("actual", comparison.nonFiniteActual)].compactMap { file, found in found.map { (file, $0) } }
    }

    /// `the actual file has 100 NaN or infinite samples, the first at 50 ms (frame 2400)`, one a
    /// file that has them: the reason such a comparison fails, whatever its gate.
    package static func nonFiniteReasons(_ comparison: WaveformComparison) -> [String] {
        nonFiniteFiles(comparison).map { file, found in
            "the \(file) file has \(NumberText.count(found.samples, "NaN or infinite sample")), the first at "
                + "\(NumberText.significant(comparison.milliseconds(atFrame: found.firstFrame))) ms (frame \(found.firstFrame))"
        }
    }

    /// The sample-exact report (marked as not the gate), then the perceptual one, whose verdict a
    /// NaN or infinite sample fails whatever it says (no gate passes one).
    package static func report(_ comparison: WaveformComparison, tolerance: WaveformComparison.Tolerance, perceptual: PerceptualComparison) -> String {
        var lines = report(comparison, tolerance: tolerance).split(separator: "\n").map(String.init)
        lines[lines.count - 1] = "sample-exact (not the gate): " + lines[lines.count - 1]
        var felt = PerceptualText.report(perceptual)
        if comparison.hasNonFinite { felt[felt.count - 1] = "fail: " + nonFiniteReasons(comparison).joined(separator: "; ") }
        return (lines + felt).joined(separator: "\n")
    }

    /// The JSON of a comparison judged by the perceptual gate: the sample-exact figures, their
    /// verdict as `sampleExactPass`, `gate`, the `perceptual` object, and the gate's `pass` (false
    /// whenever a file holds a NaN or infinite sample).
    package static func json(_ comparison: WaveformComparison, perceptual: PerceptualComparison) -> JSONOutput {
        guard case .object(let members) = json(comparison) else { return json(comparison) }
        return .object(members.filter { $0.0 != "pass" } + [
            ("sampleExactPass", .bool(comparison.pass)),
            ("gate", .string("perceptual")),
            ("perceptual", PerceptualText.json(perceptual)),
            ("pass", .bool(perceptual.pass && !comparison.hasNonFinite)),
        ])
    }

    /// `first differs at 25.71 ms (frame 1234; player 1 event 2, transient from 80 ms), max abs error
    /// 0.001 at 25.83 ms (frame 1240), RMS error 2.1e-05, SNR 61.3 dB`: figures to 4 significant
    /// digits, times in ms of the file with the frame second, and the plan element at the first
    /// difference when one is given. NaN and infinite samples lead.
    package static func figures(_ comparison: WaveformComparison, element: PlanElement? = nil) -> String {
        let at = { (frame: Int64) in "\(NumberText.significant(comparison.milliseconds(atFrame: frame))) ms (frame \(frame)" }
        let first = comparison.firstDifferingFrame.map { "first differs at \(at($0))\(element.map { "; \($0)" } ?? ""))" } ?? "no differing frame"
        let snr = comparison.snrDb.map { "\(NumberText.fixed($0, 1)) dB" } ?? "inf dB"
        var text = "\(first), max abs error \(NumberText.significant(comparison.maxAbsError)) at \(at(comparison.maxAbsErrorFrame))), "
            + "RMS error \(NumberText.significant(comparison.rmsError)), SNR \(snr)"
        if comparison.expectedFrames != comparison.actualFrames {
            text += ", lengths \(comparison.expectedFrames) and \(comparison.actualFrames) frames"
        }
        return (nonFiniteReasons(comparison) + [text]).joined(separator: "; ")
    }

    /// The text report: figures to 4 significant digits, positions as frame and time, each limit
    /// beside its figure, and the verdict with every reason it failed (the JSON keeps full precision).
    package static func report(_ comparison: WaveformComparison, tolerance: WaveformComparison.Tolerance) -> String {
        let figure = { (value: Double) in NumberText.significant(value) }
        func at(_ frame: Int64) -> String {
            "frame \(frame) = \(figure(comparison.milliseconds(atFrame: frame))) ms"
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
        reasons.insert(contentsOf: nonFiniteReasons(comparison), at: 0)
        let verdict = comparison.pass ? "pass" : "fail" + (reasons.isEmpty ? "" : ": " + reasons.joined(separator: "; "))
        let nonFinite = nonFiniteReasons(comparison).map { "not finite: \($0); read as 0 for the figures below" }
        let lines: [String] = [
            "frames: \(comparison.expectedFrames) expected, \(comparison.actualFrames) actual",
            "rate: \(comparison.sampleRate) Hz, channels: \(comparison.channelCount)",
            maxLine,
            "RMS error: \(figure(comparison.rmsError))",
            snrLine,
            "first differing frame: " + (comparison.firstDifferingFrame.map { at($0).dropFirst("frame ".count).description } ?? "none"),
            verdict,
        ]
        return (nonFinite + lines).joined(separator: "\n")
    }
}
