import AudioCore
import AudioIO
import FoundationEssentials
import Glibc
import HapticCore
import HapticPlanner
import HapticSynth

/// Where an AHAP file's sounds are looked for, and where its audio track sits (docs/audio.md).
public struct AudioTrackOptions: Sendable {
    /// Folders a relative `EventWaveformPath` is tried against first, in order (`--audio-root`).
    public var roots: [String] = []
    /// The AHAP file's folder, tried last.
    public var fileFolder = "."
    /// How much later the audio plays than the haptics, in ms (a device's audio latency).
    public var offsetMs = 0.0

    public init() {}

    /// The options of the AHAP file at `path`: its folder (the current one for standard input, `-`).
    public init(besides path: String) {
        let folder = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        fileFolder = path == "-" || !path.contains("/") ? "." : (folder.isEmpty ? "/" : folder)
    }
}

/// Something the audio track could not do as the file asks; the event is silent or simplified.
public struct AudioTrackWarning: Error, Hashable, Sendable, CustomStringConvertible {
    /// `$.Pattern[4]`.
    public let entry: JSONPath
    public let message: String
    public var description: String { "\(entry): \(message)" }
}

/// An AHAP file's audio events rendered to a stereo track at the render rate, on the haptic frame
/// grid (the same 10 ms lead): hapsynth's model, since Apple publishes no audio laws.
public struct AudioTrack: Sendable {
    public let left: [Float], right: [Float]
    public let sampleRate: Int
    public let eventCount: Int
    /// The largest |sample| after clamping, and how many samples were clamped (both channels).
    public let peak: Float
    public let clippedSamples: Int
    public let warnings: [AudioTrackWarning]

    /// The largest sound file read, in bytes.
    public static let maxFileBytes = 64 << 20

    /// Frames in the track.
    public var frameCount: Int { left.count }

    /// `audio: 2 events, peak 0.93, 0 clipped`.
    public var summary: String {
        "audio: \(NumberText.count(eventCount, "event")), peak \(NumberText.fixed(Double(peak), 2)), \(clippedSamples) clipped"
    }

    /// Renders `audio` at `profile`'s rate; the track is at least `minimumFrames` long.
    public init(_ audio: AHAPAudio, profile: ActuatorProfile, options: AudioTrackOptions = AudioTrackOptions(), minimumFrames: Int = 0) {
        let rate = profile.sampleRate
        var left = [Double](repeating: 0, count: minimumFrames), right = left
        var warnings: [AudioTrackWarning] = []
        let offset = Int((options.offsetMs * Double(rate) / 1000).rounded(.toNearestOrAwayFromZero))
        for event in audio.events {
            let start = Int(FrameTiming.frame(atUs: event.startUs + FrameTiming.leadMs * 1000, rate: rate)) + offset
            let voice: Voice
            switch event.kind {
            case .custom:
                guard let made = AudioVoices.custom(event, audio: audio, profile: profile, options: options, warnings: &warnings) else { continue }
                voice = made
            case .continuous:
                voice = AudioVoices.continuous(event, audio: audio, profile: profile)
            }
            AudioVoices.place(voice, event: event, audio: audio, at: start, profile: profile, left: &left, right: &right)
        }
        var peak: Float = 0, clipped = 0
        func clamp(_ channel: [Double]) -> [Float] {
            channel.map { value in
                let limited = min(max(value, -1), 1)
                if limited != value { clipped += 1 }
                peak = max(peak, Float(abs(limited)))
                return Float(limited)
            }
        }
        self.left = clamp(left)
        self.right = clamp(right)
        self.peak = peak
        clippedSamples = clipped
        sampleRate = rate
        eventCount = audio.events.count
        self.warnings = warnings
    }

    /// One event's sound before gain, pan and brightness: mono or stereo frames at the render rate.
    struct Voice {
        var channels: [[Double]]
    }
}

