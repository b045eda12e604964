import AudioCore
import HapticCore
import HapticCheck
import HapticPlanner
import HapticPlayback
import HapticPlot
import HapticSynth

/// A picture of what a platform receives for a pattern and what its actuator would do, on one
/// time axis (docs/plot.md): as SVG, or an HTML page with the SVG and a table of the plan.
public struct PlanPicture: Sendable {
    /// The self-contained SVG.
    public let svg: String
    /// The SVG in a page, with a table of the plan.
    public let html: String
    /// The time window drawn, in pattern milliseconds.
    public let fromMs: Double, toMs: Double
    /// What was drawn: `2 players`, or `android androidWaveform on phone-api31`.
    public let subject: String
    /// What the audio track could not do as the file asks (a sound missing, refused, unreadable).
    public let audioWarnings: [AudioTrackWarning]
    /// What the render behind the waveform warns of, as `render` words it (clamped samples), also
    /// drawn in the caption.
    public let renderWarnings: [RenderWarning]

    /// Draws `loaded` as `platform` plays it (`.ios` or `.android`; `.both` draws the Android
    /// effect). Each render behind the picture is one render job: the waveform's columns, an AHAP
    /// file's audio and its sync lane, and the clips to listen to (only the seconds listened to)
    /// are sinks of it, so nothing is held whole.
    /// - Parameters:
    ///   - title: the picture's title (the pattern's name and description).
    ///   - fromMs, toMs: the time window (default: the whole render, iOS's 10 ms lead included).
    ///   - listenSeconds: the page embeds the renders to listen to, each cut at this many seconds
    ///     (nil: none; docs/plot.md, "Listening").
    ///   - audioOptions: where an AHAP file's sounds are looked for, for its audio track.
    ///   - isInterrupted: asked while rendering; true stops the work (`PictureError.stopped`).
    public static func draw(
        _ loaded: LoadedPattern, platform: Platform, title: String, profile: ActuatorProfile, fromMs: Double? = nil, toMs: Double? = nil,
        listenSeconds: Double? = nil, audioOptions: AudioTrackOptions = AudioTrackOptions(), isInterrupted: @escaping () -> Bool = { false }
    ) throws(PictureError) -> PlanPicture {
        let listenFrames = listenSeconds.map { Int64($0 * Double(profile.sampleRate)) }
        var clips: [Listening.Clip] = []
        var figure: Figure, subject: String
        var audioWarnings: [AudioTrackWarning] = []
        var renderWarnings: [RenderWarning] = []
        let page: (String) -> String
        if let device = platform.androidDevice {
            let plan = loaded.androidPlan(on: device)
            let endFrame = try guarded(.android(plan), audio: nil, profile: profile, mixes: [.haptics])
            let columns: ClosedRange<Int64>
            (figure, columns) = try AndroidPlotFigure.figure(plan, title: title, profile: profile, fromMs: fromMs, toMs: toMs, endFrame: endFrame)
            let waveform = ColumnRangeOutput(format: AudioFormat(sampleRate: profile.sampleRate), fromFrame: columns.lowerBound,
                                             toFrame: columns.upperBound, columnCount: figure.columnCount)
            try render(.android(plan), audio: nil, profile: profile, sinks: [RenderSink(.haptics, waveform, maxFrames: columns.upperBound)],
                       isInterrupted: isInterrupted)
            figure.waves = [WaveEnvelope(title: "waveform (emulated Android actuator)", columns: waveform.columns)]
            if let listenFrames, platform.name == "both" {
                clips += try listen(.ios(loaded.plan), audio: nil, profile: profile, frames: listenFrames, isInterrupted: isInterrupted)
            }
            subject = "android \(plan.backend.rawValue) on \(device.name)"
            let rows = AndroidPlotFigure.lane(plan).marks.map(AndroidPlotFigure.row)
            page = { PlotHTML.page(title: title, svg: $0, header: ["effect", "detail"], rows: rows) }
        } else {
            // An AHAP file's sounds can outlast its haptics: the whole window shows both.
            let track = loaded.audio.map { AudioTrack($0, profile: profile, options: audioOptions.readingFiles) }
            let plan = loaded.plan
            let endFrame = try guarded(.ios(plan), audio: track, profile: profile, mixes: track == nil ? [.haptics] : [.haptics, .audio])
            let columns: ClosedRange<Int64>
            (figure, columns) = try PlotFigure.figure(plan, title: title, profile: profile, fromMs: fromMs, toMs: toMs, endFrame: endFrame)
            let format = AudioFormat(sampleRate: profile.sampleRate)
            func columnOutput() -> ColumnRangeOutput {
                ColumnRangeOutput(format: format, fromFrame: columns.lowerBound, toFrame: columns.upperBound, columnCount: figure.columnCount)
            }
            let waveform = columnOutput(), audioColumns = columnOutput()
            let onsets = OnsetOutput(AudioHapticSync.audioOnsets, sampleRate: profile.sampleRate)
            var sinks = [RenderSink(.haptics, waveform, maxFrames: columns.upperBound)]
            if track != nil {
                sinks.append(RenderSink(.audioMean, audioColumns, maxFrames: columns.upperBound))
                sinks.append(RenderSink(.audioMean, onsets, maxFrames: AudioHapticSync.framesNeeded(plan, sampleRate: profile.sampleRate) ?? 0))
            }
            let rendered = try render(.ios(plan), audio: track, profile: profile, sinks: sinks, isInterrupted: isInterrupted)
            if let ios = rendered.summary.ios, ios.clampedSampleCount > 0 {
                renderWarnings = [.clamped(count: ios.clampedSampleCount, mixPeak: ios.mixPeak, overlappingClicks: TransientOverlap.count(in: plan, profile: profile))]
                figure.caption += renderWarnings.map { "warning: \($0)" }
            }
            figure.waves = [WaveEnvelope(title: "waveform", columns: waveform.columns)]
            if let track {
                audioWarnings = track.warnings
                try? onsets.finish()
                let sync = AudioHapticSync(plan: plan, audioOnsetFrames: onsets.onsets, sampleRate: profile.sampleRate,
                                           silentSoundsMs: AudioHapticSync.silentSoundsMs(track))
                addAudio(audioColumns, sync: sync, to: &figure)
            }
            if let listenFrames {
                // The track is rendered anew for the clips: a stream is played once.
                let clipTrack = loaded.audio.map { AudioTrack($0, profile: profile, options: audioOptions.readingFiles) }
                clips += try listen(.ios(plan), audio: clipTrack, profile: profile, frames: listenFrames, isInterrupted: isInterrupted)
            }
            subject = "\(plan.players.count) player\(plan.players.count == 1 ? "" : "s")"
            page = { PlotHTML.page(title: title, svg: $0, plan: plan) }
        }
        if let listenFrames, loaded.pattern != nil {
            let device = platform.androidDevice ?? .flagship
            var clip = try listen(.android(loaded.androidPlan(on: device)), audio: nil, profile: profile, frames: listenFrames, isInterrupted: isInterrupted)
            clip[0].title = "Android on \(device.name)"
            clips += clip
        }
        let listening = listenSeconds.map { Listening.section(clips, seconds: $0) } ?? ""
        let svg = figure.svg
        return PlanPicture(svg: svg, html: page(svg + listening), fromMs: figure.fromMs, toMs: figure.toMs, subject: subject,
                           audioWarnings: audioWarnings, renderWarnings: renderWarnings)
    }
}

