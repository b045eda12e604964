import HapticCore

extension FeedbackCall {
    /// The call on an Android `device` (docs/feedback.md): the wrapper's native call, the effect
    /// or composition the framework's provider picks for the device's API level and primitives,
    /// and what the device's HAL plays for it — its firmware's effect (`android.effects`), or
    /// Android's fallback waveform, or nothing. Every step is in `chain`, with its source.
    public func androidPlan(on device: AndroidDevice) -> AndroidPlan {
        let (steps, request) = FeedbackTable.android(self, apiLevel: device.apiLevel)
        var planner = AndroidFeedbackPlanner(device: device, chain: steps)
        guard device.hasVibrator else { return planner.result(.unsupported, reason: "Device has no vibrator") }
        switch request {
        case .nothing(let why):
            return planner.nothing(why)
        case let .waveform(timings, amplitudes):
            return planner.waveform(timings: timings, amplitudes: amplitudes)
        case let .composition(name, scale, otherwise):
            guard let primitive = AndroidPrimitive(rawValue: name), device.primitiveDurationsMs[primitive] != nil else {
                guard !otherwise.isEmpty else {
                    return planner.nothing("\(device.name) has no PRIMITIVE_\(name), and Android plays no composition with a primitive its vibrator lacks",
                                           source: "Android's VibrationEffect.Composition and Vibrator.areAllPrimitivesSupported reference")
                }
                planner.step("\(device.name) has no PRIMITIVE_\(name): the wrapper plays VibrationEffect.createWaveform(\(NumberText.list(otherwise)) ms, -1) instead",
                             "the wrapper's arePrimitivesSupported check (its step above)")
                return planner.waveform(timings: otherwise, amplitudes: FeedbackTable.offOnAmplitudes(otherwise))
            }
            return planner.composition(primitive, scale: scale)
        case .predefined(let effect):
            return planner.predefined(effect, fallback: true)
        case .constant(let constant):
            switch AndroidFeedbackProvider.provided(constant, apiLevel: device.apiLevel) {
            case .nothing(let why):
                return planner.nothing(why, source: AndroidFeedbackProvider.source)
            case let .predefined(effect, fallback):
                planner.step("HapticFeedbackConstants.\(constant.rawValue) → VibrationEffect.get(EFFECT_\(effect.rawValue)\(fallback ? "" : ", false"))",
                             AndroidFeedbackProvider.source)
                return planner.predefined(effect, fallback: fallback)
            case let .composition(primitive, scale, otherwise):
                guard device.primitiveDurationsMs[primitive] != nil else {
                    planner.step("HapticFeedbackConstants.\(constant.rawValue) → VibrationEffect.get(EFFECT_\(otherwise.rawValue)): "
                                 + "\(device.name) has no PRIMITIVE_\(primitive.rawValue)", AndroidFeedbackProvider.source)
                    return planner.predefined(otherwise, fallback: true)
                }
                planner.step("HapticFeedbackConstants.\(constant.rawValue) → a composition of PRIMITIVE_\(primitive.rawValue) at scale \(scale)",
                             AndroidFeedbackProvider.source)
                return planner.composition(primitive, scale: scale)
            }
        }
    }
}

/// Builds the Android plan of one feedback call, step by step.
struct AndroidFeedbackPlanner {
    let device: AndroidDevice
    var chain: [FeedbackStep]
    var approximations: [AndroidApproximation] = []

    static let halSource = "the device file's android.effects: what its HAL supports and its firmware plays (docs/devices.md)"

    mutating func step(_ text: String, _ source: String) { chain.append(FeedbackStep(text: text, source: source)) }

    mutating func nothing(_ why: String, source: String? = nil) -> AndroidPlan {
        if let source { step("nothing: \(why)", source) }
        return result(.silent)
    }

