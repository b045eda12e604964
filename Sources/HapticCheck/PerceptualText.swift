import AudioCore
import HapticCore

/// A perceptual comparison's figures as people and programs read them (`compare --perceptual`,
/// `check --perceptual`).
package enum PerceptualText {
    /// `+1.4` (one decimal, with its sign).
    private static func signed(_ value: Double) -> String { (value >= 0 ? "+" : "") + NumberText.fixed(value, 1) }

    /// `level +1.4 dB at 230 ms`, `frequency +6.7 % at 230 ms`, `onset +3.0 ms at 100 ms`,
    /// `onset missing at 300 ms`, `extra onset at 300 ms`; `(channel 2)` after it in a stereo file.
    package static func failure(_ failure: PerceptualComparison.Failure, channels: Int) -> String {
        let at = "at \(NumberText.significant(failure.atMs)) ms"
        var text: String
        switch (failure.gate, failure.expected, failure.actual) {
        case (.level, let expected?, let actual?): text = "level \(signed(actual - expected)) dB \(at)"
        case (.frequency, let expected?, let actual?): text = "frequency \(signed((actual / expected - 1) * 100)) % \(at)"
        case (.onset, let expected?, let actual?): text = "onset \(signed(actual - expected)) ms \(at)"
        case (.onset, _?, nil): text = "onset missing \(at)"
        default: text = "extra onset \(at)"
        }
        return text + (channels > 1 ? " (channel \(failure.channel + 1))" : "")
    }

    /// The `perceptual` JSON object.
    package static func json(_ comparison: PerceptualComparison) -> JSONOutput {
        func number(_ value: Double?) -> JSONOutput { value.map { .double($0) } ?? .null }
        let scores = [("stSim", comparison.stSim), ("spqi", comparison.spqi)]
        let whyNull = scores.compactMap { name, score in score.whyNull.map { (name, JSONOutput.string($0)) } }
        return .object([
            ("pass", .bool(comparison.pass)),
            ("judgedWindows", .integer(Int64(comparison.judgedWindows))),
            ("maxLevelDiffDb", .double(comparison.maxLevelDiffDb)),
            ("maxFrequencyError", .double(comparison.maxFrequencyError)),
            ("onsets", .object([
                ("expected", .integer(Int64(comparison.expectedOnsets))),
                ("actual", .integer(Int64(comparison.actualOnsets))),
                ("maxShiftMs", number(comparison.maxOnsetShiftMs)),
            ])),
            ("firstFailure", comparison.firstFailure.map { failure in
                .object([
                    ("gate", .string(failure.gate.rawValue)),
                    ("atMs", .double(failure.atMs)),
                    ("expected", number(failure.expected)),
                    ("actual", number(failure.actual)),
                ] + (comparison.channelCount > 1 ? [("channel", .integer(Int64(failure.channel + 1)))] : []))
            } ?? .null),
            ("stSim", number(comparison.stSim.value)),
            ("spqi", number(comparison.spqi.value)),
        ] + (whyNull.isEmpty ? [] : [("whyNull", .object(whyNull))]) + [
            ("limits", .object([
                ("levelDb", .double(comparison.tolerance.levelDb)),
                ("frequency", .double(comparison.tolerance.frequencyRatio)),
                ("onsetMs", .double(comparison.tolerance.onsetMs)),
            ])),
        ])
    }

    /// The text report's lines: each gate's figure beside its limit, the figures that are not
    /// gated, and the verdict with where the first gate failed.
    package static func report(_ comparison: PerceptualComparison) -> [String] {
        let limits = comparison.tolerance
        let shift = comparison.maxOnsetShiftMs.map { ", largest shift \(signed($0)) ms" } ?? ""
        let score = { (value: VibroMetrics.Score) in value.value.map { NumberText.significant($0) } ?? "null (\(value.whyNull ?? ""))" }
        let verdict = comparison.firstFailure.map { failure -> String in
            var text = "fail (perceptual): " + Self.failure(failure, channels: comparison.channelCount)
            if failure.gate == .level, let expected = failure.expected, let actual = failure.actual {
                text += " (\(NumberText.fixed(expected, 1)) and \(NumberText.fixed(actual, 1)) dB above the threshold)"
            }
            return text
        } ?? "pass (perceptual)"
        return [
            "perceptual: \(comparison.judgedWindows) windows felt",
            "  level: largest difference \(signed(comparison.maxLevelDiffDb)) dB (limit \(NumberText.significant(limits.levelDb)) dB)",
            "  frequency: largest error \(signed(comparison.maxFrequencyError * 100)) % (limit \(NumberText.significant(limits.frequencyRatio * 100)) %)",
            "  onsets: \(comparison.expectedOnsets) expected, \(comparison.actualOnsets) actual\(shift) (limit \(NumberText.significant(limits.onsetMs)) ms)",
            "  ST-SIM: \(score(comparison.stSim)), SPQI: \(score(comparison.spqi)) (figures, not gated)",
            verdict,
        ]
    }
}
