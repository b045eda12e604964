import AudioCore
import Glibc
import HapticCore
import HapticPlanner
import HapticSynth

/// An AHAP file's audio events as a stereo stream at the render rate, on the haptic frame grid
/// (the same 10 ms lead): hapsynth's model, since Apple publishes no audio laws (docs/audio.md).
///
/// Making a track reads only the sounds' headers (their lengths, rates and channels); `render`
/// then makes the track a block at a time, each event's samples from its own cursors, in memory
/// that does not grow with the track's length. Events add; the sum goes out as it is (the device
/// clamps the sum of its tracks once), its peak and the samples past ±1 measured here.
public final class AudioTrack {
    public let sampleRate: Int
    public let eventCount: Int
    /// The sounds and curves it plays, as given.
    package let audio: AHAPAudio
    /// What each event plays, as `plan` lists it.
    public let sources: [Source]
    /// The frame after the last event that sounds, counted from frame 0 (0 when none does):
    /// the track's length when it starts at frame 0; `FrameTiming`'s saturated count when an end
    /// does not fit in 64 bits.
    public let frameCount: Int64
    /// The next frame `render` writes (`firstFrame` before the first block).
    public private(set) var position: Int64
    /// The frame the track starts at: frames of an event before it are played and dropped.
    private let firstFrame: Int64
    /// The largest |sample| once clamped into −1…1, and how many samples are past it (both channels).
    public private(set) var peak: Float = 0
    public private(set) var clippedSamples = 0

    private let events: [Planned]
    /// Events by start frame (indices into `events`), and the next of them to start.
    private let startOrder: [Int]
    private var nextToStart = 0
    /// The playing events, in file order (the order they add in).
    private var playing: [Playing] = []
    private let handles: SoundHandles?
    private var controls: AudioControls
    /// The controls' curves: the file's, then those applied as it plays.
    private var curves: AHAPAudio
    /// Where pattern time 0 is: `leadMs` after `originFrame`.
    private let originFrame: Int64, leadMs: Int64
    private let kernels = Resampler.Kernels()
    private var openingWarnings: [AudioTrackWarning]
    private var playingWarnings: [AudioTrackWarning] = []
    private let profile: ActuatorProfile
    /// One block of each channel's sum, and one block of an event's samples.
    private var sumLeft: [Double] = [], sumRight: [Double] = []
    private var scratch: [[Double]] = [[], []]

    /// What an event plays: where it starts and how long, and its file.
    private struct Planned {
        let event: AHAPAudioEvent
        /// Its place among the planned events (which are in file order), and among the file's audio events.
        let index: Int
        let eventIndex: Int
        let startFrame: Int64
        let frames: Int64
        /// The file (AudioCustom).
        let file: SoundFile?
        /// The pitch at the event's onset, −1…1 (AudioCustom plays at Rin·2^pitch).
        let pitch: Double

        /// The frame after the event's last (saturated when it does not fit).
        var endFrame: Int64 { startFrame >= 0 ? FrameTiming.adding(startFrame, frames) : startFrame + frames }
    }

    /// An AudioCustom event's file: where it is, as shown, and its header.
    private struct SoundFile {
        /// The resolved path it is read from, and the path as the folder and name were given.
        let path: String, shown: String
        let format: AudioFormat
        let frameCount: Int64
    }

    /// An event that has started.
    private struct Playing {
        let index: Int
        var samples: any AudioEventSamples
        var placement: AudioPlacement
        /// The event's next frame.
        var produced: Int64 = 0
    }

    /// Plans `audio`'s events at `profile`'s rate for a render from frame 0, placed as the
    /// executor places its players (`Placement.executor`); the sounds are found and their
    /// headers read.
    public convenience init(_ audio: AHAPAudio, profile: ActuatorProfile, options: AudioTrackOptions = AudioTrackOptions()) {
        self.init(audio, profile: profile, options: options, placement: .executor(from: 0), firstFrame: 0)
    }

