import HapticCore
import Testing
@testable import HapticPlanner

/// The Android planner against the cases of the Jindong library's Android plan tests (inputs and
/// expected plans carried over as facts): envelope, gating, fallbacks, primitives, waveform.
@Suite struct AndroidPlannerTests {
    func curve(_ points: (Int64, Float)...) throws -> Curve {
        try Curve(points: points.map { ControlPoint(timeMs: $0.0, value: $0.1) })
    }

    func continuous(_ start: Int64 = 0, intensity: Float = 0.75, curve intensityCurve: Curve? = nil, sharpnessCurve: Curve? = nil) throws -> HapticEvent {
        let shape = try intensityCurve ?? curve((0, 0), (80, 0.8), (300, 0))
        return try .continuous(startMs: start, durationMs: shape.points.last!.timeMs, intensity: Intensity(intensity), sharpness: 0.6,
                               intensityCurve: shape, sharpnessCurve: sharpnessCurve)
    }

    func transient(_ start: Int64 = 0, intensity: Float = 0.75, sharpness: Float = 0.9) throws -> HapticEvent {
        try .transient(startMs: start, intensity: Intensity(intensity), sharpness: sharpness)
    }

    func device(api: Int = 36, envelope: Bool = true, limits: AndroidEnvelopeLimits? = AndroidEnvelopeLimits(
        maxControlPoints: 16, minSegmentMs: 20, maxSegmentMs: 1000, maxDurationMs: 16_000), amplitude: Bool = true,
                primitives: [AndroidPrimitive: Int] = [:]) -> AndroidDevice {
        AndroidDevice(name: "test", apiLevel: api, hasAmplitudeControl: amplitude, envelope: envelope ? limits : nil, primitiveDurationsMs: primitives)
    }

    func plan(_ events: [HapticEvent], duration: Int64? = nil, _ device: AndroidDevice) throws -> AndroidPlan {
        planAndroid(try Pattern(events: events, durationMs: duration), device: device)
    }

    @Test func anEnvelopeMergesIntensityAndSharpnessPointTimes() throws {
        let event = try continuous(intensity: 0, sharpnessCurve: curve((0, 0.2), (100, 0.7), (300, 0.8)))
        let result = try plan([event], device())
        #expect(result.backend == .androidEnvelope)
        #expect(result.envelope.map(\.timeMs) == [0, 80, 100, 300])
        #expect(result.envelope.first?.sharpness == 0.2 && result.envelope[1].intensity == 0.8)
        #expect(result.envelope.last?.intensity == 0 && result.envelope.last?.sharpness == 0.8)
        #expect(result.estimatedNativeDurationMs == 300)
        #expect(try plan([event], device()) == result)
    }

    @Test func apiLevelAndSupportBothGateEnvelopes() throws {
        for candidate in [device(api: 35), device(envelope: false)] {
            #expect(try plan([continuous()], candidate).backend == .androidWaveform)
        }
    }

    @Test(arguments: [
        AndroidEnvelopeLimits(maxControlPoints: 16, minSegmentMs: 100, maxSegmentMs: 1000, maxDurationMs: 16_000),
        AndroidEnvelopeLimits(maxControlPoints: 1, minSegmentMs: 20, maxSegmentMs: 1000, maxDurationMs: 16_000),
        AndroidEnvelopeLimits(maxControlPoints: 16, minSegmentMs: 20, maxSegmentMs: 1000, maxDurationMs: 299),
        AndroidEnvelopeLimits(maxControlPoints: 16, minSegmentMs: 0, maxSegmentMs: 1000, maxDurationMs: 16_000),
    ])
    func aViolatedEnvelopeLimitFallsBackForTheWholePattern(limits: AndroidEnvelopeLimits) throws {
        let result = try plan([continuous()], device(limits: limits))
        #expect(result.backend == .androidWaveform)
        #expect(result.logicalDurationMs == 300)
        #expect(result.approximations.contains { $0.text.contains("Envelope") })
    }

    @Test func longSegmentsSplitWithinTheMaximum() throws {
        let result = try plan([continuous()], device(limits: AndroidEnvelopeLimits(maxControlPoints: 16, minSegmentMs: 20, maxSegmentMs: 40, maxDurationMs: 640)))
        #expect(result.backend == .androidEnvelope)
        #expect(zip(result.envelope, result.envelope.dropFirst()).allSatisfy { (20...40).contains($1.timeMs - $0.timeMs) })
        #expect(result.envelope.last?.timeMs == 300 && result.envelope.count == 9)
    }

