import Testing
import TestSupport
@testable import HapticCore
@testable import HapticPlanner

/// `.haptic` clips: reading with Meta's rules and messages, the iPhone plan Meta's SDK and Haptics
/// Studio play, and Meta's Android waveform.
@Suite struct HapticClipTests {
    /// A clip document from amplitude points `(time, amplitude)` or `(time, amplitude, ea, ef)`.
    static func document(_ amplitude: [[Double]], frequency: [[Double]]? = nil, version: String = #"{"major": 1, "minor": 0, "patch": 0}"#,
                         extra: String = "") -> String {
        func number(_ value: Double) -> String { "\(value)" }
        let points = amplitude.map { point in
            let emphasis = point.count == 4 ? #", "emphasis": {"amplitude": \#(number(point[2])), "frequency": \#(number(point[3]))}"# : ""
            return #"{"time": \#(number(point[0])), "amplitude": \#(number(point[1]))\#(emphasis)}"#
        }
        let frequencyText = frequency.map { points in
            #", "frequency": ["# + points.map { #"{"time": \#(number($0[0])), "frequency": \#(number($0[1]))}"# }.joined(separator: ", ") + "]"
        } ?? ""
        return #"{"version": \#(version)\#(extra), "signals": {"continuous": {"envelopes": {"amplitude": ["#
            + points.joined(separator: ", ") + "]" + frequencyText + "}}}}"
    }

    func load(_ text: String, name: String = "clip.haptic") throws -> LoadedPattern {
        let scratch = try Scratch()
        return try PatternLoader.load(try scratch.write(name, text))
    }

    func error(_ text: String) -> String? {
        do {
            _ = try load(text)
            return nil
        } catch {
            return "\(error)"
        }
    }

    // MARK: Reading

    @Test func aClipIsToldByItsContentWhateverItsName() throws {
        let text = Self.document([[0, 0.5], [1, 0.5]])
        #expect(try load(text, name: "clip.json").clip != nil)
        #expect(try load(text).plan.players.count == 1)
    }

    @Test(arguments: [
        ([[0, 1.5], [1, 0.5]], "amplitude out of range: (time: 0, amplitude: 1.5) at $.signals.continuous.envelopes.amplitude[0].amplitude"),
        ([[0, 0.5], [1, -0.25]], "amplitude out of range: (time: 1, amplitude: -0.25) at $.signals.continuous.envelopes.amplitude[1].amplitude"),
        ([[0.5, 0.5], [0.25, 0.5]], "amplitude breakpoints out of order: (time: 0.25 is after 0.5) at $.signals.continuous.envelopes.amplitude[1].time"),
        ([[-0.1, 0.5], [1, 0.5]], "amplitude breakpoints out of order: (time: -0.1 is after 0) at $.signals.continuous.envelopes.amplitude[0].time"),
        ([[0, 0.5, 1.25, 0.5], [1, 0.5]], "emphasis amplitude out of range: (time: 0, amplitude: 1.25) at $.signals.continuous.envelopes.amplitude[0].emphasis.amplitude"),
        ([[0, 0.5, 0.75, 2], [1, 0.5]], "emphasis frequency out of range: (time: 0, frequency: 2) at $.signals.continuous.envelopes.amplitude[0].emphasis.frequency"),
        ([[0, 0.5, 0.25, 0.5], [1, 0.5]], "emphasis amplitude lower than envelope amplitude: (time: 0, emphasis amp: 0.25, envelope amp: 0.5) at $.signals.continuous.envelopes.amplitude[0].emphasis.amplitude"),
        ([[0, 0.5]], "the amplitude envelope must contain at least two breakpoints at $.signals.continuous.envelopes.amplitude"),
        ([[0.5, 0.5], [0.5, 0.5]], "the amplitude envelope must have a duration greater than zero at $.signals.continuous.envelopes.amplitude"),
    ] as [([[Double]], String)])
    func amplitudeRulesFailWithMetasMessagesAtTheirValue(points: [[Double]], message: String) {
        #expect(error(Self.document(points))?.hasSuffix(message) == true, "\(error(Self.document(points)) ?? "no error")")
    }

