import HapticCore

extension VibrationEffect {
    /// How long a ramp's steps last when the device has no PWLE support, in ms (AOSP's
    /// `config_vibrationWaveformRampStepDuration`, 5 in core/res/res/values/config.xml; sourced).
    public static let rampStepMs = 5

    /// The effect as `device` plays it (docs/android.md, "VibrationEffect text"): what the framework
    /// sends its HAL for the device's capabilities, each adaptation an approximation and each
    /// step in the plan's chain. A one-shot, waveform, steps and ramps play as an amplitude
    /// waveform (the default amplitude as 255, ramps as 5 ms steps, a frequency the device cannot
    /// set as its default); primitives as a composition when the device has every one (Android
    /// plays no composition with a primitive its vibrator lacks); a predefined effect as its HAL
    /// plays it or Android's fallback; envelopes on a device with envelope effects.
    public func androidPlan(on device: AndroidDevice) -> AndroidPlan {
        var planner = AndroidFeedbackPlanner(device: device, chain: [])
        guard device.hasVibrator else { return planner.result(.unsupported, reason: "Device has no vibrator") }
        switch self {
        case let .oneShot(durationMs, amplitude):
            return planner.waveform(timings: [durationMs], amplitudes: [Self.played(amplitude)])
        case let .waveform(timings, amplitudes, repeatIndex):
            return Self.repeated(timings: timings, amplitudes: amplitudes.map(Self.played), from: repeatIndex, planner: &planner)
        case let .prebaked(effect, _, fallback, _):
            return Self.predefined(effect, fallback: fallback, planner: &planner)
        case .primitives(let primitives):
            return Self.composition(primitives, planner: &planner)
        case let .composed(segments, repeatIndex):
            return Self.segments(segments, repeatIndex: repeatIndex, planner: &planner)
        }
    }

    /// An amplitude 0–255 as the HAL gets it: the default resolved to 255.
    static func played(_ amplitude: Int) -> Int { amplitude == defaultAmplitude ? 255 : amplitude }

    static func predefined(_ effect: Int, fallback: Bool, planner: inout AndroidFeedbackPlanner) -> AndroidPlan {
        guard let name = effectNames[effect], let predefined = AndroidPredefinedEffect(rawValue: name) else {
            return planner.nothing("EFFECT_\(effectNames[effect] ?? String(effect)) is not among the effects hapsynth models", source: "docs/devices.md")
        }
        return planner.predefined(predefined, fallback: fallback)
    }

    static func composition(_ primitives: [Primitive], planner: inout AndroidFeedbackPlanner) -> AndroidPlan {
        let device = planner.device
        var steps: [AndroidPrimitiveStep] = [], pendingDelayMs = 0, previousMs = 0
        for primitive in primitives {
            let name = primitiveNames[primitive.id]
            // A START_OFFSET delay counts from the previous primitive's start: the pause is what is left of it.
            let pauseMs = primitive.delayType == 1 ? max(0, primitive.delayMs - previousMs) : primitive.delayMs
            if name == "NOOP" { pendingDelayMs += pauseMs; previousMs = 0; continue }  // a pause only
            guard let known = AndroidPrimitive(rawValue: name), device.primitiveDurationsMs[known] != nil else {
                return planner.nothing("\(device.name) has no PRIMITIVE_\(name), and Android plays no composition with a primitive its vibrator lacks",
                                       source: "Android's VibrationEffect.Composition and Vibrator.areAllPrimitivesSupported reference")
            }
            steps.append(AndroidPrimitiveStep(primitive: known, scale: primitive.scale, delayMs: pendingDelayMs + pauseMs))
            (pendingDelayMs, previousMs) = (0, device.primitiveDurationsMs[known] ?? 0)
        }
        guard !steps.isEmpty else { return planner.result(.silent) }
        let nativeMs = steps.reduce(Int64(0)) { $0 + Int64($1.delayMs) + Int64(device.primitiveDurationsMs[$1.primitive] ?? 0) }
        return planner.result(.androidPrimitives, nativeMs: nativeMs, primitives: steps)
    }

    /// Adds an envelope segment of `durationMs` ending at `end` (intensity, sharpness); the first
    /// one also starts the envelope at `start`, at 0 ms.
    static func extend(_ envelope: inout [AndroidEnvelopePoint], from start: (Float, Float), to end: (Float, Float), durationMs: Int64) {
        let startMs = envelope.last?.timeMs ?? 0
        if envelope.isEmpty { envelope.append(AndroidEnvelopePoint(timeMs: 0, intensity: start.0, sharpness: start.1)) }
        envelope.append(AndroidEnvelopePoint(timeMs: startMs + durationMs, intensity: end.0, sharpness: end.1))
    }