    @Test func collinearPointsAreRemovedToFitThePointCount() throws {
        let event = try continuous(curve: curve((0, 0), (25, 0.25), (50, 0.5), (100, 1), (200, 0)))
        let result = try plan([event], device(limits: AndroidEnvelopeLimits(maxControlPoints: 2, minSegmentMs: 20, maxSegmentMs: 1000, maxDurationMs: 2000)))
        #expect(result.backend == .androidEnvelope)
        #expect(result.envelope.map(\.timeMs) == [0, 100, 200])
    }

    @Test func aNonZeroStartOrEndCannotGainAnEnvelopeRamp() throws {
        for shape in [try curve((0, 1), (100, 0)), try curve((0, 0), (100, 1))] {
            let result = try plan([continuous(curve: shape)], device())
            #expect(result.backend == .androidWaveform)
            #expect(result.logicalDurationMs == 100 && result.estimatedNativeDurationMs == 101)
        }
    }

    @Test func allZeroCurvesAreSilent() throws {
        let result = try plan([continuous(intensity: 1, curve: curve((0, 0), (100, 0))), transient(50, intensity: 0)], duration: 200, device())
        #expect(result.backend == .silent && result.logicalDurationMs == 200 && result.estimatedNativeDurationMs == 0)
        #expect(result.waveform == nil && result.envelope.isEmpty)
    }

    @Test func sparseTransientsAndACurveUseAnEnvelopeWithPulses() throws {
        let result = try plan([transient(), transient(80), transient(160), continuous(240)], device())
        #expect(result.backend == .androidEnvelope)
        #expect(result.envelope.filter { $0.intensity == 0.75 }.map(\.timeMs) == [20, 100, 180])
        #expect(result.envelope.last?.timeMs == 540)
        #expect(result.approximations.contains { $0.text.contains("20 ms after") })
    }

    @Test func mixedInputFallsBackAsOneWaveform() throws {
        let result = try plan([transient(), .legacyHaptic(startMs: 5, durationMs: 100)], device())
        #expect(result.backend == .androidWaveform)
        #expect((result.waveform?.amplitude(atMs: 0) ?? 0) > 0)
        #expect(result.waveform?.amplitude(atMs: 20) == 127)
        #expect(result.approximations.contains { $0.text.contains("Transients") })
        #expect(result.approximations.contains { $0.text.contains("pulse widths overlap") })
    }

    @Test func primitiveDelaysSubtractNativeWidths() throws {
        let result = try plan([transient(), transient(40, intensity: 0), transient(100)], device(api: 31, envelope: false, primitives: [.tick: 12]))
        #expect(result.backend == .androidPrimitives)
        #expect(result.primitives.map(\.delayMs) == [0, 88])
        #expect(result.primitives.allSatisfy { $0.scale > 0 })
        #expect(result.logicalDurationMs == 100 && result.estimatedNativeDurationMs == 112)
    }

    @Test(arguments: [
        (30, [AndroidPrimitive.lowTick: 12, .tick: 12]),
        (31, [AndroidPrimitive.lowTick: 12]),
        (31, [AndroidPrimitive.lowTick: 12, .tick: 0]),
    ])
    func primitivesNeedAPI31EverySelectedPrimitiveAndPositiveDurations(api: Int, primitives: [AndroidPrimitive: Int]) throws {
        let events = [try transient(sharpness: 0), try transient(100, sharpness: 1)]
        #expect(try plan(events, device(api: api, envelope: false, primitives: primitives)).backend == .androidWaveform)
    }

    @Test func densePrimitivesFallBackWithoutMovingTheSecondOnset() throws {
        let result = try plan([transient(intensity: 0.25), transient(5, intensity: 1)], device(api: 31, envelope: false, primitives: [.tick: 12]))
        #expect(result.backend == .androidWaveform)
        #expect(result.waveform?.amplitude(atMs: 0) == 63 && result.waveform?.amplitude(atMs: 5) == 255)
        #expect(result.approximations.contains { $0.text.contains("requested onsets are preserved") })
    }

    @Test func sharpnessMapsToCategoricalTextures() throws {
        #expect([0, 0.5, 1].map { AndroidPrimitive.forSharpness($0) } == [.lowTick, .click, .tick])
        let events = [try transient(sharpness: 0), try transient(100, sharpness: 0.5), try transient(200, sharpness: 1)]
        let result = try plan(events, device(api: 31, envelope: false, primitives: [.lowTick: 10, .click: 10, .tick: 10]))
        #expect(result.primitives.map(\.primitive) == [.lowTick, .click, .tick])
        #expect(result.approximations.contains { $0.text.contains("categorical textures") })
    }

