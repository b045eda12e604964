import AudioCore
import Glibc

/// One block of each signal a sink may take: the haptics (iOS's, or Android's when only Android
/// plays), Android's beside iOS's, and each channel of the audio.
struct SinkSources {
    let haptic: [Float], right: [Float], audioLeft: [Float], audioRight: [Float]
    /// Whether iOS plays (a pair's left channel is silent otherwise).
    let hasIOS: Bool
}

/// Composes a sink's blocks from the sources as its mix asks — the one place the haptics and the
/// audio are mixed and clamped, for a render job's sinks and the emulated device's live output —
/// and keeps the sink's peak and the samples its mix clamped.
struct SinkComposer {
    /// The largest |sample| written.
    private(set) var peak: Float = 0
    /// Samples whose mix went past ±1 and were clamped.
    private(set) var clamped = 0
    private var composed: [Float] = []

    /// Writes `count` frames of `mix` to `output`, faded to silence by a raised cosine when
    /// `fadeOut`. Plain haptics go out without a copy, their peak measured only when
    /// `measuresPlainHaptics` (an engine measures its own).
    mutating func write(_ count: Int, _ mix: RenderMix, _ sources: SinkSources, to output: any AudioOutput, fadeOut: Bool = false,
                        measuresPlainHaptics: Bool = true) throws {
        let channels = mix.channelCount
        if mix == .haptics, !fadeOut {
            try sources.haptic.withUnsafeBufferPointer { haptic in
                if measuresPlainHaptics {
                    var peak = self.peak
                    for frame in 0..<count { peak = max(peak, abs(haptic[frame])) }
                    self.peak = peak
                }
                try output.write(UnsafeBufferPointer(rebasing: haptic[0..<count]))
            }
            return
        }
        if composed.count < count * channels { composed = [Float](repeating: 0, count: count * channels) }
        let hasIOS = sources.hasIOS
        var clips = clamped, peak = self.peak
        // Through buffers and locals: stored arrays cost an exclusivity check per access.
        composed.withUnsafeMutableBufferPointer { out in
            sources.haptic.withUnsafeBufferPointer { haptic in
                sources.right.withUnsafeBufferPointer { right in
                    sources.audioLeft.withUnsafeBufferPointer { left in
                        sources.audioRight.withUnsafeBufferPointer { audioRight in
                            /// The haptics plus an audio channel, clamped.
                            func mixed(_ frame: Int, _ audio: UnsafeBufferPointer<Float>) -> Float {
                                let value = Double(haptic[frame]) + Double(audio[frame]), limited = min(max(value, -1), 1)
                                if limited != value { clips += 1 }
                                return Float(limited)
                            }
                            for frame in 0..<count {
                                switch mix {
                                case .haptics: out[frame] = haptic[frame]
                                case .pair:
                                    out[2 * frame] = hasIOS ? haptic[frame] : 0
                                    out[2 * frame + 1] = right[frame]
                                case .audio:
                                    out[2 * frame] = left[frame]
                                    out[2 * frame + 1] = audioRight[frame]
                                case .mix:
                                    out[2 * frame] = mixed(frame, left)
                                    out[2 * frame + 1] = mixed(frame, audioRight)
                                case .audioMean: out[frame] = (left[frame] + audioRight[frame]) / 2
                                }
                            }
                        }
                    }
                }
            }
            for frame in 0..<count {
                let gain = fadeOut ? 0.5 + 0.5 * cos(Double.pi * Double(frame + 1) / Double(count)) : 1
                for channel in 0..<channels {
                    let at = frame * channels + channel
                    if fadeOut { out[at] = Float(Double(out[at]) * gain) }
                    peak = max(peak, abs(out[at]))
                }
            }
        }
        clamped = clips
        self.peak = peak
        try composed.withUnsafeBufferPointer { try output.write(UnsafeBufferPointer(rebasing: $0[0..<(count * channels)])) }
    }
}
