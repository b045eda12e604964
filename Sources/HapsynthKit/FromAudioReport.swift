import AudioCore
import Glibc
import AudioIO
import HapticCheck
import HapticPlanner
import HapticPlayback
import HapticPlot
import HapticSynth

/// How a sound's haptics agree with the clip a designer made from the same sound (docs/from-audio.md,
/// "How it is measured"): emphasis F1 with a match within 20 ms, the mean amplitude error in dB
/// where the designer's envelope is above −30 dB (sampled every 1 ms), and Spearman's ρ of the
/// frequency envelopes where the designer's amplitude is above −30 dB too (sampled every 10 ms; nil
/// when either is flat or missing).
public struct ClipAgreement: Sendable, Hashable {
    public let emphasisF1: Double
    public let amplitudeErrorDb: Double?
    public let frequencyRho: Double?

    public init(_ clip: HapticClip, reference: HapticClip) {
        let ours = clip.amplitude.compactMap { $0.emphasis == nil ? nil : Double($0.timeS) }
        let theirs = reference.amplitude.compactMap { $0.emphasis == nil ? nil : Double($0.timeS) }
        let matchedTheirs = theirs.filter { time in ours.contains { abs($0 - time) <= 0.02 } }.count
        let matchedOurs = ours.filter { time in theirs.contains { abs($0 - time) <= 0.02 } }.count
        let precision = ours.isEmpty ? 0 : Double(matchedOurs) / Double(ours.count)
        let recall = theirs.isEmpty ? 0 : Double(matchedTheirs) / Double(theirs.count)
        emphasisF1 = ours.isEmpty && theirs.isEmpty ? 1 : precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall)
        let amplitude = (clip.amplitude.map { (Double($0.timeS), Double($0.amplitude)) }, reference.amplitude.map { (Double($0.timeS), Double($0.amplitude)) })
        var errors: [Double] = []
        let end = max(amplitude.0.last?.0 ?? 0, amplitude.1.last?.0 ?? 0)
        for step in 0...Int(end * 1000) {
            let t = Double(step) / 1000, designer = Self.value(amplitude.1, at: t)
            guard designer > Self.feltAmplitude else { continue }
            let ours: Double = max(Self.value(amplitude.0, at: t), 1e-6)
            errors.append(abs(20 * log10(ours) - 20 * log10(designer)))
        }
        amplitudeErrorDb = errors.isEmpty ? nil : errors.reduce(0, +) / Double(errors.count)
        let frequency = ((clip.frequency ?? []).map { (Double($0.timeS), Double($0.frequency)) },
                         (reference.frequency ?? []).map { (Double($0.timeS), Double($0.frequency)) })
        // Where the designer's amplitude is felt: a silent stretch's frequency is not.
        let common = min(frequency.0.last?.0 ?? 0, frequency.1.last?.0 ?? 0)
        let times = (0...Int(common * 100)).map { Double($0) / 100 }.filter { Self.value(amplitude.1, at: $0) > Self.feltAmplitude }
        frequencyRho = times.count < 3 || frequency.0.isEmpty || frequency.1.isEmpty
            ? nil : Correlation.spearman(times.map { Self.value(frequency.0, at: $0) }, times.map { Self.value(frequency.1, at: $0) })
    }

    /// The three figures as a line says them.
    public var summary: String {
        "emphasis F1 \(NumberText.fixed(emphasisF1, 2)), amplitude error " + (amplitudeErrorDb.map { NumberText.fixed($0, 2) + " dB" } ?? "n/a")
            + ", frequency rho " + (frequencyRho.map { NumberText.fixed($0, 2) } ?? "n/a")
    }

    /// The amplitude above which a designer's envelope is felt: −30 dB.
    static let feltAmplitude = 0.0316227766

    /// A breakpoint envelope's value at `t`, linear between points.
    static func value(_ points: [(Double, Double)], at t: Double) -> Double {
        guard let first = points.first, let last = points.last else { return 0 }
        if t <= first.0 { return first.1 }
        if t >= last.0 { return last.1 }
        var low = 0, high = points.count - 1
        while high - low > 1 {
            let mid = (low + high) / 2
            if points[mid].0 <= t { low = mid } else { high = mid }
        }
        let (a, b) = (points[low], points[high])
        return b.0 == a.0 ? b.1 : a.1 + (b.1 - a.1) * (t - a.0) / (b.0 - a.0)
    }
}

