import HapsynthKit

/// `hapsynth compare <expected> <actual>`: sample-by-sample comparison of two sound files.
struct CompareCommand: Command {
    static let name = "compare"
    static let abstract = "Compare two sound files sample by sample (exit 0 pass, 1 fail)."
    static let discussion = """
        Files of different lengths are compared with the shorter padded by zeros, and fail. Pass when
        the max abs error is within --max-abs-error and the error energy is 0 or the SNR (signal
        energy of <expected> over error energy) reaches --min-snr-db. Frames are numbered from 0.
        With --perceptual the verdict is what a person can feel instead: in every 5 ms window
        either side is felt in, the levels above the touch threshold agree within
        --level-tolerance-db, dominant frequencies within --frequency-tolerance, and onsets pair
        within --onset-tolerance-ms; ST-SIM and SPQI are shown as figures, never gated.
        """
    static let positionals = [
        PositionalSpec(name: "expected", help: "The reference file."),
        PositionalSpec(name: "actual", help: "The file to check."),
    ]
    static let fullScaleG = Option<Double>(OptionSpec(name: "--full-scale-g", valueName: "G", help: "Perceptual: the acceleration of a full-scale sample (default 2)."),
                                           rule: "needs a number > 0") { DecimalNumber.parse($0).flatMap { $0 > 0 ? $0 : nil } }
    static var options: [OptionSpec] { CompareOptions.specs + CompareOptions.perceptualSpecs + specs(fullScaleG) }

    let expectedPath, actualPath: String
    let tolerance: WaveformComparison.Tolerance
    let asJSON: Bool
    /// The perceptual gate's limits; nil: the sample-exact gate.
    let perceptual: PerceptualTolerance?
    /// The acceleration of a full-scale sample, in g.
    let fullScaleG: Double

    init(_ arguments: ParsedArguments) throws(CLIError) {
        expectedPath = arguments.positionals[0]
        actualPath = arguments.positionals[1]
        tolerance = try CompareOptions.tolerance(arguments)
        asJSON = arguments.has(CompareOptions.json)
        fullScaleG = try arguments.value(Self.fullScaleG) ?? ActuatorProfile().fullScaleG
        perceptual = try CompareOptions.perceptual(arguments)
        if arguments.gave(Self.fullScaleG), perceptual == nil { throw .usage("--full-scale-g goes with --perceptual", command: Self.name) }
    }

    func run(_ console: Console) throws(CLIError) -> ExitCode {
        let comparison: WaveformComparison
        do {
            comparison = try FileComparison.compare(expected: expectedPath, actual: actualPath, tolerance: tolerance)
        } catch {
            if case .missing = error { throw .missingInput("\(error)") }
            throw .invalidInput("\(error)")
        }
        guard let perceptual else {
            console.out(asJSON ? ComparisonText.json(comparison).pretty() : ComparisonText.report(comparison, tolerance: tolerance))
            return comparison.pass ? .success : .failure
        }
        let felt: PerceptualComparison
        do throws(ComparisonError) {
            felt = try PerceptualFileComparison.compare(expected: expectedPath, actual: actualPath, fullScaleG: fullScaleG, tolerance: perceptual)
        } catch .tolerance(let why) {
            throw .usage("--onset-tolerance-ms: \(why)", command: Self.name)
        } catch {
            throw .invalidInput("\(error)")
        }
        console.out(asJSON ? ComparisonText.json(comparison, perceptual: felt).pretty() : ComparisonText.report(comparison, tolerance: tolerance, perceptual: felt))
        return felt.pass && !comparison.hasNonFinite ? .success : .failure
    }
}