    /// A predefined effect: the HAL's own when the device file lists it, else the framework's
    /// fallback waveform (when asked for), else nothing.
    mutating func predefined(_ effect: AndroidPredefinedEffect, fallback: Bool) -> AndroidPlan {
        if let firmware = device.effects.first(where: { $0.name == effect.rawValue }) {
            var onsetMs: Int64 = 0
            var bursts: [AndroidEffectBurst] = []
            for segment in firmware.segments {
                if segment.drive > 0 { bursts.append(AndroidEffectBurst(onsetMs: onsetMs, durationMs: segment.ms, level: segment.drive)) }
                onsetMs += segment.ms
            }
            let words = firmware.segments.map { $0.drive > 0 ? "\($0.ms) ms at \($0.drive)" : "\($0.ms) ms off" }.joined(separator: ", ")
            step("EFFECT_\(effect.rawValue) → \(device.name)'s HAL plays its \(effect.rawValue): \(words)", Self.halSource)
            guard !bursts.isEmpty else { return result(.silent) }
            return result(.androidEffect, nativeMs: firmware.durationMs, bursts: bursts)
        }
        step("EFFECT_\(effect.rawValue) → not among \(device.name)'s HAL effects", Self.halSource)
        guard fallback else { return nothing("the request allows no fallback", source: AndroidFeedbackProvider.source) }
        guard let timings = effect.fallbackTimingsMs else {
            step("EFFECT_TEXTURE_TICK's fallback → VibrationEffect.get(EFFECT_TICK, false)", "AOSP VibrationSettings")
            return predefined(.tick, fallback: false)
        }
        approximations.append(AndroidApproximation(.feedbackFallback, "\(device.name)'s HAL lacks EFFECT_\(effect.rawValue): Android plays its fallback "
            + "waveform \(NumberText.list(timings)) ms (off, on, …) at the default amplitude."))
        step("EFFECT_\(effect.rawValue) → the framework's fallback, VibrationEffect.createWaveform(\(NumberText.list(timings)), -1)",
             "AOSP VibrationSettings and core/res/res/values/config.xml (platform_frameworks_base, read 2026-12-06)")
        return waveform(timings: timings, amplitudes: FeedbackTable.offOnAmplitudes(timings))
    }

    /// A composition of one primitive the device has, at `scale`.
    func composition(_ primitive: AndroidPrimitive, scale: Float) -> AndroidPlan {
        result(.androidPrimitives, nativeMs: Int64(device.primitiveDurationsMs[primitive] ?? 0),
               primitives: [AndroidPrimitiveStep(primitive: primitive, scale: scale, delayMs: 0)])
    }

    /// An amplitude waveform; without amplitude control every amplitude above 0 is full.
    mutating func waveform(timings: [Int64], amplitudes: [Int]) -> AndroidPlan {
        let played = device.hasAmplitudeControl ? amplitudes : amplitudes.map { $0 > 0 ? 255 : 0 }
        if !device.hasAmplitudeControl, played != amplitudes {
            approximations.append(AndroidApproximation(.onOff, "No amplitude control: every amplitude above 0 plays at full strength."))
        }
        guard zip(timings, played).contains(where: { $0 > 0 && $1 > 0 }) else { return result(.silent) }
        let waveform = AndroidWaveform(timings: timings, amplitudes: played)
        return result(.androidWaveform, nativeMs: waveform.durationMs, waveform: waveform)
    }

    func result(_ backend: AndroidPlan.Backend, nativeMs: Int64 = 0, reason: String? = nil, primitives: [AndroidPrimitiveStep] = [],
                waveform: AndroidWaveform? = nil, bursts: [AndroidEffectBurst] = [], envelope: [AndroidEnvelopePoint] = []) -> AndroidPlan {
        var plan = AndroidPlan(backend: backend, device: device, logicalDurationMs: nativeMs, estimatedNativeDurationMs: nativeMs,
                               approximations: approximations, unsupportedReason: reason, envelope: envelope, primitives: primitives, waveform: waveform)
        plan.effectBursts = bursts
        plan.chain = chain
        return plan
    }
}