    /// Plans `audio`'s events with pattern time 0 where `placement` puts it; the track renders
    /// from `firstFrame` on (a Core Haptics player started at that frame).
    package init(_ audio: AHAPAudio, profile: ActuatorProfile, options: AudioTrackOptions, placement: Placement, firstFrame: Int64) {
        let (originFrame, leadMs) = (placement.originFrame, placement.leadMs)
        let rate = profile.sampleRate
        sampleRate = rate
        self.profile = profile
        self.firstFrame = firstFrame
        position = firstFrame
        eventCount = audio.events.count
        self.audio = audio
        controls = AudioControls(audio)
        curves = AHAPAudio()
        curves.curves = audio.curves
        self.originFrame = originFrame
        self.leadMs = leadMs
        handles = options.opener == nil && options.resources.isEmpty ? nil
            : SoundHandles(opener: options.resources.isEmpty ? options.opener! : ResourceOpener(resources: options.resources, files: options.opener))
        let offset = Int64((options.offsetMs * Double(rate) / 1000).rounded(.toNearestOrAwayFromZero))
        var warnings: [AudioTrackWarning] = [], sources: [Source] = [], planned: [Planned] = []
        for (eventIndex, event) in audio.events.enumerated() {
            let start = FrameTiming.adding(originFrame, FrameTiming.frame(atUs: FrameTiming.addingUs(event.startUs, leadMs * 1000), rate: rate)) + offset
            let durationFrames = FrameTiming.frame(atUs: event.durationUs, rate: rate)
            switch event.kind {
            case .continuous:
                let envelope = Envelope(continuous: event.envelope, profile: profile)
                planned.append(Planned(event: event, index: planned.count, eventIndex: eventIndex, startFrame: start,
                                       frames: envelope.length(of: durationFrames), file: nil, pitch: 0))
                sources.append(Source(event: event, path: nil, sampleRate: nil, channelCount: nil, frameCount: nil, problem: nil))
            case .custom:
                switch Self.open(event, options: options) {
                case .failure(let warning):
                    warnings.append(warning)
                    sources.append(Source(event: event, path: nil, sampleRate: nil, channelCount: nil, frameCount: nil, problem: warning.message))
                case .success(let file):
                    if file.format.channelCount > 2 {
                        warnings.append(AudioTrackWarning(entry: event.entry, kind: .channels(path: file.shown, count: file.format.channelCount)))
                    }
                    if event.loops, durationFrames == 0 { warnings.append(AudioTrackWarning(entry: event.entry, kind: .loopWithoutDuration)) }
                    var onset = controls.cursor(.pitch, fromUs: event.startUs)
                    let pitch = Double(min(max(event.pitch + onset.value(atUs: event.startUs), -1), 1))
                    let passFrames = RateConverter(sourceFrameCount: file.frameCount, channelCount: 1,
                                                   sourceRate: Double(file.format.sampleRate) * pow(2, pitch), rateOut: rate).outputFrameCount
                    let frames = event.loops && durationFrames > 0 ? durationFrames : (durationFrames > 0 ? min(passFrames, durationFrames) : passFrames)
                    planned.append(Planned(event: event, index: planned.count, eventIndex: eventIndex, startFrame: start, frames: frames, file: file,
                                           pitch: pitch))
                    sources.append(Source(event: event, path: file.shown, sampleRate: file.format.sampleRate,
                                          channelCount: file.format.channelCount, frameCount: file.frameCount, problem: nil))
                }
            }
        }
        events = planned
        startOrder = planned.indices.sorted { (planned[$0].startFrame, $0) < (planned[$1].startFrame, $1) }
        frameCount = planned.filter { $0.frames > 0 }.map(\.endFrame).max().map { max(0, $0) } ?? 0
        self.sources = sources
        openingWarnings = warnings
    }

    /// Adds a control from the next frame to render on (`timesUs` after it, with `values`): the
    /// events playing follow it from that frame, later ones from their onsets, as a curve of the
    /// file would act on them.
    /// The control `parameter` in force at pattern time `us`: the file's curves and those applied since.
    public func control(_ parameter: AHAPAudioCurve.Parameter, atUs us: Int64) -> Float {
        curves.control(parameter, atUs: us)
    }

