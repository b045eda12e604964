import Dispatch
import FoundationEssentials
import HapticCheck
import HapticCore
import Synchronization

extension FromAudioBatch {
    /// What a run tells its caller as it goes, on the calling thread, in the sounds' order.
    public enum Event: Sendable {
        /// An existing output hapsynth did not write, kept: its sound is not analysed.
        case kept(Job)
        /// A sound that is not a clip of the project: analysed with the defaults.
        case outsideProject(Job)
        /// Every analysis is done (a progress display can go).
        case analysed
        /// What reading a sound warned of.
        case reading(Job, String)
        /// A sound whose peak, with its gain, is below `AudioToHaptics.quietPeakDbfs` (-infinity:
        /// every sample is the same), and the settings it was analysed with.
        case quiet(Job, peakDbfs: Float, settings: AudioToHaptics.Settings)
        /// A sound of a batch that could not be read (the others are converted).
        case unreadable(Job, AudioToHaptics.Failure)
        /// A sound's clip against the designer's.
        case agreement(Job, reference: String, ClipAgreement)
        /// A sound's output, in place.
        case written(Job, Written)
    }

    /// What one sound's output holds.
    public struct Written: Sendable, Hashable {
        /// The clip's length, in seconds.
        public let seconds: Double
        public let amplitudePoints: Int, frequencyPoints: Int, emphases: Int
        /// The step, in ms, the amplitude is held in for Android (a pattern or AHAP file).
        public let androidStepMs: Int64?
        /// Whether Android's waveform cannot carry every emphasis (`AudioToHaptics.androidSegments`).
        public let exceedsAndroid: Bool

        /// `OUTPUT: 1.250 s, 40 amplitude points, 30 frequency points, 2 emphases[, amplitude held
        /// in 10 ms steps for Android]`.
        public func summary(output: String) -> String {
            let held = androidStepMs.map { ", amplitude held in \($0) ms steps for Android" } ?? ""
            return "\(output): \(NumberText.fixed(seconds, 3)) s, \(NumberText.count(amplitudePoints, "amplitude point")), "
                + "\(NumberText.count(frequencyPoints, "frequency point")), \(emphases) \(emphases == 1 ? "emphasis" : "emphases")\(held)"
        }

        /// The warning of an output whose emphases Android's waveform cannot carry, else nil.
        public func androidWarning(output: String) -> String? {
            guard exceedsAndroid else { return nil }
            return "\(output): Android's waveform cannot carry its \(emphases) emphases in \(AudioToHaptics.androidSegments) segments; "
                + "on Android, play its .haptic clip"
        }
    }

    /// How a run ended: how many sounds it converted, and those it did not.
    public struct Outcome: Sendable {
        /// Every sound named.
        public let total: Int
        /// Sounds of a batch that could not be read.
        public let unreadable: [Job]
        /// Sounds whose existing output hapsynth did not write, kept.
        public let kept: [Job]

        /// Sounds whose output was written.
        public var converted: Int { total - kept.count - unreadable.count }
    }

