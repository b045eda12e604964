import Foundation
import Testing
import TestSupport
@testable import HapticCheck
@testable import HapticCore
@testable import HapticPlanner

/// `hapsynth lint`: each rule checked so far, on a minimal file that triggers it and one that does
/// not, with the region of the finding against the file's text.
@Suite struct LintTests {
    static let tap = #"{"EventType": "HapticTransient", "Time": 0, "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 1}]}"#

    func lint(_ text: String, name: String = "t.ahap", platform: Platform = .ios) throws -> [LintFinding] {
        let scratch = try Scratch()
        return Linter.lint(try scratch.write(name, text), platform: platform)
    }

    func ids(_ findings: [LintFinding]) -> [String] { findings.map(\.rule.id) }

    /// The text a finding's region covers (lines and columns 1-based, end exclusive).
    func covered(_ finding: LintFinding, in text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(Array.init)
        guard finding.start.line == finding.end.line else { return "" }
        let line = lines[finding.start.line - 1]
        return String(line[(finding.start.column - 1)..<min(line.count, finding.end.column - 1)])
    }

    @Test func hs001AFileThatDoesNotLoadIsAFindingAtItsPlace() throws {
        let findings = try lint(#"{"timeline": [{"delay": "x"}]}"#, name: "bad.json")
        #expect(ids(findings) == ["HS001"] && findings[0].severity == .error)
        #expect(findings[0].start == SourcePosition(line: 1, column: 25) && findings[0].message.hasPrefix("expected a number of milliseconds"))
        #expect(try lint(#"{"timeline": [{"delay": 5}]}"#, name: "ok.json").allSatisfy { $0.rule.id != "HS001" })
    }

    @Test func hs002TheAHAPVersionMustBeAbove0() throws {
        let zero = #"{"Version": 0.0, "Pattern": [{"Event": \#(Self.tap)}]}"#
        let findings = try lint(zero)
        #expect(ids(findings) == ["HS002"] && covered(findings[0], in: zero) == "0.0" && findings[0].jsonPath == "$.Version")
        let missing = try lint(#"{"Pattern": [{"Event": \#(Self.tap)}]}"#)
        #expect(ids(missing) == ["HS002"] && missing[0].start == SourcePosition(line: 1, column: 1) && missing[0].end == SourcePosition(line: 1, column: 2))
        // Changed (issue 62; a missing Version was a warning): Core Haptics defaults a missing key,
        // so only a Version that is there and wrong is a warning.
        #expect(missing[0].severity == .info && findings[0].severity == .warning)
        #expect(try lint(#"{"Version": 1.0, "Pattern": [{"Event": \#(Self.tap)}]}"#).isEmpty)
        #expect(try lint(zero, platform: .android(.flagship)).allSatisfy { $0.rule.id != "HS002" })  // an iOS rule
    }

    @Test func hs003ATrailingCommaIsLenientJSON() throws {
        let text = #"{"Version": 1.0, "Pattern": [{"Event": \#(Self.tap)},]}"#
        let findings = try lint(text)
        #expect(ids(findings) == ["HS003"] && covered(findings[0], in: text) == ",")
        // Changed (issue 62; a warning unless only the iPhone was linted): info on every platform.
        let both = try lint(text, platform: .both(.flagship))
        #expect(findings[0].severity == .info && both.first { $0.rule.id == "HS003" }?.severity == .info)
    }

    /// Changed (issue 35; it spanned the whole entry): the finding is placed at the duration that is
    /// too long, and worded as the reader words the cut.
    @Test func hs101AContinuousEventOver30Seconds() throws {
        let long = #"{"Version": 1.0, "Pattern": [{"Event": {"EventType": "HapticContinuous", "Time": 0, "EventDuration": 31, "EventParameters": []}}]}"#
        let findings = try lint(long).filter { $0.rule.id == "HS101" }
        #expect(findings.count == 1 && findings[0].jsonPath == "$.Pattern[0].Event.EventDuration")
        #expect(covered(findings[0], in: long) == "31" && findings[0].message == "continuous event of 31000 ms cut at 30000 ms")
        #expect(try lint(long.replacingOccurrences(of: ": 31", with: ": 30")).allSatisfy { $0.rule.id != "HS101" })
    }

    @Test func hs102ACurveOver16Points() throws {
        func curve(_ count: Int) -> String {
            let points = (0..<count).map { #"{"Time": \#(Double($0) / 100), "ParameterValue": 0.5}"# }.joined(separator: ", ")
            return #"{"Version": 1.0, "Pattern": [{"Event": {"EventType": "HapticContinuous", "Time": 0, "EventDuration": 1, "EventParameters": []}}, "#
                + #"{"ParameterCurve": {"ParameterID": "HapticIntensityControl", "Time": 0, "ParameterCurveControlPoints": [\#(points)]}}]}"#
        }
        // Changed (issue 35; it said "$.Pattern[1] has 17 points" over the whole entry): the
        // reader's words, at the points.
        let text = curve(17)
        let findings = try lint(text).filter { $0.rule.id == "HS102" }
        #expect(findings.count == 1 && findings[0].message == "the HapticIntensityControl curve has 17 points; some devices are reported to accept only 16")
        #expect(findings[0].jsonPath == "$.Pattern[1].ParameterCurve.ParameterCurveControlPoints" && covered(findings[0], in: text).hasPrefix("[{\"Time\": 0.0"))
        #expect(try lint(curve(16)).allSatisfy { $0.rule.id != "HS102" })
        // Changed (issue 62; a warning): the 16-point limit is reported, not Apple's, and Meta's
        // current exporter writes longer curves, so a long curve is info.
        #expect(findings[0].severity == .info)
    }

    @Test func hs301AndHS302SilentAndLongPatterns() throws {
        #expect(ids(try lint(#"{"timeline": [{"delay": 100}]}"#, name: "s.json")) == ["HS301"])
        #expect(ids(try lint(#"{"timeline": [{"continuous": {"durationMs": 31000}}]}"#, name: "l.json")) == ["HS302"])
        #expect(try lint(#"{"timeline": [{"continuous": {"durationMs": 1000}}]}"#, name: "ok.json").isEmpty)
    }

    @Test func androidRulesApplyOnAndroidOnly() throws {
        let short = #"{"timeline": [{"transient": {}}]}"#
        #expect(ids(try lint(short, name: "s.json", platform: .android(.onOffPhone))).contains("HS206"))
        #expect(try lint(short, name: "s.json", platform: .ios).isEmpty)
        #expect(ids(try lint(short, name: "s.json", platform: .android(.noVibrator))) == ["HS207"])
        let swell = #"{"timeline": [{"continuous": {"durationMs": 1500, "intensityCurve": [[0, 0.2], [1500, 0.9]]}}]}"#
        // Changed (issue 35): HS203 fires only when the fallback loses something. A swell of one
        // sharpness played as a waveform loses nothing; one whose sharpness changes loses that,
        // and the finding says which limit forced it.
        #expect(!ids(try lint(swell, name: "w.json", platform: .both(.flagship))).contains("HS203"))
        let bright = #"{"timeline": [{"continuous": {"durationMs": 1500, "intensityCurve": [[0, 0.2], [1500, 0.9]], "sharpnessCurve": [[0, 0.1], [1500, 0.9]]}}]}"#
        let fallback = try lint(bright, name: "b.json", platform: .both(.flagship)).filter { $0.rule.id == "HS203" }
        #expect(fallback.count == 1 && fallback[0].message == "on flagship-api36 the envelope path is refused (the pattern starts or ends above rest, "
                + "and an envelope starts and ends at 0), so it plays as androidWaveform, which loses the sharpness changes (0.1 to 0.9)",
                "\(fallback.map(\.message))")
        #expect(fallback.first?.severity == .info)  // the shape of the pattern forces it: reported, not failed
        #expect(!ids(try lint(bright, name: "b.json", platform: .android(.amplitudePhone))).contains("HS203"))  // no envelope path to fall from
        // A transient whose envelope pulse runs past the end, where 40 ms more keeps the envelope:
        // a warning that says so (lengthening changes nothing that plays).
        let tail = #"{"events": [{"type": "continuous", "startMs": 0, "durationMs": 900, "intensityCurve": [[0, 0], [450, 1], [900, 0]], "#
            + #""sharpnessCurve": [[0, 0.1], [900, 0.9]]}, {"type": "transient", "startMs": 990, "intensity": 0.8, "sharpness": 0.9}], "durationMs": 1000}"#
        let fixable = try #require(try lint(tail, name: "e.json", platform: .both(.flagship)).first { $0.rule.id == "HS203" })
        #expect(fixable.severity == .warning && fixable.message.hasSuffix("needs a 40 ms pulse past the pattern's end), so it plays as androidWaveform, "
            + "which loses the sharpness changes (0.1 to 0.9); lengthened by 40 ms, it plays on the envelope path"), "\(fixable.message)")
        let lengthened = tail.replacingOccurrences(of: #""durationMs": 1000}"#, with: #""durationMs": 1040}"#)
        #expect(!ids(try lint(lengthened, name: "e.json", platform: .both(.flagship))).contains("HS203"))
        // Taps played as primitives lose nothing the envelope would have kept.
        let taps = #"{"timeline": [{"transient": {"sharpness": 0.1}}, {"delay": 100}, {"transient": {"sharpness": 0.9}}, {"delay": 300}]}"#
        #expect(!ids(try lint(taps, name: "t.json", platform: .both(.flagship))).contains("HS203"))
        // A device without LOW_TICK plays them as a waveform: the missing primitive is named.
        let noLowTick = AndroidDevice(name: "no-low-tick", apiLevel: 33, primitiveDurationsMs: [.click: 12, .tick: 8])
        let missing = try lint(taps, name: "t.json", platform: .both(noLowTick)).filter { $0.rule.id == "HS203" }
        #expect(missing.count == 1 && missing[0].message.contains("the primitives path is refused (the device has no LOW_TICK primitive)"),
                "\(missing.map(\.message))")
    }