    public func apply(_ parameter: AHAPAudioCurve.Parameter, timesUs: [Int64], values: [Float]) {
        // The pattern time of the next frame, as the track counts it and as each playing event does.
        var startUs = Int64(((Double(position - originFrame) * 1_000_000 / Double(sampleRate)) - Double(leadMs * 1000)).rounded(.down))
        for slot in playing {
            startUs = min(startUs, Self.patternUs(events[slot.index].event.startUs, frame: slot.produced, rate: Double(sampleRate)))
        }
        curves.curves.append(.control(parameter, startUs: startUs, points: zip(timesUs, values).map { CurvePoint(timeUs: $0, value: $1) }))
        controls = AudioControls(curves)
        for slot in playing.indices {
            let nowUs = Self.patternUs(events[playing[slot].index].event.startUs, frame: playing[slot].produced, rate: Double(sampleRate))
            playing[slot].placement.follow(controls, fromUs: nowUs)
            playing[slot].samples.follow(controls, fromUs: nowUs)
        }
    }

    /// Each event that sounds: its index in the file's audio events and its frames.
    public var eventSpans: [(event: Int, startFrame: Int64, endFrame: Int64)] {
        events.filter { $0.frames > 0 }.map { ($0.eventIndex, $0.startFrame, $0.endFrame) }
    }

    /// Everything worth telling: sounds that could not be used, then what playing found (NaN
    /// and infinite samples silenced).
    public var warnings: [AudioTrackWarning] { openingWarnings + playingWarnings }

    /// `audio: 2 events, peak 0.93, 0 clipped`.
    public var summary: String {
        "audio: \(NumberText.count(eventCount, "event")), peak \(NumberText.fixed(Double(peak), 2)), \(clippedSamples) clipped"
    }

    /// The pattern time in µs of an event's frame `frame`, from its start at `startUs`.
    static func patternUs(_ startUs: Int64, frame: Int64, rate: Double) -> Int64 {
        FrameTiming.addingUs(startUs, Int64((Double(frame) * 1_000_000 / rate).rounded()))
    }

    /// Writes the track's next `left.count` frames (zeros past its end) to `left` and `right`,
    /// unclamped: the device clamps the sum of its tracks.
    public func render(left: UnsafeMutableBufferPointer<Float>, right: UnsafeMutableBufferPointer<Float>) {
        let count = min(left.count, right.count)
        let blockStart = position, blockEnd = position + Int64(count)
        position = blockEnd
        startEvents(before: blockEnd)
        guard !playing.isEmpty else {
            for index in 0..<count { left[index] = 0; right[index] = 0 }
            return
        }
        if sumLeft.count < count {
            sumLeft = [Double](repeating: 0, count: count)
            sumRight = sumLeft
        }
        for index in 0..<count {
            sumLeft[index] = 0
            sumRight[index] = 0
        }
        if scratch[0].count < count { scratch = [[Double](repeating: 0, count: count), [Double](repeating: 0, count: count)] }
        var finished: [Int] = []
        for slot in playing.indices {
            let planned = events[playing[slot].index]
            let first = max(blockStart, planned.startFrame), last = min(blockEnd, planned.endFrame)
            if first < last {
                let frames = Int(last - first)
                playing[slot].samples.next(frames: frames, into: &scratch)
                sumLeft.withUnsafeMutableBufferPointer { left in
                    sumRight.withUnsafeMutableBufferPointer { right in
                        playing[slot].placement.add(scratch, frames: frames, first: playing[slot].produced, left: left.baseAddress!,
                                                    right: right.baseAddress!, offset: Int(first - blockStart))
                    }
                }
                playing[slot].produced += Int64(frames)
            }
            if last >= planned.endFrame { finished.append(slot) }
        }
        for slot in finished.reversed() { finish(playing.remove(at: slot)) }
        var peak = self.peak, clipped = clippedSamples
        for (sums, output) in [(sumLeft, left), (sumRight, right)] {
            for index in 0..<count {
                let value = sums[index], limited = min(max(value, -1), 1)
                if limited != value { clipped += 1 }
                peak = max(peak, Float(abs(limited)))
                output[index] = Float(value)
            }
        }
        self.peak = peak
        clippedSamples = clipped
    }

