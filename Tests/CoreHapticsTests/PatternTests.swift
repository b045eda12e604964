import CoreHaptics
import CoreHapticsEmulator
import Foundation
import Testing
import TestSupport

/// Patterns (docs/corehaptics.md, "Patterns"): built from events, parameters and curves, from a
/// dictionary or a file, they are one AHAP model; their duration, export, errors and 30 s cut.
extension OnTheDevice {
    @Suite struct CHHapticPatternTests {
        nonisolated(unsafe) static let events = [
            Emulated.transient(at: 0, intensity: 0.8, sharpness: 0.3),
            CHHapticEvent(eventType: .hapticContinuous, parameters: [
                CHHapticEventParameter(parameterID: .hapticIntensity, value: 0.6), CHHapticEventParameter(parameterID: .hapticSharpness, value: 0.4),
                CHHapticEventParameter(parameterID: .attackTime, value: 0.2), CHHapticEventParameter(parameterID: .decayTime, value: 0.3),
                CHHapticEventParameter(parameterID: .releaseTime, value: 0.1), CHHapticEventParameter(parameterID: .sustained, value: 0),
            ], relativeTime: 0.1, duration: 0.5),
            Emulated.transient(at: 0.45, intensity: 1, sharpness: 0.9),
        ]
        static let eventsJSON = """
            {"Event": {"Time": 0, "EventType": "HapticTransient", "EventParameters": [
              {"ParameterID": "HapticIntensity", "ParameterValue": 0.8}, {"ParameterID": "HapticSharpness", "ParameterValue": 0.3}]}},
            {"Event": {"Time": 0.1, "EventType": "HapticContinuous", "EventDuration": 0.5, "EventParameters": [
              {"ParameterID": "HapticIntensity", "ParameterValue": 0.6}, {"ParameterID": "HapticSharpness", "ParameterValue": 0.4},
              {"ParameterID": "AttackTime", "ParameterValue": 0.2}, {"ParameterID": "DecayTime", "ParameterValue": 0.3},
              {"ParameterID": "ReleaseTime", "ParameterValue": 0.1}, {"ParameterID": "Sustained", "ParameterValue": 0}]}},
            {"Event": {"Time": 0.45, "EventType": "HapticTransient", "EventParameters": [
              {"ParameterID": "HapticIntensity", "ParameterValue": 1}, {"ParameterID": "HapticSharpness", "ParameterValue": 0.9}]}}
            """

        /// The capture of `pattern` played at frame 0 until idle.
        static func play(_ pattern: () throws -> CHHapticPattern) throws -> HapticsCapture {
            let engine = try Emulated.engine()
            try engine.makePlayer(with: try pattern()).start(atTime: CHHapticTimeImmediate)
            HapticsEmulator.runUntilIdle()
            return HapticsEmulator.capture()
        }

        static func file(_ entries: String, in scratch: Scratch) throws -> URL {
            URL(fileURLWithPath: try scratch.write("p.ahap", "{\"Version\": 1.0, \"Pattern\": [\(entries)]}"))
        }

        @Test func eventsAndParametersBuiltInCodePlayAsTheSameAHAPFile() throws {
            let scratch = try Scratch()
            let built = try Self.play {
                try CHHapticPattern(events: Self.events, parameters: [
                    CHHapticDynamicParameter(parameterID: .hapticIntensityControl, value: 0.5, relativeTime: 0.3),
                    CHHapticDynamicParameter(parameterID: .hapticSharpnessControl, value: -0.2, relativeTime: 0.2),
                ])
            }
            let url = try Self.file(Self.eventsJSON + """
                , {"Parameter": {"ParameterID": "HapticIntensityControl", "Time": 0.3, "ParameterValue": 0.5}},
                {"Parameter": {"ParameterID": "HapticSharpnessControl", "Time": 0.2, "ParameterValue": -0.2}}
                """, in: scratch)
            let read = try Self.play { try CHHapticPattern(contentsOf: url) }
            #expect(built.haptics == read.haptics && built.haptics.contains { $0 != 0 })
            #expect(built.timeline == read.timeline)
            #expect(built.timeline.map(\.intensity) == [0.8, 0.6, 0.5])  // the last tap under the 0.5 control
        }