/// The voices of the audio events and how they are placed in the track.
enum AudioVoices {
    /// An AudioCustom event: its file found, read, converted to the render rate (at Rin·2^pitch),
    /// looped or cut to its duration, and shaped by its volume envelope; nil (with a warning) when
    /// the file cannot be used.
    /// An AudioCustom event's file, found (absolute as is; relative in each root, then the file's
    /// folder; the first regular file), no larger than 64 MiB, and opened; or why not.
    static func open(_ event: AHAPAudioEvent, options: AudioTrackOptions) -> Result<(path: String, reader: SoundFileReader), AudioTrackWarning> {
        let named = event.waveformPath ?? ""
        let folders = named.hasPrefix("/") ? [] : options.roots + [options.fileFolder]
        let candidates = named.hasPrefix("/") ? [named] : folders.map { $0.hasSuffix("/") ? $0 + named : $0 + "/" + named }
        guard let path = candidates.first(where: { regularFileSize($0) != nil }) else {
            return .failure(AudioTrackWarning(entry: event.entry, message: "audio file not found: \(named)"
                + (folders.isEmpty ? "" : " (looked in: \(folders.joined(separator: ", ")))")))
        }
        guard (regularFileSize(path) ?? 0) <= AudioTrack.maxFileBytes else {
            return .failure(AudioTrackWarning(entry: event.entry, message: "audio file \(path) is larger than 64 MiB; skipped"))
        }
        do {
            return .success((path, try SoundFileReader(path: path)))
        } catch {
            return .failure(AudioTrackWarning(entry: event.entry, message: "cannot read audio file \(path): \(error.reason)"))
        }
    }

    static func custom(
        _ event: AHAPAudioEvent, audio: AHAPAudio, profile: ActuatorProfile, options: AudioTrackOptions, warnings: inout [AudioTrackWarning]
    ) -> AudioTrack.Voice? {
        let path: String, reader: SoundFileReader
        switch open(event, options: options) {
        case .success(let opened): (path, reader) = opened
        case .failure(let warning):
            warnings.append(warning)
            return nil
        }
        let channelCount = reader.format.channelCount
        if channelCount > 2 {
            warnings.append(AudioTrackWarning(entry: event.entry, message: "\(path) has \(channelCount) channels; the first two are played"))
        }
        let pitch = Double(min(max(event.pitch + audio.control(.pitch, atUs: event.startUs), -1), 1))
        let sourceRate = Double(reader.format.sampleRate) * pow(2, pitch)
        var channels = reader.readChannels().prefix(2).map { channel in
            Resampler.resample(channel.map(Double.init), sourceRate: sourceRate, to: profile.sampleRate)
        }
        let durationFrames = Int(FrameTiming.frame(atUs: event.durationUs, rate: profile.sampleRate))
        if event.loops, durationFrames == 0 {
            warnings.append(AudioTrackWarning(entry: event.entry, message: "a looped sound without EventDuration plays once"))
        }
        let fileFrames = channels.first?.count ?? 0
        let length = event.loops && durationFrames > 0 ? durationFrames : (durationFrames > 0 ? min(fileFrames, durationFrames) : fileFrames)
        if event.loops, durationFrames > 0, fileFrames > 0 {
            channels = channels.map { channel in (0..<length).map { channel[$0 % fileFrames] } }
        } else {
            channels = channels.map { Array($0.prefix(length)) }
        }
        if event.usesVolumeEnvelope {
            let envelope = Envelope(continuous: event.envelope, profile: profile, attackAndReleaseOnly: true)
            channels = channels.map { channel in channel.indices.map { channel[$0] * envelope.gain(at: Int64($0), length: Int64(length)) } }
        }
        return AudioTrack.Voice(channels: channels)
    }

    /// The size in bytes of the regular file at `path`, nil when there is none.
    private static func regularFileSize(_ path: String) -> Int? {
        var status = stat()
        guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(status.st_size)
    }