/// The page `from-audio --report` writes (docs/from-audio.md, "The report"): the sound's waveform
/// with the envelopes and emphasis over it (and a designer's clip's beside them), the sound and the
/// result rendered on the iPhone and on an Android device to listen to, and the figures.
public enum FromAudioReport {
    /// A sound's row of the index page of a report folder.
    public struct Row: Sendable {
        public let name: String
        /// Its page, relative to the index.
        public let page: String
        public let seconds: Double
        public let emphases: Int
        public let agreement: ClipAgreement?

        public init(name: String, page: String, seconds: Double, emphases: Int, agreement: ClipAgreement?) {
            (self.name, self.page, self.seconds, self.emphases, self.agreement) = (name, page, seconds, emphases, agreement)
        }
    }

    /// The index page of a report folder: a row a sound (linking its page) with its length, its
    /// emphases and, against a designer's clip, the three figures; then their medians.
    public static func index(_ rows: [Row]) -> String {
        func cell(_ text: String) -> String { "<td>\(Figure.escape(text))</td>" }
        func figure(_ value: Double?) -> String { value.map { NumberText.fixed($0, 2) } ?? "n/a" }
        func median(_ values: [Double?]) -> Double? {
            let known = values.compactMap { $0 }.sorted()
            guard !known.isEmpty else { return nil }
            return known.count % 2 == 1 ? known[known.count / 2] : (known[known.count / 2 - 1] + known[known.count / 2]) / 2
        }
        var lines = rows.map { row in
            "<tr><td><a href=\"\(Figure.escape(row.page))\">\(Figure.escape(row.name))</a></td>" + cell(NumberText.fixed(row.seconds, 3) + " s")
                + cell("\(row.emphases)") + cell(row.agreement.map { figure($0.emphasisF1) } ?? "")
                + cell(row.agreement.map { figure($0.amplitudeErrorDb) } ?? "") + cell(row.agreement.map { figure($0.frequencyRho) } ?? "") + "</tr>"
        }
        let measured = rows.compactMap(\.agreement)
        if !measured.isEmpty {
            lines.append("<tr><th>median of \(measured.count)</th><td></td><td></td>" + cell(figure(median(measured.map(\.emphasisF1))))
                + cell(figure(median(measured.map(\.amplitudeErrorDb)))) + cell(figure(median(measured.map(\.frequencyRho)))) + "</tr>")
        }
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>from-audio</title><style>\(PlotHTML.style)</style></head>
            <body>
            <h1>from-audio: \(NumberText.count(rows.count, "sound"))</h1>
            <table><tr><th>sound</th><th>length</th><th>emphases</th><th>emphasis F1 (20 ms)</th><th>amplitude error (dB)</th><th>frequency ρ</th></tr>
            \(lines.joined(separator: "\n"))
            </table>
            </body></html>

            """
    }

    /// The page for the sound at `path` and its `clip`.
    /// - Throws: `AudioToHaptics.Failure` when the sound cannot be read again.
    public static func html(sound path: String, clip: HapticClip, reference: HapticClip? = nil, device: AndroidDevice = .flagship,
                            listenSeconds: Double = 20) throws(AudioToHaptics.Failure) -> String {
        let durationMs = Double(max(clip.endS, reference?.endS ?? 0)) * 1000
        var figure = Figure(title: FilePaths.lastComponent(path), caption: [], fromMs: 0, toMs: max(durationMs, 1))
        // The sound, read as the analysis reads it: its waveform's columns and its first seconds to listen to.
        var rate = 48_000, columns: ColumnRangeOutput?, listened: [Float] = []
        try AudioToHaptics.read(path, shouldContinue: { _ in true }, format: { format in
            rate = format.sampleRate
            columns = ColumnRangeOutput(format: AudioFormat(sampleRate: rate), fromFrame: 0, toFrame: max(1, Int64(durationMs / 1000 * Double(rate))),
                                        columnCount: figure.columnCount)
        }) { mono in
            try? columns?.write(mono)
            let listenFrames = Int(listenSeconds * Double(rate))
            if listened.count < listenFrames { listened += mono.prefix(listenFrames - listened.count) }
        }
        figure.waves = [WaveEnvelope(title: "the sound", columns: columns?.columns ?? [])]
        /// An envelope as a chart line, in ms.
        func line(_ label: String, _ points: [(Float, Float)]) -> LineChart.Line {
            LineChart.Line(label: label, points: points.map { (ms: Double($0.0) * 1000, value: Double($0.1)) })
        }
        var amplitude = [line("amplitude", clip.amplitude.map { ($0.timeS, $0.amplitude) })]
        var frequency = [line("frequency", (clip.frequency ?? []).map { ($0.timeS, $0.frequency) })]
        func emphases(_ clip: HapticClip) -> [Lane.Mark] {
            clip.amplitude.compactMap { point in
                point.emphasis.map { .tick(atMs: Double(point.timeS) * 1000, label: "emphasis \(point.amplitude), sharpness \($0.frequency)") }
            }
        }
        var lanes = [Lane(label: "emphasis", detail: "from the sound", marks: emphases(clip))]
        var rows = [["amplitude points", "\(clip.amplitude.count)"], ["frequency points", "\(clip.frequency?.count ?? 0)"],
                    ["emphases", "\(clip.amplitude.filter { $0.emphasis != nil }.count)"]]
        if let reference {
            amplitude.append(line("the designer's amplitude", reference.amplitude.map { ($0.timeS, $0.amplitude) }))
            frequency.append(line("the designer's frequency", (reference.frequency ?? []).map { ($0.timeS, $0.frequency) }))
            lanes.append(Lane(label: "designer", detail: "the reference clip", marks: emphases(reference)))
            let agreement = ClipAgreement(clip, reference: reference)
            let error: String = agreement.amplitudeErrorDb.map { NumberText.fixed($0, 2) + " dB" } ?? "n/a"
            let rho: String = agreement.frequencyRho.map { NumberText.fixed($0, 2) } ?? "n/a"
            rows.append(["emphasis F1 (20 ms)", NumberText.fixed(agreement.emphasisF1, 2)])
            rows.append(["amplitude error above −30 dB", error])
            rows.append(["frequency ρ (Spearman)", rho])
        }
        figure.lanes = lanes
        figure.charts = [LineChart(title: "amplitude", lines: amplitude), LineChart(title: "frequency", lines: frequency)]
        // The result on the iPhone and on `device`, their first seconds.
        let profile = ActuatorProfile()
        func rendered(_ plan: PlatformPlan) -> [Float] {
            let memory = MemoryOutput(format: AudioFormat(sampleRate: profile.sampleRate))
            let frames = Int64(listenSeconds * Double(profile.sampleRate))
            _ = try? RenderJob(plan, profile: profile, sinks: [RenderSink(.haptics, memory, maxFrames: frames)], allowLong: true, maxFrames: frames).run()
            return memory.samples
        }
        let clips = [
            Listening.Clip(title: "the sound", channels: [listened], sampleRate: rate),
            Listening.Clip(title: "iPhone", channels: [rendered(.ios(clip.coreHapticsPlan(capabilities: .iPhone).plan))], sampleRate: profile.sampleRate),
            Listening.Clip(title: "Android on \(device.name)", channels: [rendered(.android(clip.androidPlan(on: device)))], sampleRate: profile.sampleRate),
        ]
        return PlotHTML.page(title: "from-audio: " + FilePaths.lastComponent(path), svg: figure.svg + Listening.section(clips, seconds: listenSeconds),
                             header: ["figure", "value"], rows: rows)
    }
}
