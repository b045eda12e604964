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

    /// Draws `loaded` as `platform` plays it (`.ios` or `.android`; `.both` draws the Android
    /// effect).
    /// - Parameters:
    ///   - title: the picture's title (the pattern's name and description).
    ///   - fromMs, toMs: the time window (default: the whole render, iOS's 10 ms lead included).
    ///   - listenSeconds: the page embeds the renders to listen to, each cut at this many seconds
    ///     (nil: none; docs/plot.md, "Listening").
    ///   - audioOptions: where an AHAP file's sounds are looked for, for its audio track.
    ///   - isInterrupted: asked while rendering; true stops the work (`PictureError.stopped`).
    public static func draw(
        _ loaded: LoadedPattern, platform: Platform, title: String, profile: ActuatorProfile, fromMs: Double? = nil, toMs: Double? = nil,
        listenSeconds: Double? = nil, audioOptions: AudioTrackOptions = AudioTrackOptions(), isInterrupted: () -> Bool = { false }
    ) throws(PictureError) -> PlanPicture {
        // An AHAP file's audio track, made once for the figure and the page, when iOS plays.
        let track = platform.androidDevice == nil ? loaded.audio.map { AudioTrack($0, profile: profile, options: audioOptions) } : nil
        let listening = try listenSeconds.map { seconds throws(PictureError) in
            Listening.section(try clips(loaded, platform: platform, profile: profile, track: track), seconds: seconds)
        } ?? ""
        var figure: Figure, subject: String
        let page: (String) -> String
        if let device = platform.androidDevice {
            let plan = loaded.androidPlan(on: device)
            figure = try AndroidPlotFigure.figure(plan, title: title, profile: profile, fromMs: fromMs, toMs: toMs)
            page = { PlotHTML.page(title: title, svg: $0 + listening, header: ["effect", "detail"], rows: AndroidPlotFigure.lane(plan).marks.map(AndroidPlotFigure.row)) }
            subject = "android \(plan.backend.rawValue) on \(device.name)"
        } else {
            // An AHAP file's sounds can outlast its haptics: the whole window shows both.
            let audioEndMs = track.map { Double($0.frameCount) * 1000 / Double(profile.sampleRate) - Double(FrameTiming.leadMs) }
            let hapticEndMs = (try? RenderLength.checked(loaded.plan, profile: profile, allowLong: false))
                .map { Double($0) * 1000 / Double(profile.sampleRate) - Double(FrameTiming.leadMs) } ?? 0
            let end = toMs ?? audioEndMs.map { max($0, hapticEndMs) }
            figure = try PlotFigure.figure(loaded.plan, title: title, profile: profile, fromMs: fromMs, toMs: end, isInterrupted: isInterrupted)
            if let track { addAudio(track, plan: loaded.plan, profile: profile, to: &figure) }
            page = { PlotHTML.page(title: title, svg: $0 + listening, plan: loaded.plan) }
            subject = "\(loaded.plan.players.count) player\(loaded.plan.players.count == 1 ? "" : "s")"
        }
        let svg = figure.svg
        return PlanPicture(svg: svg, html: page(svg), fromMs: figure.fromMs, toMs: figure.toMs, subject: subject)
    }
}

extension PlanPicture {
    /// An AHAP file's audio in the figure: the track's mean of both channels as a waveform (min and
    /// max per column, on the haptic frame grid) and a lane of sync ticks, one per transient with
    /// its nearest sound's offset (docs/audio.md).
    static func addAudio(_ track: AudioTrack, plan: PlaybackPlan, profile: ActuatorProfile, to figure: inout Figure) {
        let rate = Double(profile.sampleRate), leadMs = Double(FrameTiming.leadMs)
        func frame(_ ms: Double) -> Int64 { Int64(max(0, min(Double(track.frameCount), ((ms + leadMs) * rate / 1000).rounded()))) }
        let output = ColumnRangeOutput(format: AudioFormat(sampleRate: profile.sampleRate), fromFrame: frame(figure.fromMs),
                                       toFrame: max(frame(figure.fromMs) + 1, frame(figure.toMs)), columnCount: figure.columnCount)
        let mono = zip(track.left, track.right).map { ($0 + $1) / 2 }
        try? mono.withUnsafeBufferPointer { try output.write($0) }
        figure.waves.append(WaveEnvelope(title: "audio (mean of both channels)", columns: output.columns))
        let sync = AudioHapticSync(plan: plan, track: track)
        let marks = sync.transients.map { transient -> Lane.Mark in
            let offset = transient.offsetMs.map { "sound \($0 >= 0 ? "+" : "")\(NumberText.fixed($0, 1)) ms" } ?? "no sound within 100 ms"
            return .tick(atMs: transient.timeMs, label: "transient at \(NumberText.significant(transient.timeMs)) ms: \(offset)\(transient.flagged ? " (beyond 24 ms)" : "")")
        }
        figure.lanes.append(Lane(label: "sync", detail: "\(sync.transients.filter(\.flagged).count) of \(sync.transients.count) beyond 24 ms", marks: marks))
    }

    /// The renders a page offers to listen to: the iOS haptics (and an AHAP file's audio track and
    /// the mix) when iOS plays, and the Android render of a pattern.json when Android plays or
    /// on the default device otherwise.
    static func clips(
        _ loaded: LoadedPattern, platform: Platform, profile: ActuatorProfile, track: AudioTrack?
    ) throws(PictureError) -> [Listening.Clip] {
        var clips: [Listening.Clip] = []
        let rate = profile.sampleRate
        if platform.androidDevice == nil || platform.name == "both" {
            let haptic: [Float]
            do {
                haptic = try Hapsynth.render(loaded.plan, profile: profile).samples
            } catch {
                throw .renderFailed("\(error)")
            }
            clips.append(Listening.Clip(title: "iOS haptics (the actuator's drive\(profile.actuator == .resonator ? " through the resonator" : ""))",
                                        channels: [haptic], sampleRate: rate))
            if let track {
                // As long as the haptics, as the track `render --audio` writes.
                let padded = [track.left, track.right].map { $0 + [Float](repeating: 0, count: max(0, haptic.count - $0.count)) }
                clips.append(Listening.Clip(title: "audio track (\(track.summary))", channels: padded, sampleRate: rate))
                clips.append(Listening.Clip(title: "mix: haptics + audio", channels: track.mixed(with: haptic).channels, sampleRate: rate))
            }
        }
        if loaded.pattern != nil {
            let device = platform.androidDevice ?? .flagship
            let samples = AndroidActuator(profile: profile).render(loaded.androidPlan(on: device))
            clips.append(Listening.Clip(title: "Android on \(device.name)", channels: [samples], sampleRate: rate))
        }
        return clips
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