    @Test func shortCurvesKeepPeaksBoundariesAndZeroIntervals() throws {
        let event = try continuous(5, intensity: 0, curve: curve((0, 0), (1, 1), (2, 0), (4, 0)))
        let result = try plan([event], duration: 20, device(envelope: false))
        let waveform = try #require(result.waveform)
        #expect([4, 5, 6, 7, 8].map { waveform.amplitude(atMs: $0) } == [0, 255, 255, 0, 0])
        #expect(waveform.amplitudes.last == 0 && result.estimatedNativeDurationMs == 10)
        #expect(result.approximations.contains { $0.text.contains("sample-and-hold") })
    }

    @Test func noAmplitudeControlIsOnOff() throws {
        let events = [try HapticEvent.legacyHaptic(startMs: 0, durationMs: 10, intensity: .light),
                      try HapticEvent.legacyHaptic(startMs: 20, durationMs: 10, intensity: .medium)]
        let result = try plan(events, device(envelope: false, amplitude: false))
        #expect(result.waveform?.amplitudes == [255, 0, 255, 0])
        #expect(result.approximations.contains { $0.text.contains("ON at full amplitude") })
        #expect(result.approximations.contains { $0.text.contains("drops sharpness") })
    }

    @Test func longCurvesCoalesceEqualAmplitudes() throws {
        let event = try continuous(curve: curve((0, 0), (300_000, 1), (600_000, 0), (600_040, 0)))
        let result = try plan([event], device(envelope: false))
        let waveform = try #require(result.waveform)
        #expect(result.backend == .androidWaveform && waveform.timings.count <= AndroidLimits.maxWaveformSegments)
        #expect(waveform.amplitude(atMs: 300_000) == 255 && waveform.amplitude(atMs: 600_000) == 0 && waveform.amplitude(atMs: 600_039) == 0)
        #expect(result.logicalDurationMs == 600_040 && waveform.durationMs == 600_041 && result.estimatedNativeDurationMs == 600_041)
        #expect(result.approximations.contains { $0.text.contains("largest slice 8 ms") && $0.text.contains("intensity error") })
    }

    @Test func theSegmentLimitCountsTheCompatibilityTail() throws {
        func pattern(_ count: Int) throws -> [HapticEvent] {
            try (0..<count).map { try .legacyHaptic(startMs: Int64($0), durationMs: 1, intensity: $0 % 2 == 0 ? .light : .high) }
        }
        let supported = try plan(pattern(AndroidLimits.maxWaveformSegments - 1), device(envelope: false))
        #expect(supported.backend == .androidWaveform && supported.waveform?.timings.count == AndroidLimits.maxWaveformSegments)
        let unsupported = try plan(pattern(AndroidLimits.maxWaveformSegments), device(envelope: false))
        #expect(unsupported.backend == .unsupported && unsupported.logicalDurationMs == Int64(AndroidLimits.maxWaveformSegments))
        #expect(unsupported.unsupportedReason?.contains("Binder transport") == true && unsupported.waveform == nil)
    }

    @Test func overlapsReportCompositionAndCrossingTiming() throws {
        let result = try plan([continuous(), continuous(20)], device(envelope: false))
        #expect(result.approximations.contains { $0.text.contains("maximum intensity") })
        #expect(result.approximations.contains { $0.text.contains("1 ms timing error") })
    }

    @Test func noVibratorIsUnsupportedNotSilent() throws {
        let result = try plan([transient()], AndroidDevice.noVibrator)
        #expect(result.backend == .unsupported && result.unsupportedReason == "Device has no vibrator")
        #expect(try plan([.legacyHaptic(startMs: 0, durationMs: 0)], AndroidDevice.noVibrator).backend == .silent)
    }

    @Test func aMixingBudgetMakesThePlanUnsupported() throws {
        let long = try curve((0, 0), (5000, 1), (10_000, 0))
        let events = try (0..<1100).map { try continuous(Int64($0), curve: long) }
        let result = try plan(events, device(envelope: false))
        #expect(result.backend == .unsupported && result.unsupportedReason?.contains("active-event visits") == true && result.waveform == nil)
    }

    @Test func anEnvelopeCandidateOverItsLimitFallsBackToAWaveform() throws {
        let hum = try (0..<1000).map { _ in try HapticEvent.legacyHaptic(startMs: 0, durationMs: 16_000, intensity: Intensity(Float(0.1))) }
        let taps = try (0..<200).map { try transient(Int64($0) * 80) }
        let result = try plan(hum + taps, device())
        #expect(result.backend == .androidWaveform)
        #expect(result.approximations.contains { $0.text.contains("Envelope candidate rejected") })
        #expect((result.waveform?.amplitude(atMs: 0) ?? 0) > 0)
    }
}