    /// Analyses every sound (`threads` at once, the cores left over spreading each) and writes
    /// its output, its report page and the report's index, each atomically. `progress` gets the
    /// fraction of the work done (0-1, from the analysing threads, one call at a time);
    /// `shouldContinue` is asked as the sounds are read and before each write: false stops the run
    /// (`.interrupted`), leaving what is already in place.
    public func run(
        progress: @escaping @Sendable (Double) -> Void = { _ in }, shouldContinue: @escaping @Sendable () -> Bool = { true }, event: (Event) -> Void
    ) throws(FromAudioBatchError) -> Outcome {
        let pages = jobs.compactMap(reportPage) + [reportIndex].compactMap { $0 }
        do {
            try OutputGuard.refuse(jobs.map(\.output) + pages, inputs: jobs.map(\.sound) + jobs.compactMap(reference) + [settingsFile].compactMap { $0 })
        } catch {
            throw .output(error)
        }
        // What a designer made is never replaced: an existing output hapsynth did not write is
        // kept, and its sound not analysed, unless `force`.
        let kept = jobs.filter { !force && FilePaths.isFolder($0.output) == false && !AudioToHaptics.isOwnOutput($0.output) }
        let keptSet = Set(kept), jobs = self.jobs.filter { !keptSet.contains($0) }
        kept.forEach { event(.kept($0)) }
        if let project {
            for job in jobs where project.settings(for: job.sound) == nil { event(.outsideProject(job)) }
        }
        // The designers' clips are read first: one that cannot be read stops the run before any
        // output is written.
        var designers: [Job: (path: String, clip: HapticClip)] = [:]
        for job in jobs {
            if let path = reference(for: job) { designers[job] = (path, try Self.designerClip(path)) }
        }
        let analyses = analyse(jobs, progress: progress, shouldContinue: shouldContinue)
        event(.analysed)
        var unreadable: [Job] = [], rows: [FromAudioReport.Row] = []
        for (job, analysis) in zip(jobs, analyses) {
            analysis.notices.forEach(event)
            switch analysis.result {
            case .success(let clip)?:
                guard shouldContinue() else { throw .interrupted }
                try write(clip, of: job, designer: designers[job], rows: &rows, event: event)
            case .failure(let error)?:
                guard shouldContinue() else { throw .interrupted }
                guard self.jobs.count > 1 else { throw .unreadable(error) }
                event(.unreadable(job, error))
                unreadable.append(job)
            case nil: continue  // never: every analysis ends with a result
            }
        }
        if let reportIndex, !rows.isEmpty { try Self.write(FromAudioReport.index(rows), to: reportIndex, what: "report") }
        return Outcome(total: self.jobs.count, unreadable: unreadable, kept: kept)
    }

    /// Writes the output of `job` (a point at a time: a long sound's clip is never whole in
    /// memory as text), compares it with the designer's clip and writes its report page.
    private func write(_ clip: HapticClip, of job: Job, designer: (path: String, clip: HapticClip)?, rows: inout [FromAudioReport.Row],
                       event: (Event) -> Void) throws(FromAudioBatchError) {
        let source = FilePaths.lastComponent(job.sound)
        let file: AudioToHaptics.PatternFile?
        switch format {
        case .haptic: file = nil
        case .ahap:
            guard let ahap = AudioToHaptics.ahap(clip) else { throw .notOneAHAPFile(sound: job.sound) }
            file = ahap
        case .json: file = AudioToHaptics.patternJSON(clip, name: FilePaths.deletingExtension(source), source: source)
        }
        try Self.makeFolder(of: job.output)
        try Self.write(pieces: { emit in
            if let file { emit(file.text) } else { AudioToHaptics.write(clip, source: source, to: emit) }
        }, to: job.output, what: format.what)
        let emphases = clip.amplitude.filter { $0.emphasis != nil }.count
        let agreement = designer.map { ClipAgreement(clip, reference: $0.clip) }
        if let designer, let agreement { event(.agreement(job, reference: designer.path, agreement)) }
        if let page = reportPage(for: job) {
            let html: String
            do {
                html = try FromAudioReport.html(sound: job.sound, clip: clip, reference: designer?.clip)
            } catch {
                throw .report(error.description)
            }
            try Self.makeFolder(of: page)
            try Self.write(html, to: page, what: "report")
            rows.append(FromAudioReport.Row(name: job.name, page: job.name + ".html", seconds: Double(clip.endS), emphases: emphases, agreement: agreement))
        }
        event(.written(job, Written(seconds: Double(clip.endS), amplitudePoints: clip.amplitude.count, frequencyPoints: clip.frequency?.count ?? 0,
                                    emphases: emphases, androidStepMs: file?.stepMs, exceedsAndroid: file?.exceedsAndroid == true)))
    }

    /// Writes `text` to `path` atomically.
    private static func write(_ text: String, to path: String, what: String) throws(FromAudioBatchError) {
        try write(pieces: { $0(text) }, to: path, what: what)
    }

    /// Writes the text `produce` gives piece by piece to `path` atomically.
    private static func write(pieces produce: ((String) -> Void) -> Void, to path: String, what: String) throws(FromAudioBatchError) {
        do {
            try TextOutput.write(pieces: produce, to: path, what: what)
        } catch {
            throw .output(error)
        }
    }
}
