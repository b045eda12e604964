import AudioCore
import Glibc

/// Why two files could not be compared.
public enum ComparisonError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A file does not exist (exit 66).
    case missing(String)
    /// A file libsndfile cannot read (exit 65).
    case unreadable(SoundFileError)
    /// The files differ in rate or channel count, so no sample comparison means anything (exit 65).
    case mismatch(String)
    /// The difference signal could not be written.
    case cannotWriteDifference(String)
    /// A tolerance the comparison cannot apply to these files (an onset tolerance longer than a
    /// window can move at their rate).
    case tolerance(String)

    public var description: String {
        switch self {
        case .missing(let path): return "\(path): file not found"
        case .unreadable(let error): return "\(error)"
        case .mismatch(let what): return what
        case .cannotWriteDifference(let why): return "cannot write the difference signal: \(why)"
        case .tolerance(let why): return why
        }
    }
}

/// Compares two sound files sample by sample, streaming (docs/command-line.md `compare`).
public enum FileComparison {
    /// Reads both files through libsndfile in blocks; the shorter is padded with zeros (and the
    /// comparison fails). Writes actual − expected to `difference` when given.
    public static func compare(
        expected expectedPath: String, actual actualPath: String, tolerance: WaveformComparison.Tolerance,
        difference: (any AudioOutput)? = nil
    ) throws(ComparisonError) -> WaveformComparison {
        let expected = try open(expectedPath), actual = try open(actualPath)
        try requireSameFormat(expected, expectedPath, actual, actualPath)
        let channels = expected.format.channelCount
        var comparator = WaveformComparator(channelCount: channels, tolerance: tolerance)
        let blockFrames = 8192
        var wanted = [Float](repeating: 0, count: blockFrames * channels)
        var got = [Float](repeating: 0, count: blockFrames * channels)
        while true {
            let wantedFrames = wanted.withUnsafeMutableBufferPointer { expected.read(into: $0) }
            let gotFrames = got.withUnsafeMutableBufferPointer { actual.read(into: $0) }
            let frames = max(wantedFrames, gotFrames)
            if frames == 0 { break }
            // Pad the shorter with zeros.
            for index in (wantedFrames * channels)..<(frames * channels) { wanted[index] = 0 }
            for index in (gotFrames * channels)..<(frames * channels) { got[index] = 0 }
            let count = frames * channels
            let diff = wanted.withUnsafeBufferPointer { w in
                got.withUnsafeBufferPointer { g in
                    comparator.add(expected: UnsafeBufferPointer(rebasing: w[0..<count]), actual: UnsafeBufferPointer(rebasing: g[0..<count]))
                }
            }
            if let difference {
                do {
                    try diff.withUnsafeBufferPointer { try difference.write($0) }
                } catch {
                    throw .cannotWriteDifference("\(error)")
                }
            }
        }
        return comparator.result(expectedFrames: expected.frameCount, actualFrames: actual.frameCount, sampleRate: expected.format.sampleRate)
            .withNonFinite(expected: expected.nonFinite, actual: actual.nonFinite)
    }

    /// Refuses files of different rates or channel counts: no comparison of them means anything.
    static func requireSameFormat(
        _ expected: SoundFileReader, _ expectedPath: String, _ actual: SoundFileReader, _ actualPath: String
    ) throws(ComparisonError) {
        guard expected.format.sampleRate == actual.format.sampleRate else {
            throw .mismatch("different rates: \(expectedPath) is \(expected.format.sampleRate) Hz, "
                + "\(actualPath) is \(actual.format.sampleRate) Hz")
        }
        guard expected.format.channelCount == actual.format.channelCount else {
            throw .mismatch("different channel counts: \(expectedPath) has \(expected.format.channelCount), "
                + "\(actualPath) has \(actual.format.channelCount)")
        }
    }

    static func open(_ path: String) throws(ComparisonError) -> SoundFileReader {
        guard access(path, F_OK) == 0 else { throw .missing(path) }
        do {
            return try SoundFileReader(path: path)
        } catch {
            throw .unreadable(error)
        }
    }
}

extension SoundFileReader {
    /// The NaN and infinite samples read so far (nil: none).
    var nonFinite: WaveformComparison.NonFinite? {
        firstSilencedFrame.map { WaveformComparison.NonFinite(samples: silencedSampleCount, firstFrame: $0) }
    }
}
