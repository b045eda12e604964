#if canImport(Glibc)
import Glibc
#endif
import AudioCore
import AudioIO
import HapticCheck
import HapticCore
import HapticPlanner
import HapticPlayback
import HapticSynth

/// One fuzz input through every path that reads user data: the pattern.json and Kotlin readers, AHAP import,
/// the `.haptic` reader, the planners (Core Haptics, Android, a clip's and an AHAP file's Android
/// plans), the render-length guard and, for short plans, a render at 8 kHz; an AHAP file's audio
/// track (its sounds looked for in a scratch folder holding `fuzz.wav`, a WAV whose header the
/// input writes, and from-audio's analysis of it); and the settings readers (profiles, device profiles, Android devices, lint
/// configs). Errors are expected; a trap, a hang or unbounded memory is a finding.
enum FuzzTarget {
    static let profile: ActuatorProfile = {
        var profile = ActuatorProfile()
        profile.sampleRate = 8_000
        return profile
    }()

    static func run(_ bytes: [UInt8]) {
        if let document = try? PatternReader.read(json: bytes, file: "fuzz.json", directory: "/nonexistent") {
            exercise(try? plan(document.pattern))
            exercise(try? plan(document.pattern, capabilities: .noHaptics))
        }
        if let patterns = try? KotlinReader.read(bytes: bytes, file: "Fuzz.kt") {
            for case .success(let pattern) in patterns.map(\.result) { exercise(try? plan(pattern)) }
            // The last patterns chosen alone, as `--pattern` builds them (nothing evaluated before).
            for name in patterns.suffix(2).map(\.name) {
                _ = try? KotlinReader.document(bytes: bytes, path: "Fuzz.kt", pattern: name)
            }
        }
        KotlinReader.forgetParsedFiles()
        if let document = try? AHAPImport.read(bytes: bytes, file: "fuzz.ahap") {
            exercise(document.plan)
            _ = AHAPExport.files(for: document.plan)
            _ = AHAPOnAndroid.plan(document.plan, device: .amplitudePhone)
        }
        if let document = try? HapticClipReader.read(bytes: bytes, file: "fuzz.haptic") {
            exercise(document.clip.coreHapticsPlan().plan)
            _ = document.clip.androidPlan(on: .amplitudePhone)
            _ = document.clip.androidPlan(on: .onOffPhone)
        }
        if let profile = try? ActuatorProfile.parse(bytes, file: "profile.json") {
            _ = profile.envelopeTimeMs(0.5)
        }
        _ = try? DeviceProfile.read(bytes, file: "device.json")
        _ = try? LintConfig.parse(bytes, file: "hapsynth-lint.json").severity(of: LintRule.all[0], for: "a/b/c.ahap")
        sound(bytes)
        if let document = try? AHAPImport.read(bytes: bytes, file: folder + "/fuzz.ahap"), !document.audio.events.isEmpty {
            track(document.audio, plan: document.plan)
        }
    }

    /// A scratch folder for the sounds a run writes (one per process).
    static let folder: String = {
        let path = "/tmp/hapsynth-fuzz-\(getpid())"
        mkdir(path, 0o700)
        return path
    }()

    /// The input's first bytes as a WAV header's fields (format, channels, rate, bits, data
    /// length) over the rest as its body, written as `fuzz.wav`, read by the one sound reader
    /// under the sounds' limits, and played by a looped, pitched AudioCustom event.
    static func sound(_ bytes: [UInt8]) {
        guard bytes.count >= 16 else { return }
        func field(_ at: Int, _ width: Int) -> [UInt8] { Array(bytes[at..<(at + width)]) }
        let body = Array(bytes.dropFirst(16).prefix(65_536))
        var wav = Array("RIFF".utf8) + field(12, 4) + Array("WAVEfmt ".utf8) + [16, 0, 0, 0]
        wav += field(0, 2) + field(2, 2) + field(4, 4) + field(8, 4) + field(12, 2) + field(14, 2)
        wav += Array("data".utf8) + field(12, 4) + body
        guard let file = fopen(folder + "/fuzz.wav", "wb") else { return }
        _ = wav.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        fclose(file)
        if let reader = try? SoundFileReader(path: folder + "/fuzz.wav", limits: .sounds) {
            // from-audio's analysis of what was read: the mean of the channels, at the header's rate.
            let channels = reader.readChannels(maxFrames: 8_000)
            var mono = [Float](repeating: 0, count: channels.first?.count ?? 0)
            for channel in channels {
                for frame in mono.indices { mono[frame] += channel[frame] / Float(channels.count) }
            }
            var analysis = SoundAnalysis(sampleRate: Float(reader.format.sampleRate))
            mono.withUnsafeBufferPointer { analysis.process($0) }
            _ = analysis.finish()
        }
        let text = #"{"Pattern": [{"Event": {"Time": 0, "EventType": "AudioCustom", "EventWaveformPath": "fuzz.wav", "EventDuration": 0.5, "EventWaveformLoopEnabled": true, "EventParameters": [{"ParameterID": "AudioPitch", "ParameterValue": -0.7}, {"ParameterID": "AudioBrightness", "ParameterValue": 0.3}]}}]}"#
        if let document = try? AHAPImport.read(bytes: Array(text.utf8), file: folder + "/sound.ahap") { track(document.audio, plan: document.plan) }
    }

    /// An AHAP file's audio track mixed with its haptics: the length guard, then at most 8,000 frames.
    static func track(_ audio: AHAPAudio, plan: PlaybackPlan) {
        var options = AudioTrackOptions(besides: folder + "/fuzz.ahap")
        options.opener = SoundFileOpener()
        let track = AudioTrack(audio, profile: profile, options: options)
        let mix = MemoryOutput(format: AudioFormat(sampleRate: 8_000, channelCount: 2))
        _ = try? RenderJob(.ios(plan), audio: track, profile: profile, sinks: [RenderSink(.mix, mix)], maxFrames: 8_000).run()
    }

    /// The plan's JSON, its render length, and a render when it is short.
    static func exercise(_ plan: PlaybackPlan?) {
        guard let plan else { return }
        _ = plan.jsonText
        guard let frames = try? RenderLength.checked(plan, profile: profile, allowLong: false), frames <= 8_000 else { return }
        _ = try? OfflineRender.render(plan, profile: profile, into: MemoryOutput(format: AudioFormat(sampleRate: 8_000)))
    }
}
