import Dispatch
import FoundationEssentials
import Synchronization

/// The analyses of a `from-audio` run: every sound's clip, several at once, the cores left over
/// spreading each, with what each sound's reading told.
extension FromAudioBatch {
    /// One sound's clip (or why there is none), and what its reading told, in order.
    struct Analysis: Sendable {
        var result: Result<HapticClip, AudioToHaptics.Failure>?
        var notices: [Event] = []
        /// How much of the sound has been read, 0-1.
        var fraction = 0.0
    }

    /// Every sound's clip, `threads` at once.
    func analyse(_ jobs: [Job], progress: @escaping @Sendable (Double) -> Void, shouldContinue: @escaping @Sendable () -> Bool) -> [Analysis] {
        let settings = jobs.map { self.settings(for: $0.sound) }, stripes = max(1, min(threads, jobs.count))
        // Cores the sounds at once leave over spread each sound's analysis (the same clips).
        let perSound = max(1, ProcessInfo.processInfo.activeProcessorCount / stripes)
        let shared = Mutex(Array(repeating: Analysis(), count: jobs.count))
        let total = Double(max(1, jobs.count))
        DispatchQueue.concurrentPerform(iterations: stripes) { stripe in
            for index in stride(from: stripe, to: jobs.count, by: stripes) {
                let job = jobs[index]
                let result = Result { () throws(AudioToHaptics.Failure) in
                    try AudioToHaptics.clip(file: job.sound, settings: settings[index], threads: perSound, warning: { text in
                        shared.withLock { $0[index].notices.append(.reading(job, text)) }
                    }, peak: { peak in
                        guard !peak.isFinite || peak + settings[index].gainDb < AudioToHaptics.quietPeakDbfs else { return }
                        shared.withLock { $0[index].notices.append(.quiet(job, peakDbfs: peak, settings: settings[index])) }
                    }, shouldContinue: { fraction in
                        shared.withLock { analyses in
                            analyses[index].fraction = fraction
                            progress(analyses.reduce(0) { $0 + $1.fraction } / total)
                        }
                        return shouldContinue()
                    })
                }
                shared.withLock {
                    $0[index].result = result
                    $0[index].fraction = 1
                }
            }
        }
        return shared.withLock { $0 }
    }
}