    /// HS006: a clip Haptics Studio reads but Meta's strict reading refuses or drops, each at its
    /// value (the version, the unknown key's value, the late frequency breakpoint's time).
    @Test func hs006LenientClipReadingsAreWarningsAtTheirValues() throws {
        let clip = #"""
            {"version": {"major": 1, "minor": 2, "patch": 0}, "metadata": {"editor": "x", "colour": "red"},
             "signals": {"continuous": {"envelopes": {"amplitude": [{"time": 0, "amplitude": 0.5}, {"time": 0.2, "amplitude": 0}],
               "frequency": [{"time": 0, "frequency": 0.5}, {"time": 0.3, "frequency": 0.6}]}}}}
            """#
        let findings = try lint(clip, name: "c.haptic").filter { $0.rule.id == "HS006" }
        #expect(findings.count == 3 && findings.allSatisfy { $0.severity == .warning }, "\(findings.map(\.message))")
        #expect(findings.map(\.jsonPath) == ["$.version", "$.metadata.colour", "$.signals.continuous.envelopes.frequency[1].time"], "\(findings.map(\.jsonPath))")
        #expect(findings.map { "\($0.start.line):\($0.start.column)" } == ["1:13", "1:89", "3:58"])
    }

    /// HS304: a pattern a platform plays but never strongly enough to be felt, said per platform.
    @Test func hs304NotFeltSaysOnWhichPlatformAndHowFaint() throws {
        let faint = #"{"events": [{"type": "continuous", "startMs": 0, "durationMs": 300, "intensity": 0.005, "sharpness": 0.5}]}"#
        let findings = try lint(faint, name: "f.json", platform: .both(.flagship)).filter { $0.rule.id == "HS304" }
        #expect(findings.map(\.message) == [
            "on iOS its strongest moment is 0.005 g (-46.0 dB re 1 g), under the lowest threshold of feeling (-31.9 dB)",
            "on flagship-api36 (androidWaveform) its strongest moment is 0.0063 g (-44.0 dB re 1 g), under the lowest threshold of feeling (-31.9 dB)",
        ], "\(findings.map(\.message))")
        let felt = #"{"events": [{"type": "continuous", "startMs": 0, "durationMs": 300, "intensity": 0.05, "sharpness": 0.5}]}"#
        #expect(!ids(try lint(felt, name: "f.json", platform: .both(.flagship))).contains("HS304"))
        // A silent plan is HS301's, not this rule's.
        #expect(ids(try lint(#"{"timeline": [{"delay": 100}]}"#, name: "s.json", platform: .both(.flagship))) == ["HS301"])
    }

    /// HS208: a conversion more than 0.1 off in intensity, with its time; a drop the millisecond grid
    /// keeps (a step widened to 1 ms) is not one.
    @Test func hs208ConversionErrorSaysHowMuchAndWhen() throws {
        func file(dropAt: Double, end: Double) -> String {
            #"""
            {"Version": 1, "Pattern": [
             {"Event": {"Time": 0, "EventType": "HapticContinuous", "EventDuration": \#(end), "EventParameters": [
               {"ParameterID": "HapticIntensity", "ParameterValue": 1}, {"ParameterID": "HapticSharpness", "ParameterValue": 0.5}]}},
             {"ParameterCurve": {"ParameterID": "HapticIntensityControl", "Time": 0, "ParameterCurveControlPoints": [
               {"Time": 0, "ParameterValue": 1}, {"Time": \#(dropAt), "ParameterValue": 1}, {"Time": \#(dropAt + 0.0003), "ParameterValue": 0},
               {"Time": \#(end), "ParameterValue": 0}]}}]}
            """#
        }
        // A drop within the last millisecond cannot move past the end: the conversion is 1 off there.
        let atEnd = try lint(file(dropAt: 0.0996, end: 0.1), platform: .both(.flagship)).filter { $0.rule.id == "HS208" }
        #expect(atEnd.count == 1 && atEnd[0].message == "on Android the intensity is 1 off the file's at 99.6 ms (over 0.1)", "\(atEnd.map(\.message))")
        #expect(!ids(try lint(file(dropAt: 0.05, end: 0.1), platform: .both(.flagship))).contains("HS208"))
        #expect(!ids(try lint(file(dropAt: 0.0996, end: 0.1), platform: .ios)).contains("HS208"))
    }

    static func event(_ type: String, _ time: Double, _ extra: String = "") -> String {
        #"{"Event": {"EventType": "\#(type)", "Time": \#(time)\#(extra), "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 1}]}}"#
    }

    func ahap(_ entries: [String]) -> String { #"{"Version": 1.0, "Pattern": ["# + entries.joined(separator: ",\n") + "]}" }

    @Test func hs004AndHS005UnknownTypesAndBadTimes() throws {
        let unknown = try lint(ahap([Self.event("HapticWobble", 0)]))
        #expect(ids(unknown) == ["HS004"] && unknown[0].message.hasPrefix("unknown EventType \"HapticWobble\""))
        let parameter = ahap([#"{"Event": {"EventType": "HapticTransient", "Time": 0, "EventParameters": [{"ParameterID": "HapticLoudness", "ParameterValue": 1}]}}"#])
        // The skipped parameter is placed at its ParameterID, and a refused file at the offending value.
        let skipped = try #require(try lint(parameter).first { $0.rule.id == "HS004" })
        #expect(skipped.jsonPath == "$.Pattern[0].Event.EventParameters[0].ParameterID" && covered(skipped, in: parameter) == "\"HapticLoudness\"")
        let negative = try #require(try lint(ahap([Self.event("HapticTransient", -0.1)])).first)
        #expect(negative.rule.id == "HS005" && negative.jsonPath == "$.Pattern[0].Event.Time")
        #expect(ids(try lint(ahap([Self.event("HapticTransient", -0.1)]))) == ["HS005"])
        #expect(!ids(try lint(ahap([Self.event("HapticTransient", 0)]))).contains { $0 == "HS004" || $0 == "HS005" })
    }

    /// Changed (issue 35; it spanned the whole entry): a clamped value is placed at the value itself,
    /// so intensity and sharpness get their own spans.
    @Test func hs104AClampedValueIsPlacedAtTheValue() throws {
        let text = ahap([#"{"Event": {"EventType": "HapticTransient", "Time": 0, "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 1.5}, {"ParameterID": "HapticSharpness", "ParameterValue": -0.5}]}}"#])
        let findings = try lint(text).filter { $0.rule.id == "HS104" }
        #expect(findings.map(\.message) == ["HapticIntensity 1.5 clamped to 1.0", "HapticSharpness -0.5 clamped to 0.0"])
        #expect(findings.map { covered($0, in: text) } == ["1.5", "-0.5"], "\(findings.map { covered($0, in: text) })")
        #expect(try lint(ahap([Self.event("HapticTransient", 0)])).allSatisfy { $0.rule.id != "HS104" })
    }

    @Test func hs103CurveTimesThatLookAbsolute() throws {
        let curve = #"{"ParameterCurve": {"ParameterID": "HapticIntensityControl", "Time": 0.5, "ParameterCurveControlPoints": [{"Time": 0.5, "ParameterValue": 0.2}, {"Time": 0.9, "ParameterValue": 1}]}}"#
        let continuous = #"{"Event": {"EventType": "HapticContinuous", "Time": 0, "EventDuration": 1, "EventParameters": []}}"#
        let shifted = try #require(try lint(ahap([continuous, curve])).first { $0.rule.id == "HS103" })
        // Read relative, the ramp from 0.2 to 1 starts at 1 s, after the event: 0.8 off while it plays.
        #expect(shifted.severity == .warning && shifted.message.hasSuffix("the control is 0.8 off the absolute reading while events play"), "\(shifted.message)")
        #expect(!ids(try lint(ahap([continuous, curve.replacingOccurrences(of: #"[{"Time": 0.5"#, with: #"[{"Time": 0"#)]))).contains("HS103"))
        // An exporter's chunk of nearly constant values looks absolute and plays almost the same either way: info.
        let flat = curve.replacingOccurrences(of: #""ParameterValue": 1}"#, with: #""ParameterValue": 0.25}"#)
        let unfelt = try #require(try lint(ahap([continuous, flat])).first { $0.rule.id == "HS103" })
        #expect(unfelt.severity == .info && unfelt.message.hasSuffix("the control is 0.05 off the absolute reading while events play"), "\(unfelt.message)")
    }

    @Test func hs105To107AndHS303OnTheIPhonePlan() throws {
        let noContinuous = ahap([Self.event("HapticTransient", 0),
                                 #"{"ParameterCurve": {"ParameterID": "HapticSharpnessControl", "Time": 0, "ParameterCurveControlPoints": [{"Time": 0, "ParameterValue": 0.2}, {"Time": 0.1, "ParameterValue": 0.4}]}}"#])
        #expect(ids(try lint(noContinuous)).contains("HS105"))
        let close = try lint(ahap([Self.event("HapticTransient", 0), Self.event("HapticTransient", 0.004)]))
        #expect(ids(close).contains("HS106") && ids(close).contains("HS107"))
        #expect(ids(try lint(ahap([Self.event("HapticTransient", 0), Self.event("HapticTransient", 0.05)]))).isEmpty)
        // Changed (issue 35; overlap alone was enough): HS107 needs the render to clamp. Two soft
        // clicks 4 ms apart overlap, and their sum stays under full scale.
        let soft = ahap([0, 0.004].map { #"{"Event": {"EventType": "HapticTransient", "Time": \#($0), "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 0.3}]}}"# })
        #expect(ids(try lint(soft)) == ["HS106"])
        let loud = try #require(close.first { $0.rule.id == "HS107" })
        // Changed assertion (issue 40): worded as render, check and plot word clamping from clicks.
        #expect(loud.message.hasPrefix("the transients rendered alone clamp: 2 transient clicks overlap others and add up (the sum peaks at ")
                && loud.message.hasSuffix("): space them further apart or lower their intensity"), "\(loud.message)")
        let blip = #"{"timeline": [{"continuous": {"durationMs": 2, "sharpness": 0}}, {"delay": 2000}]}"#
        #expect(ids(try lint(blip, name: "b.json")) == ["HS303"])
        #expect(ids(try lint(blip.replacingOccurrences(of: ": 2,", with: ": 20,"), name: "b.json")).isEmpty)
    }

    @Test func hs201HS202HS204AndHS205OnTheAndroidPlan() throws {
        let taps = #"{"timeline": [{"transient": {"intensity": 0.5}}, {"delay": 30}, {"transient": {"intensity": 0.6}}, {"delay": 2000}]}"#
        let onPrimitives = try lint(taps, name: "t.json", platform: .android(.primitivesPhone))
        #expect(ids(onPrimitives).contains("HS201") && ids(onPrimitives).contains("HS202"))
        // Changed (issue 62; taps written closer than 50 ms were a warning): they cannot have a felt
        // pause between them whatever the primitives, and play as written, as one: info. Written 60 ms
        // apart, the first CLICK's 12 ms leave 48: the mistake Android's advice is about, a warning.
        let texture = try #require(onPrimitives.first { $0.rule.id == "HS201" })
        #expect(texture.severity == .info && texture.message.hasSuffix("the taps are written 30 ms apart, closer than the 50 ms a felt pause needs, so they play as one texture"))
        let eaten = try #require(try lint(taps.replacingOccurrences(of: #""delay": 30"#, with: #""delay": 60"#), name: "t.json",
                                          platform: .android(.primitivesPhone)).first { $0.rule.id == "HS201" })
        #expect(eaten.severity == .warning && eaten.message == "CLICK at 60 ms starts 48 ms after the previous primitive ends (at least 50 ms is advised, "
                + "counted from the end of the 12 ms CLICK before it)", "\(eaten.message)")
        #expect(try lint(taps.replacingOccurrences(of: #""delay": 30"#, with: #""delay": 62"#), name: "t.json",
                         platform: .android(.primitivesPhone)).allSatisfy { $0.rule.id != "HS201" })
        let spaced = #"{"timeline": [{"transient": {"intensity": 0.3}}, {"delay": 200}, {"transient": {"intensity": 0.9}}, {"delay": 2000}]}"#
        #expect(ids(try lint(spaced, name: "t.json", platform: .android(.primitivesPhone))).isEmpty)
        let onOff = try lint(#"{"timeline": [{"transient": {}}, {"delay": 2000}]}"#, name: "t.json", platform: .android(.onOffPhone))
        #expect(ids(onOff).contains("HS204"))
        let hum = try lint(#"{"timeline": [{"continuous": {"durationMs": 1500}}]}"#, name: "h.json", platform: .android(.amplitudePhone))
        #expect(ids(hum) == ["HS205"])
    }

    @Test func hs402AnAbsoluteAudioPath() throws {
        let text = ahap([Self.event("HapticTransient", 0), #"{"Event": {"EventType": "AudioCustom", "Time": 0, "EventWaveformPath": "/Users/me/tap.wav"}}"#])
        let finding = try #require(try lint(text).first { $0.rule.id == "HS402" })
        #expect(covered(finding, in: text) == #""/Users/me/tap.wav""#)
        #expect(try lint(text.replacingOccurrences(of: "/Users/me/tap.wav", with: "tap.wav")).allSatisfy { $0.rule.id != "HS402" })
    }

    /// A 20 ms burst at 48 kHz (float WAV) named `name` in a scratch folder, and an AHAP beside it
    /// with a tap at 100 ms and the burst at `soundAt` seconds.
    func audioFile(soundAt: Double, sound: String = "burst.wav") throws -> (Scratch, String, String) {
        let scratch = try Scratch()
        let data = floatWAV((0..<960).map { Float(0.5 * sin(2 * Double.pi * 1000 * Double($0) / 48000)) }, rate: 48000)
        try data.write(to: URL(fileURLWithPath: scratch.path + "/burst.wav"))
        let text = ahap([Self.event("HapticTransient", 0.1),
                         #"{"Event": {"EventType": "AudioCustom", "Time": \#(soundAt), "EventWaveformPath": "\#(sound)", "EventWaveformUseVolumeEnvelope": false}}"#])
        return (scratch, try scratch.write("a.ahap", text), text)
    }

    @Test func hs401AMissingAudioFileAtItsPath() throws {
        let (scratch, file, text) = try audioFile(soundAt: 0.1, sound: "Sounds/Boom.caf")
        let findings = withExtendedLifetime(scratch) { Linter.lint(file, platform: .ios) }
        let finding = try #require(findings.first { $0.rule.id == "HS401" })
        #expect(covered(finding, in: text) == #""Sounds/Boom.caf""# && finding.severity == .error && finding.message.hasPrefix("audio file not found: Sounds/Boom.caf"))
        #expect(!findings.contains { $0.rule.id == "HS403" }, "a tap whose sound is missing is not judged")
        let (kept, found, _) = try audioFile(soundAt: 0.1)
        #expect(withExtendedLifetime(kept) { Linter.lint(found, platform: .ios) }.allSatisfy { $0.rule.id != "HS401" })
    }

    @Test func hs403ASoundMoreThan24msFromItsTap() throws {
        let (scratch, late, _) = try audioFile(soundAt: 0.13)
        let finding = try #require(withExtendedLifetime(scratch) { Linter.lint(late, platform: .ios) }.first { $0.rule.id == "HS403" })
        #expect(finding.message.hasPrefix("the transient at 100 ms: the nearest sound is +30") && finding.severity == .warning)
        let (kept, close, _) = try audioFile(soundAt: 0.11)
        #expect(withExtendedLifetime(kept) { Linter.lint(close, platform: .ios) }.allSatisfy { $0.rule.id != "HS403" })
        // A tap with no sound within 100 ms is haptic-only: no finding (issue 35; it was one).
        let (far, alone, _) = try audioFile(soundAt: 0.5)
        #expect(withExtendedLifetime(far) { Linter.lint(alone, platform: .ios) }.allSatisfy { $0.rule.id != "HS403" })
    }

    @Test func theCatalogueHasStableUniqueIds() {
        #expect(Set(LintRule.all.map(\.id)).count == LintRule.all.count && LintRule.all.count == 34)
        // Changed with audio events (issue 27): every rule is checked now.
        #expect(LintRule.all.allSatisfy { $0.isChecked })
    }

    @Test func theReportIsTheSameForAnyNumberOfJobs() throws {
        let samples = try samplePatterns().map { packageRoot + "/Samples/" + $0 }
        let one = try LintReport.run(samples, target: LintTarget(platform: .both(.flagship)), jobs: 1)
        let four = try LintReport.run(samples, target: LintTarget(platform: .both(.flagship)), jobs: 4)
        #expect(one.findings == four.findings && one.paths == four.paths && !one.findings.isEmpty)
    }

    @Test func aReportSortsAndCountsAndSaysWhetherItPasses() throws {
        let scratch = try Scratch()
        try scratch.write("p/b.json", #"{"timeline": [{"delay": 100}]}"#)
        try scratch.write("p/a.json", #"{"timeline": [{"delay": "x"}]}"#)
        let report = try LintReport.run([scratch.path + "/p"], target: LintTarget(platform: .ios))
        #expect(report.findings.map(\.rule.id) == ["HS001", "HS301"] && report.files == 2)
        #expect(report.summary == "lint: 2 files, 1 error, 1 warning, 0 info" && !report.passes(strict: false))
        try scratch.write("p/a.json", #"{"timeline": [{"delay": 5}]}"#)
        let again = try LintReport.run([scratch.path + "/p"], target: LintTarget(platform: .ios))
        #expect(again.passes(strict: false) && !again.passes(strict: true))
    }
}

/// `hapsynth-lint.json`: rules switched off or re-levelled, per glob, later overrides winning.
@Suite struct LintConfigTests {
    @Test(arguments: [("legacy/**", "legacy/a/b.json", true), ("legacy/**", "legacy", true), ("legacy/**", "new/legacy/a.json", false),
                      ("*.ahap", "swell.ahap", true), ("*.ahap", "ui/swell.ahap", false), ("**/*.ahap", "ui/deep/swell.ahap", true),
                      ("ui/?ap.json", "ui/tap.json", true), ("ui/?ap.json", "ui/trap.json", false)] as [(String, String, Bool)])
    func globsMatchBySegment(glob: String, path: String, matches: Bool) {
        #expect(LintConfig.matches(glob, path) == matches)
    }

    @Test func rulesAndOverridesSetTheSeverityLaterWinning() throws {
        let scratch = try Scratch()
        let path = try scratch.write("hapsynth-lint.json", #"""
            {"version": 1, "platform": "ios", "rules": {"HS301": "error", "HS302": "off"},
             "overrides": [{"files": ["legacy/**"], "rules": {"HS301": "off"}}, {"files": ["legacy/keep/*"], "rules": {"HS301": "info"}}]}
            """#)
        let config = try LintConfig.read(contentsOf: path)
        let silent = try #require(LintRule.rule("HS301"))
        #expect(config.platform == "ios")
        #expect(config.severity(of: silent, for: scratch.path + "/ui/a.json") == .error)
        #expect(config.severity(of: silent, for: scratch.path + "/legacy/old/a.json") == .off)
        #expect(config.severity(of: silent, for: scratch.path + "/legacy/keep/a.json") == .info)
        #expect(config.severity(of: try #require(LintRule.rule("HS302")), for: scratch.path + "/a.json") == .off)
        #expect(config.severity(of: try #require(LintRule.rule("HS001")), for: scratch.path + "/a.json") == .error)
    }

    @Test func unknownKeysRulesAndSeveritiesAreErrorsWithTheirPlace() throws {
        let scratch = try Scratch()
        func error(_ text: String) throws -> String? {
            do {
                _ = try LintConfig.read(contentsOf: try scratch.write("c.json", text))
                return nil
            } catch {
                return "\(error)"
            }
        }
        #expect(try error(#"{"rulez": {}}"#)?.contains(#"unknown key "rulez""#) == true)
        // Changed (issue 63): with HS209 in the catalogue, HS999 is near a rule and gets its name; a
        // key near no rule still lists them all.
        #expect(try error(#"{"rules": {"HS999": "off"}}"#)?.contains(#"unknown key "HS999" — did you mean "HS209"?"#) == true)
        let unknownRule = try error(#"{"rules": {"loudness": "off"}}"#)
        #expect(unknownRule?.contains(#"unknown key "loudness"; the keys are HS001, HS002"#) == true && unknownRule?.hasSuffix("at $.rules") == true)
        #expect(try error(#"{"rules": {"HS301": "loud"}}"#)?.contains(#"expected off, info, warning or error, got "loud" at $.rules.HS301"#) == true)
        #expect(try error(#"{"platform": "windows"}"#)?.contains("expected ios, android or both") == true)
    }
}

/// Globs of a lint config match in time bound by the glob's and the path's lengths.
@Suite struct LintGlobTests {
    @Test(arguments: [
        ("**/*.ahap", "a/b/c.ahap", true), ("**", "a/b", true), ("ui/*.json", "ui/tap.json", true), ("ui/*.json", "ui/x/tap.json", false),
        ("**/x/**/y.json", "a/x/b/c/y.json", true), ("**/x/**/y.json", "a/b/y.json", false), ("t?p.json", "tap.json", true),
        ("[a-c]*.json", "b1.json", true), ("[!a-c]*.json", "b1.json", false), ("*a*a*a*a*a*a*a*a*b", String(repeating: "a", count: 60), false),
    ])
    func globsMatchAsDocumented(glob: String, path: String, matches: Bool) {
        #expect(LintConfig.matches(glob, path) == matches)
    }

    @Test func nineDoubleStarsAndALongPathAnswerAtOnce() {
        let glob = String(repeating: "**/", count: 9) + "z.json"
        let path = Array(repeating: "a", count: 200).joined(separator: "/") + "/y.json"
        #expect(!LintConfig.matches(glob, path))  // exponential backtracking would not return
        #expect(LintConfig.matches(glob, path.replacingOccurrences(of: "y.json", with: "z.json")))
    }
}
