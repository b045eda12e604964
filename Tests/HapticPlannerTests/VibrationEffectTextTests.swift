import HapticPlanner
import Testing

/// `VibrationEffect` text (issue 63): what `toString()` prints at each API level, read back into
/// the same effect; lines of a test log read as they are; bad text refused at its column.
@Suite struct VibrationEffectTextTests {
    static let samples: [VibrationEffect] = [
        .oneShot(durationMs: 120, amplitude: 200),
        .oneShot(durationMs: 30, amplitude: -1),
        .waveform(timingsMs: [0, 40, 60, 40], amplitudes: [0, 255, 0, 128], repeatIndex: -1),
        .waveform(timingsMs: [20, 40], amplitudes: [0, -1], repeatIndex: 0),
        .composed(segments: [.step(amplitude: 1, frequency: 0, durationMs: 100), .step(amplitude: 0.2509804, frequency: 0, durationMs: 8)], repeatIndex: -1),
        .composed(segments: [.primitive(.init(id: 1, scale: 0.8, delayMs: 0)), .primitive(.init(id: 8, scale: 0.5, delayMs: 40))], repeatIndex: -1),
        .composed(segments: [.ramp(startAmplitude: 0, endAmplitude: 1, startFrequency: 150, endFrequency: 200, durationMs: 50)], repeatIndex: 0),
        .composed(segments: [.prebaked(effect: 0, strength: 1, fallback: true)], repeatIndex: -1),
    ]

    /// The exact text of each class at the levels its format changed (docs/android.md).
    @Test func eachLevelPrintsAsItsSourceDoes() {
        let oneShot = VibrationEffect.oneShot(durationMs: 120, amplitude: 200)
        #expect(oneShot.text(apiLevel: 26) == "OneShot{mTiming=120, mAmplitude=200}")
        #expect(oneShot.text(apiLevel: 29) == "OneShot{mDuration=120, mAmplitude=200}")
        #expect(oneShot.text(apiLevel: 31) == "Composed{segments=[Step{amplitude=0.78431374, frequency=0.0, duration=120}], repeat=-1}")
        #expect(oneShot.text(apiLevel: 34) == "Composed{segments=[Step{amplitude=0.78431374, frequencyHz=0.0, duration=120}], repeat=-1}")
        let waveform = VibrationEffect.waveform(timingsMs: [0, 40], amplitudes: [0, -1], repeatIndex: -1)
        #expect(waveform.text(apiLevel: 30) == "Waveform{mTimings=[0, 40], mAmplitudes=[0, -1], mRepeat=-1}")
        #expect(waveform.text(apiLevel: 33) == "Composed{segments=[Step{amplitude=0.0, frequencyHz=0.0, duration=0}, Step{amplitude=-1.0, frequencyHz=0.0, duration=40}], repeat=-1}")
        let click = VibrationEffect.prebaked(effect: 0, strength: 1, fallback: true, fallbackEffect: nil)
        #expect(click.text(apiLevel: 27) == "Prebaked{mEffectId=0, mFallback=true}")
        #expect(click.text(apiLevel: 28) == "Prebaked{mEffectId=0, mEffectStrength=1, mFallback=true}")
        #expect(click.text(apiLevel: 31) == "Composed{segments=[Prebaked{effect=CLICK, strength=MEDIUM, fallback=true}], repeat=-1}")
        let primitives = VibrationEffect.primitives([.init(id: 1, scale: 1, delayMs: 0), .init(id: 7, scale: 0.5, delayMs: 20)])
        #expect(primitives.text(apiLevel: 30) == "Composed{mPrimitiveEffects=[PrimitiveEffect{id=PRIMITIVE_CLICK, scale=1.0, delay=0}, PrimitiveEffect{id=PRIMITIVE_TICK, scale=0.5, delay=20}]}")
        #expect(primitives.text(apiLevel: 31) == "Composed{segments=[Primitive{primitive=PRIMITIVE_CLICK, scale=1.0, delay=0}, Primitive{primitive=PRIMITIVE_TICK, scale=0.5, delay=20}], repeat=-1}")
        // The primitive's name loses its PRIMITIVE_ prefix at API 35; API 36 says what its delay counts from.
        let tap = VibrationEffect.composed(segments: [.primitive(.init(id: 1, scale: 1, delayMs: 0))], repeatIndex: -1)
        #expect(tap.text(apiLevel: 34) == "Composed{segments=[Primitive{primitive=PRIMITIVE_CLICK, scale=1.0, delay=0}], repeat=-1}")
        #expect(tap.text(apiLevel: 35) == "Composed{segments=[Primitive{primitive=CLICK, scale=1.0, delay=0}], repeat=-1}")
        #expect(tap.text(apiLevel: 36) == "Composed{segments=[Primitive{primitive=CLICK, scale=1.0, delay=0, delayType=PAUSE}], repeat=-1}")
        let envelope = VibrationEffect.composed(segments: [.basicPwle(startIntensity: 0, endIntensity: 1, startSharpness: 0.5, endSharpness: 0.5, durationMs: 20)], repeatIndex: -1)
        #expect(envelope.text(apiLevel: 36) == "Composed{segments=[BasicPwle{startIntensity=0.0, endIntensity=1.0, startSharpness=0.5, endSharpness=0.5, duration=20}], repeat=-1}")
    }

