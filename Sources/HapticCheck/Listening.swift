import HapticCore
import HapticPlot

/// Renders to listen to in a page (docs/plot.md, "Listening"): each an `<audio controls
/// preload="metadata">` (so that it shows its length) whose source is the render itself, a 16-bit PCM WAV (rounded to nearest) in a
/// data URI, so the page needs no scripts and fetches nothing.
package enum Listening {
    /// The longest clip, in seconds, unless a caller asks for another.
    package static let defaultSeconds = 20.0

    /// One clip: a title and one or two channels of samples at `sampleRate`.
    package struct Clip {
        package var title: String
        package let channels: [[Float]]
        package let sampleRate: Int
        /// The render's whole length in frames, when `channels` hold only its beginning.
        package let totalFrames: Int64

        package init(title: String, channels: [[Float]], sampleRate: Int, totalFrames: Int64? = nil) {
            self.title = title
            self.channels = channels
            self.sampleRate = sampleRate
            self.totalFrames = totalFrames ?? Int64(channels.map(\.count).max() ?? 0)
        }
    }

    /// The clips as a `<section class="listen">`, each cut at `seconds` (with a note saying so).
    package static func section(_ clips: [Clip], seconds: Double = defaultSeconds) -> String {
        guard !clips.isEmpty else { return "" }
        var parts = ["<section class=\"listen\"><h2>Listen</h2>"]
        for clip in clips {
            let limit = Int(seconds * Double(clip.sampleRate))
            let frames = clip.channels.map(\.count).max() ?? 0
            let cut = clip.totalFrames > Int64(limit)
            let length = NumberText.fixed(Double(clip.totalFrames) / Double(clip.sampleRate), 2) + " s"
            let note = cut ? " (the first \(NumberText.significant(seconds)) s of \(length))" : " (\(length))"
            parts.append("<figure><figcaption>\(Figure.escape(clip.title))\(note)</figcaption>"
                + "<audio controls preload=\"metadata\" src=\"data:audio/wav;base64,\(base64(wav16(clip.channels, rate: clip.sampleRate, frames: min(frames, limit))))\">"
                + "</audio></figure>")
        }
        parts.append("</section>")
        return parts.joined(separator: "\n")
    }

    /// A 16-bit PCM WAV of the first `frames` frames of `channels` (clamped into −1…1, rounded to
    /// nearest; a shorter channel is padded with zeros).
    package static func wav16(_ channels: [[Float]], rate: Int, frames: Int) -> [UInt8] {
        let count = max(1, channels.count)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(44 + frames * count * 2)
        func u32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
        func u16(_ value: UInt16) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
        bytes += Array("RIFF".utf8)
        u32(UInt32(36 + frames * count * 2))
        bytes += Array("WAVEfmt ".utf8)
        u32(16); u16(1); u16(UInt16(count)); u32(UInt32(rate)); u32(UInt32(rate * count * 2)); u16(UInt16(count * 2)); u16(16)
        bytes += Array("data".utf8)
        u32(UInt32(frames * count * 2))
        for frame in 0..<frames {
            for channel in 0..<count {
                let sample = channel < channels.count && frame < channels[channel].count ? channels[channel][frame] : 0
                // NaN and ±infinity (a golden that holds them) are written as silence.
                u16(UInt16(bitPattern: Int16((Double(sample.isFinite ? min(max(sample, -1), 1) : 0) * 32767).rounded())))
            }
        }
        return bytes
    }

    /// Standard base64 with padding.
    package static func base64(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let chunk = bytes[index..<min(index + 3, bytes.count)]
            let value = chunk.enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (16 - 8 * $1.offset) }
            for position in 0..<4 {
                out.append(position <= chunk.count ? alphabet[Int((value >> (18 - 6 * position)) & 63)] : UInt8(ascii: "="))
            }
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }
}
