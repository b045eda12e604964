import Dispatch
import FoundationEssentials
import HapsynthKit

/// The analyses of a `from-audio` run: every sound's clip, several at once, the cores left over
/// spreading each, with what each sound's reading warned of.
extension FromAudioCommand {
    /// What a designer is told of a quiet sound (peak below −18 dBFS) analysed without gain: its
    /// haptics come out weak, and the gain that would raise its peak to Studio's −0.3 dBFS; of a
    /// silent one, that it has nothing to feel. Nil otherwise.
    static func quietWarning(_ sound: String, peakDbfs: Float, settings: AudioToHaptics.Settings) -> String? {
        guard peakDbfs.isFinite else { return "\(sound): silent (every sample is the same): its haptics have nothing to feel" }
        guard peakDbfs + settings.gainDb < AudioToHaptics.quietPeakDbfs else { return nil }
        let raise = settings.normalizeDb - peakDbfs
        return "\(sound): quiet (peak \(NumberText.fixed(Double(peakDbfs), 1)) dBFS, below \(NumberText.fixed(Double(AudioToHaptics.quietPeakDbfs), 0))): "
            + "its amplitude is measured as it is, so its haptics are weak; --gain-db \(NumberText.fixed(Double(raise), 1)) raises its peak to "
            + "\(NumberText.fixed(Double(settings.normalizeDb), 1)) dBFS (--normalize-db normalises only the frequency analysis)"
    }

    /// Every sound's clip, `threads` at once, with a progress bar on a terminal (unless `--quiet`).
    func analyse(_ jobs: [Job], console: Console) -> [(Result<HapticClip, AudioToHaptics.Failure>, [String])] {
        let settings = jobs.map { self.settings(for: $0.sound) }, stripes = max(1, min(threads, jobs.count))
        // Cores the sounds at once leave over spread each sound's analysis (the same clips).
        let perSound = max(1, ProcessInfo.processInfo.activeProcessorCount / stripes)
        let shared = Analyses(count: jobs.count, progress: ProgressBar(total: { Int64(jobs.count) * 1_000 }, console: console, enabled: !quiet, label: "analysing"))
        DispatchQueue.concurrentPerform(iterations: stripes) { stripe in
            for index in stride(from: stripe, to: jobs.count, by: stripes) {
                let result = Result { () throws(AudioToHaptics.Failure) in
                    try AudioToHaptics.clip(file: jobs[index].sound, settings: settings[index], threads: perSound, warning: { shared.warn(index, $0) }, peak: { peak in
                        guard let warning = Self.quietWarning(jobs[index].sound, peakDbfs: peak, settings: settings[index]) else { return }
                        shared.warn(index, warning)
                    }, shouldContinue: { fraction in
                        shared.advance(index, to: fraction)
                        return !Interruption.isRaised
                    })
                }
                shared.finish(index, result)
            }
        }
        return Array(zip(shared.done(), (0..<jobs.count).map(shared.warnings(of:))))
    }
}

/// The analyses of a run, filled in by several threads: each sound's result and how far it has
/// been read, and the progress bar they move.
private final class Analyses: @unchecked Sendable {
    private let lock = RecursiveLock()
    private var results: [Result<HapticClip, AudioToHaptics.Failure>?]
    private var fractions: [Double]
    /// What each sound's reading warned of.
    private var warnings: [[String]]
    private let progress: ProgressBar

    init(count: Int, progress: ProgressBar) {
        results = Array(repeating: nil, count: count)
        fractions = Array(repeating: 0, count: count)
        warnings = Array(repeating: [], count: count)
        self.progress = progress
    }

    func warn(_ index: Int, _ text: String) {
        lock.withLock { warnings[index].append(text) }
    }

    /// What the sound `index` warned of.
    func warnings(of index: Int) -> [String] {
        lock.withLock { warnings[index] }
    }

    func advance(_ index: Int, to fraction: Double) {
        lock.withLock {
            fractions[index] = fraction
            progress.update(Int64(fractions.reduce(0, +) * 1_000))
        }
    }

    func finish(_ index: Int, _ result: Result<HapticClip, AudioToHaptics.Failure>) {
        lock.withLock {
            results[index] = result
            fractions[index] = 1
        }
    }

    /// The results, in the sounds' order (every one is in once the threads have returned); the
    /// progress bar cleared.
    func done() -> [Result<HapticClip, AudioToHaptics.Failure>] {
        lock.withLock {
            progress.clear()
            return results.compactMap { $0 }
        }
    }
}
