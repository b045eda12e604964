import Glibc
import AudioCore
import HapticCore
import HapticPlanner
import HapticPlayback
import HapticSynth

/// HS304 not-felt (docs/lint.md): a platform plays the pattern, yet its render never rises to
/// where a person could feel it; and the render HS107 reads its clamping from. The bound is the render's peak, in g of the default full scale,
/// against the lowest vibrotactile threshold of the band (PERCEPTION's curve): under it no window
/// can be felt at any frequency. Rendered at 8 kHz (every haptic frequency is far under 4 kHz), and
/// only patterns whose render fits `measuredSeconds`, so that a finding is never a guess.
extension Linter {
    /// The longest render HS304 and HS107 measure, in seconds.
    static let measuredSeconds = 60

    /// What the iOS render at 8 kHz showed: the largest |sample| written and the largest |sum| of
    /// the voices before clamping (nil when the render is longer than `measuredSeconds`).
    struct Measured {
        let peak: Float
        let mixPeak: Double
    }

    /// The iPhone's plan rendered once at 8 kHz, when it plays and fits `measuredSeconds`.
    static func measureIOS(_ loaded: LoadedPattern, profile: ActuatorProfile) -> Measured? {
        guard loaded.plan.diagnostics.backend == .coreHaptics else { return nil }
        return measure(.ios(loaded.plan), profile: eightKilohertz(profile))
    }

    /// The plan's transients alone (their players' controls kept) rendered at 8 kHz: what the
    /// clicks sum to without the continuous events.
    static func measureClicks(_ plan: PlaybackPlan, profile: ActuatorProfile) -> Measured? {
        let clicks = PlaybackPlan(players: plan.players.map { PlayerPlan(events: $0.events.filter { $0.kind == .transient }, curves: $0.curves) },
                                  diagnostics: plan.diagnostics)
        return measure(.ios(clicks), profile: eightKilohertz(profile))
    }

    static func eightKilohertz(_ profile: ActuatorProfile) -> ActuatorProfile {
        var profile = profile
        profile.sampleRate = 8_000
        return profile
    }

    static func feltFindings(_ ios: Measured?, android: AndroidPlan?, file: String, profile: ActuatorProfile) -> [LintFinding] {
        let profile = eightKilohertz(profile)
        var findings: [LintFinding] = []
        if let ios, let words = unfelt(ios.peak, profile, band: profile.minFrequencyHz...profile.maxFrequencyHz) {
            findings.append(.fileLevel(rule("HS304"), file, "on iOS \(words)"))
        }
        let androidBand = min(profile.android.minFrequencyHz, profile.android.resonanceHz)...max(profile.android.maxFrequencyHz, profile.android.resonanceHz)
        if let android, android.backend != .silent, android.backend != .unsupported, let measured = measure(.android(android), profile: profile),
           let words = unfelt(measured.peak, profile, band: androidBand) {
            findings.append(.fileLevel(rule("HS304"), file, "on \(android.device.name) (\(android.backend.rawValue)) \(words)"))
        }
        return findings
    }

    /// `it plays as nothing` or `its strongest moment is 0.004 g (−48 dB), under the lowest threshold
    /// of feeling (−31.8 dB)`: the threshold's lowest over the frequencies the platform plays (`band`).
    private static func unfelt(_ peak: Float, _ profile: ActuatorProfile, band: ClosedRange<Double>) -> String? {
        let g = Double(peak) * profile.fullScaleG
        let inside = VibrotactileThreshold.points.filter { band.contains($0.hz) }.map(\.db)
        let threshold = (inside + [VibrotactileThreshold.db(atHz: band.lowerBound), VibrotactileThreshold.db(atHz: band.upperBound)]).min()!
        guard g <= 0 || 20 * log10(g) < threshold else { return nil }
        guard g > 0 else { return "it plays as nothing" }
        return "its strongest moment is \(NumberText.significant(g, 2)) g (\(NumberText.fixed(20 * log10(g), 1)) dB re 1 g), under the lowest threshold "
            + "of feeling (\(NumberText.fixed(threshold, 1)) dB)"
    }

    /// The render's largest |sample| and its voices' largest sum before clamping, or nil when it
    /// is longer than `measuredSeconds` or cannot be rendered.
    private static func measure(_ plan: PlatformPlan, profile: ActuatorProfile) -> Measured? {
        guard let frames = try? RenderJob.checkedLength(plan, audio: nil, profile: profile, mixes: [.haptics], allowLong: false),
              frames <= Int64(measuredSeconds * profile.sampleRate) else { return nil }
        let sink = RenderSink(.haptics, DiscardedOutput(format: AudioFormat(sampleRate: profile.sampleRate)))
        guard let job = try? RenderJob(plan, profile: profile, sinks: [sink]) else { return nil }
        do {
            while try job.step(maxFrames: 4_096) {}
        } catch {
            return nil
        }
        // The job keeps each sink's peak (the engine's, for the iPhone).
        let summary = job.summary
        return Measured(peak: summary.peaks[0], mixPeak: summary.ios?.mixPeak ?? Double(summary.peaks[0]))
    }
}
