import HapticCore

extension HapticClip {
    /// Meta's Android defaults: an amplitude sample every 10 ms, full gain.
    public static let defaultAndroidSampleRateHz: Float = 100
    /// The emphasis's length at frequency 0 and 1, in ms (Meta's Android configuration).
    static let emphasisMs: (low: Float, high: Float) = (36.4, 12.1)
    /// How much the envelope is lowered while an emphasis plays.
    static let androidEmphasisDucking: Float = 0.5

    /// The amplitude waveform Meta's Android renderer makes of the clip (docs/haptic.md): the
    /// amplitude envelope sampled every 1/`sampleRateHz` s (ramps as its ramped values step them,
    /// in 32-bit floats), each emphasis an amplitude step of 12–36 ms over a halved envelope, and
    /// each sample floor(255 × value), kept within 1…255 (0 would stop the motor). Frequency is
    /// dropped. Samples run from 0 s on the clip's own times.
    package func metaWaveform(sampleRateHz: Float = defaultAndroidSampleRateHz, gain: Float = 1) -> AndroidWaveform {
        let sampleDuration = 1 / sampleRateHz
        let spanS = endS - startS
        let count = Int((spanS * sampleRateHz).rounded(.up))
        var timings: [Int64] = [], amplitudes: [Int] = []
        timings.reserveCapacity(count)
        amplitudes.reserveCapacity(count)
        var events = MetaEvents(self)
        var envelope = RampedValue()
        var emphasis: (value: Float, samplesLeft: Int) = (0, 0)
        for index in 0..<count {
            let timeS = sampleDuration * Float(index)
            while let event = events.next(upTo: timeS) {
                switch event {
                case .jump(let value): envelope.set(value)
                case .ramp(let target, let durationS): envelope.ramp(to: target, durationS: durationS, sampleRateHz: sampleRateHz)
                case .emphasis(let accent):
                    let ms = Self.emphasisMs.low + accent.frequency * (Self.emphasisMs.high - Self.emphasisMs.low)
                    emphasis = (gain * accent.amplitude, Int((ms / 1000 * sampleRateHz).rounded(.down)))
                }
            }
            var value = gain * envelope.next()
            if emphasis.samplesLeft > 0 {
                value = value * Self.androidEmphasisDucking + emphasis.value
                emphasis.samplesLeft -= 1
            }
            amplitudes.append(min(max(Self.truncated(value * 255), 1), 255))
            timings.append(min(Int64(Self.truncated(sampleDuration * 1000)), Int64(Self.truncated((spanS - timeS) * 1000))))
        }
        return AndroidWaveform(timings: timings, amplitudes: amplitudes)
    }

    /// The clip as Meta's SDK plays it on an Android `device`: its waveform, or, without amplitude
    /// control, one constant vibration of the clip's length (30 ms when only emphasis is felt).
    public func androidPlan(on device: AndroidDevice, sampleRateHz: Float = defaultAndroidSampleRateHz, gain: Float = 1) -> AndroidPlan {
        let durationMs = Microseconds.roundedMilliseconds(Self.microseconds(endS))
        func plan(_ backend: AndroidPlan.Backend, _ approximations: [AndroidApproximation] = [], waveform: AndroidWaveform? = nil, reason: String? = nil) -> AndroidPlan {
            AndroidPlan(backend: backend, device: device, logicalDurationMs: durationMs, estimatedNativeDurationMs: waveform?.durationMs ?? 0,
                        approximations: approximations, unsupportedReason: reason, envelope: [], primitives: [], waveform: waveform)
        }
        guard isAudible else { return plan(.silent) }
        guard device.hasVibrator else { return plan(.unsupported, reason: "Device has no vibrator") }
        let spanS = endS - startS
        guard device.hasAmplitudeControl else {
            let onlyEmphasis = !amplitude.contains { $0.amplitude > 0 }
            let ms = onlyEmphasis ? 30 : max(1, Int64((Double(spanS) * 1000).rounded()))
            return plan(.androidWaveform, [AndroidApproximation(.onOff, "No amplitude control: the clip plays as one constant vibration.")],
                        waveform: AndroidWaveform(timings: [ms], amplitudes: [255]))
        }
        let samples = Double(spanS) * Double(sampleRateHz)
        guard samples <= Double(AndroidLimits.maxWaveformSamples) else {
            return plan(.unsupported, reason: "the clip needs \(Int(samples.rounded(.up))) samples at \(FloatText.display(sampleRateHz)) Hz, "
                + "over the limit of \(AndroidLimits.maxWaveformSamples)")
        }
        var approximations = [AndroidApproximation(.clipSampled, "Meta's Android renderer samples the clip every \(FloatText.display(1000 / sampleRateHz)) ms and drops frequency.")]
        if amplitude.contains(where: { $0.emphasis != nil }) { approximations.append(AndroidApproximation(.clipEmphasisStep, "Emphasis becomes a 12–36 ms amplitude step over a halved envelope.")) }
        if amplitude.last?.emphasis != nil { approximations.append(AndroidApproximation(.clipLastEmphasisDropped, "An emphasis on the last breakpoint is not rendered.")) }
        if startS > 0 {
            approximations.append(AndroidApproximation(.clipEndCut, "The clip starts at \(FloatText.display(startS)) s: Meta's Android renderer samples from 0 s, "
                + "so the clip's last \(FloatText.display(startS)) s are cut."))
        }
        return plan(.androidWaveform, approximations, waveform: metaWaveform(sampleRateHz: sampleRateHz, gain: gain))
    }

