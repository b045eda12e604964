import HapsynthKit

/// The tolerance options of `compare` and `check`.
enum CompareOptions {
    static let specs = [
        OptionSpec(name: "--max-abs-error", valueName: "X", help: "Largest allowed sample difference (default 1e-4)."),
        OptionSpec(name: "--min-snr-db", valueName: "X", help: "Smallest allowed SNR in dB (default 90)."),
        OptionSpec(name: "--json", valueName: nil, help: "Print the results as one JSON document."),
    ]

    /// The perceptual gate's options (the tolerances imply `--perceptual`).
    static let perceptualSpecs = [
        OptionSpec(name: "--perceptual", valueName: nil, help: "Gate on what a person can feel: level, frequency and onsets."),
        OptionSpec(name: "--level-tolerance-db", valueName: "DB", help: "Perceptual: largest level difference, 0-40 (default 1)."),
        OptionSpec(name: "--frequency-tolerance", valueName: "X", help: "Perceptual: largest relative frequency error, 0-1 (default 0.06)."),
        OptionSpec(name: "--onset-tolerance-ms", valueName: "MS", help: "Perceptual: largest onset shift, 0-10 (default 2)."),
    ]

    /// The perceptual gate the arguments ask for, on top of `base` (a suite's, if it records one):
    /// nil for the sample-exact gate.
    static func perceptual(
        _ arguments: ParsedArguments, command: String, base: PerceptualTolerance? = nil
    ) throws(CLIError) -> PerceptualTolerance? {
        let limits: [(flag: String, range: ClosedRange<Double>, keyPath: WritableKeyPath<PerceptualTolerance, Double>)] = [
            ("--level-tolerance-db", 0...40, \.levelDb), ("--frequency-tolerance", 0...1, \.frequencyRatio), ("--onset-tolerance-ms", 0...10, \.onsetMs),
        ]
        guard arguments.has("--perceptual") || base != nil || limits.contains(where: { arguments.value($0.flag) != nil }) else { return nil }
        var tolerance = base ?? PerceptualTolerance()
        for limit in limits {
            guard let text = arguments.value(limit.flag) else { continue }
            guard let value = DecimalNumber.parse(text), limit.range.contains(value) else {
                throw .usage("\(limit.flag) needs a number in \(NumberText.significant(limit.range.lowerBound))-\(NumberText.significant(limit.range.upperBound)), got '\(text)'", command: command)
            }
            tolerance[keyPath: limit.keyPath] = value
        }
        return tolerance
    }

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
}