    /// Starts every event that sounds before `end`, playing (and dropping) the frames an event
    /// has before the first frame (an audio offset earlier than its start).
    private func startEvents(before end: Int64) {
        while nextToStart < startOrder.count, events[startOrder[nextToStart]].startFrame < end {
            let planned = events[startOrder[nextToStart]]
            nextToStart += 1
            guard planned.frames > 0, let samples = samples(of: planned) else { continue }
            var playing = Playing(index: planned.index, samples: samples,
                                  placement: AudioPlacement(planned.event, controls: controls, channelCount: samples.channelCount, sampleRate: sampleRate))
            var early = min(planned.frames, max(0, firstFrame - planned.startFrame))
            while early > 0 {
                let frames = Int(min(early, 4_096))
                if scratch[0].count < frames { scratch = [[Double](repeating: 0, count: frames), [Double](repeating: 0, count: frames)] }
                playing.samples.next(frames: frames, into: &scratch)
                playing.produced += Int64(frames)
                early -= Int64(frames)
            }
            let slot = self.playing.firstIndex { $0.index > planned.index } ?? self.playing.count
            self.playing.insert(playing, at: slot)
        }
    }

    /// The samples of an event about to start.
    private func samples(of planned: Planned) -> (any AudioEventSamples)? {
        let event = planned.event
        guard let file = planned.file else {
            let length = FrameTiming.frame(atUs: event.durationUs, rate: sampleRate)
            return ToneSamples(rate: sampleRate, startUs: event.startUs, basePitch: event.pitch, pitch: controls.cursor(.pitch, fromUs: event.startUs),
                               envelope: Envelope(continuous: event.envelope, profile: profile), length: length)
        }
        guard let handles else { return nil }
        let kept = min(2, file.format.channelCount)
        let converter = RateConverter(sourceFrameCount: file.frameCount, channelCount: kept,
                                      sourceRate: Double(file.format.sampleRate) * pow(2, planned.pitch), rateOut: sampleRate, kernels: kernels)
        let reader = SoundFileFrames(handles: handles, voice: planned.index, path: file.path, channelCount: file.format.channelCount, kept: kept)
        let envelope = event.usesVolumeEnvelope ? Envelope(continuous: event.envelope, profile: profile, attackAndReleaseOnly: true) : nil
        return SoundSamples(converter: converter, reader: reader, loops: event.loops && planned.frames > 0 && FrameTiming.frame(atUs: event.durationUs, rate: sampleRate) > 0,
                            length: planned.frames, envelope: envelope)
    }

    /// Closes a finished event's file and notes what it silenced.
    private func finish(_ playing: Playing) {
        guard let handles, let file = events[playing.index].file else { return }
        handles.close(playing.index)
        if case let silenced = handles.silencedCount(playing.index), silenced > 0 {
            playingWarnings.append(AudioTrackWarning(entry: events[playing.index].event.entry, kind: .silenced(path: file.shown, count: silenced)))
        }
    }

    /// An AudioCustom event's file: found under the confinement rules, opened and its header
    /// checked (then closed: it is opened again when the event starts); or why not.
    private static func open(_ event: AHAPAudioEvent, options: AudioTrackOptions) -> Result<SoundFile, AudioTrackWarning> {
        let named = event.waveformPath ?? ""
        func warning(_ kind: AudioTrackWarning.Kind) -> Result<SoundFile, AudioTrackWarning> {
            .failure(AudioTrackWarning(entry: event.entry, kind: kind))
        }
        if let resource = options.resources[named] {
            return .success(SoundFile(path: named, shown: named, format: resource.format, frameCount: resource.frameCount))
        }
        let path: String, real: String
        switch SoundPaths.resolve(named, roots: options.roots, folder: options.fileFolder) {
        case .found(let found, let folder):
            // Shown as the folder and the name were given; opened where it really is.
            (path, real) = (named.hasPrefix("/") ? named : (folder.hasSuffix("/") ? folder + named : folder + "/" + named), found)
        case .notFound(let folders): return warning(.notFound(named: named, folders: named.hasPrefix("/") ? [] : folders))
        case .refused(let refusal): return warning(.refused(named: named, refusal))
        }
        guard let opener = options.opener else { return warning(.noReader(named: named)) }
        do {
            let stream = try opener.open(real, limits: .sounds)
            return .success(SoundFile(path: real, shown: path, format: stream.format, frameCount: stream.frameCount))
        } catch {
            return warning(.unreadable(path: path, reason: error.reason))
        }
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
}
