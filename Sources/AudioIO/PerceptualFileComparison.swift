import AudioCore
import Glibc

/// Compares two sound files as a person would feel them (docs/golden-tests.md, "The perceptual
/// gate"): both read whole, channel by channel, the shorter padded with zeros.
public enum PerceptualFileComparison {
    /// The longest file compared, in seconds: the comparison holds both files in memory.
    public static let maxSeconds = 600

    /// - Throws: `ComparisonError` for a missing or unreadable file, different rates or channel
    ///   counts, or a file longer than `maxSeconds`.
    public static func compare(
        expected expectedPath: String, actual actualPath: String, fullScaleG: Double = 2.0,
        tolerance: PerceptualTolerance = PerceptualTolerance()
    ) throws(ComparisonError) -> PerceptualComparison {
        let expected = try FileComparison.open(expectedPath), actual = try FileComparison.open(actualPath)
        try FileComparison.requireSameFormat(expected, expectedPath, actual, actualPath)
        if let problem = tolerance.problem(sampleRate: expected.format.sampleRate) { throw .tolerance(problem) }
        for (reader, path) in [(expected, expectedPath), (actual, actualPath)]
        where reader.frameCount > Int64(maxSeconds) * Int64(reader.format.sampleRate) {
            throw .mismatch("\(path) is \(reader.frameCount / Int64(reader.format.sampleRate)) s long; a perceptual comparison takes at most \(maxSeconds) s")
        }
        return PerceptualComparison(
            expected: expected.readChannels(), actual: actual.readChannels(), sampleRate: expected.format.sampleRate,
            fullScaleG: fullScaleG, tolerance: tolerance)
    }
}
