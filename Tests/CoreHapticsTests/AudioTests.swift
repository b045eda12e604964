import AVFoundation
import CoreHaptics
import CoreHapticsEmulator
import Foundation
import Testing
import TestSupport

/// Audio (docs/corehaptics.md, "Audio"): registered resources play in the audio track as a file
/// named by an AHAP event would; haptics-only and audio-only take effect at the next start;
/// mutes act at once and the timeline still records the voices.
extension OnTheDevice {
    @Suite struct AudioTests {
        /// A 0.2 s, 440 Hz tone at 44.1 kHz in `scratch`, as `tone.wav`.
        static func tone(in scratch: Scratch) throws -> URL {
            let samples = (0..<8_820).map { Float(0.5 * sin(2 * Double.pi * 440 * Double($0) / 44_100)) }
            let url = URL(fileURLWithPath: scratch.path + "/tone.wav")
            try floatWAV(samples, rate: 44_100).write(to: url)
            return url
        }

        nonisolated(unsafe) static let volume = [CHHapticEventParameter(parameterID: .audioVolume, value: 0.7), CHHapticEventParameter(parameterID: .audioPan, value: -0.5)]

        /// The capture of the tone as a registered resource (with `options`) and as an AHAP file
        /// naming it with the same keys.
        static func both(options: [AnyHashable: Any], keys: String, duration: TimeInterval?) throws -> (resource: HapticsCapture, file: HapticsCapture) {
            let scratch = try Scratch()
            let url = try tone(in: scratch)
            var engine = try Emulated.engine()
            let id = try engine.registerAudioResource(url, options: options)
            let event = duration.map { CHHapticEvent(audioResourceID: id, parameters: volume, relativeTime: 0.1, duration: $0) }
                ?? CHHapticEvent(audioResourceID: id, parameters: volume, relativeTime: 0.1)
            try engine.makePlayer(with: try CHHapticPattern(events: [Emulated.transient(at: 0), event], parameters: [])).start(atTime: 0)
            HapticsEmulator.runUntilIdle()
            let resource = HapticsEmulator.capture()
            let ahap = try scratch.write("p.ahap", """
                {"Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient", "EventParameters": [
                  {"ParameterID": "HapticIntensity", "ParameterValue": 1}, {"ParameterID": "HapticSharpness", "ParameterValue": 0.5}]}},
                  {"Event": {"Time": 0.1, "EventType": "AudioCustom", "EventWaveformPath": "tone.wav", \(keys)
                  \(duration.map { "\"EventDuration\": \($0)," } ?? "")
                  "EventParameters": [{"ParameterID": "AudioVolume", "ParameterValue": 0.7}, {"ParameterID": "AudioPan", "ParameterValue": -0.5}]}}]}
                """)
            engine = try Emulated.engine()
            try engine.makePlayer(with: try CHHapticPattern(contentsOf: URL(fileURLWithPath: ahap))).start(atTime: 0)
            HapticsEmulator.runUntilIdle()
            return (resource, HapticsEmulator.capture())
        }

        @Test func aRegisteredResourcePlaysAsTheFileItWasReadFrom() throws {
            let (resource, file) = try Self.both(options: [:], keys: "", duration: nil)
            #expect(resource.audio == file.audio && resource.audio.contains { $0 != 0 })
            #expect(resource.haptics == file.haptics)
            #expect(resource.timeline.map(\.kind) == ["hapticTransient", "audioCustom"])
            let audio = try #require(resource.timeline.last)
            #expect(audio.startFrame == 4_800 && audio.endFrame == 4_800 + 9_600 && audio.intensity == 0.7 && audio.event == 1)
        }

        @Test func aPatternsSoundsAreReadWhenItIsMadeNotWhileItPlays() throws {
            let scratch = try Scratch()
            _ = try Self.tone(in: scratch)
            let ahap = try scratch.write("p.ahap", """
                {"Pattern": [{"Event": {"Time": 0.1, "EventType": "AudioCustom", "EventWaveformPath": "tone.wav"}}]}
                """)
            let engine = try Emulated.engine()
            let pattern = try CHHapticPattern(contentsOf: URL(fileURLWithPath: ahap))
            // Gone before it plays: what plays was read when the pattern was made.
            try FileManager.default.removeItem(atPath: scratch.path + "/tone.wav")
            try engine.makePlayer(with: pattern).start(atTime: 0)
            HapticsEmulator.runUntilIdle()
            let capture = HapticsEmulator.capture()
            #expect(capture.audio.contains { $0 != 0 })
            #expect(capture.timeline.map(\.kind) == ["audioCustom"])
            #expect(!capture.log.contains { $0.result == "silent" })
        }

        @Test func itsOptionsAreTheEventsLoopAndEnvelopeKeys() throws {
            let options: [AnyHashable: Any] = [CHHapticAudioResourceKeyLoopEnabled: true, CHHapticAudioResourceKeyUseVolumeEnvelope: false]
            let (resource, file) = try Self.both(options: options, keys: "\"EventWaveformLoopEnabled\": true, \"EventWaveformUseVolumeEnvelope\": false,",
                                                 duration: 0.5)
            #expect(resource.audio == file.audio)
            #expect(resource.timeline.last?.endFrame == 4_800 + 24_000)
        }