    @Test func frequencyRulesFailInOrderAfterTheAmplitudeRules() {
        let range = error(Self.document([[0, 0.5], [1, 0.5]], frequency: [[0, 0.5], [0.5, 1.5]]))
        #expect(range?.hasSuffix("frequency out of range: (time: 0.5, frequency: 1.5) at $.signals.continuous.envelopes.frequency[1].frequency") == true)
        let order = error(Self.document([[0, 0.5], [1, 0.5]], frequency: [[0.5, 0.5], [0.25, 0.5]]))
        #expect(order?.hasSuffix("frequency breakpoints out of order: (time: 0.25 is after 0.5) at $.signals.continuous.envelopes.frequency[1].time") == true)
        // An amplitude rule is checked first, even when a frequency breakpoint is broken too.
        #expect(error(Self.document([[0, 2], [1, 0.5]], frequency: [[0, 3]]))?.contains("amplitude out of range") == true)
    }

    @Test func errorsNameTheFileLineAndColumn() {
        let message = error(Self.document([[0, 1.5], [1, 0.5]]))
        #expect(message?.contains("clip.haptic:1:") == true)
    }

    @Test func structureErrorsHaveTheirPath() {
        #expect(error(#"{"version": {"major": 2, "minor": 0, "patch": 0}, "signals": {}}"#)?.hasSuffix("unsupported version: 2.0.0 at $.version") == true)
        #expect(error(#"{"version": {"major": 1}, "signals": {"continuous": {"envelopes": {}}}}"#)?
            .hasSuffix(#"missing required key "amplitude" at $.signals.continuous.envelopes"#) == true)
        #expect(error(#"{"signals": {"continuous": {"envelopes": {"amplitude": []}}}}"#)?.hasSuffix(#"missing required key "version" at $"#) == true)
        #expect(error(Self.document([[0, 0.5], [1, 0.5]]).replacingOccurrences(of: #""amplitude": 0.5}"#, with: #""amplitude": "loud"}"#))?
            .contains("expected a number, got a string at $.signals.continuous.envelopes.amplitude[0].amplitude") == true)
    }

    @Test func unknownKeysANewerMinorAndFrequencyOutsideTheEnvelopeAreWarnings() throws {
        let text = Self.document([[0, 0.5], [1, 0.5]], frequency: [[0, 0.5], [2, 0.5]], version: #"{"major": 1, "minor": 2, "patch": 0}"#,
                                 extra: #", "metdata": {}"#)
        let loaded = try load(text)
        let warnings = loaded.warnings.map(\.description)
        #expect(warnings.contains(#"$.metdata: unknown key "metdata" ignored (did you mean "metadata"?)"#))
        #expect(warnings.contains("$.version: version 1.2.0 is newer than 1.0: read as 1.0, its new keys ignored"))
        #expect(warnings.contains { $0.hasPrefix("$.signals.continuous.envelopes.frequency[1].time: frequency breakpoint at 2 is after end of amplitude envelope at 1") })
    }

    @Test func aPatternJSONThatIncludesAClipNamesIt() throws {
        let scratch = try Scratch()
        try scratch.write("accent.haptic", Self.document([[0, 0.5], [1, 0.5]]))
        let main = try scratch.write("main.json", #"{"timeline": [{"clip": {"pattern": "accent.haptic"}}]}"#)
        #expect(throws: LoadError.self) { try PatternLoader.load(main) }
        do {
            _ = try PatternLoader.load(main)
        } catch {
            #expect("\(error)".contains("\"accent.haptic\" is a .haptic clip, one Meta Haptics Studio clip rather than a pattern.json"))
        }
    }

    @Test func floatsPrintAsMetasMessagesPrintThem() {
        #expect(FloatText.display(1) == "1" && FloatText.display(0.5) == "0.5" && FloatText.display(-0.25) == "-0.25")
        #expect(FloatText.display(1e-7) == "0.0000001" && FloatText.display(0.1) == "0.1" && FloatText.display(123.5) == "123.5")
        #expect(FloatText.display(3e10) == "30000000000")
    }

    // MARK: Hostile input

    @Test func hostileValuesAreClearErrors() {
        #expect(error(Self.document([[0, 0.5], [1e30, 0.5]]))?
            .hasSuffix("time 1000000000000000000000000000000 s is beyond the longest clip hapsynth plans (300000 s: 10000 events of 30 s) at $.signals.continuous.envelopes.amplitude[1].time") == true)
        #expect(error(Self.document([[0, 0.5], [1, 1e40]]))?.contains("amplitude out of range: (time: 1, amplitude: inf)") == true)
        #expect(error(Self.document([[0, 0.5], [1, 0.5]], frequency: [[1e39, 0.5]]))?.contains("is beyond the longest clip") == true)
        #expect(error(#"{"version": {"major": 1}, "signals": {"continuous": {"envelopes": {"amplitude": "NaN"}}}}"#)?
            .contains("expected an array, got a string") == true)
        #expect(error(#"{"version": {"major": 1e300}, "signals": {}}"#)?.contains("expected a whole number") == true)
    }