    /// A float's whole part (toward zero), saturated into Int.
    static func truncated(_ value: Float) -> Int {
        guard value.isFinite else { return value > 0 ? .max : .min }
        return Int(exactly: value.rounded(.towardZero)) ?? (value > 0 ? .max : .min)
    }
}

/// What Meta's event reader gives the Android renderer, in time order: the envelope's first value
/// (a jump), a ramp to each next breakpoint over the time between them, each breakpoint's emphasis,
/// and a jump to 0 at the last breakpoint (whose emphasis is not played).
private struct MetaEvents {
    enum Event {
        case jump(Float)
        case ramp(to: Float, durationS: Float)
        case emphasis(HapticClip.Emphasis)
    }

    private let points: [HapticClip.AmplitudePoint]
    private var index = 0
    private var pending: [Event] = []

    init(_ clip: HapticClip) { points = clip.amplitude }

    /// The next event at or before `timeS`, if any.
    mutating func next(upTo timeS: Float) -> Event? {
        if pending.isEmpty, index < points.count, points[index].timeS <= timeS {
            let point = points[index]
            if index == points.count - 1 {
                pending = [.jump(0)]
            } else {
                let next = points[index + 1]
                pending = (index == 0 ? [.jump(point.amplitude)] : []) + [.ramp(to: next.amplitude, durationS: next.timeS - point.timeS)]
                if let emphasis = point.emphasis { pending.append(.emphasis(emphasis)) }
            }
            index += 1
        }
        return pending.isEmpty ? nil : pending.removeFirst()
    }
}

/// A value that steps toward a target over a number of samples, as Meta's renderer ramps (32-bit
/// floats): the ramp's first sample is the value it starts from; a ramp of at most one sample, or
/// to a value within 1e-6, is a jump; a ramp that ends between samples is cut at its last sample.
private struct RampedValue {
    private var current: Float = 0
    private var target: Float = 0
    private var increment: Float = 0
    private var samplesLeft: Float = 0

    mutating func set(_ value: Float) {
        current = value
        target = value
        samplesLeft = 0
    }

    mutating func ramp(to value: Float, durationS: Float, sampleRateHz: Float) {
        target = value
        let samples = durationS * sampleRateHz
        if samples <= 1 || abs(current - value) < 1e-6 {
            current = value
            samplesLeft = 0
        } else {
            samplesLeft = samples - 1
            increment = (value - current) / samplesLeft
        }
    }

    /// The value of this sample; then one step on.
    mutating func next() -> Float {
        let result = current
        if samplesLeft >= 1 {
            samplesLeft -= 1
            current = target - samplesLeft * increment
        } else {
            current = target
        }
        return result
    }
}
