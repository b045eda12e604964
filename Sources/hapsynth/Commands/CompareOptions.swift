import HapsynthKit

/// The tolerance options of `compare` and `check`.
enum CompareOptions {
    static let maxAbsError = Option<Double>(OptionSpec(name: "--max-abs-error", valueName: "X", help: "Largest allowed sample difference (default 1e-4)."),
                                            rule: "needs a number ≥ 0") { DecimalNumber.parse($0).flatMap { $0 >= 0 ? $0 : nil } }
    static let minSNRdB = Option<Double>(OptionSpec(name: "--min-snr-db", valueName: "X", help: "Smallest allowed SNR in dB (default 90)."),
                                         rule: "needs a number", read: DecimalNumber.parse)
    static let json = Flag("--json", help: "Print the results as one JSON document.")
    static var specs: [OptionSpec] { hapsynth.specs(maxAbsError, minSNRdB, json) }

    /// The perceptual gate's options (the tolerances imply `--perceptual`).
    static let perceptualFlag = Flag("--perceptual", help: "Gate on what a person can feel: level, frequency and onsets.")
    static let levelDb = Option.number("--level-tolerance-db", "DB", help: "Perceptual: largest level difference, 0-40 (default 1).", in: 0...40)
    static let frequencyRatio = Option.number("--frequency-tolerance", "X", help: "Perceptual: largest relative frequency error, 0-1 (default 0.06).", in: 0...1)
    static let onsetMs = Option.number("--onset-tolerance-ms", "MS", help: "Perceptual: largest onset shift, 0-10 (default 2).", in: 0...10)
    static var perceptualSpecs: [OptionSpec] { hapsynth.specs(perceptualFlag, levelDb, frequencyRatio, onsetMs) }

    /// The perceptual gate the arguments ask for, on top of `base` (a suite's, if it records one):
    /// nil for the sample-exact gate.
    static func perceptual(
        _ arguments: ParsedArguments, base: PerceptualTolerance? = nil
    ) throws(CLIError) -> PerceptualTolerance? {
        let limits: [(option: Option<Double>, keyPath: WritableKeyPath<PerceptualTolerance, Double>)] = [
            (levelDb, \.levelDb), (frequencyRatio, \.frequencyRatio), (onsetMs, \.onsetMs),
        ]
        guard arguments.has(perceptualFlag) || base != nil || limits.contains(where: { arguments.gave($0.option) }) else { return nil }
        var tolerance = base ?? PerceptualTolerance()
        for limit in limits {
            if let value = try arguments.value(limit.option) { tolerance[keyPath: limit.keyPath] = value }
        }
        return tolerance
    }

    /// The tolerance the arguments describe, on top of `base` (the defaults, or a suite's).
    static func tolerance(
        _ arguments: ParsedArguments, base: WaveformComparison.Tolerance = WaveformComparison.Tolerance()
    ) throws(CLIError) -> WaveformComparison.Tolerance {
        var tolerance = base
        tolerance.maxAbsError = try arguments.value(maxAbsError) ?? tolerance.maxAbsError
        tolerance.minSNRdB = try arguments.value(minSNRdB) ?? tolerance.minSNRdB
        return tolerance
    }
}
