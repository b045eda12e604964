import HapticCore
import HapticPlanner
import Testing

/// A `VibrationEffect` on a device (issue 63): what the framework sends the HAL for the device's
/// capabilities, and the effect the Jindong executor builds for a plan, read back to the same plan.
@Suite struct VibrationEffectAndroidTests {
    @Test func aWaveformPlaysItsAmplitudesTheDefaultAsFull() throws {
        let plan = VibrationEffect.waveform(timingsMs: [0, 40, 60, 40], amplitudes: [0, -1, 0, 128], repeatIndex: -1).androidPlan(on: .amplitudePhone)
        #expect(plan.backend == .androidWaveform && plan.waveform?.timings == [0, 40, 60, 40] && plan.waveform?.amplitudes == [0, 255, 0, 128])
        let onOff = VibrationEffect.oneShot(durationMs: 30, amplitude: 64).androidPlan(on: .onOffPhone)
        #expect(onOff.waveform?.amplitudes == [255] && onOff.approximations.map(\.code) == [.onOff])
    }

    @Test func aRepeatPlaysItsRepeatedPartOnceMore() {
        let plan = VibrationEffect.waveform(timingsMs: [10, 20, 30], amplitudes: [0, 255, 0], repeatIndex: 1).androidPlan(on: .amplitudePhone)
        #expect(plan.waveform?.timings == [10, 20, 30, 20, 30] && plan.approximations.map(\.code) == [.repeatPlayedTwice])
    }

    /// Primitives play only where the device has every one (Android plays no composition with a
    /// primitive its vibrator lacks); NOOP is a pause.
    @Test func primitivesPlayWhereTheDeviceHasThem() {
        let taps = VibrationEffect.composed(segments: [.primitive(.init(id: 1, scale: 0.7, delayMs: 0)), .primitive(.init(id: 0, scale: 0, delayMs: 30)),
                                                       .primitive(.init(id: 7, scale: 1, delayMs: 20))], repeatIndex: -1)
        let played = taps.androidPlan(on: .primitivesPhone)
        #expect(played.backend == .androidPrimitives && played.primitives.map(\.primitive) == [.click, .tick] && played.primitives.map(\.delayMs) == [0, 50])
        #expect(taps.androidPlan(on: .amplitudePhone).backend == .silent)
        let thud = VibrationEffect.primitives([.init(id: 2, scale: 1, delayMs: 0)]).androidPlan(on: .flagship)
        #expect(thud.backend == .silent && thud.chain.first?.text.contains("no PRIMITIVE_THUD") == true)
    }

    /// A START_OFFSET delay counts from the previous primitive's start (API 36).
    @Test func aStartOffsetDelayCountsFromThePreviousStart() throws {
        let text = "Composed{segments=[Primitive{primitive=CLICK, scale=1.0, delay=0, delayType=PAUSE}, Primitive{primitive=TICK, scale=0.5, delay=30, delayType=START_OFFSET}], repeat=-1}"
        let effect = try #require(try VibrationEffect.effects(in: text, file: "x").first?.effect)
        let plan = effect.androidPlan(on: .flagship)
        let clickMs = try #require(AndroidDevice.flagship.primitiveDurationsMs[.click])
        #expect(plan.primitives.map(\.delayMs) == [0, 30 - clickMs] && effect.text(apiLevel: 36) == text)
    }

    /// Ramps play as 5 ms steps without PWLE; a frequency the device cannot set plays its default.
    @Test func rampsBecomeStepsAndFrequenciesTheDefault() throws {
        let ramp = VibrationEffect.composed(segments: [.ramp(startAmplitude: 0, endAmplitude: 1, startFrequency: 150, endFrequency: 150, durationMs: 12)], repeatIndex: -1)
        let plan = ramp.androidPlan(on: .amplitudePhone)
        #expect(plan.waveform?.timings == [5, 5, 2] && plan.waveform?.amplitudes == [0, 106, 213])
        #expect(Set(plan.approximations.map(\.code)) == [.rampsAsSteps, .frequencyIgnored])
    }

    /// A predefined effect plays as the device's HAL plays it, or Android's fallback waveform.
    @Test func aPredefinedEffectPlaysAsTheHALOrItsFallback() {
        let click = VibrationEffect.prebaked(effect: 0, strength: 1, fallback: true, fallbackEffect: nil).androidPlan(on: .amplitudePhone)
        #expect(click.backend == .androidWaveform && click.waveform?.timings == [0, 10, 20, 30] && click.approximations.map(\.code) == [.feedbackFallback])
        let none = VibrationEffect.composed(segments: [.prebaked(effect: 0, strength: 1, fallback: false)], repeatIndex: -1).androidPlan(on: .amplitudePhone)
        #expect(none.backend == .silent)
    }

    /// The effect the executor builds for a pattern, printed at the device's level and read back,
    /// plans as the pattern does on every path.
    @Test(arguments: [AndroidDevice.flagship, .primitivesPhone, .amplitudePhone, .onOffPhone])
    func theExportedEffectReadsBackAsThePlan(device: AndroidDevice) throws {
        let pattern = try Pattern(events: [
            try .transient(startMs: 0, intensity: 0.8, sharpness: 0.9), try .transient(startMs: 60, intensity: 0.5, sharpness: 0.2),
            try .continuous(startMs: 150, durationMs: 200, intensity: 0.6, sharpness: 0.5),
        ])
        let taps = try Pattern(events: [try .transient(startMs: 0, intensity: 0.8, sharpness: 0.9), try .transient(startMs: 60, intensity: 0.5, sharpness: 0.5)])
        for pattern in [pattern, taps] {
            let plan = planAndroid(pattern, device: device)
            let text = try plan.vibrationEffect().text(apiLevel: device.apiLevel)
            let read = try #require(try VibrationEffect.effects(in: text, file: "x.vibration").first?.effect)
            let again = read.androidPlan(on: device)
            #expect(again.backend == plan.backend, "\(device.name): \(text)")
            #expect(again.waveform == plan.waveform && again.primitives == plan.primitives && again.envelope == plan.envelope, "\(device.name)")
            #expect(again.estimatedNativeDurationMs == plan.estimatedNativeDurationMs)
        }
        #expect(planAndroid(taps, device: .primitivesPhone).backend == .androidPrimitives)
    }

    @Test func aSilentPlanHasNoEffect() throws {
        let silent = planAndroid(try Pattern(events: [], durationMs: 100), device: .flagship)
        #expect(throws: VibrationEffectExportError.self) { try silent.vibrationEffect() }
    }
}
