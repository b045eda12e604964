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
            console.out(Self.report(comparison, tolerance: tolerance))
        }
        return comparison.pass ? .success : .failure
    }

    /// The text report: figures to 4 significant digits, positions as frame and time, each limit
    /// beside its figure, and the verdict with every reason it failed (the JSON keeps full precision).
    static func report(_ comparison: WaveformComparison, tolerance: WaveformComparison.Tolerance) -> String {
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
        return [
            "frames: \(comparison.expectedFrames) expected, \(comparison.actualFrames) actual",
            "rate: \(comparison.sampleRate) Hz, channels: \(comparison.channelCount)",
            maxLine,
            "RMS error: \(figure(comparison.rmsError))",
            snrLine,
            "first differing frame: " + (comparison.firstDifferingFrame.map { at($0).dropFirst("frame ".count).description } ?? "none"),
            verdict,
        ].joined(separator: "\n")
    }
}
