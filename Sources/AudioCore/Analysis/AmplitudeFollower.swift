import Glibc

// The amplitude stage of `from-audio` (docs/from-audio.md, "The analysis"): an RMS over a short
// window, into an attack/hold/release follower, sampled at a fixed interval. Every figure is a
// 32-bit float, as in the published description of Meta Haptics Studio's analysis (whose unit
// tests' expected values the project's tests restate), so that the same input gives the same bits.

/// A running sum with Kahan's compensation: what a moving window adds and removes cancels
/// exactly over long inputs.
struct CompensatedSum {
    private(set) var sum: Float = 0
    private var compensation: Float = 0

    /// Adds `value`; returns the new sum.
    mutating func add(_ value: Float) -> Float {
        let corrected = value - compensation
        let next = sum + corrected
        compensation = (next - sum) - corrected
        sum = next
        return next
    }
}

/// Rounds a value that has fallen below about 1e-5 of a step to zero's neighbourhood the way the
/// reference does (adding and removing 1e-5), so that decays end instead of crawling in subnormals.
@inline(__always)
func flushedToZero(_ value: Float) -> Float {
    (value + 1e-5) - 1e-5
}

/// The root mean square of the last `windowSeconds` of samples (a window of round(seconds × rate)
/// samples, at least 1: at 1 kHz the default 0.1 ms rounds to none, whose mean would be 0/0, NaN;
/// before the window has filled, the missing samples count as zero).
public struct MovingRMS: Sendable {
    private var squares: [Float]
    private var position = 0
    private var sum = CompensatedSum()
    private let scale: Float

    public init(windowSeconds: Float, sampleRate: Float) {
        let length = Int(max(1, (windowSeconds * sampleRate).rounded()))
        squares = [Float](repeating: 0, count: length + 1)
        scale = 1 / Float(length)
    }

    /// The RMS after `sample`.
    public mutating func process(_ sample: Float) -> Float {
        let square = sample * sample
        squares[position] = square
        position = position + 1 == squares.count ? 0 : position + 1
        let leaving = squares[position]
        return (max(sum.add(square - leaving), 0) * scale).squareRoot()
    }
}

/// An attack/hold/release envelope follower: it rises towards a louder input by the attack
/// coefficient, holds for `holdSeconds` when the input falls, then falls by the release
/// coefficient. Each coefficient makes its stage reach 99 % of a step in its time.
public struct EnvelopeFollower: Sendable {
    private(set) var level: Float = 0
    private let attack: Float, release: Float
    private var holding: UInt32 = 0
    private let holdSamples: UInt32

    public init(attackSeconds: Float, holdSeconds: Float, releaseSeconds: Float, sampleRate: Float) {
        /// The per-sample coefficient that leaves 1 % of a step after `seconds`.
        func coefficient(_ seconds: Float) -> Float { flushedToZero(powf(1e-2, 1 / (seconds * sampleRate))) }
        attack = coefficient(attackSeconds)
        release = coefficient(releaseSeconds)
        let hold = holdSeconds * sampleRate
        holdSamples = hold.isFinite && hold > 0 ? UInt32(min(hold, Float(UInt32.max))) : 0
    }

    /// The envelope after `input`.
    public mutating func process(_ input: Float) -> Float {
        if input > level {
            level = flushedToZero(attack * (level - input) + input)
            holding = 0
        } else if holding < holdSamples {
            holding += 1
        } else {
            level = flushedToZero(release * (level - input) + input)
        }
        return level
    }
}

/// The moving RMS into the envelope follower.
public struct RMSEnvelopeFollower: Sendable {
    private var rms: MovingRMS
    private var follower: EnvelopeFollower

    public init(windowSeconds: Float, attackSeconds: Float, holdSeconds: Float, releaseSeconds: Float, sampleRate: Float) {
        rms = MovingRMS(windowSeconds: windowSeconds, sampleRate: sampleRate)
        follower = EnvelopeFollower(attackSeconds: attackSeconds, holdSeconds: holdSeconds, releaseSeconds: releaseSeconds, sampleRate: sampleRate)
    }

    public mutating func process(_ sample: Float) -> Float { follower.process(rms.process(sample)) }
}

/// One point of an envelope: a time in seconds and a value.
public struct EnvelopePoint: Sendable, Hashable {
    public var time: Float
    public var value: Float

    public init(time: Float, value: Float) {
        (self.time, self.value) = (time, value)
    }
}

/// The amplitude envelope of a sound, a point every `updateSeconds` (the RMS follower's level at
/// the first sample at or after each update time, capped at 1), fed a block at a time: memory
/// does not grow with the sound's length. Past the sound's end the follower is fed silence up to
/// the last update time.
public struct AmplitudeFollower: Sendable {
    /// The stage's settings (Studio's defaults: 1 ms updates, attack 0.1 ms, hold 1.5 ms, release
    /// 100 ms, RMS over 0.1 ms).
    public struct Settings: Sendable, Hashable {
        public var updateSeconds: Float = 1e-3
        public var attackSeconds: Float = 1e-4
        public var holdSeconds: Float = 1.5e-3
        public var releaseSeconds: Float = 100e-3
        public var rmsWindowSeconds: Float = 1e-4

        public init() {}
    }

    private var follower: RMSEnvelopeFollower
    private let secondsPerSample: Float
    private let settings: Settings
    /// Samples consumed, the next update's time, the level after the last sample, and the
    /// sample count at the last point (nil before the first).
    private var index = 0
    private var nextUpdate: Float
    private var level: Float = 0
    private var pointIndex: Int?

    public init(sampleRate: Float, settings: Settings = Settings()) {
        follower = RMSEnvelopeFollower(windowSeconds: settings.rmsWindowSeconds, attackSeconds: settings.attackSeconds,
                                       holdSeconds: settings.holdSeconds, releaseSeconds: settings.releaseSeconds, sampleRate: sampleRate)
        secondsPerSample = 1 / sampleRate
        self.settings = settings
        nextUpdate = settings.updateSeconds
    }

    /// Takes the next samples; returns the points whose update time they reached. When updates
    /// come faster than samples, the further points a sample reaches are 0 (the reference's rule).
    public mutating func process(_ samples: UnsafeBufferPointer<Float>) -> [EnvelopePoint] {
        var points: [EnvelopePoint] = []
        for sample in samples {
            level = follower.process(sample)
            index += 1
            let time = Float(index) * secondsPerSample
            var value = min(level, 1)
            while time >= nextUpdate {
                points.append(EnvelopePoint(time: time, value: value))
                value = 0
                pointIndex = index
                nextUpdate = Self.update(after: nextUpdate, step: settings.updateSeconds)
            }
        }
        return points
    }

    /// The update time after `time`, `step` later: the reference's 32-bit sum, except past 2^15 s,
    /// where a float steps by more than a millisecond update and the sum would stand still (and
    /// the follower never end): there the next float.
    static func update(after time: Float, step: Float) -> Float {
        let next = time + step
        return next > time ? next : time.nextUp
    }

    /// The last point, after the last sample: unless a point fell on the last sample, the
    /// follower is fed silence up to the next update time (an empty sound gives one point).
    public mutating func finish() -> [EnvelopePoint] {
        guard pointIndex != index else { return [] }
        var time = Float(index) * secondsPerSample
        var value: Float = 0
        while time < nextUpdate {
            value = follower.process(0)
            index += 1
            time = Float(index) * secondsPerSample
        }
        pointIndex = index
        return [EnvelopePoint(time: time, value: min(value, 1))]
    }
}