    /// An AudioContinuous event: hapsynth's tone, a band-limited sawtooth (2/π)·Σ (−1)^(k+1)
    /// sin(kφ)/k over k·f0 ≤ 0.45·rate at f0 = 440·2^pitch Hz, the pitch read every frame, the
    /// phase continuous, under the continuous envelope model.
    static func continuous(_ event: AHAPAudioEvent, audio: AHAPAudio, profile: ActuatorProfile) -> AudioTrack.Voice {
        let rate = Double(profile.sampleRate)
        let length = Int(FrameTiming.frame(atUs: event.durationUs, rate: profile.sampleRate))
        let envelope = Envelope(continuous: event.envelope, profile: profile)
        let sounding = Int(envelope.length(of: Int64(length)))
        var phase = 0.0
        let samples = (0..<sounding).map { index -> Double in
            let us = event.startUs + Int64((Double(index) * 1_000_000 / rate).rounded())
            let pitch = Double(min(max(event.pitch + audio.control(.pitch, atUs: us), -1), 1))
            let f0 = 440 * pow(2, pitch)
            var sum = 0.0
            for k in 1...max(1, Int(0.45 * rate / f0)) { sum += (k % 2 == 1 ? 1 : -1) * sin(Double(k) * phase) / Double(k) }
            phase += 2 * Double.pi * f0 / rate
            return 2 / Double.pi * sum * envelope.gain(at: Int64(index), length: Int64(length))
        }
        return AudioTrack.Voice(channels: [samples])
    }

    /// Adds a voice at frame `start` with its gain (volume × volume control), brightness (an RBJ
    /// low-pass, Q 1/√2, fc = 200·100^b Hz, bypassed at b = 1) and pan (mono: L = cos θ, R = sin θ,
    /// θ = (p + 1)π/4; stereo: L × min(1, 1 − p), R × min(1, 1 + p)), read every frame.
    static func place(
        _ voice: AudioTrack.Voice, event: AHAPAudioEvent, audio: AHAPAudio, at start: Int, profile: ActuatorProfile,
        left: inout [Double], right: inout [Double]
    ) {
        let frames = voice.channels.first?.count ?? 0
        guard frames > 0 else { return }
        let end = start + frames
        if left.count < end {
            left += [Double](repeating: 0, count: end - left.count)
            right += [Double](repeating: 0, count: end - right.count)
        }
        let rate = Double(profile.sampleRate)
        var filters = voice.channels.map { _ in Brightness(sampleRate: profile.sampleRate) }
        for index in 0..<frames where start + index >= 0 {
            let us = event.startUs + Int64((Double(index) * 1_000_000 / rate).rounded())
            let gain = Double(event.volume) * Double(audio.control(.volume, atUs: us))
            let pan = Double(min(max(event.pan + audio.control(.pan, atUs: us), -1), 1))
            let brightness = Double(min(max(event.brightness + audio.control(.brightness, atUs: us), 0), 1))
            let samples = voice.channels.indices.map { channel in filters[channel].process(voice.channels[channel][index], brightness: brightness) * gain }
            let frame = start + index
            if samples.count == 1 {
                let theta = (pan + 1) * Double.pi / 4
                left[frame] += samples[0] * cos(theta)
                right[frame] += samples[0] * sin(theta)
            } else {
                left[frame] += samples[0] * min(1, 1 - pan)
                right[frame] += samples[1] * min(1, 1 + pan)
            }
        }
    }
}

/// The brightness filter of one channel: an RBJ low-pass (Q 1/√2) at 200·100^b Hz (at most 0.45 ×
/// the rate), its coefficients recomputed when b changes, bypassed at b = 1.
struct Brightness {
    let sampleRate: Int
    private var brightness = 1.0
    private var coefficients = (b0: 0.0, b1: 0.0, b2: 0.0, a1: 0.0, a2: 0.0)
    private var state = (x1: 0.0, x2: 0.0, y1: 0.0, y2: 0.0)

    init(sampleRate: Int) { self.sampleRate = sampleRate }

