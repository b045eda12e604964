import Glibc

/// An emphasis on an amplitude breakpoint: a tap of `intensity` (the breakpoint's amplitude before
/// ducking) and `sharpness`, both 0…1.
public struct Emphasis: Sendable, Hashable {
    public var intensity: Float
    public var sharpness: Float

    public init(intensity: Float, sharpness: Float) {
        (self.intensity, self.sharpness) = (intensity, sharpness)
    }
}

/// A point of the amplitude envelope, with its emphasis if it has one.
public struct AmplitudeBreakpoint: Sendable, Hashable {
    public var time: Float
    public var amplitude: Float
    public var emphasis: Emphasis?

    public init(time: Float, amplitude: Float, emphasis: Emphasis? = nil) {
        (self.time, self.amplitude, self.emphasis) = (time, amplitude, emphasis)
    }
}

/// Finds the taps in a reduced amplitude envelope (docs/from-audio.md, "The analysis"): a point
/// is a peak when it rose more than `minimumRise` over the point before, the next point does not
/// go on rising by more than the plateau factor of that rise, and it is at least the peak window
/// after the last peak; each peak is scored by the spectral flux at its time (interpolated between
/// frames); the sensitivity sets the score a peak needs, from the highest (0 %) to the lowest
/// (100 %); a peak kept gets a sharpness from its score within the scores' range, mapped to the
/// sharpness range, and the continuous amplitude under it is ducked by the ducking percent.
public struct EmphasisDetection: Sendable, Hashable {
    /// Studio's defaults.
    public var sensitivityPercent: Float = 50
    public var peakWindowMs: Float = 100
    public var minimumRise: Float = 0.1
    public var plateauFactorPercent: Float = 25
    public var sharpnessMin: Float = 0
    public var sharpnessMax: Float = 1
    public var duckingPercent: Float = 50
    /// Where the sensitivity's scale ends below the highest score.
    public var scale = Scale.lowestScore

    /// Where the sensitivity's scale (and the sharpness') ends below the highest score.
    public enum Scale: Sendable, Hashable {
        /// At the lowest score, as Meta's SDK measures it: 50 % keeps the upper half of the range
        /// of scores, so of identical hits (whose scores differ only by where the analysis frames
        /// fall) about half, and their sharpness spreads over the whole range.
        case lowestScore
        /// Down to `decibels` below the highest score, hapsynth's default (docs/from-audio.md): a
        /// peak is kept when it scores within sensitivity × `decibels` of the highest (every peak
        /// at 100 %), and its sharpness is its score as a fraction of the highest, so identical
        /// hits are all kept, alike, and a hit half as loud as the loudest too.
        case belowHighest(decibels: Float)
    }

    public init() {}

    /// `points` with their emphasis; `flux` is each analysis frame's time and flux, in time order.
    public func assign(_ points: [AmplitudeBreakpoint], flux: [(time: Float, flux: Float)]) -> [AmplitudeBreakpoint] {
        guard !flux.isEmpty else { return points }
        return assign(points, scores: points.map { Self.flux(flux, at: $0.time) })
    }

    /// `points` with their emphasis, each point scored by `scores` (the flux at its time).
    public func assign(_ points: [AmplitudeBreakpoint], scores: [Float]) -> [AmplitudeBreakpoint] {
        var result = points
        guard result.count > 1, scores.count == points.count else { return result }
        let window = peakWindowMs / 1000, plateau = plateauFactorPercent / 100
        var lowest: Float?, highest: Float?, previous: Float = 0, lastPeak: Float?
        for index in 0..<(result.count - 1) {
            let point = result[index], next = result[index + 1]
            let rise = point.amplitude - previous
            let isPeak = rise > minimumRise
                && (point.amplitude > next.amplitude || next.amplitude < point.amplitude + rise * plateau)
                && (lastPeak.map { point.time - $0 >= window } ?? true)
            if isPeak {
                let score = scores[index]
                result[index].emphasis = Emphasis(intensity: point.amplitude, sharpness: score)
                lowest = min(lowest ?? score, score)
                highest = max(highest ?? score, score)
                lastPeak = point.time
            }
            previous = point.amplitude
        }
        guard var lowest, let highest else { return result }
        let threshold: Float
        switch scale {
        case .lowestScore:
            threshold = Self.lerp(highest + (highest - lowest) * 1e-3, lowest, sensitivityPercent / 100)
        case .belowHighest(let decibels):
            lowest = 0
            threshold = sensitivityPercent >= 100 ? 0 : highest * powf(10, -sensitivityPercent / 100 * decibels / 20)
        }
        let range = highest - lowest
        let ducking = 1 - duckingPercent / 100
        for index in result.indices {
            guard let score = result[index].emphasis?.sharpness else { continue }
            if score >= threshold {
                let relative = range > 0 ? (score - lowest) / range : 0.5
                result[index].emphasis?.sharpness = Self.lerp(sharpnessMin, sharpnessMax, relative)
                result[index].amplitude *= ducking
            } else {
                result[index].emphasis = nil
            }
        }
        return result
    }

    static func lerp(_ a: Float, _ b: Float, _ amount: Float) -> Float { a + (b - a) * amount }

    /// The flux at `time`, linear between the frames around it (the first's or the last's outside them).
    static func flux(_ frames: [(time: Float, flux: Float)], at time: Float) -> Float {
        var low = 0, high = frames.count
        while low < high {
            let mid = (low + high) / 2
            if frames[mid].time <= time { low = mid + 1 } else { high = mid }
        }
        if low == 0 { return frames[0].flux }
        if low == frames.count { return frames[frames.count - 1].flux }
        let before = frames[low - 1], after = frames[low]
        // Frames at one 32-bit time (past 2^15 s, where floats step by milliseconds): the later's.
        guard after.time > before.time else { return after.flux }
        return lerp(before.flux, after.flux, (time - before.time) / (after.time - before.time))
    }
}
