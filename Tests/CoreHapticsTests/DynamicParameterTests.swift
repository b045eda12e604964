import CoreHaptics
import CoreHapticsEmulator
import Foundation
import Testing
import TestSupport

/// Dynamic parameters (docs/corehaptics.md, "Dynamic parameters"): a control sent while a pattern
/// plays acts from the frame of its effective time exactly, as the same control written into the
/// pattern at that time would.
extension OnTheDevice {
    @Suite struct DynamicParameterTests {
        /// A steady 1 s continuous event (intensity 0.8) and a 1 s tone, as events.
        nonisolated(unsafe) static let steady = [
            Emulated.continuous(at: 0, duration: 1, intensity: 0.8, sharpness: 0.5),
            CHHapticEvent(eventType: .audioContinuous, parameters: [CHHapticEventParameter(parameterID: .audioVolume, value: 0.8)],
                          relativeTime: 0, duration: 1),
        ]

        /// The same pattern as an AHAP file with `entries` added.
        static func file(_ entries: String, in scratch: Scratch) throws -> URL {
            URL(fileURLWithPath: try scratch.write("steady.ahap", """
                {"Pattern": [
                  {"Event": {"Time": 0, "EventType": "HapticContinuous", "EventDuration": 1, "EventParameters": [
                    {"ParameterID": "HapticIntensity", "ParameterValue": 0.8}, {"ParameterID": "HapticSharpness", "ParameterValue": 0.5}]}},
                  {"Event": {"Time": 0, "EventType": "AudioContinuous", "EventDuration": 1, "EventParameters": [
                    {"ParameterID": "AudioVolume", "ParameterValue": 0.8}]}}\(entries)]}
                """))
        }

        /// Plays `pattern` from frame 0, calling `during` with its player, until idle.
        static func play(_ pattern: CHHapticPattern, _ during: (any CHHapticPatternPlayer, CHHapticEngine) throws -> Void = { _, _ in }) throws -> HapticsCapture {
            let engine = try Emulated.engine()
            let player = try engine.makePlayer(with: pattern)
            try during(player, engine)
            HapticsEmulator.runUntilIdle()
            return HapticsEmulator.capture()
        }

        static func rms(_ samples: [Float], _ from: Double, _ to: Double) -> Double {
            let slice = samples[Emulated.frames(from)..<Emulated.frames(to)]
            return (slice.reduce(0) { $0 + Double($1) * Double($1) } / Double(slice.count)).squareRoot()
        }

        @Test func anIntensityControlSentWhilePlayingActsFromItsFrameExactly() throws {
            let scratch = try Scratch()
            let sent = try Self.play(try CHHapticPattern(events: Self.steady, parameters: [])) { player, engine in
                try player.start(atTime: 0)
                HapticsEmulator.advance(by: 0.4)
                try player.sendParameters([CHHapticDynamicParameter(parameterID: .hapticIntensityControl, value: 0.5, relativeTime: 0.1)],
                                          atTime: CHHapticTimeImmediate)
            }
            let written = try Self.play(try CHHapticPattern(contentsOf: try Self.file("""
                , {"Parameter": {"ParameterID": "HapticIntensityControl", "Time": 0.5, "ParameterValue": 0.5}}
                """, in: scratch))) { player, _ in try player.start(atTime: 0) }
            #expect(Emulated.difference(sent.haptics, written.haptics) == nil)
            #expect(Emulated.difference(sent.audio, written.audio) == nil)
            let plain = try Self.play(try CHHapticPattern(events: Self.steady, parameters: [])) { player, _ in try player.start(atTime: 0) }
            #expect(Emulated.difference(Array(sent.haptics.prefix(24_000)), Array(plain.haptics.prefix(24_000))) == nil)
            #expect(sent.haptics[24_000] != plain.haptics[24_000])
            // Halved, 0.8 to 0.4. Changed (issue 53): the emulated iPhone played intensity as a
            // share of its sensation level, 0.4·29.763 dB lower; it now keeps the drive's amplitude
            // law (docs/devices.md, "The iPhone as the reference"), so the motion halves.
            let ratio = Self.rms(sent.haptics, 0.7, 0.9) / Self.rms(plain.haptics, 0.7, 0.9)
            #expect(abs(ratio / 0.5 - 1) < 0.005, "\(ratio)")
            let entry = try #require(Emulated.entries(sent, "sendParameters(_:atTime:)").first)
            #expect(entry.args["HapticIntensityControl@0.1"] == "0.5" && entry.rule?.hasPrefix("dynamic parameters: effective time") == true)
            #expect(Emulated.entries(sent, "parameter").first?.frame == 24_000)
        }