    mutating func process(_ x: Double, brightness b: Double) -> Double {
        guard b < 1 else { return x }
        if b != brightness || coefficients.b0 == 0 {
            brightness = b
            let fc = min(200 * pow(100, b), 0.45 * Double(sampleRate))
            let w = 2 * Double.pi * fc / Double(sampleRate), alpha = sin(w) / (2 * (0.5).squareRoot()), c = cos(w)
            let a0 = 1 + alpha
            coefficients = ((1 - c) / 2 / a0, (1 - c) / a0, (1 - c) / 2 / a0, -2 * c / a0, (1 - alpha) / a0)
        }
        let c = coefficients
        let y = c.b0 * x + c.b1 * state.x1 + c.b2 * state.x2 - c.a1 * state.y1 - c.a2 * state.y2
        state = (x, state.x1, y, state.y1)
        return y
    }
}

extension AudioTrack {
    /// The mix with a mono haptic render at the same rate: each channel the haptics plus that
    /// audio channel, clamped into −1…1, as long as the longer; and how many samples were clamped.
    public func mixed(with haptic: [Float]) -> (channels: [[Float]], clamped: Int) {
        let frames = max(frameCount, haptic.count)
        var clamped = 0
        let channels = [left, right].map { track in
            (0..<frames).map { frame -> Float in
                let value = Double(frame < haptic.count ? haptic[frame] : 0) + Double(frame < track.count ? track[frame] : 0)
                let limited = min(max(value, -1), 1)
                if limited != value { clamped += 1 }
                return Float(limited)
            }
        }
        return (channels, clamped)
    }

    /// The two channels interleaved, as a stereo file or device takes them.
    public static func interleaved(_ channels: [[Float]]) -> [Float] {
        let frames = channels.map(\.count).max() ?? 0
        var samples = [Float](repeating: 0, count: 2 * frames)
        for (channel, values) in channels.prefix(2).enumerated() {
            for (frame, value) in values.enumerated() { samples[2 * frame + channel] = value }
        }
        return samples
    }

    /// Writes the track as a stereo file (atomically), or, given `haptic` (a mono haptic render at
    /// the same rate), the mix. Returns the frames written and the samples clamped in the mix.
    public func write(
        to path: String, container: SoundFileContainer, encoding: SampleEncoding, mixing haptic: [Float]? = nil
    ) throws(OutputError) -> (frames: Int, clamped: Int) {
        let (channels, clamped) = haptic.map { mixed(with: $0) } ?? ([left, right], 0)
        let samples = Self.interleaved(channels)
        try SoundFileTarget.write(to: path, format: AudioFormat(sampleRate: sampleRate, channelCount: 2), container: container,
                                  encoding: encoding) { writer in
            try samples.withUnsafeBufferPointer { try writer.write($0) }
        }
        return (samples.count / 2, clamped)
    }
}

extension AudioTrack {
    /// What an audio event plays, as `plan` lists it: an AudioCustom's file as found, with its
    /// rate, channels and frames (or why it cannot be used); hapsynth's tone for AudioContinuous.
    public struct Source: Sendable, Hashable {
        public let event: AHAPAudioEvent
        public let path: String?
        public let sampleRate: Int?
        public let channelCount: Int?
        public let frameCount: Int64?
        /// Why the file cannot be used.
        public let problem: String?
    }

    /// The source of each of `audio`'s events.
    public static func sources(of audio: AHAPAudio, options: AudioTrackOptions) -> [Source] {
        audio.events.map { event in
            guard event.kind == .custom else {
                return Source(event: event, path: nil, sampleRate: nil, channelCount: nil, frameCount: nil, problem: nil)
            }
            switch AudioVoices.open(event, options: options) {
            case .success(let opened):
                return Source(event: event, path: opened.path, sampleRate: opened.reader.format.sampleRate,
                              channelCount: opened.reader.format.channelCount, frameCount: opened.reader.frameCount, problem: nil)
            case .failure(let warning):
                return Source(event: event, path: nil, sampleRate: nil, channelCount: nil, frameCount: nil, problem: warning.message)
            }
        }
    }
}