        @Test func eventsAndCurvesBuiltInCodePlayAsTheSameAHAPFile() throws {
            let scratch = try Scratch()
            let points = [(0.0, 0.2), (0.25, 1.0), (0.5, 0.4)].map { CHHapticParameterCurve.ControlPoint(relativeTime: $0.0, value: Float($0.1)) }
            let built = try Self.play {
                try CHHapticPattern(events: Self.events, parameterCurves: [
                    CHHapticParameterCurve(parameterID: .hapticIntensityControl, controlPoints: points, relativeTime: 0.1),
                ])
            }
            let url = try Self.file(Self.eventsJSON + """
                , {"ParameterCurve": {"ParameterID": "HapticIntensityControl", "Time": 0.1, "ParameterCurveControlPoints": [
                  {"Time": 0, "ParameterValue": 0.2}, {"Time": 0.25, "ParameterValue": 1}, {"Time": 0.5, "ParameterValue": 0.4}]}}
                """, in: scratch)
            let read = try Self.play { try CHHapticPattern(contentsOf: url) }
            #expect(built.haptics == read.haptics && built.haptics.contains { $0 != 0 })
            #expect(built.timeline == read.timeline)
        }

        @Test func aDictionaryOfSwiftLiteralsAndItsExportPlayAsTheEvents() throws {
            // Spelled as Apple's documentation spells a pattern dictionary.
            typealias Key = CHHapticPattern.Key
            let literal: [CHHapticPattern.Key: Any] = [
                Key.version: 1.0,
                Key.pattern: [
                    [Key.event: [Key.eventType: CHHapticEvent.EventType.hapticTransient, Key.time: 0, Key.eventParameters: [
                        [Key.parameterID: CHHapticEvent.ParameterID.hapticIntensity, Key.parameterValue: Float(0.8)],
                        [Key.parameterID: CHHapticEvent.ParameterID.hapticSharpness, Key.parameterValue: 0.3]]]],
                    [Key.event: [Key.eventType: "HapticContinuous", Key.time: 0.1, Key.eventDuration: 0.5, Key.eventParameters: [
                        [Key.parameterID: "HapticIntensity", Key.parameterValue: 0.6], [Key.parameterID: "HapticSharpness", Key.parameterValue: 0.4],
                        [Key.parameterID: "AttackTime", Key.parameterValue: 0.2], [Key.parameterID: "DecayTime", Key.parameterValue: 0.3],
                        [Key.parameterID: "ReleaseTime", Key.parameterValue: 0.1], [Key.parameterID: "Sustained", Key.parameterValue: false]]]],
                    [Key.event: [Key.eventType: "HapticTransient", Key.time: 0.45, Key.eventParameters: [
                        [Key.parameterID: "HapticIntensity", Key.parameterValue: 1], [Key.parameterID: "HapticSharpness", Key.parameterValue: 0.9]]]],
                ],
            ]
            let events = try Self.play { try CHHapticPattern(events: Self.events, parameters: []) }
            let dictionary = try Self.play { try CHHapticPattern(dictionary: literal) }
            #expect(dictionary.haptics == events.haptics && dictionary.timeline == events.timeline)
            let exported = try CHHapticPattern(events: Self.events, parameters: []).exportDictionary()
            #expect((exported[.pattern] as? [Any])?.count == 3)
            let again = try Self.play { try CHHapticPattern(dictionary: exported) }
            #expect(again.haptics == events.haptics)
        }