    /// A waveform, a repeating one played through and its repeated part once more.
    static func repeated(timings: [Int64], amplitudes: [Int], from repeatIndex: Int, planner: inout AndroidFeedbackPlanner) -> AndroidPlan {
        guard repeatIndex >= 0 else { return planner.waveform(timings: timings, amplitudes: amplitudes) }
        planner.approximations.append(AndroidApproximation(.repeatPlayedTwice, "Android repeats from entry \(repeatIndex) until the vibration is cancelled; "
            + "hapsynth plays the effect through and the repeated part once more."))
        return planner.waveform(timings: timings + timings[repeatIndex...], amplitudes: amplitudes + amplitudes[repeatIndex...])
    }

    static func segments(_ segments: [Segment], repeatIndex: Int, planner: inout AndroidFeedbackPlanner) -> AndroidPlan {
        let device = planner.device
        var primitives: [Primitive] = [], timings: [Int64] = [], amplitudes: [Int] = [], envelope: [AndroidEnvelopePoint] = []
        var prebaked: (effect: Int, fallback: Bool)?, kinds: Set<String> = [], frequencySet = false, ramps = false
        var steps: [(timings: [Int64], amplitudes: [Int])] = []
        for segment in segments {
            var segmentTimings: [Int64] = [], segmentAmplitudes: [Int] = []
            switch segment {
            case let .step(amplitude, frequency, durationMs):
                kinds.insert("steps")
                if let frequency, frequency != 0 { frequencySet = true }
                (segmentTimings, segmentAmplitudes) = ([Int64(durationMs)], [amplitude < 0 ? 255 : Int((amplitude * 255).rounded())])
            case let .ramp(start, end, startFrequency, endFrequency, durationMs):
                kinds.insert("steps")
                ramps = true
                if startFrequency != 0 || endFrequency != 0 { frequencySet = true }
                var doneMs = 0
                while doneMs < durationMs {
                    let stepMs = min(rampStepMs, durationMs - doneMs)
                    let amplitude = start + (end - start) * Float(doneMs) / Float(durationMs)
                    segmentTimings.append(Int64(stepMs))
                    segmentAmplitudes.append(Int((amplitude * 255).rounded()))
                    doneMs += stepMs
                }
            case .primitive(let primitive):
                kinds.insert("primitives")
                primitives.append(primitive)
            case let .prebaked(effect, _, fallback):
                kinds.insert("a predefined effect")
                prebaked = (effect, fallback)
            case let .basicPwle(startIntensity, endIntensity, startSharpness, endSharpness, durationMs):
                kinds.insert("envelopes")
                Self.extend(&envelope, from: (startIntensity, startSharpness), to: (endIntensity, endSharpness), durationMs: durationMs)
            case let .pwle(startAmplitude, endAmplitude, _, _, durationMs):
                kinds.insert("envelopes")
                frequencySet = true
                Self.extend(&envelope, from: (startAmplitude, 0.5), to: (endAmplitude, 0.5), durationMs: durationMs)
            }
            steps.append((segmentTimings, segmentAmplitudes))
        }
        guard kinds.count == 1, let kind = kinds.first else {
            return planner.result(.unsupported, reason: "A Composed effect mixing \(kinds.sorted().joined(separator: " and ")) is beyond what hapsynth plays; "
                + "it plays one kind of segment at a time")
        }
        switch kind {
        case "primitives":
            guard repeatIndex < 0 else { return planner.result(.unsupported, reason: "A repeating composition of primitives is beyond what hapsynth plays") }
            return composition(primitives, planner: &planner)
        case "a predefined effect":
            guard segments.count == 1, let prebaked else { return planner.result(.unsupported, reason: "Several predefined effects in one Composed effect are beyond what hapsynth plays") }
            return predefined(prebaked.effect, fallback: prebaked.fallback, planner: &planner)
        case "envelopes":
            guard device.apiLevel >= 36, device.envelope != nil else {
                return planner.nothing("\(device.name) has no envelope effects, and Android plays no envelope on a vibrator without them",
                                       source: "Android's Vibrator.areEnvelopeEffectsSupported reference")
            }
            if frequencySet {
                planner.approximations.append(AndroidApproximation(.frequencyIgnored, "Pwle frequencies play at sharpness 0.5: hapsynth models envelopes in intensity and sharpness."))
            }
            return planner.result(.androidEnvelope, nativeMs: envelope.last?.timeMs ?? 0, envelope: envelope)
        default:
            if frequencySet {
                planner.approximations.append(AndroidApproximation(.frequencyIgnored, "\(device.name) cannot set a frequency: the steps play at its default (resonant) frequency."))
            }
            if ramps {
                planner.approximations.append(AndroidApproximation(.rampsAsSteps, "Ramps play as \(rampStepMs) ms steps, as Android plays them without PWLE support."))
            }
            for part in steps { timings += part.timings; amplitudes += part.amplitudes }
            // Each segment's first step starts the repeated part.
            let repeatEntry = repeatIndex < 0 ? -1 : steps[..<repeatIndex].reduce(0) { $0 + $1.timings.count }
            return repeated(timings: timings, amplitudes: amplitudes, from: repeatEntry, planner: &planner)
        }
    }
}
