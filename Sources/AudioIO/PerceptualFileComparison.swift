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
        for (reader, path) in [(expected, expectedPath), (actual, actualPath)]
        where reader.frameCount > Int64(maxSeconds) * Int64(reader.format.sampleRate) {
            throw .mismatch("\(path) is \(reader.frameCount / Int64(reader.format.sampleRate)) s long; a perceptual comparison takes at most \(maxSeconds) s")
        }
        return PerceptualComparison(
            expected: channels(of: expected), actual: channels(of: actual), sampleRate: expected.format.sampleRate,
            fullScaleG: fullScaleG, tolerance: tolerance)
    }

    /// The file's samples, one array per channel.
    private static func channels(of reader: SoundFileReader) -> [[Float]] {
        let interleaved = reader.readAll(), count = reader.format.channelCount
        return (0..<count).map { channel in stride(from: channel, to: interleaved.count, by: count).map { interleaved[$0] } }
    }
}