        @Test func resourcesInUseCannotBeUnregisteredNorExported() throws {
            let scratch = try Scratch()
            let engine = try Emulated.engine()
            let id = try engine.registerAudioResource(try Self.tone(in: scratch))
            let pattern = try CHHapticPattern(events: [CHHapticEvent(audioResourceID: id, parameters: [], relativeTime: 0)], parameters: [])
            #expect(Emulated.code { _ = try pattern.exportDictionary() } == -4806)
            try engine.makePlayer(with: pattern).start(atTime: 0)
            HapticsEmulator.advance(by: 0.1)
            #expect(Emulated.code { try engine.unregisterAudioResource(id) } == -4806)
            HapticsEmulator.runUntilIdle()
            try engine.unregisterAudioResource(id)
            #expect(Emulated.code { try engine.unregisterAudioResource(id) } == -4824)
            #expect(Emulated.code { _ = try engine.makePlayer(with: pattern) } == -4824)
            #expect(Emulated.code { _ = try engine.registerAudioResource(URL(fileURLWithPath: scratch.path + "/none.wav")) } == -4851)
            let text = try scratch.write("text.wav", "not a sound")
            #expect(Emulated.code { _ = try engine.registerAudioResource(URL(fileURLWithPath: text)) } == -4824)
            // Another engine's resource is not this one's.
            let other = try CHHapticEngine()
            let mine = try engine.registerAudioResource(try Self.tone(in: scratch))
            #expect(Emulated.code { _ = try other.makePlayer(with: try CHHapticPattern(events: [
                CHHapticEvent(audioResourceID: mine, parameters: [], relativeTime: 0)], parameters: [])) } == -4824)
        }

        @Test func hapticsOnlyAndAudioOnlyTakeEffectAtTheNextStart() throws {
            let scratch = try Scratch()
            let engine = try Emulated.engine()
            let id = try engine.registerAudioResource(try Self.tone(in: scratch))
            let pattern = try CHHapticPattern(events: [Emulated.transient(at: 0), CHHapticEvent(audioResourceID: id, parameters: [], relativeTime: 0)],
                                              parameters: [])
            let player = try engine.makePlayer(with: pattern)
            engine.playsHapticsOnly = true
            try player.start(atTime: 0)
            HapticsEmulator.runUntilIdle()
            engine.stop()
            try engine.start()
            try player.start(atTime: 0)
            HapticsEmulator.runUntilIdle()
            engine.playsHapticsOnly = false
            engine.playsAudioOnly = true
            engine.stop()
            try engine.start()
            try player.start(atTime: 0)
            HapticsEmulator.runUntilIdle()
            let kinds = HapticsEmulator.capture().timeline.map(\.kind)
            #expect(kinds == ["hapticTransient", "audioCustom", "hapticTransient", "audioCustom"])
        }

        @Test func mutesActAtOnceAndTheTimelineStillRecords() throws {
            let scratch = try Scratch()
            let engine = try Emulated.engine()
            let id = try engine.registerAudioResource(try Self.tone(in: scratch), options: [CHHapticAudioResourceKeyLoopEnabled: true])
            let pattern = try CHHapticPattern(events: [
                Emulated.continuous(at: 0, duration: 1), CHHapticEvent(audioResourceID: id, parameters: [], relativeTime: 0, duration: 1),
            ], parameters: [])
            let player = try engine.makePlayer(with: pattern)
            try player.start(atTime: 0)
            HapticsEmulator.advance(by: 0.2)
            player.isMuted = true
            HapticsEmulator.advance(by: 0.3)
            player.isMuted = false
            HapticsEmulator.advance(by: 0.2)
            engine.isMutedForAudio = true
            HapticsEmulator.advance(by: 0.1)
            engine.isMutedForHaptics = true
            HapticsEmulator.runUntilIdle()
            let capture = HapticsEmulator.capture()
            #expect(capture.timeline.map(\.ended) == ["end", "end"] && capture.timeline.map(\.endFrame) == [48_000, 48_000])
            let haptics = capture.haptics, peak = haptics.map(abs).max() ?? 0
            func loudest(_ from: Double, _ to: Double) -> Float { haptics[Emulated.frames(from)..<Emulated.frames(to)].map(abs).max() ?? 0 }
            #expect(loudest(0.1, 0.2) > peak / 2)
            #expect(loudest(0.3, 0.5) < peak / 1_000)  // muted from 0.2 s: the resonator rings out
            #expect(loudest(0.6, 0.8) > peak / 2)
            #expect(loudest(0.9, 1.0) < peak / 1_000)  // the engine muted at 0.8 s
            let left = stride(from: 0, to: capture.audio.count, by: 2).map { capture.audio[$0] }
            #expect(Emulated.silent(left, Emulated.frames(0.2)..<Emulated.frames(0.5)))
            #expect(!Emulated.silent(left, Emulated.frames(0.5)..<Emulated.frames(0.7)))
            #expect(Emulated.silent(left, Emulated.frames(0.7)..<left.count))
            #expect(Emulated.entries(capture, "isMuted").map { $0.args["value"] } == ["true", "false"])
        }
    

        @Test func theAudioSessionsCallsAreAcceptedAndLogged() throws {
            HapticsEmulator.configure(.init())
            let session = AVAudioSession.sharedInstance()
            try session.setCategory(.playback, mode: .default, options: [.mixWithOthers])
            try session.setActive(true)
            _ = try CHHapticEngine(audioSession: session)
            let capture = HapticsEmulator.capture()
            #expect(capture.log.filter { $0.object == "audioSession" }.map(\.call) == ["setCategory(_:mode:options:)", "setActive(_:options:)"])
            #expect(capture.log.first { $0.object == "audioSession" }?.args == ["category": "AVAudioSessionCategoryPlayback",
                                                                               "mode": "AVAudioSessionModeDefault", "options": "1"])
            #expect(session.category == .playback && session.categoryOptions == .mixWithOthers)
        }
    }
}