        @Test func theDurationIsTheLastEventsEndOrTheLastParametersTime() throws {
            #expect(try Emulated.pattern([Emulated.transient(at: 0.2), Emulated.continuous(at: 0.1, duration: 0.5)]).duration == 0.6)
            #expect(try CHHapticPattern(events: [Emulated.transient(at: 0.2)], parameters: [
                CHHapticDynamicParameter(parameterID: .hapticIntensityControl, value: 1, relativeTime: 0.9)]).duration == 0.9)
            let points = [CHHapticParameterCurve.ControlPoint(relativeTime: 0, value: 1), CHHapticParameterCurve.ControlPoint(relativeTime: 0.6, value: 0)]
            #expect(try CHHapticPattern(events: [Emulated.transient(at: 0.2)], parameterCurves: [
                CHHapticParameterCurve(parameterID: .hapticIntensityControl, controlPoints: points, relativeTime: 0.5)]).duration == 1.1)
            #expect(try Emulated.pattern([]).duration == 0)
        }

        @Test func errorsCarryTheirCodesAtTheirTriggers() throws {
            func dictionary(_ entry: [String: Any]) -> Int? { Emulated.code { _ = try CHHapticPattern(dictionary: ["Pattern": [entry]]) } }
            #expect(Emulated.code { _ = try Emulated.pattern([Emulated.transient(at: -0.1)]) } == -4822)
            #expect(Emulated.code { _ = try Emulated.pattern([Emulated.continuous(at: 0, duration: -1)]) } == -4823)
            #expect(Emulated.code {
                _ = try CHHapticPattern(events: [], parameters: [CHHapticDynamicParameter(parameterID: .hapticIntensityControl, value: 1, relativeTime: -1)])
            } == -4822)
            #expect(Emulated.code {
                _ = try CHHapticPattern(events: [], parameterCurves: [CHHapticParameterCurve(
                    parameterID: .hapticIntensityControl, controlPoints: [.init(relativeTime: -0.1, value: 1)], relativeTime: 0)])
            } == -4840)
            #expect(dictionary(["Event": ["EventType": "HapticWobble", "Time": 0]]) == -4821)
            #expect(dictionary(["Event": ["EventType": "HapticTransient"]]) == -4830)
            #expect(dictionary(["Parameter": ["ParameterID": "HapticIntensityControl", "Time": 0]]) == -4831)
            #expect(dictionary(["ParameterCurve": ["ParameterID": "HapticIntensityControl", "Time": 0, "ParameterCurveControlPoints": [
                ["Time": 0.2, "ParameterValue": 1], ["Time": 0.1, "ParameterValue": 0]]]]) == -4840)
            #expect(dictionary(["Event": ["EventType": "HapticTransient", "Time": "soon"]]) == -4814)
            #expect(Emulated.code { _ = try CHHapticPattern(dictionary: ["Pattern": "none"]) } == -4814)
            #expect(Emulated.code { _ = try CHHapticPattern(dictionary: ["Pattern": [["Event": ["Time": Date()]]]]) } == -4814)
            #expect(Emulated.code { _ = try CHHapticPattern(contentsOf: URL(fileURLWithPath: "/nonexistent/p.ahap")) } == -4851)
            let engine = try Emulated.engine()
            #expect(Emulated.code { try engine.playPattern(from: Data("{\"Pattern\": [".utf8)) } == -4813)
            #expect(Emulated.code { try engine.playPattern(from: URL(fileURLWithPath: "/nonexistent/p.ahap")) } == -4851)
            let error = try #require(Emulated.entries(HapticsEmulator.capture(), "playPattern(from: Data)").first)
            #expect(error.error == -4813)
            // The error says where: a JSON path.
            do {
                _ = try CHHapticPattern(dictionary: ["Pattern": [["Event": ["EventType": "HapticWobble", "Time": 0]]]])
            } catch {
                #expect((error as NSError).domain == CoreHapticsErrorDomain && (error as NSError).localizedDescription.contains("$.Pattern[0].Event.EventType"))
            }
        }

        @Test func continuousEventsAreCutAt30Seconds() throws {
            let engine = try Emulated.engine(.init(sampleRate: 8_000))
            try engine.makePlayer(with: try Emulated.pattern([Emulated.continuous(at: 0, duration: 40)])).start(atTime: 0)
            HapticsEmulator.runUntilIdle()
            let capture = HapticsEmulator.capture()
            #expect(capture.timeline.map(\.ended) == ["cut30s"])
            #expect(capture.timeline.first?.endFrame == 30 * 8_000)
            #expect(Emulated.entries(capture, "pattern").first?.rule == "continuous event of 40000 ms cut at 30000 ms")
            let peak = capture.haptics.map(abs).max() ?? 0
            #expect(capture.haptics[(29 * 8_000)..<(30 * 8_000)].map(abs).max() ?? 0 > peak / 2)
            #expect(capture.haptics[(31 * 8_000)...].allSatisfy { abs($0) < peak / 1_000 })
        }
    }
}