    @Test func floatsPrintAsJavaPrintsThem() {
        let cases: [(Float, String)] = [(1, "1.0"), (0.5, "0.5"), (0, "0.0"), (-0.0, "-0.0"), (-1, "-1.0"), (0.2509804, "0.2509804"), (150, "150.0"),
                                        (1e-5, "1.0E-5"), (0.001, "0.001"), (0.00099, "9.9E-4"), (1.25e7, "1.25E7"), (9_999_999, "9999999.0"),
                                        (.nan, "NaN"), (.infinity, "Infinity"), (-.infinity, "-Infinity"), (123.456, "123.456")]
        for (value, text) in cases { #expect(JavaNumber.float(value) == text, "\(value)") }
    }

    /// Every sample, at every level that can hold it, reads back as the effect it printed.
    @Test func whatIsPrintedReadsBack() throws {
        for effect in Self.samples {
            for level in VibrationEffect.apiLevels {
                let isSegments: Bool
                if case .composed = effect { isSegments = true } else { isSegments = false }
                if isSegments && level < 31 { continue }
                let text = effect.text(apiLevel: level)
                let read = try #require(try VibrationEffect.effects(in: text, file: "t.vibration").first?.effect)
                #expect(read.text(apiLevel: level) == text, "API \(level): \(text)")
            }
        }
    }

    /// A test log's lines: the effect is found after whatever the logger put before it; lines
    /// without one are passed over; each effect keeps its line.
    @Test func aLogReadsAsItIs() throws {
        let log = """
            > Task :app:testDebugUnitTest
            HapticsTest > tapPlays STANDARD_OUT
                D/Haptics: vibrate(Composed{segments=[Primitive{primitive=PRIMITIVE_CLICK, scale=0.7, delay=0}], repeat=-1}) usage=TOUCH
            MyComposed{not an effect}

            vibrator.vibrate: OneShot{mDuration=40, mAmplitude=-1}
            """
        let effects = try VibrationEffect.effects(in: log, file: "log.txt")
        #expect(effects.map(\.line) == [3, 6])
        #expect(effects[0].effect == .composed(segments: [.primitive(.init(id: 1, scale: 0.7, delayMs: 0))], repeatIndex: -1))
        #expect(effects[1].effect == .oneShot(durationMs: 40, amplitude: -1))
    }

    /// Bad text: where and what, as Android's own checks would refuse it.
    @Test(arguments: [
        ("Composed{segments=[Step{amplitude=1.5, frequencyHz=0.0, duration=10}], repeat=-1}", 25, "amplitude must be 0.0…1.0, got 1.5"),
        ("Composed{segments=[Step{amplitude=NaN, frequencyHz=0.0, duration=10}], repeat=-1}", 25, "amplitude must be a finite number, got 'NaN'"),
        ("Composed{segments=[Step{amplitude=Infinity, frequencyHz=0.0, duration=10}], repeat=-1}", 25, "finite number"),
        ("Composed{segments=[Step{amplitude=1.0, frequencyHz=0.0, duration=10}], repeat=1}", 72, "repeat=1 is outside the 1 entries"),
        ("Waveform{mTimings=[10, 99999999999999999999], mAmplitudes=[0, 255], mRepeat=-1}", 24, "a timing must be a whole number"),
        ("Composed{segments=[Wobble{x=1}], repeat=-1}", 20, "unknown segment 'Wobble'"),
        ("Composed{segments=[Step{amplitude=1.0, frequencyHz=0.0, duration=10}, Step{amp", 79, "the text ends in the middle of an effect"),
        ("Waveform{mTimings=[0, 10], mAmplitudes=[0], mRepeat=-1}", 28, "as many of each"),
        ("Prebaked{effect=SPLAT, strength=MEDIUM, fallback=true}", 10, "'SPLAT' is no effect Android names"),
        ("Composed{segments=[Primitive{primitive=PRIMITIVE_WOBBLE, scale=1.0, delay=0}], repeat=-1}", 30, "is no primitive"),
        ("OneShot{mDuration=10, mAmplitude=0}", 23, "got 0"),
        ("Composed{segments=[Step{amplitude=1.0, colour=red, duration=10}], repeat=-1}", 40, "has no field 'colour'"),
    ] as [(String, Int, String)])
    func badTextIsRefusedAtItsColumn(text: String, column: Int, message: String) {
        #expect { try VibrationEffect.effects(in: text, file: "bad.vibration") } throws: { error in
            guard let error = error as? VibrationEffectTextError else { return false }
            return error.line == 1 && error.column == column && error.message.contains(message)
        }
    }

    /// Hostile text stays bounded: deep nesting and a list past the limit are refused, fast.
    @Test func hostileTextIsRefusedWithinBounds() {
        let nested = String(repeating: "Prebaked{mEffectId=0, mEffectStrength=1, mFallback=true, mFallbackEffect=", count: 50) + "null" + String(repeating: "}", count: 50)
        #expect(throws: VibrationEffectTextError.self) { try VibrationEffect.effects(in: nested, file: "deep") }
        let long = "Composed{segments=[Step{amplitude=1.0, frequencyHz=0.0, duration=" + String(repeating: "9", count: 100_000) + "}], repeat=-1}"
        #expect { try VibrationEffect.effects(in: long, file: "long") } throws: { error in
            (error as? VibrationEffectTextError).map { $0.column == 66 && $0.message == "a name or number of 100000 characters (at most 64)" } == true
        }
        let many = "Composed{segments=[" + Array(repeating: "Step{amplitude=1.0, frequencyHz=0.0, duration=1}", count: 100_000).joined(separator: ", ") + "], repeat=-1}"
        #expect { try VibrationEffect.effects(in: many, file: "many") } throws: { error in
            (error as? VibrationEffectTextError)?.message.contains("more than 10000 items") == true
        }
    }
}