extension PlanPicture {
    /// The frames of a render into `mixes`, under the length guard.
    static func guarded(_ plan: PlatformPlan, audio: AudioTrack?, profile: ActuatorProfile, mixes: Set<RenderMix>) throws(PictureError) -> Int64 {
        do {
            return try RenderJob.checkedLength(plan, audio: audio, profile: profile, mixes: mixes, allowLong: false)
        } catch {
            throw .length(error)
        }
    }

    /// Runs one render job into `sinks`; returns it (each sink's full length is `fullFrames`) and
    /// its summary.
    @discardableResult
    static func render(
        _ plan: PlatformPlan, audio: AudioTrack?, profile: ActuatorProfile, sinks: [RenderSink], isInterrupted: () -> Bool
    ) throws(PictureError) -> (job: RenderJob, summary: RenderJobSummary) {
        do {
            let job = try RenderJob(plan, audio: audio, profile: profile, sinks: sinks)
            return (job, try job.run { _ in !isInterrupted() })
        } catch is RenderStopped {
            throw .stopped
        } catch let error as RenderLengthError {
            throw .length(error)
        } catch {
            throw .renderFailed("cannot render: \(error)")
        }
    }

    /// The renders a page offers to listen to, each its first `frames` frames: the haptics of
    /// `plan` (the actuator's drive, or Android's emulated actuator), and with `audio` the track
    /// (as long as the haptics at least, as `render --audio` writes it) and the mix.
    static func listen(
        _ plan: PlatformPlan, audio: AudioTrack?, profile: ActuatorProfile, frames: Int64, isInterrupted: () -> Bool
    ) throws(PictureError) -> [Listening.Clip] {
        let format = AudioFormat(sampleRate: profile.sampleRate)
        var mixes: [(RenderMix, String)] = [(.haptics, plan.ios != nil
            ? "iOS haptics (the actuator's drive\(profile.actuator == .resonator ? " through the resonator" : ""))" : "Android")]
        if let audio { mixes += [(.audio, "audio track (\(audio.summary))"), (.mix, "mix: haptics + audio")] }
        let outputs = mixes.map { MemoryOutput(format: AudioFormat(sampleRate: format.sampleRate, channelCount: $0.0.channelCount)) }
        let sinks = zip(mixes, outputs).map { RenderSink($0.0, $1, maxFrames: frames) }
        let job = try render(plan, audio: audio, profile: profile, sinks: sinks, isInterrupted: isInterrupted).job
        return zip(mixes.indices, outputs).map { index, output in
            let channels = mixes[index].0.channelCount
            let samples = output.samples
            let split = (0..<channels).map { channel in stride(from: channel, to: samples.count, by: channels).map { samples[$0] } }
            // The audio track's title gives its peak and clipping, known once it has played.
            let title = mixes[index].0 == .audio ? "audio track (\(audio?.summary ?? ""))" : mixes[index].1
            return Listening.Clip(title: title, channels: split, sampleRate: format.sampleRate, totalFrames: job.fullFrames[index])
        }
    }

