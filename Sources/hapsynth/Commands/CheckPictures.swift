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

    /// The two figures of a failing pattern, as SVG.
    static func failing(name: String, golden: String, rendered: String, firstDiffering: Int64?, tolerance: WaveformComparison.Tolerance) -> [String] {
        guard let reader = try? SoundFileReader(path: golden), let actualReader = try? SoundFileReader(path: rendered) else { return [] }
        let rate = reader.format.sampleRate
        let frames = max(reader.frameCount, actualReader.frameCount)
        var windows: [(from: Int64, to: Int64, title: String)] = [(0, max(1, frames), "\(name): whole length")]
        if let first = firstDiffering {
            let zoom = zoomFrames(rate: rate)
            windows.append((max(0, first - zoom), min(max(1, frames), first + zoom), "\(name): around the first differing frame, \(first)"))
        }
        return windows.map { window in
            var figure = Figure(title: window.title, fromMs: ms(window.from, rate), toMs: ms(window.to, rate), width: width)
            // No more columns than frames: a short zoom draws every sample.
            let count = Int(min(Int64(figure.columnCount), max(1, window.to - window.from)))
            func envelope(_ path: String) -> [(min: Float, max: Float)?] { columns(of: path, from: window.from, to: window.to, count: count) }
            let difference = ColumnRangeOutput(format: AudioFormat(sampleRate: rate), fromFrame: window.from, toFrame: window.to, columnCount: count)
            _ = try? FileComparison.compare(expected: golden, actual: rendered, tolerance: tolerance, difference: difference)
            figure.waves = [
                WaveEnvelope(title: "expected (golden)", columns: envelope(golden)),
                WaveEnvelope(title: "actual", columns: envelope(rendered)),
                WaveEnvelope(title: "actual − expected", columns: difference.columns),
            ]
            return figure.svg
        }
    }

    /// A small picture of a passing pattern's golden.
    static func thumbnail(name: String, golden: String) -> String? {
        guard let reader = try? SoundFileReader(path: golden) else { return nil }
        let rate = reader.format.sampleRate
        var figure = Figure(title: name, fromMs: 0, toMs: ms(max(1, reader.frameCount), rate), width: thumbnailWidth)
        figure.waves = [WaveEnvelope(title: "golden", columns: columns(of: golden, from: 0, to: max(1, reader.frameCount), count: figure.columnCount))]
        return figure.svg
    }

    /// The min/max columns of a mono file's frames `from ..< to`, read in blocks.
    static func columns(of path: String, from: Int64, to: Int64, count: Int) -> [(min: Float, max: Float)?] {
        guard let reader = try? SoundFileReader(path: path) else { return [] }
        let output = ColumnRangeOutput(format: reader.format, fromFrame: from, toFrame: to, columnCount: count)
        var block = [Float](repeating: 0, count: 8192 * reader.format.channelCount)
        while true {
            let frames = block.withUnsafeMutableBufferPointer { reader.read(into: $0) }
            guard frames > 0 else { break }
            try? block.withUnsafeBufferPointer { try output.write(UnsafeBufferPointer(rebasing: $0[0..<frames])) }
        }
        return output.columns
    }

    /// Frame `n` in milliseconds of the file.
    static func ms(_ frame: Int64, _ rate: Int) -> Double { Double(frame) * 1000 / Double(rate) }
}
