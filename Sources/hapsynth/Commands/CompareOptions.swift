import HapsynthKit

/// The tolerance options of `compare` and `check`.
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
}