    /// An AHAP file's audio in the figure: the track's mean of both channels as a waveform (min and
    /// max per column, on the haptic frame grid) and a lane of sync ticks, one per transient with
    /// its nearest sound's offset (docs/audio.md).
    static func addAudio(_ columns: ColumnRangeOutput, sync: AudioHapticSync, to figure: inout Figure) {
        figure.waves.append(WaveEnvelope(title: "audio (mean of both channels)", columns: columns.columns))
        let marks = sync.transients.map { transient -> Lane.Mark in
            let signed = transient.offsetMs.map { "\($0 >= 0 ? "+" : "")\(NumberText.fixed($0, 1)) ms" }
            let offset = transient.missingSound ? "no sound (missing file)" : signed.map { "sound \($0)" } ?? "no sound within 100 ms"
            let caption = transient.missingSound ? "missing" : signed ?? "none"
            let state: Lane.SyncState = transient.missingSound ? .missingSound : (transient.flagged ? .flagged : .inSync)
            return .syncTick(atMs: transient.timeMs, caption: caption,
                             label: "transient at \(NumberText.significant(transient.timeMs)) ms: \(offset)\(transient.flagged ? " (beyond 24 ms)" : "")", state: state)
        }
        figure.lanes.append(Lane(label: "sync", detail: "\(sync.transients.filter(\.flagged).count) of \(sync.transients.count) beyond 24 ms", marks: marks))
    }
}

/// A picture that cannot be drawn.
public enum PictureError: Error, Sendable, CustomStringConvertible {
    /// The render behind the picture is refused by the render-length guard.
    case length(RenderLengthError)
    /// The window ends where or before it starts.
    case emptyWindow(fromMs: Double, toMs: Double)
    /// The caller stopped the render.
    case stopped
    /// The render behind the picture failed.
    case renderFailed(String)

    public var description: String {
        switch self {
        case .length(let error): return "\(error)"
        case .emptyWindow: return "the window must end after it starts"
        case .stopped: return "stopped"
        case .renderFailed(let text): return text
        }
    }
}

extension PlanPicture {
    /// What a picture shows and how it is written (`plot`).
    public struct Request: Sendable {
        /// An HTML page (the SVG, a table of the plan and the renders to listen to), not the SVG alone.
        public var asHTML = false
        /// The time window, in pattern milliseconds (nil: from the start, to the end).
        public var fromMs: Double?, toMs: Double?
        /// A page's renders to listen to are cut at this many seconds; nil: none.
        public var listenSeconds: Double?
        /// Where an AHAP file's sounds are looked for.
        public var audio = AudioTrackOptions()

        public init() {}
    }

    /// Draws `loaded`, read from `path`, on `target` as `request` asks; titled by the pattern's
    /// name (else the file's) and its description.
    public static func draw(
        _ loaded: LoadedPattern, path: String, on target: DeviceChoice.Target, _ request: Request, isInterrupted: @escaping () -> Bool = { false }
    ) throws(PictureError) -> PlanPicture {
        let title = [loaded.name ?? FilePaths.lastComponent(path), loaded.description].compactMap { $0 }.joined(separator: " — ")
        return try draw(loaded, platform: target.platform, title: title, profile: target.profile, fromMs: request.fromMs, toMs: request.toMs,
                        listenSeconds: request.asHTML ? request.listenSeconds : nil, audioOptions: request.audio, isInterrupted: isInterrupted)
    }

    /// The file's text: the page, or the SVG and a newline.
    public func text(asHTML: Bool) -> String { asHTML ? html : svg + "\n" }

    /// `OUT: 2 players, 0.0 to 250.0 ms`.
    public func summary(output: String) -> String {
        "\(output): \(subject), \(NumberText.fixed(fromMs, 1)) to \(NumberText.fixed(toMs, 1)) ms"
    }
}