    /// A clip of `count` breakpoints, 10 µs apart.
    static func dense(_ count: Int) -> String {
        let points = (0..<count).map { #"{"time":\#(Double($0) / 100_000),"amplitude":\#($0 % 2 == 0 ? 0.25 : 0.75)}"# }
        return #"{"version":{"major":1},"signals":{"continuous":{"envelopes":{"amplitude":["# + points.joined(separator: ",") + "]}}}}"
    }

    @Test func aMillionBreakpointsAreRefusedAtTheValueLimitAndTwentyThousandPlan() throws {
        let million = #"{"version":{"major":1},"signals":{"continuous":{"envelopes":{"amplitude":["#
            + String(repeating: #"{"time":0,"amplitude":0.5},"#, count: 999_999) + #"{"time":1,"amplitude":0.5}]}}}}"#
        #expect(error(million)?.contains("more than 1000000 JSON values (hapsynth's limit) at $.signals.continuous.envelopes.amplitude[333331]") == true)
        let loaded = try load(Self.dense(20_000))
        #expect(loaded.plan.players[0].curves[0].points.count == 20_000)
        #expect(loaded.androidPlan(on: .amplitudePhone).waveform?.amplitudes.count == 20)  // 0.2 s at 100 Hz
        let long = try load(Self.document([[0, 0.5], [299_999, 0.5]])).androidPlan(on: .amplitudePhone)
        #expect(long.backend == .unsupported && long.unsupportedReason?.contains("over the limit of 200000") == true)
    }

    // MARK: iPhone

    @Test func theIPhonePlanHasTheContinuousAndTheTransientPlayer() throws {
        let plan = try load(Self.document([[0, 0.25, 0.81, 0.3], [0.5, 1], [1, 0]], frequency: [[0, 0.16], [1, 0.64]])).plan
        #expect(plan.players.count == 2)
        let continuous = plan.players[0], transients = plan.players[1]
        #expect(continuous.events == [NativeEvent(kind: .continuous, startUs: 0, durationUs: 1_000_000, intensity: 1, sharpness: 0)])
        let intensity = try #require(continuous.curves.first { $0.parameter == .intensityControl })
        #expect(intensity.points.map(\.timeUs) == [0, 500_000, 1_000_000])
        #expect(abs(intensity.points[0].value - 0.5 * 0.8) < 1e-7 && abs(intensity.points[1].value - 1) < 1e-7 && intensity.points[2].value == 0)
        let sharpness = try #require(continuous.curves.first { $0.parameter == .sharpnessControl })
        #expect(abs(sharpness.points[0].value - 0.4) < 1e-7 && abs(sharpness.points[1].value - 0.8) < 1e-7)
        #expect(transients.events.count == 1 && abs(transients.events[0].intensity - 0.9) < 1e-7 && abs(transients.events[0].sharpness - 0.3) < 1e-7)
        #expect(plan.diagnostics.logicalDurationMs == 1000)
    }

    @Test func withoutEmphasisOrFrequencyThereIsOnePlayerAndNoSharpnessCurve() throws {
        let plan = try load(Self.document([[0, 0.5], [1, 0.5]], frequency: [])).plan
        #expect(plan.players.count == 1 && plan.players[0].curves.map(\.parameter) == [.intensityControl])
    }

    @Test func aLongClipIsCutInto30SecondEvents() throws {
        let plan = try load(Self.document([[0, 0.5], [5, 0.75, 0.75, 0.5], [70, 0.5]])).plan
        #expect(plan.players[0].events.map(\.startUs) == [0, 30_000_000, 60_000_000])
        #expect(plan.players[0].events.map(\.durationUs) == [30_000_000, 30_000_000, 10_000_000])
        #expect(plan.players[1].events.map(\.startUs) == [5_000_000])
        #expect(abs(plan.players[1].events[0].intensity - Float(0.75).squareRoot()) < 1e-7)
    }

    @Test func aClipStartingLateWarnsOfMetasAbsoluteCurveTimes() throws {
        let loaded = try load(Self.document([[0.5, 0.5], [1.5, 0.5]], frequency: [[0.25, 0.5], [1.5, 0.5]]))
        let curves = loaded.plan.players[0].curves
        #expect(curves.map(\.startUs) == [500_000, 250_000] && curves.allSatisfy { $0.points[0].timeUs == 0 })
        #expect(loaded.plan.players[0].events[0].startUs == 500_000)
        let warnings = loaded.warnings.map(\.description)
        #expect(warnings.contains("$.signals.continuous.envelopes.amplitude[0]: Meta's converter writes absolute curve times; a device would start this curve 0.5 s late"))
        #expect(warnings.contains("$.signals.continuous.envelopes.frequency[0]: Meta's converter writes absolute curve times; a device would start this curve 0.25 s late"))
    }

    @Test func aJumpKeepsBothValuesOneMicrosecondApart() throws {
        let plan = try load(Self.document([[0, 0.25], [0.5, 0.25], [0.5, 1], [1, 1]])).plan
        let points = plan.players[0].curves[0].points
        #expect(points.map(\.timeUs) == [0, 500_000, 500_001, 1_000_000])
        #expect(points.map(\.value) == [0.5, 0.5, 1, 1])
    }

    // MARK: Android

    func clip(_ amplitude: [[Double]]) throws -> HapticClip { try #require(try load(Self.document(amplitude)).clip) }

    @Test func aThreeSecondRampAt1HzIsThreeSamples() throws {
        let waveform = try clip([[0, 0], [3, 1]]).metaWaveform(sampleRateHz: 1)
        #expect(waveform.timings == [1000, 1000, 1000] && waveform.amplitudes == [1, 127, 255])
    }

    @Test func aClipNotAMultipleOfTheSampleEndsWithAShortSample() throws {
        let waveform = try clip([[0, 0], [3.5, 1]]).metaWaveform(sampleRateHz: 1)
        #expect(waveform.timings == [1000, 1000, 1000, 500] && waveform.amplitudes == [1, 101, 204, 255])
    }

    @Test func aFullEnvelopeWithEmphasisNeverPassesFullScale() throws {
        let waveform = try clip([[0, 1, 1, 1], [0.05, 1]]).metaWaveform(sampleRateHz: 200)
        #expect(waveform.timings == Array(repeating: 5, count: 10) && waveform.amplitudes == Array(repeating: 255, count: 10))
    }

    @Test func gainScalesTheEnvelopeAndTheEmphasis() throws {
        let waveform = try clip([[0, 1], [0.5, 1, 1, 1], [1, 1]]).metaWaveform(gain: 0.1)
        #expect(waveform.amplitudes.allSatisfy { $0 <= Int(0.2 * 255) })
        #expect(waveform.amplitudes.contains(Int((Float(0.1) * 0.5 + 0.1) * 255)))  // the emphasis over the halved envelope
    }

    @Test func withoutAmplitudeControlTheClipIsOneConstantVibration() throws {
        let plan = try clip([[0, 0.5], [1, 0.5]]).androidPlan(on: .onOffPhone)
        #expect(plan.backend == .androidWaveform && plan.waveform == AndroidWaveform(timings: [1000], amplitudes: [255]))
        #expect(plan.approximations.map(\.text) == ["No amplitude control: the clip plays as one constant vibration."])
        let accent = try clip([[0, 0], [1, 0, 1, 1], [5, 0]]).androidPlan(on: .onOffPhone)
        #expect(accent.waveform == AndroidWaveform(timings: [30], amplitudes: [255]))
    }

    @Test func theAndroidPlanSaysWhatItApproximates() throws {
        let atEnd = try load(Self.document([[0, 0.5, 0.5, 0.5], [1, 0.5, 1, 1]])).plan  // on iPhone the last emphasis plays
        #expect(atEnd.players[1].events.map(\.startUs) == [0, 1_000_000])
        let plan = try clip([[0, 0.5, 0.5, 0.5], [1, 0.5, 1, 1]]).androidPlan(on: .amplitudePhone)
        #expect(plan.approximations.map(\.text) == ["Meta's Android renderer samples the clip every 10 ms and drops frequency.",
                                        "Emphasis becomes a 12–36 ms amplitude step over a halved envelope.",
                                        "An emphasis on the last breakpoint is not rendered."])
        #expect(plan.waveform?.amplitudes.count == 100 && plan.estimatedNativeDurationMs == 1000)
        #expect(try clip([[0, 0], [1, 0]]).androidPlan(on: .amplitudePhone).backend == .silent)
        #expect(try clip([[0, 0.5], [1, 0.5]]).androidPlan(on: .noVibrator).backend == .unsupported)
    }
}

/// A clip and the AHAP file Meta's converter writes for it (its layout: the curves, the continuous
/// event, then the transients; curve `Time` at the first point, point times absolute) plan alike on
/// iPhone once the AHAP's point times are made relative: players, curves and transients within
/// 1 µs and 1e-7.
@Suite struct HapticClipAgainstMetasAHAPTests {
    static let clip = HapticClipTests.document([[0, 0.2], [0.1, 0.3], [0.2, 0.2, 0.6, 0.7], [0.3, 0.5], [0.45, 0.1]],
                                               frequency: [[0.01, 0.99], [0.02, 0.54], [0.45, 0.25]])
    /// Meta's file, its sharpness curve's point times made relative to the curve's `Time` (0.01 s).
    static let ahap = #"""
        {"Version": 1.0, "Pattern": [
          {"ParameterCurve": {"ParameterID": "HapticIntensityControl", "Time": 0.0, "ParameterCurveControlPoints": [
            {"Time": 0.0, "ParameterValue": 0.4472136}, {"Time": 0.1, "ParameterValue": 0.5477226},
            {"Time": 0.2, "ParameterValue": 0.35777088}, {"Time": 0.3, "ParameterValue": 0.70710677},
            {"Time": 0.45, "ParameterValue": 0.31622776}]}},
          {"ParameterCurve": {"ParameterID": "HapticSharpnessControl", "Time": 0.01, "ParameterCurveControlPoints": [
            {"Time": 0.0, "ParameterValue": 0.9949874}, {"Time": 0.01, "ParameterValue": 0.73484695},
            {"Time": 0.44, "ParameterValue": 0.5}]}},
          {"Event": {"EventType": "HapticContinuous", "Time": 0.0, "EventDuration": 0.45, "EventParameters": [
            {"ParameterID": "HapticIntensity", "ParameterValue": 1}, {"ParameterID": "HapticSharpness", "ParameterValue": 0}]}},
          {"Event": {"EventType": "HapticTransient", "Time": 0.2, "EventParameters": [
            {"ParameterID": "HapticIntensity", "ParameterValue": 0.7745967}, {"ParameterID": "HapticSharpness", "ParameterValue": 0.7}]}}
        ]}
        """#

    @Test func theClipPlansAsMetasAHAPDoes() throws {
        let scratch = try Scratch()
        let ours = try PatternLoader.load(try scratch.write("clip.haptic", Self.clip)).plan
        let meta = try PatternLoader.load(try scratch.write("clip.ahap", Self.ahap)).plan
        let metaEvents = meta.players[0].events
        #expect(ours.players[0].events == metaEvents.filter { $0.kind == .continuous })
        let transients = zip(ours.players[1].events, metaEvents.filter { $0.kind == .transient })
        #expect(ours.players[1].events.count == 1)
        for (mine, theirs) in transients {
            #expect(abs(mine.startUs - theirs.startUs) <= 1 && abs(mine.intensity - theirs.intensity) <= 1e-7 && abs(mine.sharpness - theirs.sharpness) <= 1e-7)
        }
        #expect(ours.players[0].curves.count == meta.players[0].curves.count)
        for (mine, theirs) in zip(ours.players[0].curves, meta.players[0].curves) {
            #expect(mine.parameter == theirs.parameter && abs(mine.startUs - theirs.startUs) <= 1)
            #expect(mine.points.count == theirs.points.count)
            for (a, b) in zip(mine.points, theirs.points) {
                #expect(abs(a.timeUs - b.timeUs) <= 1 && abs(a.value - b.value) <= 1e-7, "\(mine.parameter) at \(a.timeUs) µs")
            }
        }
    }
}
