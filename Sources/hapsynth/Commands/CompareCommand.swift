import HapsynthKit

/// `hapsynth compare <expected> <actual>`: sample-by-sample comparison of two sound files.
struct CompareCommand: Command {
    static let name = "compare"
    static let abstract = "Compare two sound files sample by sample (exit 0 pass, 1 fail)."
    static let discussion = """
        Files of different lengths are compared with the shorter padded by zeros, and fail. Pass when
        the max abs error is within --max-abs-error and the error energy is 0 or the SNR (signal
        energy of <expected> over error energy) reaches --min-snr-db. Frames are numbered from 0.
        """
    static let positionals = [
        PositionalSpec(name: "expected", help: "The reference file."),
        PositionalSpec(name: "actual", help: "The file to check."),
    ]
    static let options = CompareOptions.specs

    let expectedPath, actualPath: String
    let tolerance: WaveformComparison.Tolerance
    let asJSON: Bool

    init(_ arguments: ParsedArguments) throws(CLIError) {
        expectedPath = arguments.positionals[0]
        actualPath = arguments.positionals[1]
        tolerance = try CompareOptions.tolerance(arguments, command: Self.name)
        asJSON = arguments.has("--json")
    }

    func run(_ console: Console) throws(CLIError) -> ExitCode {
        let comparison: WaveformComparison
        do {
            comparison = try FileComparison.compare(expected: expectedPath, actual: actualPath, tolerance: tolerance)
        } catch {
            if case .missing = error { throw .missingInput("\(error)") }
            throw .invalidInput("\(error)")
        }
        if asJSON {
            console.out(ComparisonText.json(comparison).pretty())
        } else {
            console.out(ComparisonText.report(comparison, tolerance: tolerance))
        }
        return comparison.pass ? .success : .failure
    }
}