        @Test func aControlSentBeforeStartActsFromTheFirstFrameAndPersists() throws {
            let scratch = try Scratch()
            let sent = try Self.play(try CHHapticPattern(events: Self.steady, parameters: [])) { player, _ in
                try player.sendParameters([CHHapticDynamicParameter(parameterID: .hapticIntensityControl, value: 0.5, relativeTime: 0)], atTime: 0)
                try player.start(atTime: 0)
            }
            let written = try Self.play(try CHHapticPattern(contentsOf: try Self.file("""
                , {"Parameter": {"ParameterID": "HapticIntensityControl", "Time": 0, "ParameterValue": 0.5}}
                """, in: scratch))) { player, _ in try player.start(atTime: 0) }
            #expect(Emulated.difference(sent.haptics, written.haptics) == nil)
            #expect(sent.timeline.first?.intensity == 0.4)
            // The value stays with the player: a later start plays at it too.
            let again = try Self.play(try CHHapticPattern(events: Self.steady, parameters: [])) { player, _ in
                try player.sendParameters([CHHapticDynamicParameter(parameterID: .hapticIntensityControl, value: 0.5, relativeTime: 0)], atTime: 0)
                try player.start(atTime: 0)
                HapticsEmulator.runUntilIdle()
                try player.start(atTime: 0)
            }
            #expect(again.timeline.map(\.intensity) == [0.4, 0.8, 0.4, 0.8])  // each start: the hum under 0.5, the tone
        }

        @Test func anAudioVolumeControlScalesOnlyTheAudio() throws {
            let scratch = try Scratch()
            let sent = try Self.play(try CHHapticPattern(events: Self.steady, parameters: [])) { player, engine in
                try player.start(atTime: 0)
                try player.sendParameters([CHHapticDynamicParameter(parameterID: .audioVolumeControl, value: 0.5, relativeTime: 0)],
                                          atTime: engine.currentTime + 0.5)
            }
            let plain = try Self.play(try CHHapticPattern(events: Self.steady, parameters: [])) { player, _ in try player.start(atTime: 0) }
            let written = try Self.play(try CHHapticPattern(contentsOf: try Self.file("""
                , {"Parameter": {"ParameterID": "AudioVolumeControl", "Time": 0.5, "ParameterValue": 0.5}}
                """, in: scratch))) { player, _ in try player.start(atTime: 0) }
            #expect(Emulated.difference(sent.haptics, plain.haptics) == nil)
            #expect(Emulated.difference(sent.audio, written.audio) == nil && sent.audio != plain.audio)
            #expect(Emulated.difference(Array(sent.audio.prefix(48_000)), Array(plain.audio.prefix(48_000))) == nil)
        }

