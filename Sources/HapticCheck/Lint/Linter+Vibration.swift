import HapticCore
import HapticPlanner
import HapticSynth

/// Lint's rules for a `.vibration` file's effect (docs/lint.md): it is Android's, so it is judged
/// on the run's Android device only — HS209 when it plays nothing there, HS207 when hapsynth cannot
/// play it, HS210 for a driven step or primitive delay shorter than the actuator's time constant.
/// Text Android would refuse (an amplitude out of range, a repeat index outside the segments) does
/// not load: HS001, at its line and column.
extension Linter {
    static func vibrationFindings(_ effect: VibrationEffect, file: String, target: LintTarget) -> [LintFinding] {
        let device = target.platform.androidDevice ?? .flagship
        let plan = effect.androidPlan(on: device)
        var findings: [LintFinding] = []
        switch plan.backend {
        case .silent:
            let why = plan.chain.last.map { ": \($0.text)" } ?? ""
            findings.append(.fileLevel(rule("HS209"), file, "the effect plays nothing on \(device.name)\(why)"))
        case .unsupported:
            findings.append(.fileLevel(rule("HS207"), file, "unsupported on \(device.name): \(plan.unsupportedReason ?? "")"))
        default: break
        }
        let timeConstantMs = target.profile.android.inertiaMs
        let short = Self.drivenDurationsMs(effect).filter { $0 > 0 && Double($0) < timeConstantMs }
        if let shortest = short.min() {
            findings.append(.fileLevel(rule("HS210"), file, "\(NumberText.count(short.count, "driven stretch")) under the actuator's "
                + "\(NumberText.significant(timeConstantMs)) ms time constant (the shortest \(shortest) ms): the motor does not reach the amplitude asked"))
        }
        return findings
    }

    /// The durations, in ms, of every stretch the effect drives (a step or one-shot above 0, a ramp).
    static func drivenDurationsMs(_ effect: VibrationEffect) -> [Int64] {
        switch effect {
        case let .oneShot(durationMs, _): return [durationMs]
        case let .waveform(timings, amplitudes, _): return zip(timings, amplitudes).filter { $1 != 0 }.map(\.0)
        case let .composed(segments, _):
            return segments.compactMap { segment in
                switch segment {
                case let .step(amplitude, _, durationMs) where amplitude != 0: return Int64(durationMs)
                case let .ramp(_, _, _, _, durationMs): return Int64(durationMs)
                default: return nil
                }
            }
        case .prebaked, .primitives: return []
        }
    }
}
