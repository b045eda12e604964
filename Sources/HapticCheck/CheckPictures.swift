import AudioCore
import AudioIO
import HapticPlot

/// The pictures of `check --report`: a failing pattern's expected, actual and difference
/// waveforms on one time axis, over the whole length and zoomed on the first differing frame; a
/// passing pattern's thumbnail. Each is drawn from min/max columns read in blocks, so memory does
/// not grow with the length and the report stays small.
enum CheckPictures {
    /// Width of a failing pattern's figures, and of a thumbnail, in pixels.
    static let width = 820, thumbnailWidth = 360
    /// Frames on each side of the first differing frame in the zoomed figure: 20 ms, at least 64.
    static func zoomFrames(rate: Int) -> Int64 { max(64, Int64(rate) / 50) }

    /// The two figures of a failing pattern, as SVG. Each file is read once, and compared once,
    /// for both windows.
    static func failing(name: String, golden: String, rendered: String, firstDiffering: Int64?, tolerance: WaveformComparison.Tolerance) -> [String] {
        guard let expected = try? SoundFileReader(path: golden), let actual = try? SoundFileReader(path: rendered) else { return [] }
        let rate = expected.format.sampleRate
        let frames = max(1, expected.frameCount, actual.frameCount)
        var windows: [(from: Int64, to: Int64, title: String)] = [(0, frames, "\(name): whole length")]
        if let first = firstDiffering {
            let zoom = zoomFrames(rate: rate)
            windows.append((max(0, first - zoom), min(frames, first + zoom), "\(name): around the first differing frame, \(first)"))
        }
        var figures = windows.map { Figure(title: $0.title, fromMs: ms($0.from, rate), toMs: ms($0.to, rate), width: width) }
        // No more columns than frames: a short zoom draws every sample.
        let spans = zip(windows, figures).map { window, figure in
            (window.from, window.to, Int(min(Int64(figure.columnCount), max(1, window.to - window.from))))
        }
        let expectedColumns = columns(of: expected, spans), actualColumns = columns(of: actual, spans)
        let differences = spans.map { ColumnRangeOutput(format: AudioFormat(sampleRate: rate), fromFrame: $0.0, toFrame: $0.1, columnCount: $0.2) }
        _ = try? FileComparison.compare(expected: golden, actual: rendered, tolerance: tolerance, difference: FanOutOutput(differences))
        for index in figures.indices {
            figures[index].waves = [
                WaveEnvelope(title: "expected (golden)", columns: expectedColumns[index]),
                WaveEnvelope(title: "actual", columns: actualColumns[index]),
                WaveEnvelope(title: "actual − expected", columns: differences[index].columns),
            ]
        }
        return figures.map(\.svg)
    }

    /// The expected and actual renders of a failing pattern, to listen to side by side.
    static func listening(golden: String, rendered: String) -> String {
        let clips = [("expected (golden)", golden), ("actual", rendered)].compactMap { title, path -> Listening.Clip? in
            guard let reader = try? SoundFileReader(path: path) else { return nil }
            // Only what a clip holds is read: a long golden is not loaded whole.
            let channels = reader.readChannels(maxFrames: Int(Listening.defaultSeconds * Double(reader.format.sampleRate)))
            return Listening.Clip(title: title, channels: channels, sampleRate: reader.format.sampleRate)
        }
        return Listening.section(clips)
    }

    /// A small picture of a passing pattern's golden.
    static func thumbnail(name: String, golden: String) -> String? {
        guard let reader = try? SoundFileReader(path: golden) else { return nil }
        let frames = max(1, reader.frameCount)
        var figure = Figure(title: name, fromMs: 0, toMs: ms(frames, reader.format.sampleRate), width: thumbnailWidth)
        figure.waves = [WaveEnvelope(title: "golden", columns: columns(of: reader, [(0, frames, figure.columnCount)])[0])]
        return figure.svg
    }

    /// The min/max columns of a mono file over each span (`from ..< to` in `count` columns), read
    /// once in blocks.
    static func columns(of reader: SoundFileReader, _ spans: [(Int64, Int64, Int)]) -> [[(min: Float, max: Float)?]] {
        let outputs = spans.map { ColumnRangeOutput(format: reader.format, fromFrame: $0.0, toFrame: $0.1, columnCount: $0.2) }
        let all = FanOutOutput(outputs)
        var block = [Float](repeating: 0, count: 8192 * reader.format.channelCount)
        while true {
            let frames = block.withUnsafeMutableBufferPointer { reader.read(into: $0) }
            guard frames > 0 else { break }
            try? block.withUnsafeBufferPointer { try all.write(UnsafeBufferPointer(rebasing: $0[0..<frames])) }
        }
        return outputs.map(\.columns)
    }

    /// Frame `n` in milliseconds of the file.
    static func ms(_ frame: Int64, _ rate: Int) -> Double { Double(frame) * 1000 / Double(rate) }
}