        /// The timeline's intensity of a sound is its volume under `audioVolumeControl`, as of a
        /// haptic event under its intensity control (issue 40: it stayed 0.8 while audio.wav followed 0.1).
        @Test func aSoundsTimelineIntensityIsUnderTheVolumeControl() throws {
            let sent = try Self.play(try CHHapticPattern(events: Self.steady, parameters: [])) { player, _ in
                try player.sendParameters([CHHapticDynamicParameter(parameterID: .audioVolumeControl, value: 0.1, relativeTime: 0)], atTime: 0)
                try player.start(atTime: 0)
            }
            let sound = try #require(sent.timeline.first { $0.kind == "audioContinuous" })
            #expect(abs(sound.intensity - 0.08) < 1e-6, "\(sound)")
            let haptic = try #require(sent.timeline.first { $0.kind == "hapticContinuous" })
            #expect(haptic.intensity == 0.8)
        }

        @Test func aScheduledCurveEqualsTheSameCurveInThePattern() throws {
            let scratch = try Scratch()
            let points = [(0.0, 1.0), (0.2, 0.2), (0.4, 0.9)].map { CHHapticParameterCurve.ControlPoint(relativeTime: $0.0, value: Float($0.1)) }
            let sent = try Self.play(try CHHapticPattern(events: Self.steady, parameters: [])) { player, engine in
                try player.start(atTime: 0)
                // Its own relativeTime is replaced by the time it is scheduled at.
                try player.scheduleParameterCurve(CHHapticParameterCurve(parameterID: .hapticSharpnessControl, controlPoints: points, relativeTime: 5),
                                                  atTime: engine.currentTime + 0.3)
                try player.scheduleParameterCurve(CHHapticParameterCurve(parameterID: .audioPanControl, controlPoints: points, relativeTime: 0),
                                                  atTime: engine.currentTime + 0.3)
            }
            let written = try Self.play(try CHHapticPattern(contentsOf: try Self.file("""
                , {"ParameterCurve": {"ParameterID": "HapticSharpnessControl", "Time": 0.3, "ParameterCurveControlPoints": [
                  {"Time": 0, "ParameterValue": 1}, {"Time": 0.2, "ParameterValue": 0.2}, {"Time": 0.4, "ParameterValue": 0.9}]}},
                  {"ParameterCurve": {"ParameterID": "AudioPanControl", "Time": 0.3, "ParameterCurveControlPoints": [
                  {"Time": 0, "ParameterValue": 1}, {"Time": 0.2, "ParameterValue": 0.2}, {"Time": 0.4, "ParameterValue": 0.9}]}}
                """, in: scratch))) { player, _ in try player.start(atTime: 0) }
            #expect(Emulated.difference(sent.haptics, written.haptics) == nil)
            #expect(Emulated.difference(sent.audio, written.audio) == nil)
        }

        @Test func controlsReachLaterTapsAtTheirOnsetsAndAreClamped() throws {
            let pattern = try Emulated.pattern([Emulated.transient(at: 0, intensity: 0.8), Emulated.transient(at: 0.5, intensity: 0.8)])
            let capture = try Self.play(pattern) { player, _ in
                try player.start(atTime: 0)
                HapticsEmulator.advance(by: 0.25)
                try player.sendParameters([CHHapticDynamicParameter(parameterID: .hapticIntensityControl, value: 7, relativeTime: 0),
                                           CHHapticDynamicParameter(parameterID: .hapticSharpnessControl, value: -0.2, relativeTime: 0)], atTime: 0)
                try player.sendParameters([CHHapticDynamicParameter(parameterID: .hapticIntensityControl, value: 0.25, relativeTime: 0.1)], atTime: 0)
            }
            // The second tap's onset is under 0.25 (7 was clamped to 1, then replaced at 0.35 s).
            #expect(capture.timeline.map(\.intensity) == [0.8, 0.2])
            #expect(capture.timeline.map(\.sharpness) == [0.5, 0.3])
            #expect(Emulated.code {
                let engine = try Emulated.engine()
                try engine.makePlayer(with: pattern).sendParameters([CHHapticDynamicParameter(parameterID: .init(rawValue: "Wobble"), value: 1, relativeTime: 0)],
                                                                    atTime: 0)
            } == -4820)
        }
    }
}
